// `bank-payments-contract/conformance`: the conformance suite from code. Its Dredd layer needs
// dredd (README, "Install"); the `conformance` command checks for it before loading.
export { runConformance, summaryLine } from "../conformance/runner.js";
export type { CheckResult, ConformanceOptions, ConformanceResult, Outcome, Profile } from "../conformance/types.js";
// Real traffic (docs/traffic.md): a recording judged in code, the proxy that judges as it forwards.
export { judgeTraffic, trafficSummaryLine } from "../conformance/traffic/judge.js";
export type { ExchangeJudgement, TrafficOptions, TrafficResult } from "../conformance/traffic/judge.js";
export type { RawExchange } from "../conformance/traffic/exchange.js";
export { exchangesFromHar, readHar } from "../conformance/traffic/har.js";
export { startProxy, type Proxy, type ProxyOptions } from "../conformance/traffic/proxy.js";
