// What the command prints after a run, before its closing line: the failures (grouped by rule; with
// --quiet one line each and the first rule in detail), the suite's own errors apart, what the
// oracle judged, the sequences, what the verdict rests on, why the run stopped early (a signal, the
// failures allowed, a server that stopped answering), what a focus left out, and where the reports are.
import { evidenceLines } from "./evidence.js";
import { groupedFailureText, quietFailureText } from "./failures.js";
import { oracleLine, sequencesLine } from "./report.js";
import { leftOutLine, serverGoneLine, suiteErrorLines } from "./run-notes.js";
import type { ConformanceResult } from "./types.js";

/** The exit codes of `conformance` (docs/conformance.md, "Exit codes"). */
export const exitCodes = { passed: 0, failed: 1, usage: 2, suiteErrors: 3, signalBase: 128 } as const;

/** The exit code of a finished run: a signal's, then a failure's, then the suite's errors'. */
export function exitCodeOf(result: Pick<ConformanceResult, "stopped" | "failed" | "suiteErrors" | "ok">, signals: Record<string, number>): number {
  if (result.stopped && result.stopped in signals) return exitCodes.signalBase + signals[result.stopped];
  if (result.failed > 0) return exitCodes.failed;
  if ((result.suiteErrors ?? []).length > 0) return exitCodes.suiteErrors;
  return result.ok ? exitCodes.passed : exitCodes.failed;
}

/** The most lines `--quiet` prints in all (the seed line and the closing summary included). */
export const quietLines = 150;

export function closingLines(result: ConformanceResult, options: { quiet: boolean; reportDir?: string }): string[] {
  const after = linesAfterFailures(result, options.reportDir);
  // --quiet gives the failures what the other lines leave of its budget (the seed line and the summary line besides).
  const failures = options.quiet ? quietFailureText(result.checks, quietLines - after.length - 3) : groupedFailureText(result.checks);
  return [...(failures.length > 0 ? ["", ...failures] : []), ...after];
}

function linesAfterFailures(result: ConformanceResult, reportDir: string | undefined): string[] {
  const lines: string[] = [];
  const errors = suiteErrorLines(result);
  if (errors.length > 0) lines.push("", ...errors, "");
  lines.push(oracleLine(result));
  if (result.sequences) lines.push(sequencesLine(result.sequences));
  if (result.evidence) lines.push(`The verdict rests on:`, ...evidenceLines(result.evidence).map((line) => `  ${line}`));
  const gone = serverGoneLine(result);
  if (gone) lines.push(gone);
  else if (result.stopped) lines.push(`The run was stopped by ${result.stopped}: what ran is judged above${reportDir ? " and in the reports" : ""}.`);
  const left = leftOutLine(result);
  if (left) lines.push(left);
  if (reportDir) lines.push(`reports written to ${reportDir}`);
  return lines;
}
