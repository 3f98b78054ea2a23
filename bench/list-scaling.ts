// List scaling (issue 11, "Flat as it grows"): the same list page through HTTP over a database of
// 1,000 intents and one of 100,000; the goal is the large one within 1.5x of the small one.
// The databases are filled fast, straight through the Store in one transaction, with copies of
// documents the sandbox itself made through the API; only the page is measured, through HTTP.
// Run alone: `node --import tsx bench/list-scaling.ts` (updates its rows of BENCHMARKS.md in place);
// `npm run bench` runs it too. BENCH_SECONDS sets each load run (default 3 here), LIST_SIZES the sizes,
// LIST_ROUNDS the alternating runs per size (default 5 alone, 3 in `npm run bench`).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { newId, referenceNumber } from "../sandbox/ids.js";
import { startSandbox } from "../sandbox/server.js";
import { Store } from "../sandbox/store.js";
import { load, type LoadRequest } from "./load.js";
import { root, sandboxKeys, startSandboxProcess } from "./processes.js";

const auth = { authorization: `Bearer ${sandboxKeys.secret}` };
const log = (line: string) => process.stderr.write(`${line}\n`);

/** The pages measured: the goal is on the filtered one; the combination is shown because it still counts. */
export const listPages = [
  { name: "unfiltered", query: "", goal: true },
  { name: "filtered, `status=succeeded` (a quarter of the intents)", query: "status=succeeded", goal: true },
  { name: "kept pair, `status=succeeded&type=bankpay`", query: "status=succeeded&type=bankpay", goal: false },
  { name: "counted combination, `status=succeeded&station_number=0042` (every intent is in store 0042)", query: "status=succeeded&station_number=0042", goal: false },
] as const;

export type ListScaling = {
  sizes: [number, number];
  seconds: number;
  rounds: number;
  fillSeconds: number;
  pages: Array<{ name: string; query: string; goal: boolean; rps: [number, number]; ratio: number }>;
};

/** One of each kind of intent the list holds, made by the sandbox through its API (so the documents are real). */
async function templates(scratch: string): Promise<object[]> {
  const file = join(scratch, "templates.db");
  const sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: file, secretKey: sandboxKeys.secret, publishableKey: sandboxKeys.publishable });
  const party = (n: number) => ({ bank_account: `bank_account_Bench${n}AcctXyzQ0Q`, consumer_id: `consumer_Bench${n}ConsXyzQ0Q`, store_number: "0042" });
  const address = { city_locality: "Austin", country_code: "US", line_1: "500 Congress Ave", state_province: "TX", postal_code: "78701" };
  const bodies = [
    { amount: 125, ...party(1), type: "bankpay" },
    { amount: 240, ...party(2), type: "bankpay_bnpl" },
    { amount: 75, ...party(3), action: "authorize", service_fee_id: "service_fee_Tz6Mq1PxR9bK3wLe", billing_address: address },
    { amount: 310, ...party(4), action: "authorize_and_capture", service_fee_id: "service_fee_Tz6Mq1PxR9bK3wLe", billing_address: address },
  ];
  try {
    for (const body of bodies) {
      const response = await fetch(`${sandbox.bankUrl}/api/transaction-intents`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`template intent refused: ${response.status} ${await response.text()}`);
    }
  } finally {
    await sandbox.close();
  }
  const store = new Store(file);
  try {
    return store.page<object>("intents", [], bodies.length, 0).rows;
  } finally {
    store.close();
  }
}

/** A database file of `count` intents, copies of the templates in turn, each with its own id and reference. */
function fill(file: string, count: number, kinds: object[]): number {
  const start = performance.now();
  const store = new Store(file);
  try {
    store.transaction(() => {
      for (let i = 0; i < count; i++) {
        const intent: Record<string, unknown> = { ...(kinds[i % kinds.length] as Record<string, unknown>), id: newId("transaction_intent") };
        if (intent.reference_id !== null) intent.reference_id = referenceNumber("RF", "alnum");
        store.insert("intents", intent.id as string, intent);
      }
    });
  } finally {
    store.close();
  }
  return (performance.now() - start) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function listScaling(scratch: string, seconds: number, sizes: [number, number] = [1_000, 100_000], rounds = 3): Promise<ListScaling> {
  log("list scaling: templates");
  const kinds = await templates(scratch);
  let fillSeconds = 0;
  const files = sizes.map((size) => {
    log(`list scaling: filling ${size} intents`);
    const file = join(scratch, `list-${size}.db`);
    const elapsed = fill(file, size, kinds);
    if (size === sizes[1]) fillSeconds = elapsed;
    return file;
  });
  const servers = [await startSandboxProcess(files[0]), await startSandboxProcess(files[1])];
  try {
    const pages: ListScaling["pages"] = [];
    for (const page of listPages) {
      const request: LoadRequest = { method: "GET", path: `/api/transaction-intents${page.query ? `?${page.query}` : ""}`, headers: auth };
      const runs: [number[], number[]] = [[], []];
      // Both sizes served at once and measured in turn, so drift on a noisy machine hits both alike.
      for (let round = 0; round < rounds; round++) {
        for (const which of [0, 1] as const) {
          log(`  ${page.query || "unfiltered"} at ${sizes[which]}, round ${round + 1}`);
          const result = await load(servers[which].url, request, 1, seconds);
          if (result.non2xx > 0 || result.errors > 0) throw new Error(`list page failed: ${result.non2xx} non-2xx, ${result.errors} errors`);
          runs[which].push(result.rps);
        }
      }
      const rps: [number, number] = [median(runs[0]), median(runs[1])];
      pages.push({ name: page.name, query: page.query, goal: page.goal, rps, ratio: rps[0] / rps[1] });
    }
    return { sizes, seconds, rounds, fillSeconds, pages };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The Goals table rows: the time of a page at the large size over the time at the small one. */
export function listScalingGoalRows(result: ListScaling): string[] {
  const [small, large] = result.sizes.map((size) => fmt(size));
  return result.pages
    .filter((page) => page.goal)
    .map((page) => `| List page at ${large} intents vs ${small}, ${page.name.replace(/ \(.*\)$/, "")} | ${fmt(page.ratio, 2)}x | <= 1.5x | ${page.ratio <= 1.5 ? "met" : "**missed**"} |`);
}

/** The section of BENCHMARKS.md; `madeBy` says which run produced it. */
export function listScalingSection(result: ListScaling, madeBy: string): string[] {
  const [small, large] = result.sizes.map((size) => fmt(size));
  return [
    "## List scaling",
    "",
    madeBy,
    `\`GET /api/transaction-intents\` page 1 (15 intents, full view) through HTTP, one connection, ${result.rounds} alternating runs of ${result.seconds} s`,
    `per size, medians. The databases (files, WAL) were filled through the Store in one transaction with copies of four intents`,
    `the sandbox made through its API (pending, pending BNPL, pending capture, succeeded); ${large} took ${fmt(result.fillSeconds, 1)} s.`,
    "",
    `| Page | req/s at ${small} | req/s at ${large} | time ratio |`,
    "|---|---|---|---|",
    ...result.pages.map((page) => `| ${page.name} | ${fmt(page.rps[0])} | ${fmt(page.rps[1])} | ${fmt(page.ratio, 2)}x |`),
    "",
    "Each filter of both lists is a column written beside the document, indexed with `seq`, so a page walks",
    "its own index range newest first and stops after 15 rows. `total` is kept by triggers for no filter, one",
    "filter (any of its values), and the pairs status with type (intents) and status with creditable_type",
    "(credits), which also have a composite index. Any other combination is still counted: the intersection of",
    "its narrowest range (filter or pair) with each other filter's range, read from the indexes alone, so its cost",
    "grows with those ranges (the last row intersects a quarter of the table with all of it). Deep pages pay for",
    "their OFFSET (page 1,000 walks 15,000 index entries): the contract pages by number, not by cursor.",
    "",
  ];
}

/** Replaces this bench's rows and section in an existing BENCHMARKS.md (the other figures stay as they were). */
export function patchBenchmarks(text: string, result: ListScaling, madeBy: string): string {
  const lines = text.split("\n").filter((line) => !line.startsWith("| List page at "));
  const goalsEnd = lines.findIndex((line, i) => i > lines.indexOf("## Goals") + 2 && line.trim() === "");
  lines.splice(goalsEnd, 0, ...listScalingGoalRows(result));
  const start = lines.indexOf("## List scaling");
  if (start >= 0) {
    const end = lines.findIndex((line, i) => i > start && line.startsWith("## "));
    lines.splice(start, (end < 0 ? lines.length : end) - start);
  }
  const before = lines.indexOf("## Throughput and latency");
  lines.splice(before < 0 ? lines.length : before, 0, ...listScalingSection(result, madeBy));
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const scratch = mkdtempSync(join(tmpdir(), "bench-lists-"));
  try {
    const sizes = (process.env.LIST_SIZES?.split(",").map(Number) ?? [1_000, 100_000]) as [number, number];
    const result = await listScaling(scratch, Number(process.env.BENCH_SECONDS ?? 3), sizes, Number(process.env.LIST_ROUNDS ?? 5));
    const madeBy = `Made by \`node --import tsx bench/list-scaling.ts\` on ${new Date().toISOString().slice(0, 10)}, on its own (the rest of this file comes from the \`npm run bench\` run named at the top, before the list indexes: writes now also keep the filter indexes and totals, so the write and 100,000-creates figures there are from the first version; the list-scaling rows of the Goals table come from this run).`;
    const file = join(root, "BENCHMARKS.md");
    writeFileSync(file, patchBenchmarks(readFileSync(file, "utf8"), result, madeBy));
    for (const page of result.pages) log(`${page.name}: ${fmt(page.rps[0])} vs ${fmt(page.rps[1])} req/s, ${fmt(page.ratio, 2)}x`);
    log("updated BENCHMARKS.md");
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
