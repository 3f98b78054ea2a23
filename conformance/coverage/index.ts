// The coverage layer: deterministic coverage that does not depend on the seed, run by every full
// run before the generated sequences. For the bank, every action in every reachable intent state
// and every credit action in every credit state (bank-matrix.ts); for both services, every
// documented boundary value exactly and one past it (bank-boundaries.ts, check-cashing.ts). Rows
// and boundaries use objects of their own, so they run a few at a time; what must come long after
// (an identifier used again) runs first and last.
import type { ServiceName } from "../../src/openapi/documents.js";
import type { CheckResult } from "../types.js";
import { bankBoundaryTasks } from "./bank-boundaries.js";
import { bankProbeTasks } from "./bank-probes.js";
import { bankMatrixTasks } from "./bank-matrix.js";
import { payrollBoundaryTasks } from "./check-cashing.js";
import { routeProbeTasks } from "./route-probes.js";
import { inPool, type CoverageContext, type Task, type TaskResult } from "./context.js";

export type { TaskResult } from "./context.js";
import type { CoverageMatrix, CoverageReport } from "./record.js";

export type { CoverageReport } from "./record.js";

export type CoverageProgress = { done: number; planned: number; failures: number };

export type CoverageOptions = {
  service: ServiceName;
  /** Rows and boundaries run at once (default 4): each uses objects of its own. */
  concurrency?: number;
  onProgress?: (progress: CoverageProgress) => void;
  /** Start nothing more after the first failure (the mutant runs). */
  failFast?: boolean;
  /** What a task that threw leaves (the runner's judgement of the exception); without it the layer rejects. */
  onTaskError?: (task: string, error: unknown) => TaskResult;
};

export async function runCoverage(given: CoverageContext, options: CoverageOptions): Promise<{ checks: CheckResult[]; report: CoverageReport }> {
  let failures = 0;
  const ctx: CoverageContext = { ...given, stopped: () => given.stopped() ?? (options.failFast && failures > 0 ? "stopped at the first failure" : undefined) };
  let matrices: CoverageMatrix[] = [];
  let plan: { first: Task[]; tasks: Task[]; last: Task[] };
  if (options.service === "bank-payments") {
    const matrix = bankMatrixTasks(ctx);
    const boundaries = bankBoundaryTasks(ctx);
    matrices = matrix.matrices;
    plan = { first: boundaries.first, tasks: [...matrix.tasks, ...boundaries.tasks, ...bankProbeTasks(ctx), ...routeProbeTasks(ctx, "bank-payments")], last: boundaries.last };
  } else {
    const payroll = payrollBoundaryTasks(ctx);
    plan = { ...payroll, tasks: [...payroll.tasks, ...routeProbeTasks(ctx, "check-cashing")] };
  }
  const all = [...plan.first, ...plan.tasks, ...plan.last];
  const planned = all.reduce((sum, task) => sum + task.planned, 0);
  const results = new Map<Task, TaskResult>();
  let done = 0;
  const run = async (task: Task) => {
    const result = await task.run().catch((error: unknown) => (options.onTaskError ? options.onTaskError(task.name, error) : Promise.reject(error)));
    results.set(task, result);
    done += task.planned;
    failures += result.checks.filter((check) => check.outcome === "failed").length;
    options.onProgress?.({ done, planned, failures });
  };
  for (const task of plan.first) await run(task);
  await inPool(plan.tasks, options.concurrency ?? 4, run);
  for (const task of plan.last) await run(task);

  const ordered = all.map((task) => results.get(task)!);
  for (const matrix of matrices) {
    matrix.cells = ordered.flatMap((result) => result.cells).filter((cell) => cell.matrix === matrix.id);
  }
  return {
    checks: ordered.flatMap((result) => result.checks),
    report: { matrices, boundaries: ordered.flatMap((result) => result.boundaries) },
  };
}
