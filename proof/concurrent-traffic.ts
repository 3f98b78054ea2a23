// The concurrent traffic proofs' one run: N clients of one merchant (traffic-clients.ts) through
// `conformance proxy` (proxy-command.ts) in front of a server, then the proxy stopped as a team
// stops it; in front of the sandbox or of the independent implementation, each as the proofs run
// it. Shared by test/traffic/concurrent-*.test.ts, bench/concurrent-traffic.ts and bench/flake.ts.
import { readFileSync } from "node:fs";
import { readFixtures } from "../conformance/fixtures-file.js";
import { readSettings } from "../conformance/settings.js";
import type { RawExchange } from "../conformance/traffic/exchange.js";
import { judgeTraffic, trafficSummaryLine, type TrafficResult } from "../conformance/traffic/judge.js";
import { startSandbox } from "../sandbox/server.js";
import { startIndependentServers } from "./independent/server.js";
import { startProxyCommand, type ProxyCommandOptions, type ProxyCommandOutcome } from "./proxy-command.js";
import { runTrafficClients, type TrafficClientsOptions, type TrafficClientsOutcome } from "./traffic-clients.js";

export type ConcurrentRun = { clients: TrafficClientsOutcome; proxy: ProxyCommandOutcome };

export async function clientsThroughProxy(proxy: ProxyCommandOptions, clients: Omit<TrafficClientsOptions, "baseUrl">): Promise<ConcurrentRun> {
  const command = await startProxyCommand(proxy);
  try {
    const sent = await runTrafficClients({ ...clients, baseUrl: command.url });
    return { clients: sent, proxy: await command.stop() };
  } finally {
    command.remove();
  }
}

/** Every exchange counted exactly once: judged in full, learned, against the schema only, not judged, or the suite's error. */
export const countsAddUp = (result: TrafficResult) =>
  result.full + result.learned + result.schemaOnly + result.notJudged + result.suiteErrors === result.exchanges;

/** What keeps a judged run from being clean: its failures (the first five), errors of the suite's own, counts that do not add up. */
export function notClean(result: TrafficResult): string[] {
  return [
    ...result.judgements.filter((j) => !j.ok).slice(0, 5).map((j) => `#${j.index} ${j.method} ${j.url} -> ${j.status}: ${j.problems.join("; ")}`),
    ...(result.failed > 0 ? [`${result.failed} failed`] : []),
    ...(result.suiteErrors > 0 ? [`${result.suiteErrors} not judged for an error of the suite's own`] : []),
    ...(countsAddUp(result) ? [] : [`the counts do not add up to the ${result.exchanges} exchanges: ${trafficSummaryLine(result)}`]),
  ];
}

/**
 * What keeps a run of valid traffic from proving anything, or from being judged clean: requests
 * not answered, traffic that did not overlap (no double-clicked capture refused, nothing judged
 * among overlapping exchanges), a judgement that is not clean, an exit code other than 0.
 */
export function cleanRunProblems(run: ConcurrentRun): string[] {
  const { result } = run.proxy;
  return [
    ...run.clients.errors.slice(0, 5).map((error) => `a client's request failed: ${error}`),
    ...(result.exchanges === run.clients.requests ? [] : [`${run.clients.requests} requests sent, ${result.exchanges} exchanges judged`]),
    ...(result.lost ? [`${result.lost} requests got no answer`] : []),
    ...((run.clients.answers["capture 409"] ?? 0) > 0 ? [] : [`no double-clicked capture was refused: ${JSON.stringify(run.clients.answers)}`]),
    ...((result.overlapping ?? 0) > 0 ? [] : ["no exchange was judged among overlapping ones"]),
    ...notClean(result),
    ...(result.full > 0.95 * result.exchanges ? [] : [`less than 95% judged in full: ${trafficSummaryLine(result)}`]),
    ...(run.proxy.exitCode === 0 ? [] : [`conformance proxy exited ${run.proxy.exitCode}: ${run.proxy.lines.slice(-3).join(" | ")}`]),
  ];
}

/** The run in a line, for the test output. */
export const runLine = (run: ConcurrentRun) =>
  `${trafficSummaryLine(run.proxy.result)}; ${run.proxy.result.overlapping} among overlapping ones; backlog at the stop ${run.proxy.result.backlogAtStop}`;

/** A run against one server, and `judgeTraffic` with the same options (on its recording read back from the HAR, unless given other exchanges). */
export type ServerRun = { run: ConcurrentRun; judgeAgain(exchanges?: RawExchange[]): TrafficResult };

export type Size = { clients: number; rounds: number; seed: number };

/** The clients in front of a fresh sandbox (in memory, its triggers; its client prohibits a linked credit's submerchant_id, B-47). */
export async function concurrentOnSandbox(size: Size): Promise<ServerRun> {
  const sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
  try {
    const keys = { secret: sandbox.secretKey, publishable: sandbox.publishableKey };
    const settings = { linked_credit_submerchant_id: "prohibited" } as const;
    const run = await clientsThroughProxy({ service: "bank-payments", upstream: sandbox.bankUrl, keys, triggers: true, settings }, { keys, ...size });
    return { run, judgeAgain: (exchanges = run.proxy.recording) => judgeTraffic({ service: "bank-payments", keys, exchanges, triggers: true, settings }) };
  } finally {
    await sandbox.close();
  }
}

/** The clients in front of the independent implementation (its settings and fixtures, no triggers): 50 clients share its 12 accounts and stores. */
export async function concurrentOnIndependent(size: Size): Promise<ServerRun> {
  const servers = await startIndependentServers();
  try {
    const keys = { secret: servers.secretKey, publishable: servers.publishableKey };
    const settings = readSettings(JSON.parse(readFileSync(servers.settingsFile, "utf8")));
    const fixtures = readFixtures(JSON.parse(readFileSync(servers.fixturesFile, "utf8")));
    const run = await clientsThroughProxy(
      { service: "bank-payments", upstream: servers.bankUrl, keys, settingsFile: servers.settingsFile, fixturesFile: servers.fixturesFile },
      { keys, ...size, fixtures, settings },
    );
    return { run, judgeAgain: (exchanges = run.proxy.recording) => judgeTraffic({ service: "bank-payments", keys, exchanges, settings, fixtures }) };
  } finally {
    await servers.close();
  }
}
