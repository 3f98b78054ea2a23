// Runs the generated sequences of one service with fast-check: seeded and bounded, each sequence
// against a fresh model of the oracle; on a failure fast-check shrinks to the shortest failing
// sequence, which is reported with its seed, path and replayPath (all three replay it) and the
// curl lines of its requests.
//
// Sequences are independent (each has its own store and employee numbers, objects and oracle
// model), so they can run at once: with `concurrency` N the runs are dealt to N lanes, each a
// fast-check run of its own seed (lane 0 keeps the run's seed). A failure names its lane's seed,
// so seed, path and replayPath replay it exactly, alone. Nothing new starts once the run is asked
// to stop (a signal, the time budget, another lane's failure): the sequences under way finish and
// are judged, and the outcome says how many ran of how many were planned.
import type * as FastCheck from "fast-check";
import type { OpenApiVersion, ServiceName } from "../../src/openapi/documents.js";
import { ApiClient } from "../client.js";
import type { BankModel } from "../oracle/bank/model.js";
import { marksOf, type Exchange } from "../oracle/exchange.js";
import { Oracle, type OracleOptions, type OracleStats } from "../oracle/oracle.js";
import { curlLines } from "../repro.js";
import type { CheckResult, Finding, Observation, SequenceOptions, SequenceSummary } from "../types.js";
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
  /** Stops starting sequences (what runs finishes and is judged). */
  signal?: AbortSignal;
  /** After each sequence: how many ran of how many are planned, and whether one failed. */
  onProgress?: (done: number, planned: number, failed: boolean) => void;
  /** The OpenAPI version whose documents validate the responses (default 3.0). */
  openapi?: OpenApiVersion;
};

/** Default bounds of the full profile (docs/conformance.md, "Generated sequences"); --thorough multiplies them. */
export const sequenceDefaults = {
  "bank-payments": { runs: 40, maxCommands: 30 },
  "check-cashing": { runs: 30, maxCommands: 15 },
} as const;

export const thoroughSequences = {
  "bank-payments": { runs: 1000, maxCommands: 80, concurrency: 4 },
  "check-cashing": { runs: 500, maxCommands: 40, concurrency: 4 },
} as const;

export type SequenceOutcome = { check: CheckResult; summary: SequenceSummary };

/** The seed of lane `lane` of a run seeded `seed`: lane 0 keeps it, so one lane is the plain run. */
export function laneSeed(seed: number, lane: number): number {
  return lane === 0 ? seed : (seed + Math.imul(lane, 0x9e3779b1)) | 0;
}

/** How many of `runs` lane `lane` of `lanes` runs. */
export function laneRuns(runs: number, lanes: number, lane: number): number {
  return Math.floor(runs / lanes) + (lane < runs % lanes ? 1 : 0);
}

type Command = FastCheck.AsyncCommand<object, any, false>;
type LaneResult = { lane: number; seed: number; details: FastCheck.RunDetails<unknown>; failure?: { exchanges: Exchange[]; findings: Finding[] } };

export async function runSequences(run: SequenceRun): Promise<SequenceOutcome> {
  let fc: typeof FastCheck;
  const started = Date.now();
  const base = { layer: "sequence" as const, group: "generated sequences" };
  const defaults = sequenceDefaults[run.service];
  const seed = run.options.seed ?? (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0;
  const planned = run.options.runs ?? defaults.runs;
  // A replay runs the one lane it names: its seed is the lane's.
  const lanes = run.options.path ? 1 : Math.max(1, Math.min(run.options.concurrency ?? 1, planned));
  try {
    fc = await import("fast-check");
  } catch {
    return {
      summary: { seed, runs: 0, planned, lanes },
      check: { ...base, name: `${run.service}: generated sequences`, outcome: "skipped", reason: "fast-check is not installed (npm install fast-check)", durationMs: 0 },
    };
  }
  const triggers = run.oracle.triggers ?? true;
  const { first, commands } = (run.service === "bank-payments" ? bankCommands(fc, triggers) : payrollCommands(fc, triggers)) as
    { first?: FastCheck.Arbitrary<Command>; commands: Array<FastCheck.Arbitrary<Command>> };
  const budgetEnds = run.options.timeBudgetMs === undefined ? Infinity : started + run.options.timeBudgetMs;
  let failedLane: number | undefined;
  let done = 0;
  const stopReason = (lane: number): string | undefined => {
    if (run.signal?.aborted) return String(run.signal.reason ?? "a signal");
    if (Date.now() >= budgetEnds) return `the time budget of ${Math.round((run.options.timeBudgetMs ?? 0) / 1000)} s`;
    if (failedLane !== undefined && failedLane !== lane) return "another lane's failure";
    return undefined;
  };
  // Not one more run (nor shrinking step) once the run is to stop; fast-check reports it as interrupted.
  const stopWhen = (lane: number): FastCheck.Plugin<unknown> => () => ({
    decorateRun: (next) => ((value: unknown) => (stopReason(lane) ? Promise.resolve(new fc.PreconditionFailure(true)) : next(value))) as typeof next,
  });

  const runLane = async (lane: number): Promise<LaneResult> => {
    let failure: LaneResult["failure"];
    let failing = false;
    const property = fc.asyncProperty(
      first ?? fc.constant(undefined),
      fc.commands(commands, { maxCommands: run.options.maxCommands ?? defaults.maxCommands, size: "large", replayPath: run.options.replayPath }),
      async (opening, sequence) => {
        const oracle = new Oracle({ ...run.oracle, service: run.service });
        const api = new ApiClient(run.service, run.baseUrl, run.keys, "full", run.observations, oracle, run.openapi);
        const world = run.service === "bank-payments" ? bankWorld(api, oracle.model as BankModel) : payrollWorld(api);
        // After the first failure fast-check only shrinks: those runs are not sequences of the plan.
        const counted = !failing;
        try {
          if (opening) await opening.run({}, world);
          await fc.asyncModelRun(() => ({ model: {}, real: world }), sequence);
        } catch (error) {
          failing = true;
          failedLane ??= lane;
          failure = { exchanges: [...api.exchanges], findings: [...api.findings] };
          throw error;
        } finally {
          for (const key of Object.keys(run.stats) as Array<keyof OracleStats>) run.stats[key] += oracle.stats[key];
          if (counted) {
            done += 1;
            run.onProgress?.(done, planned, failedLane !== undefined);
          }
        }
      },
    );
    const laneSeedValue = run.options.path ? seed : laneSeed(seed, lane);
    const details = await fc.check(property, {
      seed: laneSeedValue, numRuns: laneRuns(planned, lanes, lane), path: run.options.path,
      endOnFailure: run.options.noShrink ?? false, plugins: [stopWhen(lane)],
    });
    return { lane, seed: laneSeedValue, details, failure };
  };

  const results = await Promise.all(Array.from({ length: lanes }, (_, lane) => runLane(lane)));
  const ran = results.reduce((sum, result) => sum + result.details.numRuns, 0);
  const failed = results.find((result) => result.details.failed && result.lane === failedLane) ?? results.find((result) => result.details.failed);
  const stoppedBy = ran >= planned ? undefined : failed ? "the first failure" : stopReason(-1) ?? (results.some((r) => r.details.interrupted) ? "an interruption" : undefined);
  const summary: SequenceSummary = { seed, runs: ran, planned, lanes, ...(stoppedBy ? { stoppedBy } : {}) };
  const name = `${run.service}: ${ran}${ran < planned ? ` of ${planned}` : ""} generated sequences (seed ${seed}${lanes > 1 ? `, ${lanes} lanes` : ""})`;
  if (!failed) {
    const reason = stoppedBy ? `stopped by ${stoppedBy} after ${ran} of ${planned} sequences` : undefined;
    return { summary, check: { ...base, name, outcome: "passed", ...(reason ? { reason } : {}), durationMs: Date.now() - started } };
  }
  const { details } = failed;
  const [opening, sequence] = (details.counterexample as unknown[] | null) ?? [];
  const shown = sequence === undefined ? "" : String(sequence);
  const replayPath = /replayPath="([^"]*)"/.exec(shown)?.[1];
  const steps = [opening, shown.replace(/\s*\/\*replayPath=.*\*\/\s*$/, "")].filter((step) => step !== undefined && step !== "").join(", ");
  const path = details.counterexamplePath ?? undefined;
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance ?? "failed");
  const replay = `--seed ${failed.seed}${path ? ` --path ${path}` : ""}${replayPath ? ` --replay-path '${replayPath}'` : ""}`;
  return {
    summary: { ...summary, replaySeed: failed.seed, path, replayPath },
    check: {
      ...base, name, outcome: "failed",
      reason: `shortest failing sequence: ${steps}\n${error}\nreplay with: ${replay}${lanes > 1 ? ` (the seed of lane ${failed.lane} of ${lanes})` : ""}`,
      findings: failed.failure?.findings,
      curl: failed.failure ? curlLines(failed.failure.exchanges, run.baseUrl, run.keys) : undefined,
      marks: failed.failure ? marksOf(failed.failure.exchanges) : undefined,
      durationMs: Date.now() - started,
    },
  };
}
