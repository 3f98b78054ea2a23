// `conformance proxy` run as a team runs it in CI (docs/traffic.md): its own process in front of a
// server, recording to a HAR and writing its report, stopped with SIGTERM. The concurrent traffic
// proofs and the bench read its result from the report it wrote (traffic-<service>.json) and the
// recording from its HAR, the command's public outputs.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ServiceName } from "../src/openapi/documents.js";
import { readHar } from "../conformance/traffic/har.js";
import type { RawExchange } from "../conformance/traffic/exchange.js";
import type { TrafficResult } from "../conformance/traffic/judge.js";

const root = join(import.meta.dirname, "..");

export type ProxyCommandOptions = {
  service: ServiceName;
  upstream: string;
  keys?: { secret?: string; publishable?: string };
  triggers?: boolean;
  /** `--setting NAME=VALUE` pairs. */
  settings?: Record<string, string | number>;
  /** `--settings FILE`, `--fixtures FILE`. */
  settingsFile?: string;
  fixturesFile?: string;
};

export type ProxyCommandOutcome = {
  exitCode: number;
  /** Everything it printed on stdout, a line each (failures, the summary last). */
  lines: string[];
  /** Its report's JSON. */
  result: TrafficResult;
  /** What it recorded (keys masked), read back from its HAR. */
  recording: RawExchange[];
  harFile: string;
  /** From SIGTERM to its exit: the judge finishing what was queued and waiting, then the report and the recording. */
  stopMs: number;
};

export type ProxyCommand = { url: string; stop(): Promise<ProxyCommandOutcome>; dir: string; remove(): void };

/** Starts `conformance proxy --port 0` and resolves once it prints its address. */
export async function startProxyCommand(options: ProxyCommandOptions): Promise<ProxyCommand> {
  const dir = mkdtempSync(join(tmpdir(), "proxy-command-"));
  const harFile = join(dir, "traffic.har");
  const args = [
    "--import", "tsx", join(root, "conformance/cli.ts"), "proxy", "--service", options.service, "--upstream", options.upstream, "--port", "0",
    "--record", harFile, "--report", dir,
    ...(options.keys?.secret ? ["--secret-key", options.keys.secret] : []),
    ...(options.keys?.publishable ? ["--publishable-key", options.keys.publishable] : []),
    ...(options.triggers ? ["--triggers"] : []),
    ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ["--setting", `${name}=${value}`]),
    ...(options.settingsFile ? ["--settings", options.settingsFile] : []),
    ...(options.fixturesFile ? ["--fixtures", options.fixturesFile] : []),
  ];
  const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  let stderr = "";
  let buffer = "";
  let announce: (url: string) => void = () => {};
  const ready = new Promise<string>((resolve) => { announce = resolve; });
  child.stdout!.on("data", (chunk: Buffer) => {
    buffer += chunk.toString("utf8");
    const parts = buffer.split("\n");
    buffer = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      if (url) announce(url);
    }
  });
  child.stderr!.on("data", (chunk: Buffer) => { stderr += chunk.toString("utf8"); });
  const exited = new Promise<number>((resolve) => child.on("exit", (code, signal) => {
    if (buffer) lines.push(buffer);
    resolve(code ?? (signal ? 128 : -1));
  }));
  const url = await Promise.race([ready, exited.then((code) => {
    throw new Error(`conformance proxy exited (${code}) before listening: ${stderr}${lines.join("\n")}`);
  })]);
  return {
    url,
    dir,
    stop: async () => {
      const stopping = performance.now();
      child.kill("SIGTERM");
      const exitCode = await exited;
      const stopMs = performance.now() - stopping;
      let result: TrafficResult;
      try {
        result = JSON.parse(readFileSync(join(dir, `traffic-${options.service}.json`), "utf8")) as TrafficResult;
      } catch (error) {
        throw new Error(`conformance proxy exited ${exitCode} without its report (${(error as Error).message}): ${stderr}${lines.slice(-20).join("\n")}`);
      }
      return { exitCode, lines, result, recording: readHar(harFile), harFile, stopMs };
    },
    remove: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
