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
  settled: boolean;
  /** Ends it now (the proxy stops): an unanswered request is answered 503, an answer under way is cut. */
  cut(): void;
  /** The response should close its connection (the proxy is stopping). */
  closeAfter(): void;
  /** Ends it 504 (or cut) when the upstream has been silent for the timeout (`now`: performance.now()). */
  expireIfSilent(now: number): void;
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

/** The header lines minus the hop-by-hop ones and those the Connection header names (`keepTrailer`: the Trailer line stays). */
function endToEnd(lines: HeaderLine[], keepTrailer = false): HeaderLine[] {
  // Connection names more than itself only rarely (`Connection: close, X-Private`): the set is built then.
  let named: Set<string> | undefined;
  for (const [name, value] of lines) {
    if (name.toLowerCase() === "connection" && !/^\s*(?:keep-alive|close)\s*$/i.test(value)) {
      named ??= new Set();
      for (const part of value.split(",")) named.add(part.trim().toLowerCase());
    }
  }
  return lines.filter(([name]) => {
    const lower = name.toLowerCase();
    if (keepTrailer && lower === "trailer") return true;
    return !hopByHop.has(lower) && !named?.has(lower);
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

/** Writes an informational answer before the final one (Node has helpers only for 100, 102 and 103, without their header lines). */
function writeInformational(res: ServerResponse, status: number, statusText: string, lines: HeaderLine[]): void {
  const head = `HTTP/1.1 ${status} ${statusText}\r\n${lines.map(([name, value]) => `${name}: ${value}\r\n`).join("")}\r\n`;
  // _writeRaw is what writeEarlyHints uses: it queues behind an earlier pipelined response on the connection.
  (res as unknown as { _writeRaw(data: string, encoding: BufferEncoding): boolean })._writeRaw(head, "latin1");
}

export function forward(req: IncomingMessage, res: ServerResponse, upstream: Upstream, settings: ForwardSettings, observer: ExchangeObserver, clock: () => number): Forwarding {
  return new ForwardedExchange(req, res, upstream, settings, observer, clock);
}

// A class rather than closures: one request's state and handlers, without a dozen functions made per request.
class ForwardedExchange implements Forwarding {
  private readonly method: string;
  private readonly target: ReturnType<typeof upstreamTarget>;
  private readonly requestLines: HeaderLine[];
  private readonly outgoingLines: string[];
  private readonly requestBody: BodyCapture;
  private readonly answerBody: BodyCapture;
  private readonly informational: CompleteAnswer["informational"] = [];
  private current: ClientRequest | undefined;
  private answer: IncomingMessage | undefined;
  private writtenBefore: number | undefined;
  private retried = false;
  private answerBegan = false;
  private requestEnded = false;
  private arrived = false;
  private timedOut = false;
  /** When the upstream last took or gave a byte of this exchange (performance.now()); the proxy's sweep compares it with the timeout. */
  private heardAt = performance.now();
  private complete: Omit<CompleteAnswer, "delivered"> | undefined;
  settled = false;

  constructor(
    private readonly req: IncomingMessage, private readonly res: ServerResponse, private readonly upstream: Upstream,
    private readonly settings: ForwardSettings, private readonly observer: ExchangeObserver, private readonly clock: () => number,
  ) {
    this.method = req.method ?? "GET";
    this.target = upstreamTarget(req.url ?? "/", upstream.url);
    this.requestLines = pairs(req.rawHeaders);
    this.outgoingLines = outgoingLines(this.requestLines, upstream.url.host);
    this.requestBody = new BodyCapture(settings.bodyCap);
    this.answerBody = new BodyCapture(settings.bodyCap);
    req.on("data", (chunk: Buffer) => this.requestData(chunk));
    req.on("end", () => this.requestEnd());
    res.on("finish", () => this.finished());
    // A connection that breaks is the close handler's to handle.
    res.on("error", ignore);
    res.on("close", () => this.closed());
    this.start(false);
  }

  private start(fresh: boolean): void {
    const { upstream } = this;
    let outgoing: ClientRequest;
    try {
      outgoing = (upstream.url.protocol === "https:" ? httpsRequest : httpRequest)({
        protocol: upstream.url.protocol, hostname: upstream.url.hostname, port: upstream.url.port, method: this.method, path: this.target.path,
        headers: this.outgoingLines, setHost: false, agent: fresh ? false : upstream.agent,
      });
    } catch (error) {
      // Node refuses to send what it could parse but not write (a target or a header it cannot carry).
      this.lose("the request cannot be sent on");
      this.req.resume();
      return this.answerError(502, "bad_gateway", `the conformance proxy cannot send this request on: ${(error as Error).message}`);
    }
    this.current = outgoing;
    this.heardAt = performance.now();
    outgoing.on("socket", (socket: Socket) => { this.writtenBefore = socket.bytesWritten; });
    outgoing.on("information", (info: InformationEvent) => this.informationalAnswer(info));
    outgoing.on("response", (incoming: IncomingMessage) => this.answered(incoming));
    outgoing.on("error", (error: NodeJS.ErrnoException) => this.upstreamFailed(outgoing, error));
    // What already went by (a retry) goes again first; the rest follows as it comes.
    if (fresh) for (const part of this.requestBody.parts) outgoing.write(part);
    if (this.requestEnded) this.endRequest(outgoing);
    else if (fresh) this.req.resume(); // it may have waited on the connection that failed
  }

  private requestData(chunk: Buffer): void {
    this.requestBody.add(chunk);
    this.heardAt = performance.now();
    const { current } = this;
    if (current && !current.write(chunk)) {
      this.req.pause();
      current.once("drain", () => this.req.resume());
    }
  }

  private requestEnd(): void {
    this.requestEnded = true;
    this.arrive();
    if (this.current && !this.current.writableEnded) this.endRequest(this.current);
  }

  private endRequest(outgoing: ClientRequest): void {
    if (this.req.rawTrailers.length > 0) outgoing.addTrailers(pairs(this.req.rawTrailers));
    outgoing.end();
  }

  private arrive(): void {
    if (this.arrived) return;
    this.arrived = true;
    const { req, target, requestBody } = this;
    this.observer.arrived({
      at: this.clock(), method: this.method, url: target.url, ...(target.requestTarget !== undefined ? { requestTarget: target.requestTarget } : {}),
      httpVersion: `HTTP/${req.httpVersion}`, headerLines: this.requestLines, trailerLines: pairs(req.rawTrailers), body: requestBody.bytes(),
      bodySize: requestBody.size, truncated: requestBody.truncated || !this.requestEnded,
    });
  }

  private informationalAnswer(info: InformationEvent): void {
    this.answerBegan = true;
    this.heardAt = performance.now();
    const lines = pairs(info.rawHeaders);
    this.informational.push({ status: info.statusCode, statusText: info.statusMessage, headerLines: lines });
    const { req, res } = this;
    // RFC 9110, 15.2: no 1xx to an HTTP/1.0 client.
    if (!res.headersSent && !res.destroyed && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1) writeInformational(res, info.statusCode, info.statusMessage, lines);
  }

  private answered(incoming: IncomingMessage): void {
    const { res } = this;
    this.answer = incoming;
    this.answerBegan = true;
    this.heardAt = performance.now();
    const status = incoming.statusCode ?? 502;
    const statusText = incoming.statusMessage ?? "";
    const forwarded = endToEnd(pairs(incoming.rawHeaders), true);
    res.sendDate = false; // the upstream's Date, or none, as it answered
    try {
      res.writeHead(status, statusText, forwarded.flat());
    } catch {
      // An answer Node cannot pass on as it came: announced trailers to a client that cannot take them
      // (HTTP/1.0, or a length given), then anything else it refuses.
      try {
        res.writeHead(status, statusText, forwarded.filter(([name]) => name.toLowerCase() !== "trailer").flat());
      } catch (error) {
        incoming.destroy();
        this.lose("the upstream's answer cannot be passed on");
        return this.answerError(502, "bad_gateway", `the conformance proxy cannot pass the upstream's answer on: ${(error as Error).message}`);
      }
    }
    incoming.on("data", (chunk: Buffer) => this.answerData(incoming, chunk));
    incoming.on("end", () => this.answerEnd(incoming));
    incoming.on("aborted", () => this.brokenOff());
    incoming.on("error", () => this.brokenOff());
  }

  private answerData(incoming: IncomingMessage, chunk: Buffer): void {
    this.answerBody.add(chunk);
    this.heardAt = performance.now();
    if (!this.res.write(chunk)) {
      incoming.pause();
      this.res.once("drain", () => incoming.resume());
    }
  }

  private answerEnd(incoming: IncomingMessage): void {
    if (this.settled || !incoming.complete) return; // cut off: the error handlers answer for it
    const { answerBody } = this;
    this.complete = {
      at: this.clock(), status: incoming.statusCode ?? 502, statusText: incoming.statusMessage ?? "", headerLines: pairs(incoming.rawHeaders),
      trailerLines: pairs(incoming.rawTrailers), informational: this.informational, body: answerBody.bytes(), bodySize: answerBody.size, truncated: answerBody.truncated,
    };
    if (incoming.rawTrailers.length > 0) this.res.addTrailers(pairs(incoming.rawTrailers));
    this.arrive();
    this.res.end();
  }

  private brokenOff(): void {
    this.lose("the upstream broke off its answer");
    this.res.destroy();
  }

  private upstreamFailed(outgoing: ClientRequest, error: NodeJS.ErrnoException): void {
    if (this.settled || this.current !== outgoing) return;
    const { method, res, settings } = this;
    const nothingWritten = this.writtenBefore !== undefined && outgoing.socket?.bytesWritten === this.writtenBefore;
    const replayable = !this.requestBody.truncated;
    if (!this.retried && !this.answerBegan && !this.timedOut && outgoing.reusedSocket && droppedConnection.has(error.code ?? "") && replayable && (nothingWritten || idempotent.has(method))) {
      // The upstream closed a kept-alive connection as this request arrived: once more, on a fresh one.
      this.retried = true;
      return this.start(true);
    }
    this.answer?.destroy();
    if (!this.answerBegan || !res.headersSent) {
      this.lose(this.timedOut ? "the upstream did not answer in time" : `the upstream failed: ${error.message}`);
      return this.timedOut
        ? this.answerError(504, "gateway_timeout", `the conformance proxy got no answer from the upstream within ${settings.upstreamTimeoutMs / 1000} s`)
        : this.answerError(502, "bad_gateway", `the conformance proxy could not reach the upstream: ${error.message}`);
    }
    this.lose(`the upstream broke off its answer: ${error.message}`);
    res.destroy();
  }

  private finished(): void {
    if (this.settled || !this.complete) return;
    this.settled = true;
    this.observer.answered({ ...this.complete, delivered: true });
  }

  private closed(): void {
    if (this.settled) return;
    if (this.complete) return this.undelivered();
    this.lose("the client left before its answer");
    this.current?.destroy();
    this.answer?.destroy();
  }

  /** The answer came back whole, but the client did not take it all: it still happened at the server. */
  private undelivered(): void {
    this.settled = true;
    this.observer.answered({ ...this.complete!, delivered: false });
  }

  private lose(why: string): void {
    if (this.settled) return;
    this.settled = true;
    this.observer.lost(why, this.arrived);
  }

  private answerError(status: number, error: string, message: string): void {
    const { res } = this;
    if (res.headersSent || res.destroyed) return void res.destroy();
    const body = JSON.stringify({ error, message });
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  }

  cut(): void {
    if (this.settled) return;
    if (this.complete) {
      this.undelivered();
      return void this.res.destroy();
    }
    this.lose("the proxy stopped before the answer was whole");
    this.current?.destroy();
    this.answer?.destroy();
    if (this.res.headersSent) this.res.destroy();
    else this.answerError(503, "proxy_stopping", "the conformance proxy stopped before the upstream answered");
  }

  closeAfter(): void {
    if (!this.res.headersSent) this.res.shouldKeepAlive = false;
  }

  expireIfSilent(now: number): void {
    if (this.settled || this.complete || !this.current || now - this.heardAt < this.settings.upstreamTimeoutMs) return;
    this.timedOut = true;
    this.current.destroy(new Error(`no answer from the upstream within ${this.settings.upstreamTimeoutMs / 1000} s`));
  }
}

type InformationEvent = { statusCode: number; statusMessage: string; rawHeaders: string[] };

function ignore(): void {}

/** The request's lines as they go to the upstream: end to end only, Host naming the upstream, the body's framing kept. */
function outgoingLines(requestLines: HeaderLine[], upstreamHost: string): string[] {
  const out: string[] = [];
  let host = false;
  let chunked = false;
  for (const [name, value] of requestLines) if (name.toLowerCase() === "transfer-encoding" && /chunked/i.test(value)) chunked = true;
  for (const [name, value] of endToEnd(requestLines)) {
    if (name.toLowerCase() === "host") {
      host = true;
      out.push(name, upstreamHost);
    } else {
      out.push(name, value);
    }
  }
  // HTTP/1.1 needs a Host line (an HTTP/1.0 client may send none), and Node adds none to lines.
  if (!host) out.unshift("Host", upstreamHost);
  // A chunked body stays chunked to the upstream (Node would not chunk a GET's of itself).
  if (chunked) out.push("Transfer-Encoding", "chunked");
  return out;
}
