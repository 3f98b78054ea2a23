// What every part of the coverage layer gets: a way to open a client (each judged by the run's
// oracle), the oracle's model to steer by, the server's settings, whether triggers are on, and
// the stop signal.
import type { ApiClient } from "../client.js";
import type { Oracle } from "../oracle/oracle.js";
import type { SuiteSettings } from "../settings.js";
import type { CheckResult } from "../types.js";
import type { CoverageBoundary, CoverageCell } from "./record.js";

export type CoverageContext = {
  baseUrl: string;
  /** A new client on the run's oracle: one per chain of requests, so its curl lines replay it alone. */
  client: () => ApiClient;
  oracle: Oracle;
  settings: SuiteSettings;
  triggers: boolean;
  /** Why the run is to stop (a signal, fail-fast), if it is: what has not started is reported as not attempted. */
  stopped: () => string | undefined;
};

/** What one task of the layer hands back, in its planned place. */
export type TaskResult = { checks: CheckResult[]; cells: CoverageCell[]; boundaries: CoverageBoundary[] };

export type Task = { name: string; planned: number; run: () => Promise<TaskResult> };

export const emptyResult = (): TaskResult => ({ checks: [], cells: [], boundaries: [] });

/** Runs tasks with at most `concurrency` at once; results come back in the tasks' order. */
export async function inPool<T>(items: T[], concurrency: number, run: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) await run(items[index], index);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}
