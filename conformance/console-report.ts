// What the command prints after a run, before its closing line: the failures (grouped by rule; with
// --quiet one line each and the first rule in detail), the suite's own errors apart, what the
// oracle judged, the sequences, what the verdict rests on, why the run stopped early (a signal, the
// failures allowed, a server that stopped answering), what a focus left out, and where the reports are.
import { evidenceLines } from "./evidence.js";
import { groupedFailureText, quietFailureText } from "./failures.js";
import { oracleLine, sequencesLine } from "./report.js";
import type { ConformanceResult } from "./types.js";

/** The exit codes of `conformance` (docs/conformance.md, "Exit codes"). */
export const exitCodes = { passed: 0, failed: 1, usage: 2, suiteErrors: 3, signalBase: 128 } as const;

/** The suite's own errors, apart from the server's failures. */
export function suiteErrorLines(result: Pick<ConformanceResult, "suiteErrors">): string[] {
  const errors = result.suiteErrors ?? [];
  if (errors.length === 0) return [];
  return [
    `${errors.length} error${errors.length === 1 ? "" : "s"} inside the suite (a defect of the suite, not counted against the server; please report it):`,
    ...errors.slice(0, 10).map((error) => `  ERROR ${error.where}: ${error.message.split("\n")[0].slice(0, 300)}`),
    ...(errors.length > 10 ? [`  ... and ${errors.length - 10} more (all in the reports)`] : []),
  ];
}

/** One line on a server that stopped answering: after which check, and what the transport saw. */
export function serverGoneLine(result: Pick<ConformanceResult, "serverGone">): string | undefined {
  const gone = result.serverGone;
  if (!gone) return undefined;
  const after = gone.after ? `after the check "${gone.after}" (${gone.checksBefore} checks in)` : "before any check ended";
  return `The server stopped answering ${after}: ${gone.error}. The run stopped there; what ran is judged above.`;
}

/** What `--operation` and `--rule` left out. */
export function leftOutLine(result: Pick<ConformanceResult, "leftOut">): string | undefined {
  if (!result.leftOut || result.leftOut.length === 0) return undefined;
  return `Left out by the focus: ${result.leftOut.map(({ reason, count }) => `${count} ${reason}`).join("; ")}.`;
}

export function closingLines(result: ConformanceResult, options: { quiet: boolean; reportDir?: string }): string[] {
  const lines: string[] = [];
  const failures = options.quiet ? quietFailureText(result.checks) : groupedFailureText(result.checks);
  if (failures.length > 0) lines.push("", ...failures);
  const errors = suiteErrorLines(result);
  if (errors.length > 0) lines.push("", ...errors, "");
  lines.push(oracleLine(result));
  if (result.sequences) lines.push(sequencesLine(result.sequences));
  if (result.evidence) lines.push(`The verdict rests on:`, ...evidenceLines(result.evidence).map((line) => `  ${line}`));
  const gone = serverGoneLine(result);
  if (gone) lines.push(gone);
  else if (result.stopped) lines.push(`The run was stopped by ${result.stopped}: what ran is judged above${options.reportDir ? " and in the reports" : ""}.`);
  const left = leftOutLine(result);
  if (left) lines.push(left);
  if (options.reportDir) lines.push(`reports written to ${options.reportDir}`);
  return lines;
}
