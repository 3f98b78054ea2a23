// `node --import tsx bench/concurrent-traffic.ts`: what judging concurrent traffic costs (issue 34,
// "Cost"), side by side in one run against one sandbox (its own process, in memory), and rewrites
// only the "## Concurrent traffic" section of BENCHMARKS.md:
//
// - one request at a time through the proxy: the latency it adds at p50 and p99 (bench/proxy-latency.ts,
//   `startProxy` in this process, its judge on a worker thread), target under 2 ms at p50;
// - 50 concurrent clients of one merchant (proof/traffic-clients.ts) through `conformance proxy`
//   (its own process, as a team runs it): requests a second, the judge's backlog when the traffic
//   stopped (`backlogAtStop`, set by the judge's thread), how long the proxy took from SIGTERM to its
//   exit (the judge finishing what was queued, the report, the recording), and how long judging the
//   recording again takes (`judgeTraffic` on its HAR, in this process).
//
// BENCH_CONCURRENT_CLIENTS (default 50), BENCH_CONCURRENT_ROUNDS (default 22: about 15 requests a round
// per client, near the 13,732 exchanges issue 34 measured), BENCH_PROXY_CALLS (default 1000 per path
// and operation) size the runs.
import { readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { judgeTraffic, trafficSummaryLine } from "../conformance/traffic/judge.js";
import { clientsThroughProxy, notClean } from "../proof/concurrent-traffic.js";
import { root, sandboxKeys, startSandboxProcess } from "./processes.js";
import { proxyLatency, type ProxyLatency } from "./proxy-latency.js";

const clients = Number(process.env.BENCH_CONCURRENT_CLIENTS ?? 50);
const rounds = Number(process.env.BENCH_CONCURRENT_ROUNDS ?? 22);
const calls = Number(process.env.BENCH_PROXY_CALLS ?? 1000);
const settings = { linked_credit_submerchant_id: "prohibited" } as const;
const log = (line: string) => process.stderr.write(`${line}\n`);
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

type Concurrent = {
  exchanges: number; seconds: number; summary: string; clean: string[]; backlogAtStop?: number; overlapping?: number;
  stopSeconds: number; judgeSeconds: number; judgedAgain: string;
};

async function concurrent(url: string): Promise<Concurrent> {
  const run = await clientsThroughProxy(
    { service: "bank-payments", upstream: url, keys: sandboxKeys, triggers: true, settings },
    { keys: sandboxKeys, clients, rounds, seed: 34 },
  );
  const started = performance.now();
  const again = judgeTraffic({ service: "bank-payments", keys: sandboxKeys, exchanges: run.proxy.recording, triggers: true, settings });
  const judgeSeconds = (performance.now() - started) / 1000;
  const { result } = run.proxy;
  return {
    exchanges: result.exchanges, seconds: run.clients.durationMs / 1000, summary: trafficSummaryLine(result), clean: [...run.clients.errors.slice(0, 3), ...notClean(result)],
    backlogAtStop: result.backlogAtStop, overlapping: result.overlapping, stopSeconds: run.proxy.stopMs / 1000, judgeSeconds, judgedAgain: trafficSummaryLine(again),
  };
}

function section(latency: ProxyLatency, load: Concurrent, how: string): string[] {
  const read = latency.rows.find((row) => row.op === "read")!;
  const added = read.proxied.p50 - read.direct.p50;
  return [
    "## Concurrent traffic",
    "",
    `Issue 34's costs, measured side by side in one run against one sandbox (in memory, its own process). ${how}`,
    "",
    "| Figure | Measured | Target |",
    "|---|---|---|",
    `| One request at a time through the proxy: p50 added to a read (${fmt(calls)} calls per path, alternating) | ${fmt(added, 2)} ms | < 2 ms (${added < 2 ? "met" : "**missed**"}) |`,
    ...latency.rows.map((row) => `| ... ${row.op}: direct p50 / proxied p50 / added p99 | ${fmt(row.direct.p50, 2)} / ${fmt(row.proxied.p50, 2)} / ${fmt(row.proxied.p99 - row.direct.p99, 2)} ms | |`),
    `| ${clients} concurrent clients through \`conformance proxy\`: exchanges, and requests a second | ${fmt(load.exchanges)}, ${fmt(load.exchanges / load.seconds)}/s over ${fmt(load.seconds, 1)} s | |`,
    `| ... judged among overlapping exchanges | ${fmt(load.overlapping ?? 0)} | |`,
    `| ... the judge's backlog when the traffic stopped (\`backlogAtStop\`) | ${load.backlogAtStop ?? "not reported"} | |`,
    `| ... from SIGTERM to the proxy's exit (the judge finishing its queue, the report, the recording) | ${fmt(load.stopSeconds, 2)} s | |`,
    `| ... judging the recording again (\`judgeTraffic\` on its HAR) | ${fmt(load.judgeSeconds, 2)} s, ${fmt(load.exchanges / load.judgeSeconds)} exchanges/s | |`,
    "",
    `The proxy's verdict: ${load.summary}${load.clean.length > 0 ? ` (not clean: ${load.clean.join("; ")})` : ""}. From the HAR: ${load.judgedAgain}.`,
    "",
    "`backlogAtStop` counts the answered exchanges that still waited for overlapping ones when the proxy was told to stop;",
    "the clients had all been answered by then, so nothing was left in flight to wait for. How far the judge's thread was",
    "behind the traffic (messages it had not read yet) shows in the time from SIGTERM to the exit. Both judging figures",
    "grow faster than the exchanges: each list page is judged against the states of every intent (or credit) the judge",
    "holds, whatever its filters (conformance/oracle/bank/lists.ts, `statesDuring`), and every round adds objects.",
    "",
  ];
}

const sandbox = await startSandboxProcess(":memory:");
try {
  log("one request at a time through the proxy");
  const latency = await proxyLatency(sandbox.url, sandboxKeys, calls);
  log(`${clients} concurrent clients, ${rounds} rounds each, through conformance proxy`);
  const load = await concurrent(sandbox.url);
  // The machine is shared: its load when the measurement ended says how far to trust it.
  const sizes = Object.entries({ BENCH_CONCURRENT_CLIENTS: clients, BENCH_CONCURRENT_ROUNDS: rounds, BENCH_PROXY_CALLS: calls }).filter(([name]) => process.env[name] !== undefined);
  const command = [...sizes.map(([name, value]) => `${name}=${value}`), "node --import tsx bench/concurrent-traffic.ts"].join(" ");
  const how = `Measured on ${new Date().toISOString().slice(0, 10)} (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores) by \`${command}\` (${clients} clients, ${rounds} rounds each, seed 34).`;
  const text = section(latency, load, how).join("\n");
  const file = join(root, "BENCHMARKS.md");
  const current = readFileSync(file, "utf8");
  const existing = /^## Concurrent traffic\b[\s\S]*?(?=^## |(?![\s\S]))/m;
  writeFileSync(file, existing.test(current) ? current.replace(existing, `${text}\n`) : `${current.trimEnd()}\n\n${text}\n`);
  log(text);
} finally {
  await sandbox.stop();
}
