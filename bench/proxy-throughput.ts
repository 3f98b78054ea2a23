// `node --import tsx bench/proxy-throughput.ts [--proxy-root DIR [--label COMMIT]] [--requests N] [--clients N] [--rounds N] [--memory-requests N]`
//
// The conformance proxy as a team runs it (`conformance proxy`, its own process, judging on its
// thread) in front of the sandbox (its own process), against the sandbox straight, side by side in
// one run: rounds of N requests by 50 clients on kept-alive connections (each a create and a read of
// what it created), direct and proxied alternately so that drift in the machine's load hits both;
// then the proxy's memory (RSS from /proc) through 20,000 requests without and with --record, and
// the time from SIGINT to its exit. --proxy-root runs another checkout's proxy (an older commit, for
// comparison); the row is named by the commit that last changed conformance/traffic/ there. Rewrites its rows of the
// "## Conformance proxy: throughput and memory" section of BENCHMARKS.md, keeping other commits' rows.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { freePort, memoryOf, root, sandboxKeys, startSandboxProcess } from "./processes.js";

const { values } = parseArgs({
  options: {
    "proxy-root": { type: "string", default: root },
    requests: { type: "string", default: "4000" },
    clients: { type: "string", default: "50" },
    rounds: { type: "string", default: "3" },
    "memory-requests": { type: "string", default: "20000" },
    /** The row's name when --proxy-root is not a git checkout (an exported commit). */
    label: { type: "string" },
  },
});
const proxyRoot = values["proxy-root"]!;
const requests = Number(values.requests);
const clients = Number(values.clients);
const rounds = Number(values.rounds);
const memoryRequests = Number(values["memory-requests"]);
const log = (line: string) => process.stderr.write(`${line}\n`);

type ProxyProcess = { url: string; pid: number; stop(): Promise<{ code: number | null; exitMs: number; peakMiB: number }> };

/** `conformance proxy` from a checkout, in its own process; resolves once it prints its address. */
async function startProxyProcess(checkout: string, upstream: string, record?: string): Promise<ProxyProcess> {
  const port = await freePort();
  const args = ["--import", "tsx", join(checkout, "conformance/cli.ts"), "proxy", "--service", "bank-payments", "--upstream", upstream, "--port", String(port),
    "--secret-key", sandboxKeys.secret, "--publishable-key", sandboxKeys.publishable, "--triggers", ...(record ? ["--record", record] : [])];
  const child = spawn(process.execPath, args, { cwd: checkout, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  // Read everything it prints: a full pipe would stall it.
  child.stderr.on("data", (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const found = /listening on (http:\/\/\S+?),/.exec(output)?.[1];
      if (found) resolve(found);
    });
    child.once("exit", (code) => reject(new Error(`the proxy exited (${code}) before listening: ${output}`)));
  });
  // The peak RSS is read from /proc while it runs: after its exit there is nothing to read.
  let peakMiB = 0;
  const sample = setInterval(() => {
    try {
      const { peak } = memoryOf(child.pid!);
      if (Number.isFinite(peak)) peakMiB = Math.max(peakMiB, peak);
    } catch { /* exited */ }
  }, 50);
  return {
    url, pid: child.pid!,
    stop: () => new Promise((resolve) => {
      const start = performance.now();
      child.once("exit", (code) => {
        clearInterval(sample);
        if (code !== 0) log(output.slice(-2000));
        resolve({ code, exitMs: performance.now() - start, peakMiB });
      });
      child.kill("SIGINT");
    }),
  };
}

/** `count` requests by `clients` clients, each a create then a read of what it created; the wall time and what went wrong. */
async function drive(base: string, count: number): Promise<{ ms: number; failures: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const url = new URL(base);
  let sent = 0;
  let failures = 0;
  let serial = 0;
  const call = (method: string, path: string, body?: string) => new Promise<{ status: number; text: string }>((resolve) => {
    const headers: Record<string, string> = { authorization: `Bearer ${sandboxKeys.secret}`, accept: "application/json" };
    if (body) Object.assign(headers, { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) });
    const outgoing = request({ host: url.hostname, port: url.port, method, path, headers, agent }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      answer.on("error", () => resolve({ status: 0, text: "" }));
    });
    outgoing.on("error", () => resolve({ status: 0, text: "" }));
    outgoing.end(body);
  });
  const client = async () => {
    while (sent < count) {
      sent += 2;
      serial += 1;
      const body = JSON.stringify({
        amount: 125, bank_account: `bank_account_Tp${String(serial % 1_000_000).padStart(14, "0")}`, consumer_id: "consumer_Hq7Zx2LmN4pR8sTu", store_number: "0042", type: "bankpay",
      });
      const created = await call("POST", "/api/transaction-intents", body);
      if (created.status !== 201) failures += 1;
      const id = created.status === 201 ? (JSON.parse(created.text) as { data: { id: string } }).data.id : "transaction_intent_2Rb7YcM4nQ8wLx5K";
      if ((await call("GET", `/api/transaction-intents/${id}`)).status !== 200) failures += 1;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  const ms = performance.now() - start;
  agent.destroy();
  return { ms, failures };
}

const median = (values: number[]) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
// The proxy's commit: the last one that changed conformance/traffic/ in that checkout.
const commit = values.label ?? execFileSync("git", ["log", "-1", "--format=%h", "--", "conformance/traffic"], { cwd: proxyRoot, encoding: "utf8" }).trim();

const sandbox = await startSandboxProcess(":memory:");
const dir = mkdtempSync(join(tmpdir(), "proxy-throughput-"));
try {
  // Throughput: one proxy for all rounds, warmed like the sandbox.
  const proxy = await startProxyProcess(proxyRoot, sandbox.url);
  await drive(sandbox.url, 400);
  await drive(proxy.url, 400);
  const times = { direct: [] as number[], proxied: [] as number[] };
  let failures = 0;
  for (let round = 0; round < rounds; round += 1) {
    for (const which of round % 2 === 0 ? (["direct", "proxied"] as const) : (["proxied", "direct"] as const)) {
      const run = await drive(which === "direct" ? sandbox.url : proxy.url, requests);
      times[which].push(run.ms);
      failures += run.failures;
      log(`round ${round + 1} ${which}: ${requests} requests in ${run.ms.toFixed(0)} ms (${run.failures} not as expected)`);
    }
  }
  await proxy.stop();
  // Memory through many requests, without and with the recording.
  const memory: Record<"plain" | "record", { afterMiB: number; peakMiB: number; exitMs: number; harMiB?: number }> = {} as never;
  for (const mode of ["plain", "record"] as const) {
    const har = join(dir, `${mode}.har`);
    const running = await startProxyProcess(proxyRoot, sandbox.url, mode === "record" ? har : undefined);
    const run = await drive(running.url, memoryRequests);
    failures += run.failures;
    const afterMiB = memoryOf(running.pid).rss;
    const stopped = await running.stop();
    memory[mode] = { afterMiB, peakMiB: stopped.peakMiB, exitMs: stopped.exitMs, ...(mode === "record" ? { harMiB: statSync(har).size / 2 ** 20 } : {}) };
    log(`${mode}: ${memoryRequests} requests, RSS ${afterMiB.toFixed(1)} MiB after, peak ${stopped.peakMiB.toFixed(1)} MiB, exit ${stopped.exitMs.toFixed(0)} ms after SIGINT (code ${stopped.code})`);
  }
  const direct = median(times.direct);
  const proxied = median(times.proxied);
  const load = `load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`;
  const row = `| \`${commit}\` | ${new Date().toISOString().slice(0, 10)} | ${(requests / (direct / 1000)).toFixed(0)} | ${(requests / (proxied / 1000)).toFixed(0)} | ${(direct / proxied).toFixed(2)} `
    + `| ${memory.plain.afterMiB.toFixed(0)} / ${memory.plain.peakMiB.toFixed(0)} | ${memory.record.afterMiB.toFixed(0)} / ${memory.record.peakMiB.toFixed(0)} | ${(memory.record.exitMs / 1000).toFixed(1)} s | ${failures} | ${load} |`;
  writeRow(row);
  log(row);
} finally {
  await sandbox.stop();
  rmSync(dir, { recursive: true, force: true });
}

/** This commit's row replaces an earlier one of the same commit; other commits' rows stay. */
function writeRow(row: string): void {
  const file = join(root, "BENCHMARKS.md");
  const current = readFileSync(file, "utf8");
  const heading = "## Conformance proxy: throughput and memory";
  const existing = new RegExp(`^${heading}\\n[\\s\\S]*?(?=^## |(?![\\s\\S]))`, "m");
  const rows = (existing.exec(current)?.[0] ?? "").split("\n").filter((line) => /^\| `[0-9a-f]+` \|/.test(line) && !line.startsWith(`| \`${commit}\` |`));
  const section = [
    heading,
    "",
    `Throughput: ${clients} clients on kept-alive connections, each sending a create and a read of what it created, ${requests} requests a round, ${rounds} rounds`,
    "straight to the sandbox (in-memory, its own process) and through `conformance proxy` (its own process, judging every exchange on its thread), alternating;",
    "the median round of each, in requests per second, and proxied / direct. Memory: the proxy's RSS after",
    `${memoryRequests} such requests and its peak (MiB) without and with \`--record\`, and the time from SIGINT to its exit with \`--record\`.`,
    "Made by `node --import tsx bench/proxy-throughput.ts` (`--proxy-root DIR` measures another checkout's proxy, named by its commit; rows of earlier commits stay, for comparison).",
    "",
    "| proxy at | date | direct req/s | proxied req/s | proxied / direct | RSS after / peak | with --record | stop with --record | not as expected | machine |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    row,
    "",
  ].join("\n");
  const next = existing.test(current) ? current.replace(existing, `${section}\n`) : insertAfterProxySection(current, section);
  writeFileSync(file, next);
}

function insertAfterProxySection(current: string, section: string): string {
  const after = /^## Conformance proxy\n[\s\S]*?(?=^## )/m.exec(current);
  if (!after) return `${current.trimEnd()}\n\n${section}\n`;
  const at = after.index + after[0].length;
  return `${current.slice(0, at)}${section}\n${current.slice(at)}`;
}
