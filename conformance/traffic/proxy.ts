// The recording proxy: forwards every request to the upstream unchanged and answers with the
// upstream's response unchanged; once the answer is on its way the exchange is posted to the judge's
// own thread (judge-worker.ts), which judges in order, so judging never holds up the traffic. A client that drops its connection half-way
// cancels the upstream request and leaves no exchange; an upstream that cannot be reached is answered
// 502 with a JSON error and not judged.
import { request as httpRequest, Agent, createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { request as httpsRequest, Agent as HttpsAgent } from "node:https";
import type { AddressInfo } from "node:net";
import { maskKeys, type RawExchange } from "./exchange.js";
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { ExchangeJudgement, TrafficOptions, TrafficResult } from "./judge.js";
import type { ToJudge } from "./judge-protocol.js";
import { clock } from "../oracle/oracle.js";

export type ProxyOptions = Omit<TrafficOptions, "exchanges"> & {
  upstream: string;
  port?: number;
  /** Loopback unless told otherwise. */
  host?: string;
  /** Called for every exchange once judged, in order. */
  onJudgement?: (judgement: ExchangeJudgement) => void;
};

export type Proxy = {
  url: string;
  /** The exchanges so far, keys masked when `masked` (what --record writes). */
  exchanges(masked?: boolean): RawExchange[];
  /** Stops accepting, waits for the judging of what passed, and gives the result. */
  close(): Promise<TrafficResult>;
};

// Hop-by-hop headers (RFC 9110, 7.6.1) belong to one connection, not to the exchange.
const hopByHop = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"]);

const headerRecord = (headers: IncomingMessage["headers"]) =>
  Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)]));

/** The judge's thread (judge-worker.ts, compiled or run from source as this file is), once it is ready. */
async function startJudge(options: ProxyOptions): Promise<{ post(message: ToJudge): void; finish(): Promise<TrafficResult> }> {
  const { service, keys, settings, fixtures, triggers, openapi, clockSkewSeconds } = options;
  const workerData = { service, keys, settings, fixtures, triggers, openapi, clockSkewSeconds };
  const source = extname(fileURLToPath(import.meta.url)) === ".ts";
  const file = new URL(`./judge-worker${source ? ".ts" : ".js"}`, import.meta.url);
  // Run from source (tests, bench), the thread registers tsx itself: a loader registered in this thread is not inherited.
  const worker = source
    ? new Worker(`import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))}).then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); });`, { eval: true, workerData })
    : new Worker(file, { workerData });
  let finished: (result: TrafficResult) => void = () => {};
  let failed: (error: Error) => void = () => {};
  // A judge's thread that breaks leaves the traffic flowing; the proxy's close then says why.
  let broken: Error | undefined;
  const breaks = (error: Error) => {
    broken ??= error;
    failed(broken);
  };
  worker.on("message", (message: { ready?: true; judgement?: ExchangeJudgement; result?: TrafficResult }) => {
    if (message.judgement) options.onJudgement?.(message.judgement);
    if (message.result) finished(message.result);
  });
  worker.on("error", breaks);
  worker.on("exit", (code) => breaks(new Error(`the judge's thread ended (exit code ${code}) before giving its result`)));
  await new Promise<void>((resolve, reject) => {
    failed = reject;
    worker.once("message", () => resolve());
  });
  return {
    post: (message) => worker.postMessage(message),
    finish: () => new Promise<TrafficResult>((resolve, reject) => {
      if (broken) return reject(broken);
      finished = (result) => {
        failed = () => {}; // its own end, once the result is in
        void worker.terminate().then(() => resolve(result));
      };
      failed = reject;
      worker.postMessage({ done: true });
    }),
  };
}

export async function startProxy(options: ProxyOptions): Promise<Proxy> {
  const upstream = new URL(options.upstream);
  const secure = upstream.protocol === "https:";
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new Agent({ keepAlive: true });
  const send = secure ? httpsRequest : httpRequest;
  const basePath = upstream.pathname.replace(/\/$/, "");
  const judge = await startJudge(options);
  const recorded: RawExchange[] = [];

  let nextId = 0;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    const id = (nextId += 1);
    let sentAt = clock();
    let dropped = false;
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("error", () => { dropped = true; });
    req.on("end", () => {
      const requestBody = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const publicUrl = `${upstream.protocol}//${upstream.host}${basePath}${req.url ?? "/"}`;
      sentAt = clock();
      judge.post({ begin: { id, at: sentAt, method: req.method ?? "GET", url: publicUrl, requestHeaders: headerRecord(req.headers), requestBody: requestBody?.toString("utf8") } });
      let ended = false;
      const lost = () => {
        if (ended) return;
        ended = true;
        judge.post({ lost: { id, at: clock() } });
      };
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !hopByHop.has(name)));
      headers.host = upstream.host;
      const outgoing = send({
        protocol: upstream.protocol, hostname: upstream.hostname, port: upstream.port, method: req.method, path: basePath + (req.url ?? "/"), headers, agent,
      }, (answer) => {
        const body: Buffer[] = [];
        const responseHeaders = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !hopByHop.has(name)));
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, responseHeaders as Record<string, string | string[]>);
        answer.on("data", (chunk: Buffer) => { body.push(chunk); res.write(chunk); });
        answer.on("error", () => res.destroy());
        answer.on("end", () => {
          res.end();
          if (ended) return;
          ended = true;
          const exchange: RawExchange = {
            method: req.method ?? "GET", url: publicUrl, requestHeaders: headerRecord(req.headers), requestBody: requestBody?.toString("utf8"),
            sentAt, receivedAt: clock(), status: answer.statusCode ?? 0, responseHeaders: headerRecord(answer.headers), responseText: Buffer.concat(body).toString("utf8"),
            ...(dropped ? { delivered: false } : {}),
          };
          recorded.push(exchange);
          judge.post({ end: { id, exchange } });
        });
      });
      outgoing.on("error", (error) => {
        lost();
        if (res.headersSent) return void res.destroy();
        res.writeHead(502, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "bad_gateway", message: `the conformance proxy could not reach the upstream: ${error.message}` }));
      });
      // A client gone before its answer: the upstream request is cancelled and nothing is judged.
      res.on("close", () => {
        if (!res.writableFinished) {
          dropped = true;
          outgoing.destroy();
          lost();
        }
      });
      if (requestBody) outgoing.write(requestBody);
      outgoing.end();
    });
    req.on("aborted", () => { dropped = true; });
  };

  const server = createServer(handle);
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const keys = [options.keys?.secret, options.keys?.publishable];
  return {
    url: `http://${host}:${address.port}`,
    exchanges: (masked = false) => recorded.map((e) => (masked ? {
      ...e,
      requestHeaders: Object.fromEntries(Object.entries(e.requestHeaders).map(([name, value]) => [name, maskKeys(value, keys)])),
      requestBody: e.requestBody === undefined ? undefined : maskKeys(e.requestBody, keys),
      responseText: maskKeys(e.responseText, keys),
    } : e)),
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      agent.destroy();
      return judge.finish();
    },
  };
}
