// The recording proxy: infrastructure a team leaves running in front of a server. Each request is
// forwarded as it came and the upstream's answer returned as it came (forward.ts: raw header lines,
// streamed bodies, trailers, 1xx); malformed requests are answered as node:http answers them (400,
// 431). The judge lives on a thread of its own (judge-worker.ts) and is told of each request when
// it has arrived (`begin`) and of its answer when it is whole (`end`, or `lost`: judge-protocol.ts),
// so judging never holds up the traffic. With `record`, each answered exchange is written to the
// HAR as it ends (recording.ts). Nothing is kept per exchange once it is posted and written, and no
// key leaves this module in the clear (secrets.ts). `close` drains: it stops accepting, lets what
// is in flight finish, cuts what is left, closes the recording, and gives the judge's result.
import { isUtf8 } from "node:buffer";
import { Agent, createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import type { AddressInfo } from "node:net";
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { clock } from "../oracle/oracle.js";
import type { RawExchange } from "./exchange.js";
import { forward, type ArrivedRequest, type CompleteAnswer, type ExchangeObserver, type Forwarding } from "./forward.js";
import type { ToJudge } from "./judge-protocol.js";
import type { ExchangeJudgement, TrafficOptions, TrafficResult } from "./judge.js";
import { HarRecorder } from "./recording.js";
import { headerRecord, maskBytes, maskHeaderLines, maskText, secretsOf, type HeaderLine } from "./secrets.js";

export type ProxyOptions = Omit<TrafficOptions, "exchanges"> & {
  upstream: string;
  port?: number;
  /** Loopback unless told otherwise. */
  host?: string;
  /** Called for every exchange once judged (in the order judged). */
  onJudgement?: (judgement: ExchangeJudgement) => void;
  /** Writes the recording (HAR 1.2, keys masked) to this file as exchanges are answered. */
  record?: string;
  /** Bytes of each body kept for the judge and the recording (default 1 MiB); a longer body is forwarded whole and judged and recorded as truncated. */
  bodyCap?: number;
  /** Seconds the upstream may stay silent before a request is answered 504 (default 60). */
  upstreamTimeout?: number;
};

export type Proxy = {
  url: string;
  /** Requests under way now. */
  readonly inFlight: number;
  /**
   * Stops accepting, lets requests in flight finish within `drain` seconds (default 10), cuts what
   * is left, closes the recording, and gives the judge's result once it has judged what passed.
   */
  close(options?: { drain?: number }): Promise<TrafficResult>;
  /** Ends a drain at once (a second signal): what is still in flight is cut, what was answered kept. */
  cutNow(): void;
};

export const defaultBodyCap = 1024 * 1024;
export const defaultUpstreamTimeout = 60;
export const defaultDrain = 10;
/** The judge thread's nice value (0 to 19: higher, later). */
const judgePriority = 10;

/** The judge's thread (judge-worker.ts, compiled or run from source as this file is), once it is ready. */
async function startJudge(options: ProxyOptions): Promise<{ post(message: ToJudge): void; finish(): Promise<TrafficResult> }> {
  const { service, keys, settings, fixtures, triggers, openapi, clockSkewSeconds } = options;
  const workerData = { service, keys, settings, fixtures, triggers, openapi, clockSkewSeconds };
  const source = extname(fileURLToPath(import.meta.url)) === ".ts";
  const file = new URL(`./judge-worker${source ? ".ts" : ".js"}`, import.meta.url);
  // Run from source (tests, bench), the thread registers tsx itself: a loader registered in this thread is not inherited.
  const load = source
    ? `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))}).then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); })`
    : `import(${JSON.stringify(file.href)})`;
  // Judging is background work: on Linux the judge's thread runs at a lower priority (a nice of its
  // own, through its thread id), so that forwarding, and the upstream on the same machine, come first.
  const background = `import("node:fs").then((fs) => import("node:os").then((os) => { try { os.setPriority(Number(fs.readlinkSync("/proc/thread-self").split("/").pop()), ${judgePriority}); } catch {} }))`;
  const worker = new Worker(`${background}.then(() => ${load});`, { eval: true, workerData });
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
  // Messages go in batches, one a turn of the event loop: a message to a thread has a cost of its own,
  // paid once for the 50 exchanges that begin and end in a turn under load rather than 100 times.
  let batch: ToJudge[] = [];
  const flush = () => {
    if (batch.length > 0) worker.postMessage(batch);
    batch = [];
  };
  return {
    post: (message) => {
      if (batch.push(message) === 1) setImmediate(flush);
    },
    finish: () => new Promise<TrafficResult>((resolve, reject) => {
      flush();
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

/** A request as recorded: its secrets masked, its body as text (and as bytes where it is not UTF-8). */
function maskedRequest(request: ArrivedRequest, told: ReadonlyArray<string | undefined>) {
  const body = request.body ? maskBytes(request.body, told) : undefined;
  const headerLines = maskHeaderLines(request.headerLines, told);
  return {
    method: request.method, url: maskText(request.url, told), headerLines, requestHeaders: headerRecord(headerLines),
    trailerLines: maskHeaderLines(request.trailerLines, told), body, text: body?.toString("utf8"),
    ...(request.requestTarget !== undefined ? { requestTarget: maskText(request.requestTarget, told) } : {}),
  };
}

/** A body's bytes, kept beside its text where the text cannot give them back (not valid UTF-8). */
const bytesIfNotUtf8 = (body: Buffer | undefined) => (body === undefined || isUtf8(body) ? undefined : new Uint8Array(body));

/** The answered exchange as the judge reads it and as the recording keeps it. */
function exchangeOf(request: ArrivedRequest, masked: ReturnType<typeof maskedRequest>, answer: CompleteAnswer, told: ReadonlyArray<string | undefined>, recording: boolean) {
  const responseLines = maskHeaderLines(answer.headerLines, told);
  const responseBody = answer.body ? maskBytes(answer.body, told) : undefined;
  const responseText = responseBody?.toString("utf8") ?? "";
  const judged: RawExchange = {
    method: request.method, url: masked.url, requestHeaders: masked.requestHeaders, requestBody: masked.text,
    sentAt: request.at, receivedAt: answer.at, status: answer.status, responseHeaders: headerRecord(responseLines), responseText,
    ...(answer.delivered ? {} : { delivered: false }),
    ...(request.truncated ? { requestTruncated: true } : {}),
    ...(answer.truncated ? { responseTruncated: true } : {}),
  };
  if (!recording) return { judged };
  const lines = (headerLines: HeaderLine[]) => maskHeaderLines(headerLines, told);
  const requestBytes = bytesIfNotUtf8(masked.body);
  const responseBytes = bytesIfNotUtf8(responseBody);
  const recorded: RawExchange = {
    ...judged,
    httpVersion: request.httpVersion,
    ...(masked.requestTarget !== undefined ? { requestTarget: masked.requestTarget } : {}),
    requestHeaderLines: masked.headerLines, responseHeaderLines: responseLines,
    ...(masked.trailerLines.length ? { requestTrailerLines: masked.trailerLines } : {}),
    ...(answer.trailerLines.length ? { responseTrailerLines: lines(answer.trailerLines) } : {}),
    statusText: answer.statusText,
    ...(answer.informational.length ? { informational: answer.informational.map((i) => ({ ...i, headerLines: lines(i.headerLines) })) } : {}),
    ...(requestBytes ? { requestBodyBytes: requestBytes } : {}),
    ...(responseBytes ? { responseBodyBytes: responseBytes } : {}),
    ...(masked.body ? { requestBodySize: request.bodySize } : {}),
    responseBodySize: answer.bodySize,
  };
  return { judged, recorded };
}

/** Where each exchange goes once observed: the judge's thread, the recording, and the proxy's count of what is open. */
type Sink = {
  judge: { post(message: ToJudge): void };
  recorder: HarRecorder | undefined;
  told: ReadonlyArray<string | undefined>;
  settled(forwarding: Forwarding): void;
};

/** One exchange as the judge and the recording see it: masked as it arrives, posted and written as it ends. */
class ObservedExchange implements ExchangeObserver {
  forwarding: Forwarding | undefined;
  private request: ArrivedRequest | undefined;
  private masked: ReturnType<typeof maskedRequest> | undefined;
  private secrets: string[] = [];

  constructor(private readonly id: number, private readonly sink: Sink) {}

  arrived(request: ArrivedRequest): void {
    this.request = request;
    this.secrets = secretsOf(this.sink.told, request.headerLines);
    const masked = (this.masked = maskedRequest(request, this.secrets));
    this.sink.judge.post({ begin: { id: this.id, at: request.at, method: request.method, url: masked.url, requestHeaders: masked.requestHeaders, requestBody: masked.text } });
  }

  answered(answer: CompleteAnswer): void {
    const { recorder } = this.sink;
    const { judged, recorded } = exchangeOf(this.request!, this.masked!, answer, this.secrets, recorder !== undefined);
    this.sink.judge.post({ end: { id: this.id, exchange: judged } });
    if (recorded) recorder?.add(recorded);
    this.settle();
  }

  lost(_why: string, arrived: boolean): void {
    if (arrived) this.sink.judge.post({ lost: { id: this.id, at: clock() } });
    this.settle();
  }

  private settle(): void {
    // Settled within forward() itself (a request it cannot send on): the proxy never counted it open.
    if (this.forwarding) this.sink.settled(this.forwarding);
  }
}

export async function startProxy(options: ProxyOptions): Promise<Proxy> {
  const upstream = new URL(options.upstream);
  const agent = upstream.protocol === "https:" ? new HttpsAgent({ keepAlive: true }) : new Agent({ keepAlive: true });
  const settings = { bodyCap: options.bodyCap ?? defaultBodyCap, upstreamTimeoutMs: (options.upstreamTimeout ?? defaultUpstreamTimeout) * 1000 };
  const told = [options.keys?.secret, options.keys?.publishable];
  const judge = await startJudge(options);
  const recorder = options.record ? new HarRecorder(options.record) : undefined;
  const open = new Set<Forwarding>();
  let drained: () => void = () => {};
  let stopping = false;
  let nextId = 0;

  const sink: Sink = {
    judge, recorder, told,
    settled: (forwarding) => {
      open.delete(forwarding);
      if (open.size === 0) drained();
    },
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const observer = new ObservedExchange((nextId += 1), sink);
    const forwarding = forward(req, res, { url: upstream, agent }, settings, observer, clock);
    observer.forwarding = forwarding;
    if (!forwarding.settled) open.add(forwarding);
    if (stopping) forwarding.closeAfter();
  };

  // Node answers malformed requests itself (400, 431, 408) when no clientError listener takes them.
  const server = createServer(handle);
  // The proxy answers `Expect: 100-continue` with the upstream's own 100 (forward.ts), not Node's.
  server.on("checkContinue", handle);
  // A client that takes nothing of its answer for this long is let go (its answer recorded as not delivered).
  server.timeout = settings.upstreamTimeoutMs + 10_000;
  // One timer for every exchange's upstream timeout, rather than one a request.
  const sweep = setInterval(() => {
    const now = performance.now();
    for (const forwarding of open) forwarding.expireIfSilent(now);
  }, Math.min(1000, settings.upstreamTimeoutMs / 4));
  sweep.unref();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;

  let closing: Promise<TrafficResult> | undefined;
  let cut: () => void = () => {};
  return {
    url: `http://${host}:${address.port}`,
    get inFlight() {
      return open.size;
    },
    cutNow: () => cut(),
    close: ({ drain = defaultDrain } = {}) => {
      closing ??= (async () => {
        stopping = true;
        server.close();
        server.closeIdleConnections();
        for (const forwarding of open) forwarding.closeAfter();
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => cut(), drain * 1000);
          cut = () => {
            clearTimeout(timer);
            resolve();
          };
          drained = cut;
          if (open.size === 0) cut();
        });
        for (const forwarding of [...open]) forwarding.cut();
        server.closeAllConnections();
        clearInterval(sweep);
        agent.destroy();
        recorder?.close();
        return judge.finish();
      })();
      return closing;
    },
  };
}
