#!/usr/bin/env node
// Bundles the consumer page with esbuild: src/page.ts -> dist/page.js, one ES module for the browser.
//   node build.mjs            (from this folder, with bank-payments-contract and esbuild installed)
// Programmatic use (the repository's tests and bench/): `buildConsumerPage({ outdir, alias })`,
// where `alias` may point `bank-payments-contract` at the repository's sources.
import { build } from "esbuild";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

/** Builds the page's bundle; resolves to esbuild's result (with its metafile). */
export function buildConsumerPage({ outdir = join(here, "dist"), alias = {}, minify = true, entry = join(here, "src/page.ts") } = {}) {
  return build({
    entryPoints: { page: entry },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify,
    alias,
    outdir,
    metafile: true,
    logLevel: "silent",
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildConsumerPage();
  console.log(`Built ${join(here, "dist/page.js")}: serve this folder over http and open index.html?intent=<id>`);
}
