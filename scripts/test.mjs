#!/usr/bin/env node
// `npm test`: every test file with Node's runner (through tsx), in two groups, then a check that
// nothing the run started is still running.
//
//   node scripts/test.mjs                      the whole suite (test/*/*.test.ts)
//   node scripts/test.mjs test/sandbox/x.test.ts ...   only these files, each in its group
//
// 1. Serial group: the files whose wall-clock bounds (a 408 after 300 ms, a 503 within 3 s, an
//    event loop that never stalls 100 ms) need a quiet machine, one file at a time, alone.
// 2. Parallel group: every other file, TEST_CONCURRENCY files at once (default: the number of
//    cores, at least 2). Each file stands alone, so the order does not matter.
// 3. Leftovers: every process the run starts carries RUN_MARKER=<id> in its environment (children
//    inherit it), so one still running at the end (a server, a mock, a browser that a test did not
//    stop) is found wherever it was reparented; it is listed, killed, and the run fails. Linux only
//    (/proc); elsewhere the check says it did not run.
//
// A file that runs longer than ten minutes fails as timed out (a hang names itself, CI goes on).
//
// Skipped tests are listed again at the end with their reasons, so a skip is never missed in the
// output. The summary line gives each group's time (BENCHMARKS.md's "Test suite" section quotes it).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { markedProcessesAfter, markerSupported, newMarker } from "./processes.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const RUN_MARKER = "BANK_PAYMENTS_CONTRACT_TEST_RUN";

/** Test files with wall-clock bounds: run first, one at a time, with nothing else running. */
export const serialFiles = ["test/sandbox/busy.test.ts", "test/sandbox/lock-pressure.test.ts", "test/sandbox/reproductions.test.ts", "test/sandbox/transport.test.ts"];

/** Every test file of the suite, relative to the repository. */
export function allTestFiles() {
  return readdirSync(join(root, "test"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) => readdirSync(join(root, "test", folder.name)).filter((file) => file.endsWith(".test.ts")).map((file) => `test/${folder.name}/${file}`))
    .sort();
}

/** The counts of a runner's summary (TAP `# tests 3` or spec `ℹ tests 3`). */
export function summaryCounts(output) {
  const counts = {};
  for (const [, key, value] of output.matchAll(/^(?:# |ℹ )(tests|pass|fail|cancelled|skipped|todo) (\d+)$/gm)) counts[key] = (counts[key] ?? 0) + Number(value);
  return counts;
}

/** Lines that report a skipped test or suite, with its reason (TAP `# SKIP`, spec `﹣`). */
export function skipLines(output) {
  return output.split("\n").filter((line) => /# SKIP\b/.test(line) || /^\s*﹣ /.test(line)).map((line) => line.trim());
}

/**
 * How long one test file (and so any one test) may take before it fails as timed out. The slowest
 * file takes under two minutes on a busy CI machine; a file that hangs (a child it left running, an
 * answer that never comes) then costs ten minutes of CI's ninety, not all of them, and names itself.
 */
const fileTimeoutMs = 600_000;

/** Runs one group; resolves to its exit code, output and seconds. */
function runGroup(files, concurrency, env, timesFile) {
  const reporter = process.stdout.isTTY ? "spec" : "tap";
  const args = ["--import", "tsx", "--test", `--test-concurrency=${concurrency}`, `--test-timeout=${fileTimeoutMs}`, `--test-reporter=${reporter}`, "--test-reporter-destination=stdout",
    `--test-reporter=${join(root, "scripts/file-times.mjs")}`, `--test-reporter-destination=${timesFile}`, ...files];
  const started = performance.now();
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => { output += chunk; process.stdout.write(chunk); });
    child.stderr.on("data", (chunk) => { output += chunk; process.stderr.write(chunk); });
    child.on("error", reject);
    child.on("close", (code, signal) => resolveRun({ code: code ?? (signal ? 1 : 0), output, seconds: (performance.now() - started) / 1000 }));
  });
}

/** The per-file times the file-times reporter wrote, relative paths, slowest first. */
function fileTimesIn(dir) {
  return readdirSync(dir).flatMap((name) => {
    try { return JSON.parse(readFileSync(join(dir, name), "utf8")); } catch { return []; }
  }).map((row) => ({ ...row, file: relative(root, row.file) })).sort((a, b) => b.seconds - a.seconds);
}

/** The slowest files and each test folder's total (BENCHMARKS.md's "Test suite" quotes them). */
export function slowestLines(times, count = 8) {
  if (times.length === 0) return [];
  const folders = new Map();
  for (const { file, seconds } of times) folders.set(file.split("/")[1], (folders.get(file.split("/")[1]) ?? 0) + seconds);
  return [
    `Slowest files (s, summed test durations): ${times.slice(0, count).map(({ file, seconds }) => `${file} ${seconds}`).join(", ")}.`,
    `By folder (s): ${[...folders].sort((a, b) => b[1] - a[1]).map(([folder, seconds]) => `${folder} ${seconds.toFixed(1)}`).join(", ")}.`,
  ];
}

async function main() {
  const asked = process.argv.slice(2).map((file) => relative(root, resolve(file)));
  const files = asked.length > 0 ? asked : allTestFiles();
  const serial = files.filter((file) => serialFiles.includes(file));
  const parallel = files.filter((file) => !serialFiles.includes(file));
  const concurrency = Number(process.env.TEST_CONCURRENCY ?? Math.max(2, availableParallelism()));
  const marker = newMarker(RUN_MARKER);
  const env = { ...process.env, [marker.name]: marker.value };
  // Set by Node's runner in the processes it starts: a runner that finds it reports to a parent
  // runner instead of printing (only when this script is itself run from a test).
  delete env.NODE_TEST_CONTEXT;

  const groups = [];
  const timesDir = mkdtempSync(join(tmpdir(), "test-times-"));
  const started = performance.now();
  if (serial.length > 0) groups.push({ name: "serial", ...(await runGroup(serial, 1, env, join(timesDir, "serial.json"))) });
  if (parallel.length > 0) groups.push({ name: `parallel (${concurrency} at once)`, ...(await runGroup(parallel, concurrency, env, join(timesDir, "parallel.json"))) });
  const seconds = (performance.now() - started) / 1000;
  const times = fileTimesIn(timesDir);
  rmSync(timesDir, { recursive: true, force: true });
  if (process.env.TEST_TIMES) writeFileSync(process.env.TEST_TIMES, `${JSON.stringify(times, null, 1)}\n`);

  let leftovers = [];
  if (markerSupported) {
    leftovers = await markedProcessesAfter(marker, 3_000);
    for (const { pid } of leftovers) {
      try { process.kill(pid, "SIGKILL"); } catch { /* ended meanwhile */ }
    }
  }

  const output = groups.map((group) => group.output).join("\n");
  const counts = summaryCounts(output);
  const skipped = skipLines(output);
  const failed = groups.some((group) => group.code !== 0) || leftovers.length > 0;
  const lines = ["", "=== npm test summary"];
  if (skipped.length > 0) lines.push(`Skipped (${skipped.length}):`, ...skipped.map((line) => `  ${line}`));
  if (!markerSupported) lines.push("Leftover processes: not checked (it reads /proc, Linux only).");
  else if (leftovers.length > 0) {
    lines.push(`Leftover processes: ${leftovers.length} started by this run were still running at its end (now killed):`,
      ...leftovers.map(({ pid, command }) => `  ${pid} ${command.slice(0, 200)}`));
  } else lines.push("Leftover processes: none.");
  lines.push(`Tests ${counts.tests ?? 0}, passed ${counts.pass ?? 0}, failed ${counts.fail ?? 0}, cancelled ${counts.cancelled ?? 0}, skipped ${counts.skipped ?? 0}, todo ${counts.todo ?? 0}.`);
  lines.push(...slowestLines(times));
  lines.push(`Time: ${seconds.toFixed(1)} s (${groups.map((group) => `${group.name} ${group.seconds.toFixed(1)} s`).join(", ")}).`);
  lines.push(failed ? "npm test: FAILED" : "npm test: passed");
  process.stdout.write(`${lines.join("\n")}\n`);
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
