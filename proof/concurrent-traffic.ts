// The concurrent traffic proofs' one run: N clients of one merchant (traffic-clients.ts) through
// `conformance proxy` (proxy-command.ts) in front of a server, then the proxy stopped as a team
// stops it. Shared by test/traffic/concurrent-*.test.ts and bench/concurrent-traffic.ts.
import type { TrafficResult } from "../conformance/traffic/judge.js";
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
