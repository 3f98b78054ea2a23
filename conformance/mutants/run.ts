// Runs the suite against every mutant (a fault-injecting proxy in front of one real
// implementation) with bounded parallelism, and reports which mutants the suite killed, by which
// check, and whether each mutant fired (changed a response) at all.
import { runConformance } from "../runner.js";
import type { Layer, SequenceOptions } from "../types.js";
import { mutants as catalog } from "./catalog.js";
import { startMutantProxy, type Mutant } from "./proxy.js";

export type Implementation = { bankUrl: string; checkCashingUrl: string; secretKey: string; publishableKey: string };

export type MutantOutcome = {
  id: string;
  fault: string;
  service: Mutant["service"];
  class: Mutant["class"];
  killed: boolean;
  /** Responses the mutant changed during the run. */
  fired: number;
  /** Layer of the first failing check. */
  killedBy?: string;
  failures: string[];
  durationMs: number;
};

export type MutantRunOptions = {
  mutants?: Mutant[];
  concurrency?: number;
  /** Layers in order (default: scenarios, generated sequences, Dredd). */
  layers?: Layer[];
  sequences?: SequenceOptions;
  /** Generated sequences tried before anything else: most mutants fall to the first few (default 8). */
  probeRuns?: number;
};

export async function runMutants(target: Implementation, options: MutantRunOptions = {}): Promise<MutantOutcome[]> {
  const queue = [...(options.mutants ?? catalog)];
  const outcomes: MutantOutcome[] = [];
  const worker = async () => {
    for (let mutant = queue.shift(); mutant; mutant = queue.shift()) {
      const started = Date.now();
      const upstream = mutant.service === "bank-payments" ? target.bankUrl : target.checkCashingUrl;
      const proxy = await startMutantProxy(mutant, upstream, { secretKey: target.secretKey, publishableKey: target.publishableKey });
      try {
        const run = (layers: Layer[], sequences?: SequenceOptions) => runConformance({
          service: mutant.service, baseUrl: proxy.url, secretKey: target.secretKey, publishableKey: target.publishableKey,
          profile: "full", failFast: true, layers, sequences,
          // The sandbox's own setting (B-47), so the check that depends on it runs.
          settings: { linked_credit_submerchant_id: "prohibited" },
        });
        const probe = await run(["sequences"], { ...options.sequences, runs: options.probeRuns ?? 8 });
        const result = probe.ok ? await run(options.layers ?? ["scenarios", "sequences", "dredd"], options.sequences) : probe;
        const failed = result.checks.filter((c) => c.outcome === "failed");
        outcomes.push({
          id: mutant.id, fault: mutant.fault, service: mutant.service, class: mutant.class, killed: !result.ok, fired: proxy.fired(),
          killedBy: failed[0]?.layer, failures: failed.map((c) => `${c.name}: ${(c.reason ?? "").slice(0, 1500)}`), durationMs: Date.now() - started,
        });
      } finally {
        await proxy.close();
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 3 }, worker));
  const order = (options.mutants ?? catalog).map((m) => m.id);
  return outcomes.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
}
