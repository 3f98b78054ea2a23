// The fetch the resource clients hand to openapi-fetch: a timeout on every request, and retries of
// safe requests (GET) that failed on the network or timed out. Other methods are never retried:
// a POST or PATCH that timed out may have been carried out. A network failure that remains is
// thrown as a ConnectionError that says what to check (connection-error.ts).
import { explainedNetworkFailure } from "./connection-error.js";

export interface TransportOptions {
  /** The fetch to call; default `globalThis.fetch`. */
  fetch?: (request: Request) => Promise<Response>;
  /** Abandon a request after this many milliseconds (default 30 000; 0: no timeout). */
  timeoutMs?: number;
  /** Retries of a GET that failed on the network or timed out (default 2; 0: none). */
  retries?: number;
}

export const transportDefaults = { timeoutMs: 30_000, retries: 2 } as const;

const safeMethods = new Set(["GET", "HEAD"]);

/** Whether a failed fetch may be tried again: a network failure or our own timeout, not the caller's abort. */
function retryable(error: unknown, callerSignal: AbortSignal): boolean {
  if (callerSignal.aborted) return false;
  if (error instanceof DOMException) return error.name === "TimeoutError";
  return error instanceof TypeError; // what fetch rejects with when the connection fails
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A fetch that applies the timeout and the retries of `options` around `options.fetch`. */
export function resilientFetch(options: TransportOptions = {}): (request: Request) => Promise<Response> {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const timeoutMs = options.timeoutMs ?? transportDefaults.timeoutMs;
  const retries = options.retries ?? transportDefaults.retries;
  return async (request: Request) => {
    const attempts = safeMethods.has(request.method) ? 1 + retries : 1;
    for (let attempt = 1; ; attempt += 1) {
      const signal = timeoutMs > 0 ? AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]) : request.signal;
      try {
        return await send(new Request(request, { signal }));
      } catch (error) {
        if (attempt >= attempts || !retryable(error, request.signal)) throw explainedNetworkFailure(error, request);
        await pause(50 * 2 ** (attempt - 1));
      }
    }
  };
}
