// fetch reports every network failure as `TypeError: fetch failed`, the reason buried in `cause`
// (`connect ECONNREFUSED 127.0.0.1:4020`). A merchant's first failure is nearly always one of a
// few: nothing listening (the sandbox is not started, or on another port), a host name that does
// not resolve, a server that closes the connection, https against a plain-http server. Each gets a
// message that says what to check; the original error stays the `cause`.

// A browser says less: every blocked or unreachable request (nothing listening, a CORS refusal, a
// bad host) is a bare `TypeError: Failed to fetch` (Chromium; Firefox and Safari word it their own
// way) with no cause, since the page may not learn why. It becomes the `browser` kind.

/** What kind of network failure it was. */
export type ConnectionFailure = "refused" | "host_not_found" | "closed" | "tls" | "timed_out" | "browser" | "other";

/** Thrown when a request could not reach the server (after the retries of a GET). A `TypeError`, as fetch throws. */
export class ConnectionError extends TypeError {
  constructor(
    /**
     * The kind of failure: `refused` (nothing listening), `host_not_found`, `closed`, `tls`,
     * `timed_out`, `browser` (a browser's fetch failed and does not say why: unreachable or
     * blocked by CORS) or `other`.
     */
    readonly failure: ConnectionFailure,
    /** The system's code, e.g. `ECONNREFUSED`, when there is one. */
    readonly code: string | undefined,
    /** The request's method. */
    readonly method: string,
    /** The request's URL. */
    readonly url: string,
    message: string,
    cause: Error,
  ) {
    super(message, { cause });
    this.name = "ConnectionError";
  }
}

/** The codes of each kind of failure (Node's system errors and undici's). */
const failureOfCode: Record<string, ConnectionFailure> = {
  ECONNREFUSED: "refused",
  ENOTFOUND: "host_not_found",
  EAI_AGAIN: "host_not_found",
  EAI_NONAME: "host_not_found",
  ECONNRESET: "closed",
  EPIPE: "closed",
  UND_ERR_SOCKET: "closed",
  UND_ERR_CLOSED: "closed",
  ETIMEDOUT: "timed_out",
  UND_ERR_CONNECT_TIMEOUT: "timed_out",
  EHOSTUNREACH: "timed_out",
  ENETUNREACH: "timed_out",
};

const sandboxDefaults = "The sandbox (npx payments-sandbox) listens on http://127.0.0.1:4020 (bank) and http://127.0.0.1:4021 (check cashing) unless --bank-port or --check-cashing-port say otherwise.";

/** The first `code` along the cause chain (an AggregateError's first error included). */
function codeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    const first = current instanceof AggregateError ? current.errors[0] : undefined;
    current = first ?? current.cause;
  }
  return undefined;
}

/**
 * The fetch of the low-level clients: `send` (default: the global fetch at the time of the call),
 * its network failures thrown as ConnectionErrors. openapi-fetch passes a second argument (its
 * `requestInitExt`), handed on.
 */
export function explainingFetch(send?: (input: Request) => Promise<Response>): (input: Request) => Promise<Response> {
  return async (request: Request, ...rest: []) => {
    try {
      return await (send ?? globalThis.fetch)(request, ...rest);
    } catch (error) {
      throw explainedNetworkFailure(error, request);
    }
  };
}

/** What happened, and what to check. */
function advice(failure: ConnectionFailure, url: URL): [what: string, check: string] {
  const where = url.host;
  switch (failure) {
    case "refused":
      return [`connection refused: nothing is listening at ${where}`, `Is the sandbox or your server running, and is the port in baseUrl the one it listens on? ${sandboxDefaults}`];
    case "host_not_found":
      return [`the host name ${JSON.stringify(url.hostname)} could not be resolved`, "Check the host in baseUrl (the sandbox runs on 127.0.0.1)."];
    case "closed":
      return [`the server at ${where} closed the connection before answering`, "Is baseUrl the address of a server of this API, and is it still running?"];
    case "tls":
      return [`the TLS handshake with ${where} failed`, "Does the server speak https? The sandbox speaks plain http: use an http:// baseUrl."];
    case "timed_out":
      return [`${where} could not be reached`, "Check the host and port in baseUrl, and that nothing between you and the server blocks it."];
    case "browser":
      return [
        "the browser could not make the request (it does not say why)",
        `Check that baseUrl is right, that the server is running, and that it allows this page's origin (${originOfPage() ?? "this page"}) in its CORS origins: the sandbox allows any origin unless started with --cors-origin or --no-cors. The browser's console names the reason.`,
      ];
    case "other":
      return ["the request failed on the network", `Is the server running, and is baseUrl right? ${sandboxDefaults}`];
  }
}

/** The messages of a browser fetch that failed on the network: Chromium, Firefox, Safari. */
const browserNetworkFailure = /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed)$/;

/** The page's origin in a browser, if there is one. */
function originOfPage(): string | undefined {
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  return typeof origin === "string" && origin !== "null" ? origin : undefined;
}

/** A network failure of fetch turned into a ConnectionError; any other error (an abort, a timeout, one explained already) as it is. */
export function explainedNetworkFailure(error: unknown, request: Request): unknown {
  if (error instanceof ConnectionError || !(error instanceof TypeError)) return error;
  const fromBrowser = !(error.cause instanceof Error) && browserNetworkFailure.test(error.message);
  if (!(error.cause instanceof Error) && !fromBrowser) return error;
  const code = fromBrowser ? undefined : codeOf(error.cause);
  const failure = fromBrowser ? "browser" : code === undefined ? "other" : failureOfCode[code] ?? (code.startsWith("ERR_SSL") ? "tls" : "other");
  const [what, check] = advice(failure, new URL(request.url));
  const message = `${request.method} ${request.url} failed: ${what}${code ? ` (${code})` : ""}. ${check}`;
  return new ConnectionError(failure, code, request.method, request.url, message, error);
}
