// What an exception out of a check means. The server's fault: a request it never answered (the
// check fails, naming the connection error), or any exception once the check's client recorded a
// violation, or a verdict of the suite's own (a scenario's assertion, a coverage probe's rule: plain
// errors and the suite's error classes). Not the server's fault: a check left out by `--operation`,
// and a defect of the suite, which shows as the JavaScript runtime's own errors (a TypeError on an
// answer the code did not expect, say) with no violation recorded. A defect is the suite's error:
// reported apart, never counted against the server, and the run goes on.
import { connectionErrorOf } from "./http.js";
import { LeftOut } from "./focus.js";

export type Thrown =
  | { kind: "failure"; message: string }
  | { kind: "connection"; message: string }
  | { kind: "left out"; message: string; operationId: string }
  | { kind: "suite error"; message: string };

/** The runtime's errors: what a defect of the suite throws (a verdict is thrown as a plain Error or one of the suite's classes). */
const runtimeErrors = [TypeError, ReferenceError, RangeError, SyntaxError, EvalError, URIError];

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What `error`, thrown by a check whose client recorded `violations` problems, means. */
export function classify(error: unknown, violations: number): Thrown {
  if (error instanceof LeftOut) return { kind: "left out", message: error.message, operationId: error.operationId };
  const connection = connectionErrorOf(error);
  if (connection) return { kind: "connection", message: `the server did not answer: ${connection.message}` };
  if (violations > 0) return { kind: "failure", message: messageOf(error) };
  const defect = !(error instanceof Error) || runtimeErrors.some((kind) => error instanceof kind);
  if (defect) return { kind: "suite error", message: error instanceof Error ? `${error.name}: ${error.message}${stackLine(error)}` : String(error) };
  return { kind: "failure", message: error.message };
}

/** Where in the suite a defect happened: the first frame of its stack, for the report. */
function stackLine(error: Error): string {
  const frame = error.stack?.split("\n").find((line) => /^\s+at /.test(line));
  return frame ? ` (${frame.trim()})` : "";
}
