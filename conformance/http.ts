// The suite's HTTP transport: node:http(s) on kept-alive connections, one pool per process. The
// suite first used fetch; in a profile of the variant proof, fetch's web streams and transferables
// took an eighth of the CPU for small JSON bodies, and a run sends thousands of them.
import { AsyncLocalStorage } from "node:async_hooks";
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

export type HttpAnswer = { status: number; headers: Headers; text: string };

/** As long as fetch waited for an answer's headers and then for each part of its body. */
const idleLimitMs = 300_000;

/**
 * A request the server never answered: refused, reset, timed out, its host unknown. `code` is
 * Node's (ECONNREFUSED, ECONNRESET, ETIMEDOUT...); the message names it, since Node's own message
 * for a reset ("socket hang up") does not.
 */
export class ConnectionError extends Error {
  constructor(readonly code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ConnectionError";
  }
}

const connectionCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ECONNABORTED", "EHOSTUNREACH", "ENETUNREACH", "EHOSTDOWN", "ENOTFOUND", "EAI_AGAIN"]);

/** The connection error behind `error` (itself, or its cause), if it is one. */
export function connectionErrorOf(error: unknown): ConnectionError | undefined {
  for (let at = error, depth = 0; at !== undefined && at !== null && depth < 5; at = (at as { cause?: unknown }).cause, depth += 1) {
    if (at instanceof ConnectionError) return at;
    const code = (at as { code?: unknown }).code;
    if (typeof code === "string" && connectionCodes.has(code)) return new ConnectionError(code, (at as Error).message ?? code, { cause: at });
  }
  return undefined;
}

/**
 * What a run wants of the transport: its own per-request timeout, and to hear of each request's
 * outcome (the runner stops when the server stopped answering). Scoped to the run's async context,
 * so runs side by side in one process (the proofs) each see only their own requests.
 */
export type TransportScope = { timeoutMs?: number; onOutcome?: (outcome: { answered: true } | { answered: false; error: ConnectionError }) => void };

const transportScope = new AsyncLocalStorage<TransportScope>();

/** Runs `run` with `scope` applying to every request sent inside it. */
export function withTransport<T>(scope: TransportScope, run: () => Promise<T>): Promise<T> {
  return transportScope.run(scope, run);
}

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

/** The body as text, decoded when the server compressed it although the suite never asks for it (fetch did the same). */
function decoded(body: Buffer, encoding: string | undefined): string {
  switch (encoding?.trim().toLowerCase()) {
    case "gzip": case "x-gzip": return gunzipSync(body).toString("utf8");
    case "deflate": return inflateSync(body).toString("utf8");
    case "br": return brotliDecompressSync(body).toString("utf8");
    default: return body.toString("utf8");
  }
}

function headersOf(incoming: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) headers.append(incoming.rawHeaders[i], incoming.rawHeaders[i + 1]);
  return headers;
}

/**
 * Sends one request and reads the whole answer. A pooled connection that the server closed after
 * its keep-alive timeout (while the suite's event loop was busy, say with Dredd compiling its
 * document) fails before the server read the request; that request is sent again once, on a new
 * connection (Node's `request.reusedSocket` advice). A server that read a request and dropped the
 * connection unanswered fails it, as does one silent for five minutes.
 */
export function send(url: string, init: SendOptions): Promise<HttpAnswer> {
  const scope = transportScope.getStore();
  const sent = sendOnce(url, init, false, scope?.timeoutMs ?? idleLimitMs);
  if (!scope?.onOutcome) return sent;
  const onOutcome = scope.onOutcome;
  return sent.then((answer) => {
    onOutcome({ answered: true });
    return answer;
  }, (error: unknown) => {
    const connection = connectionErrorOf(error);
    if (connection) onOutcome({ answered: false, error: connection });
    throw error;
  });
}

/** What to send; `agent` is a pool of the caller's own (the proof's proxy closes its pool with it). */
export type SendOptions = { method: string; headers: Record<string, string>; body?: string; agent?: HttpAgent };

/** Why the server did not answer, in words, with Node's code. */
const unanswered = (code: string) => ({
  ECONNREFUSED: "the connection was refused", ECONNRESET: "the connection was reset before an answer", ETIMEDOUT: "no answer in time",
  EPIPE: "the connection was closed while sending", ENOTFOUND: "the host name is unknown",
}[code] ?? "the server did not answer");

function sendOnce(url: string, init: SendOptions, retried: boolean, timeoutMs: number): Promise<HttpAnswer> {
  const target = new URL(url);
  const secure = target.protocol === "https:";
  const headers = { ...init.headers };
  if (init.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(init.body));
  const pool = init.agent ?? (secure ? agents.https : agents.http);
  return new Promise((resolve, reject) => {
    const outgoing = (secure ? httpsRequest : httpRequest)(target, {
      method: init.method, headers, timeout: timeoutMs, agent: retried ? false : pool,
    }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", (error) => reject(connectionErrorOf(error) ?? error));
      incoming.on("end", () => {
        try {
          resolve({ status: incoming.statusCode ?? 0, headers: headersOf(incoming), text: decoded(Buffer.concat(chunks), incoming.headers["content-encoding"]) });
        } catch (error) {
          reject(new Error(`${init.method} ${url}: the body could not be decoded as ${incoming.headers["content-encoding"]}: ${(error as Error).message}`));
        }
      });
    });
    outgoing.on("timeout", () => outgoing.destroy(new ConnectionError("ETIMEDOUT", `${init.method} ${url}: ${unanswered("ETIMEDOUT")} (ETIMEDOUT: nothing for ${timeoutMs / 1000} s)`)));
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      if (outgoing.reusedSocket && !retried && (error.code === "ECONNRESET" || error.code === "EPIPE")) resolve(sendOnce(url, init, true, timeoutMs));
      else if (error instanceof ConnectionError || !error.code || !connectionCodes.has(error.code)) reject(error);
      else reject(new ConnectionError(error.code, `${init.method} ${url}: ${unanswered(error.code)} (${error.code}: ${error.message})`, { cause: error }));
    });
    outgoing.end(init.body);
  });
}
