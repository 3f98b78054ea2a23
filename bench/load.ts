// Load measurements with autocannon: throughput and latency percentiles of one request shape.
import autocannon from "autocannon";

export type LoadRequest = { method: "GET" | "POST"; path: string; body?: string; headers?: Record<string, string> };
export type LoadResult = { rps: number; p50: number; p99: number; errors: number; non2xx: number; requests: number };

/** Runs autocannon for a duration (`{ duration: seconds }`) or a request count (`{ amount }`). */
async function run(baseUrl: string, request: LoadRequest, connections: number, limit: { duration: number } | { amount: number }): Promise<LoadResult> {
  const result = await autocannon({
    url: baseUrl + request.path,
    method: request.method,
    body: request.body,
    headers: { "content-type": "application/json", accept: "application/json", ...request.headers },
    connections,
    pipelining: 1,
    ...limit,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

/** Keeps `connections` requests in flight for `seconds`. */
export function load(baseUrl: string, request: LoadRequest, connections: number, seconds: number): Promise<LoadResult> {
  return run(baseUrl, request, connections, { duration: seconds });
}

/** Sends `count` requests with `connections` in flight (a bounded creation run, not a timed one). */
export function send(baseUrl: string, request: LoadRequest, connections: number, count: number): Promise<LoadResult> {
  return run(baseUrl, request, connections, { amount: count });
}
