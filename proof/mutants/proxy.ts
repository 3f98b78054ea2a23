// A black-box HTTP proxy in front of a real implementation that lets one transformation change the
// exchanges: a mutant (a fault the suite must catch) or a variant (another valid server the suite
// must pass). A transformation may rewrite the request before it is forwarded (ids mapped back,
// members left out), answer it itself, and alter the response. The proxy counts the exchanges it
// changed (a transformation that never fired proves nothing) and marks every response it changed
// with the `X-Conformance-Mark` header, which the suite records with the exchange: a failure can
// then be traced to a change (proof/mutants/run.ts).
import { Agent, createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { send } from "../../conformance/http.js";
import { markHeader } from "../../conformance/oracle/exchange.js";

export type Exchange = {
  method: string;
  /** The request as the client sent it. */
  url: URL;
  requestHeaders: Record<string, string>;
  requestBody: string;
  /** The response, as the implementation gave it and then as the transformation changes it. */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** What a transformation's request hook noted for its response hook (this exchange only). */
  notes: Record<string, unknown>;
};

export type ProxyContext = {
  /** Calls the real implementation directly (to read state, or to answer another request instead). */
  forward(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }>;
  secretKey?: string;
  publishableKey?: string;
  /** The transformation's own memory across requests (what it saw earlier in the run). */
  memory: Map<string, unknown>;
};

/** What a request hook asks for: another request forwarded instead, or an answer without forwarding. */
export type RequestChange =
  | { forward: { path?: string; body?: string } }
  | { answer: { status: number; body: string } };

/** One change to a server's exchanges, applied by the proxy. */
export type Transformation = {
  id: string;
  /** Rewrites or answers the request before it reaches the implementation. */
  request?(exchange: Exchange, context: ProxyContext): void | RequestChange | Promise<void | RequestChange>;
  /** Alters the response before it is returned (the exchange holds the request too). */
  response?(exchange: Exchange, context: ProxyContext): void | Promise<void>;
  /**
   * For a change the proxy cannot see (the implementation configured otherwise): whether this
   * exchange shows it. Such an exchange counts as fired, and is not marked.
   */
  evidence?(exchange: Exchange): boolean;
};

/** The kinds of fault the catalog spreads over (docs/conformance.md, "How we know the suite catches faults"). */
export type MutantClass =
  | "status and shape" | "echo" | "consistency" | "invariant" | "dates and schedules"
  | "error bodies" | "reduced view" | "check cashing" | "sequences only" | "useless" | "race";

export type Mutant = Transformation & {
  service: "bank-payments" | "check-cashing";
  class: MutantClass;
  fault: string;
  /** Must be killed by Dredd, the scenarios or the coverage, without the generated sequences. */
  deterministic?: boolean;
  /** `false`: the proof runs the suite without the sandbox's triggers, as implementers run it (the useless mutants). */
  triggers?: false;
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
 * One request to the implementation, through the suite's transport on the proxy's own pool of
 * kept-alive connections (a new connection per request cost the proof a tenth of its time).
 */
async function forwardTo(agent: Agent, target: URL, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const outgoingHeaders = { ...headers };
  for (const name of Object.keys(outgoingHeaders)) if (["content-length", "transfer-encoding", "host", "connection"].includes(name.toLowerCase())) delete outgoingHeaders[name];
  const answer = await send(target.href, { method, headers: outgoingHeaders, body: body === "" ? undefined : body, agent });
  const answerHeaders: Record<string, string> = {};
  answer.headers.forEach((value, name) => { answerHeaders[name] = value; });
  return { status: answer.status, headers: answerHeaders, body: answer.text };
}

export type ProxyOptions = { secretKey?: string; publishableKey?: string };

export async function startProxy(transformation: Transformation, target: string, keys: ProxyOptions): Promise<RunningProxy> {
  const base = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const forward: ProxyContext["forward"] = async (method, path, headers, body) => {
    const answer = await forwardTo(agent, new URL(path, base), method, headers, body);
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
        notes: {},
      };
      const change = await transformation.request?.(exchange, context);
      let changed = false;
      if (change && "answer" in change) {
        changed = true;
        exchange.status = change.answer.status;
        exchange.headers = { "content-type": "application/json" };
        exchange.body = change.answer.body;
      } else {
        const path = change?.forward.path ?? exchange.url.pathname + exchange.url.search;
        const body = change?.forward.body ?? exchange.requestBody;
        changed = path !== exchange.url.pathname + exchange.url.search || body !== exchange.requestBody;
        const upstream = await forwardTo(agent, new URL(path, base), exchange.method, exchange.requestHeaders, body);
        exchange.status = upstream.status;
        exchange.headers = upstream.headers;
        exchange.body = upstream.body;
      }
      const before = { status: exchange.status, body: exchange.body, type: exchange.headers["content-type"] };
      await transformation.response?.(exchange, context);
      changed ||= exchange.status !== before.status || exchange.body !== before.body || exchange.headers["content-type"] !== before.type;
      if (changed || transformation.evidence?.(exchange)) fired += 1;
      const out = { ...exchange.headers };
      for (const name of ["content-length", "transfer-encoding", "connection", "keep-alive", "content-encoding"]) delete out[name];
      if (changed) out[markHeader] = `${transformation.id} ${fired}`;
      res.writeHead(exchange.status, { ...out, "content-length": Buffer.byteLength(exchange.body) });
      res.end(exchange.body);
    } catch (error) {
      // Unmarked: a failure the proxy caused is never a kill.
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(`proxy error: ${(error as Error).message}`);
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
    close: () => new Promise<void>((resolve) => { agent.destroy(); server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** The proxy of one mutant (kept for the tests that start a single mutant). */
export const startMutantProxy = startProxy;

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
