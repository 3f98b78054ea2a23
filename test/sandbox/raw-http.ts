// Raw HTTP over node:net, for requests fetch cannot send (malformed lines, unknown methods, huge
// headers, unfinished requests) and for answers Node's HTTP layer gives before any route runs.
import assert from "node:assert/strict";
import { connect } from "node:net";
import { validatorFor } from "../../src/openapi/validator.js";

export type RawAnswer = {
  status: number;
  headers: Record<string, string>;
  body: any;
  /** Whether the server closed the connection (within the wait). */
  closed: boolean;
  /** Milliseconds from sending to the end of the answer. */
  ms: number;
};

/**
 * Sends `bytes` (nothing when null) on a new connection and reads one answer, waiting at most
 * `waitMs` for the server to close. Fails the test when no answer or a non-JSON one comes back.
 */
export function rawExchange(baseUrl: string, bytes: string | null, waitMs = 5_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const started = Date.now();
    let closed = false;
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      try {
        resolve(parseAnswer(Buffer.concat(chunks).toString("utf8"), closed, Date.now() - started));
      } catch (error) {
        reject(error);
      }
    });
    socket.on("end", () => {
      closed = true;
      socket.end();
    });
    if (bytes !== null) socket.write(bytes, "latin1");
  });
}

function parseAnswer(text: string, closed: boolean, ms: number): RawAnswer {
  // Skip interim answers (100 Continue).
  let rest = text;
  while (/^HTTP\/1\.1 1\d\d /.test(rest)) rest = rest.slice(rest.indexOf("\r\n\r\n") + 4);
  const split = rest.indexOf("\r\n\r\n");
  assert.ok(split > 0, `no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine, ...lines] = rest.slice(0, split).split("\r\n");
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const bodyText = rest.slice(split + 4, split + 4 + Number(headers["content-length"] ?? 0));
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    assert.fail(`non-JSON answer ${status}: ${JSON.stringify(rest.slice(0, 300))}`);
  }
  return { status, headers, body, closed, ms };
}

/**
 * Asserts a general error in the service's shape: the bank's `{"message": text}`, or check
 * cashing's `errors` array holding one entry valid against the contract's PayrollError.
 */
export function assertServiceShape(service: "bank" | "check-cashing", answer: RawAnswer, expected: { status: number; bankMessage: string; responseCode: string }): void {
  assert.equal(answer.status, expected.status, JSON.stringify(answer.body));
  assert.match(answer.headers["content-type"] ?? "", /^application\/json\b/);
  if (service === "bank") {
    assert.deepEqual(answer.body, { message: expected.bankMessage });
    return;
  }
  assert.equal(answer.body.errors.length, 1, JSON.stringify(answer.body));
  assert.deepEqual(Object.keys(answer.body), ["errors"]);
  const entry = answer.body.errors[0];
  const result = validatorFor("check-cashing").validate("#/components/schemas/PayrollError", entry);
  assert.ok(result.valid, JSON.stringify(result.valid ? [] : result.errors));
  assert.equal(entry.responseCode, expected.responseCode);
}
