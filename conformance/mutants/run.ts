// Runs the suite against every mutant (a fault-injecting proxy in front of one real
// implementation) with bounded parallelism, and reports which mutants the suite killed.
import { runConformance } from "../runner.js";
import { mutants as catalog } from "./catalog.js";
import { startMutantProxy, type Mutant } from "./proxy.js";

export type Implementation = { bankUrl: string; checkCashingUrl: string; secretKey: string; publishableKey: string };

export type MutantOutcome = { id: string; fault: string; service: Mutant["service"]; killed: boolean; failures: string[]; durationMs: number };

export async function runMutants(target: Implementation, options: { mutants?: Mutant[]; concurrency?: number } = {}): Promise<MutantOutcome[]> {
  const queue = [...(options.mutants ?? catalog)];
  const outcomes: MutantOutcome[] = [];
  const worker = async () => {
    for (let mutant = queue.shift(); mutant; mutant = queue.shift()) {
      const started = Date.now();
      const upstream = mutant.service === "bank-payments" ? target.bankUrl : target.checkCashingUrl;
      const proxy = await startMutantProxy(mutant, upstream, { secretKey: target.secretKey, publishableKey: target.publishableKey });
      try {
        const result = await runConformance({
          service: mutant.service, baseUrl: proxy.url, secretKey: target.secretKey, publishableKey: target.publishableKey,
          profile: "full", failFast: true,
        });
        const failures = result.checks.filter((c) => c.outcome === "failed").map((c) => `${c.name}: ${(c.reason ?? "").slice(0, 200)}`);
        outcomes.push({ id: mutant.id, fault: mutant.fault, service: mutant.service, killed: !result.ok, failures, durationMs: Date.now() - started });
      } finally {
        await proxy.close();
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 3 }, worker));
  const order = (options.mutants ?? catalog).map((m) => m.id);
  return outcomes.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
}
