#!/usr/bin/env node
// Static, offline HTML reference of each service, built by Redocly CLI's `build-docs` from the
// published OpenAPI documents:
//
//   node scripts/docs.mjs             writes docs-site/bank-payments.html, check-cashing.html, index.html
//   node scripts/docs.mjs --out DIR   writes them into DIR instead
//
// Offline at view time:
// - `--inlineBundle` embeds Redoc's scripts (without it the page loads them from a CDN);
// - REDOCLY_TELEMETRY=off makes the page's Redoc options say `disableTelemetry: true` (otherwise
//   the viewer posts usage traces to Redocly);
// - Redoc's bundle names two CDN folders for decorative icons and its "powered by" logo; they are
//   rewritten to relative paths, so viewing the page never asks another host for anything (the
//   icons are simply absent, the logo hides itself when it does not load);
// - a one-line requestIdleCallback polyfill is put first in <head>: Redoc builds its search index
//   in an idle callback, and in a browser without requestIdleCallback (Safari) the search box
//   stayed on "Loading..." for good.
//
// The page opens on the operations: each service's description (the namespace doc comment in
// spec/) starts with a table of its operations linking to them, then a short guide whose `##`
// headings Redoc lists in the side menu.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const redocly = join(root, "node_modules/@redocly/cli/bin/cli.js");

export const docServices = [
  { name: "bank-payments", title: "Bank Payment Service API reference" },
  { name: "check-cashing", title: "Check Cashing Service API reference" },
];

/** Off-machine asset folders named inside Redoc's bundle, and the relative paths they become. */
const cdnRewrites = [
  ["https://cdn.redocly.com/icons/", "redoc-assets/icons/"],
  ["https://cdn.redoc.ly/redoc/", "redoc-assets/"],
];

/** Defines requestIdleCallback where the browser lacks it, before Redoc's scripts run. */
export const idleCallbackPolyfill =
  "<script>window.requestIdleCallback||(window.requestIdleCallback=function(cb){return setTimeout(function(){cb({didTimeout:false,timeRemaining:function(){return 0}})},1)},window.cancelIdleCallback=clearTimeout);</script>";

/** Script, style, font or image URLs of other hosts that a page would fetch when viewed. */
export function remoteAssetUrls(html) {
  const found = new Set();
  const patterns = [
    /<script\b[^>]*\bsrc=["']?(https?:)?\/\/[^"'\s>]+/gi,
    /<link\b[^>]*\bhref=["']?(https?:)?\/\/[^"'\s>]+/gi,
    /<img\b[^>]*\bsrc=["']?(https?:)?\/\/[^"'\s>]+/gi,
    /@import\s+(url\()?["']?(https?:)?\/\/[^"')\s;]+/gi,
    /url\(\s*["']?(https?:)?\/\/[^"')\s]+/gi,
    /https?:\/\/(cdn|fonts|unpkg|cdnjs|jsdelivr)[.\w-]*\/[^"'`\s)]*/gi,
  ];
  for (const pattern of patterns) for (const match of html.matchAll(pattern)) found.add(match[0]);
  return [...found];
}

function indexPage() {
  const items = docServices
    .map(({ name, title }) => `    <li><a href="${name}.html">${title}</a> (<code>${name}.yaml</code>)</li>`)
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>API reference</title></head>
<body>
  <h1>API reference</h1>
  <ul>
${items}
  </ul>
  <p>Built by <code>npm run docs</code> from <code>generated/openapi/</code>; works offline.</p>
</body>
</html>
`;
}

/** Builds every service's reference into outDir; resolves to the written file paths. */
export async function buildDocs({ outDir = join(root, "docs-site") } = {}) {
  mkdirSync(outDir, { recursive: true });
  const written = [];
  for (const { name, title } of docServices) {
    const output = join(outDir, `${name}.html`);
    await promisify(execFile)(
      process.execPath,
      [redocly, "build-docs", join(root, "generated/openapi", `${name}.yaml`), "--inlineBundle",
        "--title", title, "--output", output],
      { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: "off" }, maxBuffer: 16 * 1024 * 1024 },
    );
    let html = readFileSync(output, "utf8");
    for (const [from, to] of cdnRewrites) html = html.split(from).join(to);
    if (!/<head>/.test(html)) throw new Error(`${output}: no <head> to put the requestIdleCallback polyfill in`);
    html = html.replace("<head>", `<head>\n  ${idleCallbackPolyfill}`);
    const remote = remoteAssetUrls(html);
    if (remote.length > 0) throw new Error(`${output} would fetch from other hosts: ${remote.join(", ")}`);
    if (!html.includes('"disableTelemetry":true')) throw new Error(`${output}: Redoc telemetry is not disabled`);
    writeFileSync(output, html);
    written.push(output);
  }
  const index = join(outDir, "index.html");
  writeFileSync(index, indexPage());
  written.push(index);
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--out");
  const outDir = at === -1 ? undefined : resolve(process.argv[at + 1]);
  buildDocs({ outDir }).then(
    (files) => process.stdout.write(`Reference docs written (open in a browser, offline):\n${files.map((f) => `  ${f}`).join("\n")}\n`),
    (error) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
