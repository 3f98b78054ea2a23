// Runs the generated sequences of one service with fast-check: seeded and bounded, each sequence
// against a fresh model of the oracle; on a failure fast-check shrinks to the shortest failing
// sequence, which is reported with its seed, path and replayPath (all three replay it) and the
// curl lines of its requests.
import type * as FastCheck from "fast-check";
import type { OpenApiVersion, ServiceName } from "../../src/openapi/documents.js";
import { ApiClient } from "../client.js";
import type { BankModel } from "../oracle/bank/model.js";
import type { Exchange } from "../oracle/exchange.js";
import { Oracle, type OracleOptions, type OracleStats } from "../oracle/oracle.js";
import { curlLines } from "../repro.js";
import type { CheckResult, Finding, Observation, SequenceOptions } from "../types.js";
import { bankCommands, bankWorld } from "./bank.js";
import { payrollCommands, payrollWorld } from "./check-cashing.js";

export type SequenceRun = {
  service: ServiceName;
  baseUrl: string;
  keys: { secret?: string; publishable?: string };
  oracle: Omit<OracleOptions, "service">;
  observations: Observation[];
  /** The run's oracle totals, which every sequence's own oracle adds to. */
  stats: OracleStats;
  options: SequenceOptions;
  /** The OpenAPI version whose documents validate the responses (default 3.0). */
  openapi?: OpenApiVersion;
};

/** Default bounds of the full profile (README, "Generated sequences"); --thorough multiplies them. */
export const sequenceDefaults = {
  "bank-payments": { runs: 40, maxCommands: 30 },
  "check-cashing": { runs: 30, maxCommands: 15 },
} as const;

export const thoroughSequences = {
  "bank-payments": { runs: 1000, maxCommands: 80 },
  "check-cashing": { runs: 500, maxCommands: 40 },
} as const;

export type SequenceOutcome = { check: CheckResult; seed: number; runs: number; path?: string; replayPath?: string };

export async function runSequences(run: SequenceRun): Promise<SequenceOutcome> {
  let fc: typeof FastCheck;
  const started = Date.now();
  const base = { layer: "sequence" as const, group: "generated sequences" };
  try {
    fc = await import("fast-check");
  } catch {
    return {
      seed: 0, runs: 0,
      check: { ...base, name: `${run.service}: generated sequences`, outcome: "skipped", reason: "fast-check is not installed (npm install fast-check)", durationMs: 0 },
    };
  }
  const defaults = sequenceDefaults[run.service];
  const seed = run.options.seed ?? (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0;
  const runs = run.options.runs ?? defaults.runs;
  type Command = FastCheck.AsyncCommand<object, any, false>;
  const { first, commands } = (run.service === "bank-payments" ? bankCommands(fc, run.oracle.triggers ?? true) : payrollCommands(fc, run.oracle.triggers ?? true)) as
    { first?: FastCheck.Arbitrary<Command>; commands: Array<FastCheck.Arbitrary<Command>> };
  let lastFailure: { exchanges: Exchange[]; findings: Finding[] } | undefined;
  let executed = 0;
  const property = fc.asyncProperty(
    first ?? fc.constant(undefined),
    fc.commands(commands, { maxCommands: run.options.maxCommands ?? defaults.maxCommands, size: "large", replayPath: run.options.replayPath }),
    async (opening, sequence) => {
      executed += 1;
      const oracle = new Oracle({ ...run.oracle, service: run.service });
      const api = new ApiClient(run.service, run.baseUrl, run.keys, "full", run.observations, oracle, run.openapi);
      const world = run.service === "bank-payments" ? bankWorld(api, oracle.model as BankModel) : payrollWorld(api);
      try {
        if (opening) await opening.run({}, world);
        await fc.asyncModelRun(() => ({ model: {}, real: world }), sequence);
      } catch (error) {
        lastFailure = { exchanges: [...api.exchanges], findings: [...api.findings] };
        throw error;
      } finally {
        for (const key of Object.keys(run.stats) as Array<keyof OracleStats>) run.stats[key] += oracle.stats[key];
      }
    },
  );
  const plugins = run.options.timeBudgetMs ? [fc.interruptAfterTimeLimit(run.options.timeBudgetMs)] : [];
  const details = await fc.check(property, { seed, numRuns: runs, path: run.options.path, endOnFailure: run.options.noShrink ?? false, plugins });
  const name = `${run.service}: ${executed} generated sequences (seed ${seed})`;
  if (!details.failed) {
    return { seed, runs, check: { ...base, name, outcome: "passed", durationMs: Date.now() - started } };
  }
  const [opening, sequence] = (details.counterexample as unknown[] | null) ?? [];
  const shown = sequence === undefined ? "" : String(sequence);
  const replayPath = /replayPath="([^"]*)"/.exec(shown)?.[1];
  const steps = [opening, shown.replace(/\s*\/\*replayPath=.*\*\/\s*$/, "")].filter((step) => step !== undefined && step !== "").join(", ");
  const path = details.counterexamplePath ?? undefined;
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance ?? "failed");
  const replay = `--seed ${seed}${path ? ` --path ${path}` : ""}${replayPath ? ` --replay-path '${replayPath}'` : ""}`;
  return {
    seed, runs, path, replayPath,
    check: {
      ...base, name, outcome: "failed",
      reason: `shortest failing sequence: ${steps}\n${error}\nreplay with: ${replay}`,
      findings: lastFailure?.findings,
      curl: lastFailure ? curlLines(lastFailure.exchanges, run.baseUrl, run.keys) : undefined,
      durationMs: Date.now() - started,
    },
  };
}
