// What a page pays for the client (issue 25, "a size budget"): the example consumer page
// (examples/consumer-page/: reads an intent and updates its billing address with the resource
// client) bundled with esbuild for the browser, minified, and gzipped; beside it the whole root
// entry (everything `bank-payments-contract` exports), for scale. Goal: the page at most 12 kB gzipped.
// Run alone: `node --import tsx bench/browser-bundle.ts` (updates its row and section of
// BENCHMARKS.md in place); `npm run bench` runs it too.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { buildConsumerPage } from "../examples/consumer-page/build.mjs";
import { root } from "./processes.js";

export const bundleGoalBytes = 12 * 1024;

/** One bundle: its minified and gzipped sizes, and how much of the minified output is the package's. */
export type BundleSize = { minified: number; gzipped: number; packageShare: number };
export type BrowserBundles = { page: BundleSize; rootEntry: BundleSize; esbuild: string };

const alias = { "bank-payments-contract": join(root, "entry/index.ts") };

type Metafile = { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> };

function sizeOf(file: string, metafile: Metafile): BundleSize {
  const code = readFileSync(file);
  const inputs = Object.entries(Object.values(metafile.outputs)[0].inputs);
  const total = inputs.reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
  const own = inputs.filter(([path]) => !path.includes("examples/consumer-page/")).reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
  // gzip at its default level, as servers commonly send it.
  return { minified: code.length, gzipped: gzipSync(code).length, packageShare: total === 0 ? 0 : own / total };
}

export async function browserBundles(): Promise<BrowserBundles> {
  const scratch = mkdtempSync(join(tmpdir(), "bench-bundle-"));
  try {
    const page = await buildConsumerPage({ outdir: join(scratch, "page"), alias });
    const entry = await build({
      entryPoints: { index: join(root, "entry/index.ts") }, bundle: true, format: "esm", platform: "browser", target: "es2022",
      minify: true, metafile: true, outdir: join(scratch, "entry"), logLevel: "silent",
    });
    const { version } = JSON.parse(readFileSync(join(root, "node_modules/esbuild/package.json"), "utf8")) as { version: string };
    return { page: sizeOf(join(scratch, "page/page.js"), page.metafile), rootEntry: sizeOf(join(scratch, "entry/index.js"), entry.metafile), esbuild: version };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const kB = (bytes: number) => `${(bytes / 1024).toLocaleString("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 })} kB`;

/** The Goals table row. */
export function browserBundleGoalRow(result: BrowserBundles): string {
  return `| Consumer page bundle (reads an intent, updates its address), gzipped | ${kB(result.page.gzipped)} | <= 12 kB | ${result.page.gzipped <= bundleGoalBytes ? "met" : "**missed**"} |`;
}

/** The section of BENCHMARKS.md; `madeBy` says which run produced it. */
export function browserBundleSection(result: BrowserBundles, madeBy: string): string[] {
  const row = (name: string, size: BundleSize) => `| ${name} | ${kB(size.minified)} | ${kB(size.gzipped)} | ${Math.round(size.packageShare * 100)} % |`;
  return [
    "## Browser bundle",
    "",
    madeBy,
    `esbuild ${result.esbuild}, \`--bundle --format=esm --platform=browser --target=es2022 --minify\`, gzip at its default level (Node's zlib).`,
    "The page is examples/consumer-page/ (its own code, the resource client, openapi-fetch); the root entry is everything",
    "`bank-payments-contract` exports, for scale. \"Package\" is the share of the minified output that is not the page's own code.",
    "",
    "| Bundle | minified | gzipped | package |",
    "|---|---|---|---|",
    row("Consumer page (examples/consumer-page/)", result.page),
    row("Root entry, every export", result.rootEntry),
    "",
  ];
}

/** Replaces this bench's row and section in an existing BENCHMARKS.md (the other figures stay as they were). */
export function patchBrowserBundle(text: string, result: BrowserBundles, madeBy: string): string {
  const lines = text.split("\n").filter((line) => !line.startsWith("| Consumer page bundle "));
  const goalsEnd = lines.findIndex((line, i) => i > lines.indexOf("## Goals") + 2 && line.trim() === "");
  lines.splice(goalsEnd, 0, browserBundleGoalRow(result));
  const start = lines.indexOf("## Browser bundle");
  if (start >= 0) {
    const end = lines.findIndex((line, i) => i > start && line.startsWith("## "));
    lines.splice(start, (end < 0 ? lines.length : end) - start);
  }
  const before = lines.indexOf("## Throughput and latency");
  lines.splice(before < 0 ? lines.length : before, 0, ...browserBundleSection(result, madeBy));
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const result = await browserBundles();
  const madeBy = `Made by \`node --import tsx bench/browser-bundle.ts\` on ${new Date().toISOString().slice(0, 10)}, on its own (sizes do not depend on the machine; \`npm run bench\` makes it with the rest).`;
  const file = join(root, "BENCHMARKS.md");
  writeFileSync(file, patchBrowserBundle(readFileSync(file, "utf8"), result, madeBy));
  process.stderr.write(`page ${kB(result.page.gzipped)} gzipped (${kB(result.page.minified)} minified); root entry ${kB(result.rootEntry.gzipped)} gzipped\nupdated BENCHMARKS.md\n`);
}
