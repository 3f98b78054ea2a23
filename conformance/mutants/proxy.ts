// A black-box fault-injecting HTTP proxy: forwards every request to a real implementation and
// lets one mutant alter the request or the response. Used to prove the suite catches faults.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
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
  /** Calls the real implementation directly (for mutants that fabricate plausible answers). */
  forward(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }>;
  secretKey?: string;
  publishableKey?: string;
};

export type Mutant = {
  id: string;
  service: "bank-payments" | "check-cashing";
  fault: string;
  /** Alters the request before it is forwarded. */
  request?(exchange: Exchange, context: ProxyContext): void;
  /** Alters the response before it is returned. */
  response?(exchange: Exchange, context: ProxyContext): void | Promise<void>;
};

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  return out;
}

export type RunningProxy = { url: string; close(): Promise<void> };

export async function startMutantProxy(mutant: Mutant, target: string, keys: { secretKey?: string; publishableKey?: string }): Promise<RunningProxy> {
  const base = new URL(target);
  const forward: ProxyContext["forward"] = async (method, path, headers, body) => {
    const response = await fetch(new URL(path, base), { method, headers, body: body === "" ? undefined : body });
    return { status: response.status, body: await response.text() };
  };
  const context: ProxyContext = { forward, ...keys };
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
      mutant.request?.(exchange, context);
      const headers = { ...exchange.requestHeaders };
      delete headers.host;
      delete headers["content-length"];
      delete headers.connection;
      const upstream = await fetch(exchange.url, {
        method: exchange.method, headers, body: ["GET", "HEAD"].includes(exchange.method) || exchange.requestBody === "" ? undefined : exchange.requestBody,
      });
      exchange.status = upstream.status;
      upstream.headers.forEach((value, name) => { exchange.headers[name] = value; });
      exchange.body = await upstream.text();
      await mutant.response?.(exchange, context);
      const out = { ...exchange.headers };
      for (const name of ["content-length", "transfer-encoding", "connection", "keep-alive", "content-encoding"]) delete out[name];
      res.writeHead(exchange.status, { ...out, "content-length": Buffer.byteLength(exchange.body) });
      res.end(exchange.body);
    } catch (error) {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(`mutant proxy error: ${(error as Error).message}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
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
