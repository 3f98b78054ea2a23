// One request through the proxy, as a reverse proxy forwards it: its header lines in their order,
// repeated as sent (hop-by-hop ones excepted, Host naming the upstream), its body streamed with
// backpressure both ways (nothing held but the first `bodyCap` bytes of each body, for the judge and
// the recording), its trailers, and the upstream's 1xx answers passed on before the final one.
//
// Failures are answered as a gateway answers them: 502 with a JSON body when the upstream cannot be
// reached or breaks off before answering, 504 when it says nothing for `upstreamTimeoutMs`. A
// request on a reused connection that the upstream closed as it arrived is sent again once, on a
// fresh connection, when no byte of its answer came back: any request when no byte of it had been
// written, an idempotent one otherwise (RFC 9110, 9.2.2). A client that leaves before its answer
// is whole cancels the upstream request; one that leaves after is still an exchange, not delivered.
import type { Agent, ClientRequest, IncomingMessage, ServerResponse } from "node:http";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { Socket } from "node:net";
import { BodyCapture } from "./capture.js";
import type { HeaderLine } from "./secrets.js";

export type Upstream = { url: URL; agent: Agent };

export type ForwardSettings = { bodyCap: number; upstreamTimeoutMs: number };

/** The request once it has arrived whole (or once its answer came first). */
export type ArrivedRequest = {
  at: number;
  method: string;
  /** The absolute URL at the upstream. */
  url: string;
  /** The target as sent, where it was not a path. */
  requestTarget?: string;
  httpVersion: string;
  headerLines: HeaderLine[];
  trailerLines: HeaderLine[];
  body?: Buffer;
  bodySize: number;
  /** Only the body's start is kept (longer than the cap, or the answer came before it ended). */
  truncated: boolean;
};

export type CompleteAnswer = {
  /** When its last byte came back from the upstream. */
  at: number;
  status: number;
  statusText: string;
  headerLines: HeaderLine[];
  trailerLines: HeaderLine[];
  informational: Array<{ status: number; statusText: string; headerLines: HeaderLine[] }>;
  body?: Buffer;
  bodySize: number;
  truncated: boolean;
  /** The client received it all (false: it left first). */
  delivered: boolean;
};

/** What one forwarded exchange tells the proxy: `arrived` at most once, then `answered` or `lost` once. */
export type ExchangeObserver = {
  arrived(request: ArrivedRequest): void;
  answered(answer: CompleteAnswer): void;
  /** No whole answer will come; `arrived` says whether the request had (a client that left half-way had not). */
  lost(why: string, arrived: boolean): void;
};

export type Forwarding = {
  /** Answered or lost: nothing more will come. */
  readonly settled: boolean;
  /** Ends it now (the proxy stops): an unanswered request is answered 503, an answer under way is cut. */
  cut(): void;
  /** The response should close its connection (the proxy is stopping). */
  closeAfter(): void;
};

// Hop-by-hop headers (RFC 9110, 7.6.1) belong to one connection, not to the exchange.
const hopByHop = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"]);
const idempotent = new Set(["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"]);
const droppedConnection = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"]);

const pairs = (flat: string[]): HeaderLine[] => {
  const lines: HeaderLine[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) lines.push([flat[i], flat[i + 1]]);
  return lines;
};

/** The header lines minus the hop-by-hop ones and those the Connection header names. */
function endToEnd(lines: HeaderLine[], keep: ReadonlySet<string> = new Set()): HeaderLine[] {
  const named = new Set(lines.filter(([name]) => name.toLowerCase() === "connection").flatMap(([, value]) => value.split(",").map((v) => v.trim().toLowerCase())));
  return lines.filter(([name]) => {
    const lower = name.toLowerCase();
    return keep.has(lower) || (!hopByHop.has(lower) && !named.has(lower));
  });
}

/** Where a request target goes at the upstream, and the absolute URL it is recorded under. */
export function upstreamTarget(target: string, upstream: URL): { path: string; url: string; requestTarget?: string } {
  const basePath = upstream.pathname.replace(/\/$/, "");
  const origin = `${upstream.protocol}//${upstream.host}`;
  if (target.startsWith("/")) return { path: basePath + target, url: origin + basePath + target };
  if (target === "*") return { path: "*", url: `${origin}${basePath}/*`, requestTarget: target };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    // Absolute form (RFC 9112, 3.2.2): the proxy is the upstream's front, so its path and query go there.
    try {
      const absolute = new URL(target);
      const path = basePath + absolute.pathname + absolute.search;
      return { path, url: origin + path, requestTarget: target };
    } catch { /* not a URL after all: sent on as it came */ }
  }
  return { path: target, url: `${origin}${basePath}/${target}`, requestTarget: target };
}

const flat = (lines: HeaderLine[]) => lines.flat();

/** Writes an informational answer before the final one (Node has helpers only for 100, 102 and 103, without their header lines). */
function writeInformational(res: ServerResponse, status: number, statusText: string, lines: HeaderLine[]): void {
  const head = `HTTP/1.1 ${status} ${statusText}\r\n${lines.map(([name, value]) => `${name}: ${value}\r\n`).join("")}\r\n`;
  // _writeRaw is what writeEarlyHints uses: it queues behind an earlier pipelined response on the connection.
  (res as unknown as { _writeRaw(data: string, encoding: BufferEncoding): boolean })._writeRaw(head, "latin1");
}

export function forward(req: IncomingMessage, res: ServerResponse, upstream: Upstream, settings: ForwardSettings, observer: ExchangeObserver, clock: () => number): Forwarding {
  const method = req.method ?? "GET";
  const target = upstreamTarget(req.url ?? "/", upstream.url);
  const requestLines = pairs(req.rawHeaders);
  const chunked = requestLines.some(([name, value]) => name.toLowerCase() === "transfer-encoding" && /chunked/i.test(value));
  // The body keeps its framing to the upstream: a chunked one stays chunked (Node would not chunk a GET's).
  const outgoingLines = endToEnd(requestLines).map(([name, value]): HeaderLine => (name.toLowerCase() === "host" ? [name, upstream.url.host] : [name, value]));
  // HTTP/1.1 needs a Host line (an HTTP/1.0 client may send none), and Node adds none to lines.
  if (!outgoingLines.some(([name]) => name.toLowerCase() === "host")) outgoingLines.unshift(["Host", upstream.url.host]);
  if (chunked) outgoingLines.push(["Transfer-Encoding", "chunked"]);
  const requestBody = new BodyCapture(settings.bodyCap);
  const answerBody = new BodyCapture(settings.bodyCap);
  const informational: CompleteAnswer["informational"] = [];
  const send = upstream.url.protocol === "https:" ? httpsRequest : httpRequest;

  let current: ClientRequest | undefined;
  let answer: IncomingMessage | undefined;
  let retried = false;
  let answerBegan = false;
  let requestEnded = false;
  let arrived = false;
  let settled = false;
  let timedOut = false;
  let complete: Omit<CompleteAnswer, "delivered"> | undefined;

  const arrive = () => {
    if (arrived) return;
    arrived = true;
    observer.arrived({
      at: clock(), method, url: target.url, ...(target.requestTarget !== undefined ? { requestTarget: target.requestTarget } : {}),
      httpVersion: `HTTP/${req.httpVersion}`, headerLines: requestLines, trailerLines: pairs(req.rawTrailers), body: requestBody.bytes(),
      bodySize: requestBody.size, truncated: requestBody.truncated || !requestEnded,
    });
  };
  const lose = (why: string) => {
    if (settled) return;
    settled = true;
    observer.lost(why, arrived);
  };
  const answerError = (status: number, error: string, message: string) => {
    if (res.headersSent || res.destroyed) return void res.destroy();
    const body = JSON.stringify({ error, message });
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  };

  const start = (fresh: boolean) => {
    let outgoing: ClientRequest;
    try {
      outgoing = send({
        protocol: upstream.url.protocol, hostname: upstream.url.hostname, port: upstream.url.port, method, path: target.path,
        headers: flat(outgoingLines), setHost: false, agent: fresh ? false : upstream.agent,
      });
    } catch (error) {
      // Node refuses to send what it could parse but not write (a target or a header it cannot carry).
      lose("the request cannot be sent on");
      req.resume();
      return answerError(502, "bad_gateway", `the conformance proxy cannot send this request on: ${(error as Error).message}`);
    }
    current = outgoing;
    let writtenBefore: number | undefined;
    outgoing.on("socket", (socket: Socket) => { writtenBefore = socket.bytesWritten; });
    outgoing.setTimeout(settings.upstreamTimeoutMs, () => {
      timedOut = true;
      outgoing.destroy(new Error(`no answer from the upstream within ${settings.upstreamTimeoutMs / 1000} s`));
    });
    outgoing.on("drain", () => req.resume());
    outgoing.on("information", (info) => {
      answerBegan = true;
      const lines = pairs(info.rawHeaders);
      informational.push({ status: info.statusCode, statusText: info.statusMessage, headerLines: lines });
      // RFC 9110, 15.2: no 1xx to an HTTP/1.0 client.
      if (!res.headersSent && !res.destroyed && req.httpVersionMinor >= 1 && req.httpVersionMajor === 1) writeInformational(res, info.statusCode, info.statusMessage, lines);
    });
    outgoing.on("response", (incoming) => onAnswer(incoming));
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      if (settled || current !== outgoing) return;
      const nothingWritten = writtenBefore !== undefined && outgoing.socket?.bytesWritten === writtenBefore;
      const replayable = !requestBody.truncated;
      if (!retried && !answerBegan && !timedOut && outgoing.reusedSocket && droppedConnection.has(error.code ?? "") && replayable && (nothingWritten || idempotent.has(method))) {
        // The upstream closed a kept-alive connection as this request arrived: once more, on a fresh one.
        retried = true;
        start(true);
        return;
      }
      if (answer) answer.destroy();
      if (!answerBegan || !res.headersSent) {
        lose(timedOut ? "the upstream did not answer in time" : `the upstream failed: ${error.message}`);
        return timedOut
          ? answerError(504, "gateway_timeout", `the conformance proxy got no answer from the upstream within ${settings.upstreamTimeoutMs / 1000} s`)
          : answerError(502, "bad_gateway", `the conformance proxy could not reach the upstream: ${error.message}`);
      }
      lose(`the upstream broke off its answer: ${error.message}`);
      res.destroy();
    });
    // What already went by (a retry) goes again first; the rest follows as it comes.
    if (fresh) for (const part of requestBody.parts) outgoing.write(part);
    if (requestEnded) endRequest(outgoing);
    else if (fresh) req.resume(); // it may have waited on the connection that failed
  };

  const endRequest = (outgoing: ClientRequest) => {
    if (req.rawTrailers.length > 0) outgoing.addTrailers(pairs(req.rawTrailers));
    outgoing.end();
  };

  const onAnswer = (incoming: IncomingMessage) => {
    answer = incoming;
    answerBegan = true;
    const status = incoming.statusCode ?? 502;
    const statusText = incoming.statusMessage ?? "";
    const headerLines = pairs(incoming.rawHeaders);
    const forwarded = endToEnd(headerLines, new Set(["trailer"]));
    res.sendDate = false; // the upstream's Date, or none, as it answered
    try {
      res.writeHead(status, statusText, flat(forwarded));
    } catch {
      // An answer Node cannot pass on as it came: announced trailers to a client that cannot take them
      // (HTTP/1.0, or a length given), then anything else it refuses.
      try {
        res.writeHead(status, statusText, flat(forwarded.filter(([name]) => name.toLowerCase() !== "trailer")));
      } catch (error) {
        incoming.destroy();
        lose("the upstream's answer cannot be passed on");
        return answerError(502, "bad_gateway", `the conformance proxy cannot pass the upstream's answer on: ${(error as Error).message}`);
      }
    }
    incoming.on("data", (chunk: Buffer) => {
      answerBody.add(chunk);
      if (!res.write(chunk)) incoming.pause();
    });
    res.on("drain", () => incoming.resume());
    incoming.on("end", () => {
      if (settled) return;
      if (!incoming.complete) return; // cut off: the error handler answers for it
      complete = {
        at: clock(), status, statusText, headerLines, trailerLines: pairs(incoming.rawTrailers), informational,
        body: answerBody.bytes(), bodySize: answerBody.size, truncated: answerBody.truncated,
      };
      if (incoming.rawTrailers.length > 0) res.addTrailers(pairs(incoming.rawTrailers));
      arrive();
      res.end();
    });
    const brokenOff = () => {
      lose("the upstream broke off its answer");
      res.destroy();
    };
    incoming.on("aborted", brokenOff);
    incoming.on("error", brokenOff);
  };

  req.on("data", (chunk: Buffer) => {
    requestBody.add(chunk);
    if (current && !current.write(chunk)) req.pause();
  });
  req.on("end", () => {
    requestEnded = true;
    arrive();
    if (current && !current.writableEnded) endRequest(current);
  });
  res.on("finish", () => {
    if (settled || !complete) return;
    settled = true;
    observer.answered({ ...complete, delivered: true });
  });
  const undelivered = () => {
    // The answer came back whole, but the client did not take it all: it still happened at the server.
    settled = true;
    observer.answered({ ...complete!, delivered: false });
  };
  // A connection that breaks is the close handler's to handle.
  res.on("error", () => {});
  res.on("close", () => {
    if (settled) return;
    if (complete) return undelivered();
    lose("the client left before its answer");
    current?.destroy();
    answer?.destroy();
  });
  start(false);

  return {
    get settled() {
      return settled;
    },
    cut() {
      if (settled) return;
      if (complete) {
        undelivered();
        return void res.destroy();
      }
      lose("the proxy stopped before the answer was whole");
      current?.destroy();
      answer?.destroy();
      if (res.headersSent) res.destroy();
      else answerError(503, "proxy_stopping", "the conformance proxy stopped before the upstream answered");
    },
    closeAfter() {
      if (!res.headersSent) res.shouldKeepAlive = false;
    },
  };
}
