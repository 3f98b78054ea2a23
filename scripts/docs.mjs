#!/usr/bin/env node
// Static, offline HTML reference of each service, built by Redocly CLI's `build-docs` from the
// published OpenAPI documents:
//
//   node scripts/docs.mjs             writes docs-site/bank-payments.html, check-cashing.html, index.html
//   node scripts/docs.mjs --out DIR   writes them into DIR instead
//
// Layout: Redoc's "stacked" one (`--openapi.layout stacked`): the description and its tables take
// the width of the page and the request and response samples follow each operation. In the
// three-panel layout the middle column is about 400 px wide at 1280 px: titles wrapped to five
// lines and the action table did not fit. The reader can still switch (the buttons at the bottom
// of the side menu).
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
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
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

/**
 * Tables in the descriptions wrap between words inside their column: Redoc sets
 * `word-break: keep-all` on them and lets the wrapper scroll sideways, so a wide table (the
 * action table) was cut off at the column's edge.
 */
export const tableWrapStyle =
  "<style>.md-table-wrapper table{word-break:normal;width:100%}.md-table-wrapper th,.md-table-wrapper td{overflow-wrap:break-word}</style>";

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

const escapeHtml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The few inline Markdown forms the first paragraphs use: `code`, **strong**, [text](link) as text. */
function inlineMarkdown(text) {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1");
}

/** The first paragraph of a Markdown text after its title (not a heading, list, table or code). */
export function firstParagraph(markdown) {
  const paragraphs = markdown.replace(/^# .*\n/, "").split(/\n\s*\n/).map((p) => p.trim());
  return paragraphs.find((p) => p && !/^(#|```|\||- |\* |\d+\. )/.test(p))?.replace(/\s*\n\s*/g, " ") ?? "";
}

/** Redoc's route of an operation: `#/<tag slug>/<operationId in lower case>`. */
export function operationRoute(operation) {
  return `#/${operation.tags[0].toLowerCase().replace(/\s+/g, "-")}/${operation.operationId.toLowerCase()}`;
}

/** The guides of docs/ (title and first paragraph), for the landing page. */
export function guides() {
  return readdirSync(join(root, "docs")).filter((file) => file.endsWith(".md")).sort().map((file) => {
    const markdown = readFileSync(join(root, "docs", file), "utf8");
    return { file: join(root, "docs", file), title: /^# (.+)$/m.exec(markdown)?.[1] ?? file, summary: firstParagraph(markdown) };
  });
}

function serviceSection({ name }) {
  const document = JSON.parse(readFileSync(join(root, "generated/openapi", `${name}.json`), "utf8"));
  const rows = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item)
    .filter(([, operation]) => operation?.operationId)
    .map(([method, operation]) => `        <tr><td><a href="${name}.html${operationRoute(operation)}">${escapeHtml(operation.summary)}</a></td><td><code>${method.toUpperCase()} ${escapeHtml(path)}</code></td></tr>`));
  return `    <section>
      <h3><a href="${name}.html">${escapeHtml(document.info.title)}</a> <small>${escapeHtml(document.info.version)}</small></h3>
      <p>${inlineMarkdown(firstParagraph(document.info.description))}</p>
      <table>
        <thead><tr><th>Operation</th><th>Request</th></tr></thead>
        <tbody>
${rows.join("\n")}
        </tbody>
      </table>
    </section>`;
}

const landingStyle = `body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;margin:0}
main{max-width:60rem;margin:0 auto;padding:2rem 1.5rem}h1{margin:0 0 .25rem}h2{margin-top:2.5rem;border-bottom:1px solid #d0d7de}
h3 small{color:#59636e;font-weight:normal}section{margin-bottom:2rem}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.3rem .6rem;border-bottom:1px solid #d0d7de;vertical-align:top;overflow-wrap:break-word}
code,pre{font:14px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}pre{background:#f6f8fa;padding:1rem;overflow-x:auto}
dt{font-weight:600;margin-top:.75rem}dd{margin-left:0}a{color:#0969da}`;

/** The landing page: what each service does, its operations, the client, the guides. */
function indexPage(outDir) {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const guideItems = guides()
    .map(({ file, title, summary }) => `      <dt><a href="${escapeHtml(relative(outDir, file).split(sep).join("/"))}">${escapeHtml(title)}</a></dt>\n      <dd>${inlineMarkdown(summary)}</dd>`)
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>bank-payments-contract: API reference</title>
  <style>${landingStyle}</style>
</head>
<body>
  <main>
    <h1>bank-payments-contract</h1>
    <p>${escapeHtml(pkg.description)}</p>

    <h2>API reference</h2>
${docServices.map(serviceSection).join("\n")}

    <h2>The client</h2>
    <p>One method per operation, typed from the published documents; each resolves to <code>{ data, error, response }</code>.
    Against the reference sandbox (<code>npx payments-sandbox</code>):</p>
    <pre><code>import { createBankPayments } from "bank-payments-contract";

const bank = createBankPayments({ baseUrl: "http://127.0.0.1:4020", apiKey: "sk_test_sandbox" });
const { data, error } = await bank.transactionIntents.retrieve("transaction_intent_2Rb7YcM4nQ8wLx5K");</code></pre>

    <h2>Guides</h2>
    <dl>
${guideItems}
    </dl>

    <p><small>Built by <code>npm run docs</code> from <code>generated/openapi/</code>; every page works offline.</small></p>
  </main>
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
        "--title", title, "--openapi.layout", "stacked", "--output", output],
      { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: "off" }, maxBuffer: 16 * 1024 * 1024 },
    );
    let html = readFileSync(output, "utf8");
    for (const [from, to] of cdnRewrites) html = html.split(from).join(to);
    if (!/<head>/.test(html)) throw new Error(`${output}: no <head> to put the requestIdleCallback polyfill in`);
    html = html.replace("<head>", `<head>\n  ${idleCallbackPolyfill}\n  ${tableWrapStyle}`);
    const remote = remoteAssetUrls(html);
    if (remote.length > 0) throw new Error(`${output} would fetch from other hosts: ${remote.join(", ")}`);
    if (!html.includes('"disableTelemetry":true')) throw new Error(`${output}: Redoc telemetry is not disabled`);
    writeFileSync(output, html);
    written.push(output);
  }
  const index = join(outDir, "index.html");
  writeFileSync(index, indexPage(outDir));
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
