// A black-box fault-injecting HTTP proxy: forwards every request to a real implementation and
// lets one mutant alter the response (possibly by asking the implementation something else).
// It counts the responses the mutant actually changed: a mutant that never fired proves nothing.
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Exchange = {
  method: string;
  url: URL;
  requestHeaders: Record<string, string>;
  requestBody: string;
  status: number;
  headers: Record<string, string>;
  body: string;
};

export type ProxyContext = {
  /** Calls the real implementation directly (to read state, or to answer another request instead). */
  forward(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }>;
  secretKey?: string;
  publishableKey?: string;
  /** The mutant's own memory across requests (what it saw earlier in the run). */
  memory: Map<string, unknown>;
};

/** The kinds of fault the catalog spreads over (README, "How we know the suite catches faults"). */
export type MutantClass =
  | "status and shape" | "echo" | "consistency" | "invariant" | "dates and schedules"
  | "error bodies" | "reduced view" | "check cashing" | "sequences only";

export type Mutant = {
  id: string;
  service: "bank-payments" | "check-cashing";
  class: MutantClass;
  fault: string;
  /** Alters the response before it is returned (the exchange holds the request too). */
  response(exchange: Exchange, context: ProxyContext): void | Promise<void>;
};

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  return out;
}

export type RunningProxy = { url: string; fired(): number; close(): Promise<void> };

type Answer = { status: number; headers: Record<string, string>; body: string };

/**
 * One request to the implementation on a connection of its own: a pooled keep-alive socket that
 * the implementation closes as the proxy reuses it fails the request ("fetch failed"), and on a
 * loaded machine that happened often enough to make runs flaky.
 */
function send(target: URL, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(target, { method, headers, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, headers: flatten(incoming.headers), body: Buffer.concat(chunks).toString("utf8") }));
      incoming.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(body === undefined || body === "" ? undefined : body);
  });
}

export async function startMutantProxy(mutant: Mutant, target: string, keys: { secretKey?: string; publishableKey?: string }): Promise<RunningProxy> {
  const base = new URL(target);
  const forward: ProxyContext["forward"] = async (method, path, headers, body) => {
    const answer = await send(new URL(path, base), method, headers, body);
    return { status: answer.status, body: answer.body };
  };
  const context: ProxyContext = { forward, ...keys, memory: new Map() };
  let fired = 0;
  const server: Server = createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const exchange: Exchange = {
        method: req.method ?? "GET",
        url: new URL(req.url ?? "/", base),
        requestHeaders: flatten(req.headers),
        requestBody: Buffer.concat(chunks).toString("utf8"),
        status: 0,
        headers: {},
        body: "",
      };
      const headers = { ...exchange.requestHeaders };
      delete headers.host;
      delete headers.connection;
      const upstream = await send(exchange.url, exchange.method, headers, exchange.requestBody);
      exchange.status = upstream.status;
      exchange.headers = upstream.headers;
      exchange.body = upstream.body;
      const before = { status: exchange.status, body: exchange.body, type: exchange.headers["content-type"] };
      await mutant.response(exchange, context);
      if (exchange.status !== before.status || exchange.body !== before.body || exchange.headers["content-type"] !== before.type) fired += 1;
      const out = { ...exchange.headers };
      for (const name of ["content-length", "transfer-encoding", "connection", "keep-alive", "content-encoding"]) delete out[name];
      res.writeHead(exchange.status, { ...out, "content-length": Buffer.byteLength(exchange.body) });
      res.end(exchange.body);
    } catch (error) {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(`mutant proxy error: ${(error as Error).message}`);
    }
  });
  // Idle keep-alive sockets stay open longer than any pause of a run (Dredd's start blocks the
  // event loop for a while): a client must never reuse a socket the proxy is closing.
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    fired: () => fired,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** Parses a JSON body, lets `edit` change it, and writes it back (no-op for non-JSON bodies). */
export function editJson(exchange: Exchange, edit: (body: any) => void): void {
  let body: any;
  try {
    body = JSON.parse(exchange.body);
  } catch {
    return;
  }
  edit(body);
  exchange.body = JSON.stringify(body);
}

/** The request body as JSON, when it is. */
export function requestJson(exchange: Exchange): any {
  try {
    return JSON.parse(exchange.requestBody);
  } catch {
    return undefined;
  }
}
