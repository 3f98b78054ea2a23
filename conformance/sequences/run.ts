// Runs the generated sequences of one service with fast-check: seeded and bounded, each sequence
// against a fresh model of the oracle; on a failure fast-check shrinks to the shortest failing
// sequence, which is reported with its seed, path and replayPath (all three replay it) and the
// curl lines of its requests. The other planned sequences still run (one false alarm must not hide
// the rest): the lane carries on under a continuation seed, and every failure is its own check.
//
// Sequences are independent (each has its own store and employee numbers, objects and oracle
// model), so they can run at once: with `concurrency` N the runs are dealt to N lanes, each a
// fast-check run of its own seed (lane 0 keeps the run's seed). A failure names its lane's seed,
// so seed, path and replayPath replay it exactly, alone. Nothing new starts once the run is asked
// to stop (a signal, the time budget, or a failure when shrinking is off): the sequences under way
// finish and are judged, and the outcome says how many ran of how many were planned.
import type * as FastCheck from "fast-check";
import type { OpenApiVersion, ServiceName } from "../../src/openapi/documents.js";
import { ApiClient } from "../client.js";
import type { BankModel } from "../oracle/bank/model.js";
import { marksOf, type Exchange } from "../oracle/exchange.js";
import { Oracle, type OracleOptions, type OracleStats } from "../oracle/oracle.js";
import { curlLines } from "../repro.js";
import { classify } from "../thrown.js";
import type { CheckResult, Finding, Observation, SequenceOptions, SequenceSummary, SuiteError } from "../types.js";
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
  /** Failing sequences after which nothing new starts (`--max-failures`); the one under way is still shrunk. */
  failuresAllowed?: number;
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

/**
 * The run's summary, and its checks: one that passed, or one per failing sequence (each shrunk, each
 * replayable alone); and the suite's own errors (a sequence that failed on one is not the server's failure).
 */
export type SequenceOutcome = { checks: CheckResult[]; summary: SequenceSummary; suiteErrors: SuiteError[] };

/** The seed of lane `lane` of a run seeded `seed`: lane 0 keeps it, so one lane is the plain run. */
export function laneSeed(seed: number, lane: number): number {
  return lane === 0 ? seed : (seed + Math.imul(lane, 0x9e3779b1)) | 0;
}

/** How many of `runs` lane `lane` of `lanes` runs. */
export function laneRuns(runs: number, lanes: number, lane: number): number {
  return Math.floor(runs / lanes) + (lane < runs % lanes ? 1 : 0);
}

type Command = FastCheck.AsyncCommand<object, any, false>;
/** One failing sequence, shrunk: the seed of the fast-check run it came from, and what it saw. */
type LaneFailure = { lane: number; seed: number; details: FastCheck.RunDetails<unknown>; exchanges: Exchange[]; findings: Finding[]; violations: number };

/**
 * The seed of the fast-check run that carries on a lane after a failure: the failing run stops at
 * its failure, the rest of the lane's sequences run under this seed (which replays them alone).
 */
export function continuationSeed(seed: number): number {
  return (Math.imul(seed ^ 0x5bd1e995, 0x01000193) + 1) | 0;
}

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
      summary: { seed, runs: 0, planned, lanes }, suiteErrors: [],
      checks: [{ ...base, name: `${run.service}: generated sequences`, outcome: "skipped", reason: "fast-check is not installed (npm install fast-check)", durationMs: 0 }],
    };
  }
  const triggers = run.oracle.triggers ?? true;
  const { first, commands } = (run.service === "bank-payments" ? bankCommands(fc, triggers) : payrollCommands(fc, triggers)) as
    { first?: FastCheck.Arbitrary<Command>; commands: Array<FastCheck.Arbitrary<Command>> };
  const budgetEnds = run.options.timeBudgetMs === undefined ? Infinity : started + run.options.timeBudgetMs;
  // Without shrinking (fail fast, the mutant runs) the first failure ends the run; otherwise every planned sequence runs.
  const stopAtFailure = (run.options.noShrink ?? false) || run.options.path !== undefined;
  const failures: LaneFailure[] = [];
  const suiteErrors: SequenceOutcome["suiteErrors"] = [];
  let failing = 0;
  let done = 0;
  const allowed = run.failuresAllowed;
  const stopReason = (): string | undefined => {
    if (run.signal?.aborted) return String(run.signal.reason ?? "a signal");
    if (Date.now() >= budgetEnds) return `the time budget of ${Math.round((run.options.timeBudgetMs ?? 0) / 1000)} s`;
    if (stopAtFailure && failures.length > 0) return "the first failure";
    if (allowed !== undefined && failing >= allowed) return allowed === 1 ? "the first failure" : `${allowed} failures`;
    return undefined;
  };

  /** One fast-check run of up to `runs` sequences; how many it counted, and its failure once shrunk. */
  const runSegment = async (lane: number, segmentSeed: number, runs: number): Promise<{ counted: number; failure?: LaneFailure }> => {
    let seen: { exchanges: Exchange[]; findings: Finding[]; violations: number } | undefined;
    let failed = false;
    let counted = 0;
    // Not one more run (nor shrinking step) once the run is to stop; fast-check reports it as
    // interrupted. The failing sequence of `--max-failures` is still shrunk: its reproducer is the point.
    const stopWhen: FastCheck.Plugin<unknown> = () => ({
      decorateRun: (next) => ((value: unknown) => {
        const reason = stopReason();
        const shrinkingTheLast = failed && allowed !== undefined && !run.signal?.aborted && Date.now() < budgetEnds;
        return reason && !shrinkingTheLast ? Promise.resolve(new fc.PreconditionFailure(true)) : next(value);
      }) as typeof next,
    });
    const property = fc.asyncProperty(
      first ?? fc.constant(undefined),
      fc.commands(commands, { maxCommands: run.options.maxCommands ?? defaults.maxCommands, size: "large", replayPath: run.options.replayPath }),
      async (opening, sequence) => {
        const oracle = new Oracle({ ...run.oracle, service: run.service });
        const api = new ApiClient(run.service, run.baseUrl, run.keys, "full", run.observations, oracle, run.openapi);
        const world = run.service === "bank-payments" ? bankWorld(api, oracle.model as BankModel) : payrollWorld(api);
        // After the first failure fast-check only shrinks: those runs are not sequences of the plan.
        const ofThePlan = !failed;
        try {
          if (opening) await opening.run({}, world);
          await fc.asyncModelRun(() => ({ model: {}, real: world }), sequence);
        } catch (error) {
          if (!failed) failing += 1;
          failed = true;
          seen = { exchanges: [...api.exchanges], findings: [...api.findings], violations: api.violations.length };
          throw error;
        } finally {
          for (const key of Object.keys(run.stats) as Array<keyof OracleStats>) run.stats[key] += oracle.stats[key];
          for (const message of api.suiteErrors) suiteErrors.push({ where: `a generated sequence (seed ${segmentSeed})`, message, seed: segmentSeed });
          if (ofThePlan) {
            counted += 1;
            done += 1;
            run.onProgress?.(done, planned, failed || failures.length > 0);
          }
        }
      },
    );
    const details = await fc.check(property, {
      seed: segmentSeed, numRuns: runs, path: run.options.path,
      endOnFailure: run.options.noShrink ?? false, plugins: [stopWhen],
    });
    if (!details.failed) return { counted };
    return { counted, failure: { lane, seed: segmentSeed, details, exchanges: seen?.exchanges ?? [], findings: seen?.findings ?? [], violations: seen?.violations ?? 0 } };
  };

  // A lane runs its share of the plan; after a failure (shrunk and kept) the rest of its share runs on under a continuation seed.
  const runLane = async (lane: number): Promise<void> => {
    let segmentSeed = run.options.path ? seed : laneSeed(seed, lane);
    let remaining = laneRuns(planned, lanes, lane);
    while (remaining > 0 && !stopReason()) {
      const { counted, failure } = await runSegment(lane, segmentSeed, remaining);
      remaining -= counted;
      if (!failure) break;
      failures.push(failure);
      segmentSeed = continuationSeed(segmentSeed);
    }
  };

  await Promise.all(Array.from({ length: lanes }, (_, lane) => runLane(lane)));
  // A sequence that failed on an error of the suite's own is the suite's error, with its replay, not a failure.
  const replay: ReplayContext = { maxCommands: run.options.maxCommands ?? defaults.maxCommands, triggers, lanes };
  for (const failure of failures.filter(isSuiteError)) {
    suiteErrors.push({ where: `a generated sequence (${replayLine(replayOf(failure), replay)})`, message: errorOf(failure), seed: failure.seed });
  }
  failures.splice(0, failures.length, ...failures.filter((failure) => !isSuiteError(failure)));
  const ran = done;
  const stoppedBy = ran >= planned ? undefined : stopReason() ?? "an interruption";
  const [firstFailure] = failures;
  const summary: SequenceSummary = {
    seed, runs: ran, planned, lanes, ...(stoppedBy ? { stoppedBy } : {}), ...(failures.length > 0 ? { failed: failures.length } : {}),
    ...(firstFailure ? { replaySeed: firstFailure.seed, path: firstFailure.details.counterexamplePath ?? undefined, replayPath: replayPathOf(firstFailure) } : {}),
  };
  const name = `${run.service}: ${ran}${ran < planned ? ` of ${planned}` : ""} generated sequences (seed ${seed}${lanes > 1 ? `, ${lanes} lanes` : ""})`;
  if (failures.length === 0) {
    const reason = stoppedBy ? `stopped by ${stoppedBy} after ${ran} of ${planned} sequences` : undefined;
    return { summary, suiteErrors, checks: [{ ...base, name, outcome: "passed", ...(reason ? { reason } : {}), durationMs: Date.now() - started }] };
  }
  const durationMs = Date.now() - started;
  const checks = failures.map((failure, index): CheckResult => ({
    ...base, name: failures.length === 1 ? name : `${name}: failure ${index + 1} of ${failures.length}`, outcome: "failed",
    reason: failureReason(failure, replay, !(run.options.noShrink ?? false)),
    findings: failure.findings,
    curl: curlLines(failure.exchanges, run.baseUrl, run.keys),
    marks: marksOf(failure.exchanges),
    durationMs,
  }));
  return { summary, checks, suiteErrors };
}

const replayPathOf = (failure: LaneFailure) => {
  const [, sequence] = (failure.details.counterexample as unknown[] | null) ?? [];
  return sequence === undefined ? undefined : /replayPath="([^"]*)"/.exec(String(sequence))?.[1];
};

/** What generated a run's sequences besides the seed: a replay must give the same again. */
type ReplayContext = { maxCommands: number; triggers: boolean; lanes: number };

const isSuiteError = (failure: LaneFailure) => classify(failure.details.errorInstance, failure.violations).kind === "suite error";

/** The error a failing sequence ended on, in the suite's words (a connection error named). */
const errorOf = (failure: LaneFailure) => classify(failure.details.errorInstance ?? "failed", failure.violations).message;

/**
 * The options that replay one failing sequence alone, to add to the run's own command (the same
 * service, base URL, keys, fixtures and settings): its lane's seed (written `--seed=N`, so that a
 * negative seed is not read as an option), fast-check's path and replayPath, and what shapes the
 * commands generated: their maximum number and whether triggers are used.
 */
export function replayLine(failure: { seed: number; path?: string; replayPath?: string }, context: Omit<ReplayContext, "lanes">): string {
  return [
    "--layers sequences", `--seed=${failure.seed}`, failure.path ? `--path ${failure.path}` : "",
    failure.replayPath ? `--replay-path '${failure.replayPath}'` : "", `--max-commands ${context.maxCommands}`, context.triggers ? "" : "--no-triggers",
  ].filter(Boolean).join(" ");
}

/** The failing sequence (the shortest, when shrunk), the error, and the replay options that run it alone. */
function failureReason(failure: LaneFailure, context: ReplayContext, shrunk: boolean): string {
  const { details } = failure;
  const [opening, sequence] = (details.counterexample as unknown[] | null) ?? [];
  const shown = sequence === undefined ? "" : String(sequence);
  const steps = [opening, shown.replace(/\s*\/\*replayPath=.*\*\/\s*$/, "")].filter((step) => step !== undefined && step !== "").join(", ");
  // Everything after "replay with...: " is the options, nothing else: pasted as they are, they run.
  const lane = context.lanes > 1 ? ` (the seed of lane ${failure.lane} of ${context.lanes})` : "";
  return `${shrunk ? "shortest failing sequence" : "failing sequence (not shrunk)"}: ${steps}\n${errorOf(failure)}\nreplay with${lane}: ${replayLine(replayOf(failure), context)}`;
}

/** What replays one failing sequence alone: its lane's seed, fast-check's path and replayPath. */
function replayOf(failure: LaneFailure): { seed: number; path?: string; replayPath?: string } {
  return { seed: failure.seed, path: failure.details.counterexamplePath ?? undefined, replayPath: replayPathOf(failure) };
}
