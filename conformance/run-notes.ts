// What a run says about how it went besides its checks, in one line each, for the console and the
// reports alike: the suite's own errors, a server that stopped answering, what a focus left out.
import type { ConformanceResult } from "./types.js";

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

