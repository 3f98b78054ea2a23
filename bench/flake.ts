// No flake (issue 23, point 3): a verdict that changes between identical runs is a defect. This runs
// the generated sequences again and again with a different seed each time, against every valid
// variant of the sandbox (proof/variants/catalog.ts, each through its proxy, as the variant
// proof runs them) and against the independent implementation (proof/independent/, with its
// settings and fixtures, without triggers, as an implementer runs it); every run must pass.
//
// What one round runs, per seed: the `sequences` layer of every variant on each of its services
// (FLAKE_VARIANT_RUNS sequences each, default 10, no shrinking: the variant proof's own bound),
// plus the control (the sandbox through a pass-through proxy), then the `sequences` layer of both
// independent services at the full profile's bounds (40 bank sequences, 30 check cashing).
// FLAKE_LAYERS adds layers to every run (e.g. `scenarios,coverage`: much slower); FLAKE_LAYERS=proof
// runs each variant with the variant proof's own layers (Dredd, the scenarios, the coverage where the
// variant asks for it, the sequences) and the independent implementation with every layer.
//
//   node --import tsx bench/flake.ts            20 rounds, seeds 1..20 (about 15 minutes on 2 cores: BENCHMARKS.md)
//   FLAKE_ROUNDS=3 FLAKE_FIRST_SEED=101 node --import tsx bench/flake.ts   (or --rounds 3 --first-seed 101)
//   FLAKE_TARGETS=independent                   only the independent implementation (or `variants`)
//   FLAKE_TARGETS=variants,independent,traffic  also issue 34's traffic: 50 clients of one merchant through
//                                               `conformance proxy` in front of the sandbox and of the independent
//                                               implementation (FLAKE_TRAFFIC_ROUNDS rounds each, default 2), judged
//                                               clean live and from the HAR, the round's seed choosing their plans
//   FLAKE_VARIANTS=id,id                        only these variants (with the control), e.g. to replay a false alarm
//   --burn 2                                    two CPU-bound processes spin beside every round (issue 34: flakes
//                                               live on a busy machine); started and always stopped by this script
//
// It prints one line per round and a closing tally; the numbers go to BENCHMARKS.md by hand, with
// the command and what was run.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { Fixtures } from "../conformance/fixtures-file.js";
import { runProof } from "../proof/mutants/run.js";
import { runConformance } from "../conformance/runner.js";
import { readSettings } from "../conformance/settings.js";
import type { Layer } from "../conformance/types.js";
import { variants } from "../proof/variants/catalog.js";
import { startSandbox } from "../sandbox/server.js";
import { startIndependentServers } from "../proof/independent/server.js";
import { cleanRunProblems, concurrentOnIndependent, concurrentOnSandbox, notClean } from "../proof/concurrent-traffic.js";
import { startBurners } from "./burn.js";

const log = (line: string) => process.stdout.write(`${line}\n`);
const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);

export type RoundResult = { seed: number; runs: number; failed: string[]; durationMs: number };

/** One round: every variant's sequences (and the control), then the independent implementation's, then (asked for) the concurrent traffic. */
export async function flakeRound(seed: number, options: { targets: string[]; variantRuns: number; layers?: Layer[]; variantIds?: string[]; trafficRounds?: number }): Promise<RoundResult> {
  const started = Date.now();
  const failed: string[] = [];
  let runs = 0;
  if (options.targets.includes("variants")) {
    const sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
    try {
      const chosen = options.variantIds ? variants.filter((variant) => options.variantIds!.includes(variant.id)) : variants;
      const proof = await runProof(sandbox, { mutants: [], variants: chosen, seed, variantRuns: options.variantRuns, variantLayers: options.layers, concurrency: 2 });
      for (const outcome of [...(proof.control ? [proof.control] : []), ...proof.variants]) {
        runs += outcome.runs.length;
        for (const run of outcome.runs.filter((r) => !r.passed)) failed.push(`variant ${outcome.id} (${run.service}): ${run.failures.map((f) => `${f.name}: ${f.reason.split("\n")[0]}`).join(" | ").slice(0, 300)}`);
      }
    } finally {
      await sandbox.close();
    }
  }
  if (options.targets.includes("independent")) {
    const servers = await startIndependentServers();
    try {
      for (const service of ["bank-payments", "check-cashing"] as const) {
        const result = await runConformance({
          service, baseUrl: service === "bank-payments" ? servers.bankUrl : servers.checkCashingUrl,
          secretKey: servers.secretKey, publishableKey: servers.publishableKey, profile: "full", triggers: false,
          layers: options.layers, sequences: { seed },
          settings: readSettings(JSON.parse(readFileSync(servers.settingsFile, "utf8"))),
          fixtures: JSON.parse(readFileSync(servers.fixturesFile, "utf8")) as Fixtures,
        });
        runs += 1;
        if (!result.ok) failed.push(`independent ${service}: ${result.checks.filter((c) => c.outcome === "failed").map((c) => `${c.name}: ${(c.reason ?? "").split("\n")[0]}`).join(" | ").slice(0, 300)}`);
      }
    } finally {
      await servers.close();
    }
  }
  if (options.targets.includes("traffic")) {
    // Issue 34's traffic: 50 clients of one merchant through `conformance proxy`, judged live and from its HAR.
    for (const [name, start] of [["sandbox", concurrentOnSandbox], ["independent", concurrentOnIndependent]] as const) {
      const { run, judgeAgain } = await start({ clients: 50, rounds: options.trafficRounds ?? 2, seed });
      runs += 1;
      const problems = [...cleanRunProblems(run), ...notClean(judgeAgain()).map((problem) => `from the HAR: ${problem}`)];
      if (problems.length > 0) failed.push(`traffic ${name}: ${problems.join(" | ").slice(0, 300)}`);
    }
  }
  return { seed, runs, failed, durationMs: Date.now() - started };
}

async function main() {
  const { values } = parseArgs({ options: { rounds: { type: "string" }, "first-seed": { type: "string" }, burn: { type: "string" } } });
  const rounds = values.rounds ? Number(values.rounds) : env("FLAKE_ROUNDS", 20);
  const first = values["first-seed"] ? Number(values["first-seed"]) : env("FLAKE_FIRST_SEED", 1);
  const burn = values.burn ? Number(values.burn) : 0;
  const targets = (process.env.FLAKE_TARGETS ?? "variants,independent").split(",");
  // undefined: the variant proof's own layers, and every layer of the independent implementation.
  const layers = process.env.FLAKE_LAYERS === "proof" ? undefined : (["sequences", ...(process.env.FLAKE_LAYERS ?? "").split(",").filter(Boolean)] as Layer[]);
  const variantRuns = env("FLAKE_VARIANT_RUNS", 10);
  const variantIds = process.env.FLAKE_VARIANTS ? process.env.FLAKE_VARIANTS.split(",") : undefined;
  const beside = burn > 0 ? `; ${burn} CPU-bound process${burn === 1 ? "" : "es"} beside` : "";
  log(`# flake: ${rounds} rounds from seed ${first}; targets ${targets.join(", ")}${variantIds ? ` (variants ${variantIds.join(", ")})` : ""}; layers ${layers?.join(", ") ?? "the proof's own"}; ${variantRuns} sequences per variant run${beside}`);
  let failedRounds = 0;
  let failedRuns = 0;
  let runs = 0;
  const burners = startBurners(burn);
  // A signal still stops the burners (they also exit by themselves when this process is gone).
  const stopOnSignal = (signal: NodeJS.Signals) => void burners.stop().then(() => process.exit(128 + (signal === "SIGINT" ? 2 : 15)));
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    for (let round = 0; round < rounds; round += 1) {
      const result = await flakeRound(first + round, { targets, variantRuns, layers, variantIds, trafficRounds: env("FLAKE_TRAFFIC_ROUNDS", 2) });
      runs += result.runs;
      failedRuns += result.failed.length;
      if (result.failed.length > 0) failedRounds += 1;
      log(`round ${round + 1}/${rounds}, seed ${result.seed}: ${result.runs} runs, ${result.failed.length} failed (${(result.durationMs / 1000).toFixed(0)} s, load average ${loadavg()[0].toFixed(1)})`);
      for (const line of result.failed) log(`  FAILED ${line}`);
    }
  } finally {
    await burners.stop();
    process.off("SIGINT", stopOnSignal);
    process.off("SIGTERM", stopOnSignal);
  }
  log(`# flake: ${rounds - failedRounds} of ${rounds} rounds passed whole; ${failedRuns} of ${runs} runs failed${beside}`);
  process.exitCode = failedRounds === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
