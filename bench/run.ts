// `npm run bench`: every figure of BENCHMARKS.md, measured side by side in one run.
// BENCH_SECONDS (default 5) sets the length of each load run; BENCH_GROWTH (default 100000) the
// number of intents created for the memory growth figure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { browserBundleGoalRow, browserBundles, browserBundleSection } from "./browser-bundle.js";
import { buildTimes } from "./build-time.js";
import { clientOverhead } from "./client-overhead.js";
import { listScaling, listScalingGoalRows, listScalingSection } from "./list-scaling.js";
import { load, send, type LoadRequest, type LoadResult } from "./load.js";
import { proxyGoalRow, proxyLatency, proxySection } from "./proxy-latency.js";
import { memoryOf, root, sandboxKeys, startCeiling, startPrism, startSandboxProcess, type Served } from "./processes.js";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const growthCount = Number(process.env.BENCH_GROWTH ?? 100_000);
const auth = { authorization: `Bearer ${sandboxKeys.secret}` };
const createBody = JSON.stringify({
  amount: 125, bank_account: "bank_account_Vd93LmQa2XkP7rTe", consumer_id: "consumer_Hq7Zx2LmN4pR8sTu", store_number: "0042", type: "bankpay",
});
const log = (line: string) => process.stderr.write(`${line}\n`);

type Target = { name: string; start: () => Promise<Served>; measureMemory: boolean };
type HttpRow = { target: string; op: "read" | "write"; connections: number; result: LoadResult };

async function createIntent(url: string): Promise<string> {
  const response = await fetch(`${url}/api/transaction-intents`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: createBody });
  const body = (await response.json()) as { data?: { id?: string } };
  return body.data?.id ?? "transaction_intent_2Rb7YcM4nQ8wLx5K";
}

async function httpRuns(target: Target, rows: HttpRow[]) {
  const server = await target.start();
  try {
    const id = await createIntent(server.url);
    const read: LoadRequest = { method: "GET", path: `/api/transaction-intents/${id}`, headers: auth };
    const write: LoadRequest = { method: "POST", path: "/api/transaction-intents", body: createBody, headers: auth };
    for (const connections of [1, 16]) {
      for (const [op, request] of [["read", read], ["write", write]] as const) {
        log(`  ${target.name} ${op} c=${connections}`);
        rows.push({ target: target.name, op, connections, result: await load(server.url, request, connections, seconds) });
      }
    }
    return target.measureMemory && server.pid !== undefined ? memoryOf(server.pid).peak : undefined;
  } finally {
    await server.stop();
  }
}

async function memoryGrowth(database: string) {
  const sandbox = await startSandboxProcess(database);
  try {
    await createIntent(sandbox.url);
    const before = memoryOf(sandbox.pid).rss;
    const start = performance.now();
    const run = await send(sandbox.url, { method: "POST", path: "/api/transaction-intents", body: createBody, headers: auth }, 16, growthCount);
    const elapsed = (performance.now() - start) / 1000;
    const after = memoryOf(sandbox.pid);
    return { before, after: after.rss, peak: after.peak, created: run.requests - run.non2xx - run.errors, elapsed };
  } finally {
    await sandbox.stop();
  }
}

/**
 * The lock test (test/sandbox/lock-pressure.test.ts: another process holds the write lock 10 s
 * while about 30 writes a second wait): its read latency line, as the test prints it.
 */
function lockTestReads(): string | undefined {
  const run = spawnSync(process.execPath, ["--import", "tsx", "--test", "test/sandbox/lock-pressure.test.ts"], { cwd: root, encoding: "utf8" });
  const line = /lock held (\d+) ms by another process: (.*)$/m.exec(run.stdout);
  if (line === null) return undefined;
  return run.status === 0 ? line[2] : `${line[2]} (the test failed: ${/^\s+error: (.*)$/m.exec(run.stdout)?.[1] ?? `exit ${run.status}`})`;
}

function timeConformance(sandbox: { url: string; checkCashingUrl: string }) {
  const cli = join(root, "conformance/cli.ts");
  if (!existsSync(cli)) return undefined;
  const start = performance.now();
  const runs = [
    ["--service", "bank-payments", "--base-url", sandbox.url, "--secret-key", sandboxKeys.secret, "--publishable-key", sandboxKeys.publishable, "--profile", "full"],
    ["--service", "check-cashing", "--base-url", sandbox.checkCashingUrl, "--profile", "full"],
  ].map((args) => spawnSync(process.execPath, ["--import", "tsx", cli, ...args], { cwd: root, encoding: "utf8" }));
  const summary = runs.map((run) => /(\d+) passed, (\d+) failed/.exec(`${run.stdout}`)?.[0] ?? `exit ${run.status}`);
  return { seconds: (performance.now() - start) / 1000, summary, ok: runs.every((run) => run.status === 0) };
}

/** What profiling found where goals were missed: what was fixed, and what is not ours to fix. */
/**
 * The "## Test suite" section of the current BENCHMARKS.md, kept as it is: `npm test` measures
 * itself (its summary line), so this run neither measures nor drops it.
 */
function testSuiteSection(): string[] {
  const file = join(root, "BENCHMARKS.md");
  if (!existsSync(file)) return [];
  const section = /^## Test suite\b[\s\S]*?(?=^## |(?![\s\S]))/m.exec(readFileSync(file, "utf8"));
  return section ? [section[0].trimEnd(), ""] : [];
}

const findings = [
  "## Where goals are missed, and why",
  "",
  "Profiled with `node --cpu-prof` under the same autocannon load (a read at 16 connections).",
  "",
  "- Sandbox reads against the ceiling. Fixed: every SQL statement was prepared on each call (about 8 µs a",
  "  request; statements are now cached), and the full view was built from four object spreads (about 17 µs;",
  "  now one typed literal). Together they took reads from about 9,000 to over 20,000 req/s. What remains is the",
  "  work the ceiling does not do: reading the intent from SQLite, parsing and serialising it (about 12 µs: the",
  "  same plumbing with a canned body serves about 45,000 req/s, with the SQLite read about 30,000), then key",
  "  check and routing. The plumbing with only the SQLite read already sits at about 2x the ceiling; closing",
  "  the rest would take caching records in process memory, which we chose not to do (it gives up consistency",
  "  when several processes share one database file). Across runs the sandbox is 2.3x to 2.6x the ceiling.",
  "- The typed client. Fixed: the factories wrote the key and `Accept` on each `Request` in a middleware, which",
  "  cost about 90 µs a call; they now pass them as openapi-fetch's default headers. What remains, about 25 µs",
  "  a call, is openapi-fetch's own: it serialises the path and query, merges headers, builds a `Request`, and",
  "  undici's `fetch` copies that `Request` again. Against a server as fast as this sandbox (a read in about",
  "  0.27 ms) that is about 10%; against a real network round trip it vanishes.",
  "",
];

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? "met" : "**missed**");

async function main() {
  const scratch = mkdtempSync(join(tmpdir(), "bench-"));
  try {
    log("build");
    const build = buildTimes();

    const rows: HttpRow[] = [];
    const peaks: Record<string, number | undefined> = {};
    const targets: Target[] = [
      { name: "Prism mock", start: startPrism, measureMemory: false },
      { name: "sandbox (memory)", start: () => startSandboxProcess(":memory:"), measureMemory: true },
      { name: "sandbox (file)", start: () => startSandboxProcess(join(scratch, "bench.db")), measureMemory: true },
      { name: "bare node:http (ceiling)", start: startCeiling, measureMemory: false },
    ];
    for (const target of targets) {
      log(target.name);
      peaks[target.name] = await httpRuns(target, rows);
    }

    log(`memory growth over ${growthCount} intents`);
    const growth = await memoryGrowth(join(scratch, "growth.db"));

    log("lock test");
    const lock = lockTestReads();

    log("list scaling");
    const lists = await listScaling(scratch, Math.min(seconds, 3));

    log("client overhead");
    const ceiling = await startCeiling();
    const overCeiling = await clientOverhead(ceiling.url, sandboxKeys.secret, "transaction_intent_2Rb7YcM4nQ8wLx5K").finally(() => ceiling.stop());
    const clientSandbox = await startSandboxProcess(":memory:");
    const overSandbox = await createIntent(clientSandbox.url)
      .then((id) => clientOverhead(clientSandbox.url, sandboxKeys.secret, id))
      .finally(() => clientSandbox.stop());

    log("conformance proxy");
    const proxySandbox = await startSandboxProcess(":memory:");
    const proxied = await proxyLatency(proxySandbox.url, sandboxKeys).finally(() => proxySandbox.stop());
    log("browser bundle");
    const bundles = await browserBundles();

    log("conformance run");
    const sandbox = await startSandboxProcess(":memory:");
    const conformance = await Promise.resolve(timeConformance(sandbox)).finally(() => sandbox.stop());

    const rps = (target: string, op: string, c: number) => rows.find((r) => r.target === target && r.op === op && r.connections === c)!.result.rps;
    const readVsPrism = rps("sandbox (memory)", "read", 16) / rps("Prism mock", "read", 16);
    const ceilingVsSandbox = rps("bare node:http (ceiling)", "read", 16) / rps("sandbox (memory)", "read", 16);
    const fileWritesVsReads = rps("sandbox (file)", "write", 16) / rps("sandbox (file)", "read", 16);
    const lockReadP50 = lock === undefined ? undefined : Number(/p50 ([0-9.]+) ms/.exec(lock)?.[1]);

    const lines = [
      "# Benchmarks",
      "",
      `Made by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}, ${seconds} s per load run, all targets in one run.`,
      `Machine: ${cpus()[0]?.model.trim()} (${cpus().length} cores), ${fmt(totalmem() / 2 ** 30, 1)} GiB, Node ${process.version}, ${process.platform}.`,
      "The machine is shared and noisy: read the ratios first; the absolute numbers move between runs.",
      "The load generator (autocannon) runs on the same two cores as the server under test.",
      "",
      "## Goals",
      "",
      "| Figure | Measured | Goal | |",
      "|---|---|---|---|",
      `| \`npm run build\`, warm (median of ${build.warmRuns}) | ${fmt(build.warmMedian, 2)} s | < 5 s | ${verdict(build.warmMedian < 5)} |`,
      `| \`npm run build\`, cold${build.droppedCache ? " (page cache dropped)" : " (first run; page cache could not be dropped)"} | ${fmt(build.cold, 2)} s | < 5 s | ${verdict(build.cold < 5)} |`,
      `| Sandbox reads vs Prism, 16 connections | ${fmt(readVsPrism, 1)}x | >= 10x | ${verdict(readVsPrism >= 10)} |`,
      `| Ceiling vs sandbox reads, 16 connections | ${fmt(ceilingVsSandbox, 2)}x | <= 2x | ${verdict(ceilingVsSandbox <= 2)} |`,
      `| Typed client overhead over raw fetch, against the sandbox | ${fmt(overSandbox.overhead * 100, 1)} % | < 5 % | ${verdict(overSandbox.overhead < 0.05)} |`,
      `| Typed client overhead over raw fetch, against the ceiling (worst case) | ${fmt(overCeiling.overhead * 100, 1)} % | < 5 % | ${verdict(overCeiling.overhead < 0.05)} |`,
      `| Sandbox (file) writes / reads, 16 connections (issue 17: 0.17 before, goal at least twice that) | ${fmt(fileWritesVsReads, 2)} | >= 0.34 | ${verdict(fileWritesVsReads >= 0.34)} |`,
      `| ${fmt(growthCount)} creates, file database, 16 connections | ${fmt(growth.elapsed, 1)} s | < 15 s | ${verdict(growth.elapsed < 15)} |`,
      lockReadP50 === undefined
        ? "| Reads p50 while another process holds the write lock (lock test) | not measured: the lock test failed | < 20 ms | **missed** |"
        : `| Reads p50 while another process holds the write lock 10 s (lock test) | ${fmt(lockReadP50, 1)} ms | < 20 ms | ${verdict(lockReadP50 < 20)} |`,
      conformance
        ? `| Full conformance run against the sandbox (both services) | ${fmt(conformance.seconds, 1)} s | < 30 s | ${verdict(conformance.seconds < 30 && conformance.ok)} |`
        : "| Full conformance run against the sandbox | not measured: conformance/cli.ts absent | < 30 s | |",
      ...listScalingGoalRows(lists),
      proxyGoalRow(proxied),
      browserBundleGoalRow(bundles),
      "",
      ...listScalingSection(lists, "Made in the same `npm run bench` run as the rest of this file (alone: `node --import tsx bench/list-scaling.ts`)."),
      ...browserBundleSection(bundles, "Made in the same `npm run bench` run as the rest of this file (alone: `node --import tsx bench/browser-bundle.ts`)."),
      "## Throughput and latency",
      "",
      "Read: `GET /api/transaction-intents/{id}`. Write: `POST /api/transaction-intents` (variant A). Latency in ms.",
      "",
      "| Server | Op | Connections | req/s | p50 | p99 | non-2xx | errors |",
      "|---|---|---|---|---|---|---|---|",
      ...rows.map(({ target, op, connections, result: r }) => `| ${target} | ${op} | ${connections} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.non2xx} | ${r.errors} |`),
      "",
      "## Writes and the write lock",
      "",
      `Sandbox (file), 16 connections, from the rows above: writes ${fmt(rps("sandbox (file)", "write", 16))} req/s, reads ${fmt(rps("sandbox (file)", "read", 16))} req/s,`,
      `writes / reads ${fmt(fileWritesVsReads, 2)} (issue 17 measured 2,950 against 17,500, 0.17, in one run before WAL with \`synchronous = NORMAL\`,`,
      "partial list indexes, no AUTOINCREMENT, and prepared BEGIN/COMMIT/INSERT statements).",
      `${fmt(growthCount)} creates through HTTP at 16 connections on a file database: ${fmt(growth.elapsed, 1)} s (issue 17: 30 s).`,
      `The lock test (\`node --import tsx --test test/sandbox/lock-pressure.test.ts\`, run by this bench): ${lock ?? "failed"}.`,
      "",
      "## Sandbox memory",
      "",
      "| Figure | MiB |",
      "|---|---|",
      ...Object.entries(peaks).filter(([, peak]) => peak !== undefined).map(([name, peak]) => `| Peak RSS under the load above, ${name} | ${fmt(peak!, 1)} |`),
      `| RSS before creating ${fmt(growthCount)} intents (file database) | ${fmt(growth.before, 1)} |`,
      `| RSS after (${fmt(growth.created)} created in ${fmt(growth.elapsed, 1)} s) | ${fmt(growth.after, 1)} |`,
      `| Growth per 10,000 intents | ${fmt(((growth.after - growth.before) / growth.created) * 10_000, 2)} |`,
      "",
      "## Typed client against raw fetch",
      "",
      `The same read through each, ${fmt(overSandbox.calls)} calls per caller and server, alternating one by one; medians of the per-call times.`,
      "The ceiling answers in a few microseconds, so there the client's own per-call cost (openapi-fetch builds a `Request`",
      "that `fetch` then copies, and merges headers) is the largest share it can ever be.",
      "",
      "| Server | raw fetch + JSON parse, ms per call | typed client, ms per call | overhead |",
      "|---|---|---|---|",
      `| sandbox (memory) | ${fmt(overSandbox.fetchMs, 3)} | ${fmt(overSandbox.clientMs, 3)} | ${fmt(overSandbox.overhead * 100, 1)} % |`,
      `| bare node:http (ceiling) | ${fmt(overCeiling.fetchMs, 3)} | ${fmt(overCeiling.clientMs, 3)} | ${fmt(overCeiling.overhead * 100, 1)} % |`,
      "",
      ...(conformance ? ["## Conformance run", "", `Both services, full profile, against the sandbox (in-memory): ${fmt(conformance.seconds, 1)} s; ${conformance.summary.join("; ")}.`, ""] : []),
      ...proxySection(proxied, "Made in the same `npm run bench` run (alone: `node --import tsx bench/proxy.ts`)."),
      ...findings,
      ...testSuiteSection(),
    ];
    writeFileSync(join(root, "BENCHMARKS.md"), `${lines.join("\n")}\n`);
    log("wrote BENCHMARKS.md");
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
