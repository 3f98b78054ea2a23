// `bank-payments-contract/conformance`: the conformance suite from code. Its Dredd layer needs
// dredd (README, "Install"); the `conformance` command checks for it before loading.
export { runConformance, summaryLine } from "../conformance/runner.js";
export type { CheckResult, ConformanceOptions, ConformanceResult, Outcome, Profile } from "../conformance/types.js";
