// What the proxy's tests share: an upstream of the test's own (node:http, or raw `net` for faults),
// a client that sees what went over the wire (raw header lines, reason phrase, trailers, 1xx), and a
// raw socket for requests no HTTP client would send, and the command line as a user runs it.
import { spawn } from "node:child_process";
import { createServer, request, type IncomingMessage, type RequestListener, type Server } from "node:http";
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from "node:net";

export type Line = [string, string];

export const pairs = (flat: string[]): Line[] => {
  const lines: Line[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) lines.push([flat[i], flat[i + 1]]);
  return lines;
};

// The lines a hop adds or removes (RFC 9110, 7.6.1), which no proxy passes on as they came.
const hopByHop = new Set(["connection", "keep-alive", "transfer-encoding", "date"]);

/** Header lines without those that belong to one connection (and Date, which the proxy's server would add if the upstream gave none). */
export const endToEnd = (lines: Line[]) => lines.filter(([name]) => !hopByHop.has(name.toLowerCase()));

export type Received = {
  status: number;
  statusText: string;
  lines: Line[];
  body: Buffer;
  trailers: Line[];
  informational: Array<{ status: number; statusText: string; lines: Line[] }>;
};

/** One request with node:http: header lines as given (in order, repeated), a body, trailers; everything that came back. */
export function send(base: string, options: { method?: string; path: string; lines?: Line[]; body?: Buffer | string; trailers?: Line[] }): Promise<Received> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const informational: Received["informational"] = [];
    // Node adds no Host to headers given as lines: the test's lines say it, or it is added first.
    const lines = options.lines ?? [];
    const headers = (lines.some(([name]) => name.toLowerCase() === "host") ? lines : [["Host", url.host], ...lines]).flat();
    const outgoing = request({ host: url.hostname, port: url.port, method: options.method ?? "GET", path: options.path, headers, agent: false }, (answer: IncomingMessage) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("error", reject);
      answer.on("end", () => resolve({
        status: answer.statusCode!, statusText: answer.statusMessage ?? "", lines: pairs(answer.rawHeaders), body: Buffer.concat(chunks),
        trailers: pairs(answer.rawTrailers), informational,
      }));
    });
    outgoing.on("information", (info) => informational.push({ status: info.statusCode, statusText: info.statusMessage, lines: pairs(info.rawHeaders) }));
    outgoing.on("error", reject);
    if (options.trailers) outgoing.addTrailers(options.trailers);
    outgoing.end(options.body);
  });
}

export type Upstream = { url: string; port: number; server: Server; close(): Promise<void> };

/** A node:http upstream of the test's own on a free loopback port. */
export async function startUpstream(listener: RequestListener): Promise<Upstream> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`, port, server,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A raw `net` upstream: it does whatever `onConnection` does with each connection (answer garbage, reset, stall). */
export async function startRawUpstream(onConnection: (socket: Socket) => void): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}

/** Bytes written on a raw connection, and everything that came back until the other side closed it. */
export function rawRequest(base: string, bytes: Buffer | string): Promise<string> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", () => {});
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.write(bytes);
  });
}

/** Deterministic bytes of any length (no two sizes share a prefix by accident: the seed is the length). */
export function bytesOf(length: number, seed = length): Buffer {
  const out = Buffer.alloc(length);
  let x = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < length; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

export type CliRun = {
  /** Every line printed on stdout so far, and on stderr. */
  lines: string[];
  errors: string[];
  /** The proxy's address, once it printed it. */
  ready: Promise<string>;
  exit: Promise<number>;
  signal(name: NodeJS.Signals): void;
  /** Resolves once stderr has printed a line matching. */
  printed(pattern: RegExp): Promise<void>;
};

/** The proxies runCli started that have not exited: a test that failed half-way leaves its own running. */
const running = new Set<ReturnType<typeof spawn>>();

/** Kills what runCli started and is still running, so that a failed test ends its file rather than hanging it. */
export function stopLeftoverClis(): void {
  for (const child of running) child.kill("SIGKILL");
}

/** `conformance ARGS` as a user runs it, in a process of its own. */
export function runCli(args: string[]): CliRun {
  const child = spawn(process.execPath, ["--import", "tsx", "conformance/cli.ts", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  const lines: string[] = [];
  const errors: string[] = [];
  const waiting: Array<{ pattern: RegExp; resolve: () => void }> = [];
  let resolveReady: (url: string) => void;
  const ready = new Promise<string>((resolve) => { resolveReady = resolve; });
  const reader = (into: string[], onLine: (line: string) => void) => {
    let buffer = "";
    return {
      data: (chunk: Buffer) => {
        buffer += chunk;
        const parts = buffer.split("\n");
        buffer = parts.pop()!;
        for (const line of parts) {
          into.push(line);
          onLine(line);
        }
      },
      rest: () => { if (buffer) into.push(buffer); },
    };
  };
  const out = reader(lines, (line) => {
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
    if (url) resolveReady(url);
  });
  const err = reader(errors, (line) => {
    for (const wait of waiting.filter((w) => w.pattern.test(line))) wait.resolve();
  });
  child.stdout.on("data", out.data);
  child.stderr.on("data", err.data);
  const exit = new Promise<number>((resolve) => child.on("exit", (code) => {
    running.delete(child);
    out.rest();
    err.rest();
    resolve(code ?? -1);
  }));
  return {
    lines, errors, ready, exit,
    signal: (name) => child.kill(name),
    printed: (pattern) => (errors.some((line) => pattern.test(line)) ? Promise.resolve() : new Promise((resolve) => waiting.push({ pattern, resolve }))),
  };
}
