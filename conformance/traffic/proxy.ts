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
import { forward, type ArrivedRequest, type CompleteAnswer, type Forwarding } from "./forward.js";
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
function exchangeOf(request: ArrivedRequest, masked: ReturnType<typeof maskedRequest>, answer: CompleteAnswer, told: ReadonlyArray<string | undefined>) {
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

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const id = (nextId += 1);
    let masked: ReturnType<typeof maskedRequest> | undefined;
    let request: ArrivedRequest | undefined;
    let secrets: string[] = [];
    const settle = () => {
      open.delete(forwarding);
      if (open.size === 0) drained();
    };
    const forwarding: Forwarding = forward(req, res, { url: upstream, agent }, settings, {
      arrived: (arrived) => {
        request = arrived;
        secrets = secretsOf(told, arrived.headerLines);
        masked = maskedRequest(arrived, secrets);
        judge.post({ begin: { id, at: arrived.at, method: arrived.method, url: masked.url, requestHeaders: masked.requestHeaders, requestBody: masked.text } });
      },
      answered: (answer) => {
        const { judged, recorded } = exchangeOf(request!, masked!, answer, secrets);
        judge.post({ end: { id, exchange: judged } });
        recorder?.add(recorded);
        settle();
      },
      lost: (_why, arrived) => {
        if (arrived) judge.post({ lost: { id, at: clock() } });
        settle();
      },
    }, clock);
    if (!forwarding.settled) open.add(forwarding);
    if (stopping) forwarding.closeAfter();
  };

  // Node answers malformed requests itself (400, 431, 408) when no clientError listener takes them.
  const server = createServer(handle);
  // The proxy answers `Expect: 100-continue` with the upstream's own 100 (forward.ts), not Node's.
  server.on("checkContinue", handle);
  // A client that takes nothing of its answer for this long is let go (its answer recorded as not delivered).
  server.timeout = settings.upstreamTimeoutMs + 10_000;
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
        agent.destroy();
        recorder?.close();
        return judge.finish();
      })();
      return closing;
    },
  };
}
