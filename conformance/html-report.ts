// The HTML report, beside the Markdown and JUnit ones: one self-contained file (styles inline, no
// script, no font, image or request of any kind, so it opens the same from a CI artifact, an e-mail
// or a file share), for a person to read in a browser. The verdict first; then the failures grouped
// by rule, each with its shortest reproducer (the diff marked, the curl lines); the suite's own
// errors apart; what the verdict rests on; the coverage matrices; every check last, folded.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { evidenceLines } from "./evidence.js";
import { failureLines, failureText, groupByRule, groupTitle } from "./failures.js";
import { coverageMatrix, oracleLine, score, sequencesLine, xml as escape } from "./report.js";
import { leftOutLine, serverGoneLine } from "./run-notes.js";
import type { CheckResult, ConformanceResult, CoverageMatrix } from "./types.js";

const style = `
  body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1100px; padding: 1.5rem; color: #1d232a; }
  h1 { font-size: 1.5rem; margin: 0 0 .3rem; } h2 { font-size: 1.2rem; margin: 2rem 0 .6rem; border-bottom: 1px solid #d8dee4; }
  .verdict { display: inline-block; padding: .15rem .6rem; border-radius: 4px; font-weight: 600; color: #fff; }
  .passed { background: #1a7f37; } .failed { background: #cf222e; } .errors { background: #9a6700; }
  .note { background: #fff8c5; border-left: 4px solid #d4a72c; padding: .4rem .8rem; margin: .6rem 0; }
  details.group { border: 1px solid #d8dee4; border-radius: 6px; margin: .6rem 0; padding: .3rem .8rem; }
  details.group > summary { cursor: pointer; font-weight: 600; }
  pre { background: #f6f8fa; padding: .6rem; font: 12.5px/1.4 ui-monospace, monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
  li, td { overflow-wrap: anywhere; }
  .del { color: #a40e26; background: #ffebe9; display: block; } .ins { color: #116329; background: #dafbe1; display: block; }
  table { border-collapse: collapse; font-size: 13px; margin: .4rem 0; } th, td { border: 1px solid #d8dee4; padding: .2rem .5rem; text-align: left; vertical-align: top; }
  td.bad { background: #ffebe9; font-weight: 600; } td.none { color: #6e7781; }
  ul { margin: .3rem 0; padding-left: 1.3rem; }
`;

/** A failure's text, the diff lines marked: `-` what came, `+` what was expected. */
function failureBlock(check: CheckResult): string {
  const lines = failureText(check).map((line) => {
    const marked = /^\s{2}([-+])/.exec(line)?.[1];
    return marked ? `<span class="${marked === "-" ? "del" : "ins"}">${escape(line)}</span>` : escape(line);
  });
  return `<pre>${lines.join("\n").replace(/<\/span>\n/g, "</span>")}</pre>`;
}

function failuresSection(result: ConformanceResult): string {
  const groups = groupByRule(result.checks);
  if (groups.length === 0) return "";
  const parts = groups.map((group, index) => {
    const [shortest, ...others] = group.checks;
    const rest = others.length === 0 ? "" : `<p>The other failures of this rule:</p><ul>${failureLines(others, 200).map(({ line }) => `<li>${escape(line)}</li>`).join("")}</ul>`;
    return `<details class="group"${index === 0 ? " open" : ""}><summary>${escape(groupTitle(group))}: ${group.checks.length} failure${group.checks.length === 1 ? "" : "s"}</summary><p>The shortest reproducer:</p>${failureBlock(shortest)}${rest}</details>`;
  });
  return `<h2 id="failures">Failures (${result.failed}), by the rule broken (${groups.length})</h2>${parts.join("\n")}`;
}

function suiteErrorsSection(result: ConformanceResult): string {
  const errors = result.suiteErrors ?? [];
  if (errors.length === 0) return "";
  const items = errors.map((error) => `<li><strong>${escape(error.where)}</strong>${error.seed === undefined ? "" : ` (seed ${error.seed})`}: <code>${escape(error.message)}</code></li>`);
  return `<h2 id="suite-errors">Errors inside the suite (${errors.length})</h2><p>Defects of the suite, not the server's fault and not counted against it (please report them):</p><ul>${items.join("")}</ul>`;
}

function verdictSection(result: ConformanceResult): string {
  const items = [oracleLine(result), ...(result.sequences ? [sequencesLine(result.sequences)] : []), ...(result.evidence ? evidenceLines(result.evidence) : [])];
  return `<h2 id="evidence">What the verdict rests on</h2><ul>${items.map((item) => `<li>${escape(item)}</li>`).join("")}</ul>`;
}

function stateMatrix(matrix: CoverageMatrix): string {
  const head = `<tr><th>State</th>${matrix.columns.map((column) => `<th>${escape(column)}</th>`).join("")}</tr>`;
  const rows = matrix.rows.map((row) => {
    const cells = matrix.columns.map((column) => {
      const found = matrix.cells.find((c) => c.row === row && c.column === column);
      if (!found) return `<td class="none"></td>`;
      if (found.outcome === "skipped" || found.outcome === "not reached") return `<td class="none" title="${escape(found.reason ?? "")}">${found.outcome}</td>`;
      return `<td${found.outcome === "failed" ? ' class="bad"' : ""}>${escape(found.answered ?? "")}${found.outcome === "failed" ? " FAILED" : ""}</td>`;
    });
    return `<tr><th>${escape(row)}</th>${cells.join("")}</tr>`;
  });
  return `<h3>${escape(matrix.title)}</h3><table>${head}${rows.join("")}</table>`;
}

function coverageSection(result: ConformanceResult): string {
  const rows = coverageMatrix(result).map((row) =>
    `<tr><td>${row.operationId}</td><td>${row.status}</td><td>${row.seen}</td><td${row.seen > 0 && !row.valid ? ' class="bad"' : row.seen === 0 ? ' class="none"' : ""}>${row.seen === 0 ? "not covered" : row.valid ? "yes" : "no"}</td></tr>`);
  const matrices = (result.coverage?.matrices ?? []).map(stateMatrix).join("");
  return `<h2 id="coverage">Coverage matrix: operation x documented status</h2><table><tr><th>Operation</th><th>Status</th><th>Responses seen</th><th>All valid</th></tr>${rows.join("")}</table>${matrices}`;
}

function checksSection(result: ConformanceResult): string {
  const rows = result.checks.map((check) => `<tr><td>${check.layer}</td><td>${escape(check.group)}</td><td>${escape(check.name)}</td><td${check.outcome === "failed" ? ' class="bad"' : ""}>${check.outcome}</td><td>${escape((check.reason ?? "").split("\n")[0].slice(0, 300))}</td></tr>`);
  return `<h2 id="checks">All checks (${result.checks.length})</h2><details><summary>Show every check</summary><table><tr><th>Layer</th><th>Group</th><th>Check</th><th>Outcome</th><th>Detail</th></tr>${rows.join("")}</table></details>`;
}

export function htmlReport(result: ConformanceResult): string {
  const { score: value, coverage } = score(result);
  const errors = (result.suiteErrors ?? []).length;
  const [label, kind] = result.failed > 0 ? ["FAILED", "failed"] : errors > 0 ? ["SUITE ERRORS", "errors"] : result.ok ? ["PASSED", "passed"] : ["NOT PASSED", "failed"];
  const notes = [serverGoneLine(result), result.stopped && !result.serverGone ? `The run was stopped by ${result.stopped}: this report shows what ran.` : undefined, leftOutLine(result)]
    .filter((note): note is string => note !== undefined).map((note) => `<p class="note">${escape(note)}</p>`);
  const summary = `${result.passed} passed, ${result.failed} failed${result.skipped > 0 ? `, ${result.skipped} skipped` : ""}${errors > 0 ? `, ${errors} suite error${errors === 1 ? "" : "s"}` : ""}`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Conformance report: ${escape(result.service)}</title><style>${style}</style></head>
<body>
<h1>Conformance report: ${escape(result.service)} <span class="verdict ${kind}">${label}</span></h1>
<p>Target ${escape(result.baseUrl)}, profile <code>${result.profile}</code>, ${new Date().toISOString()}, ${result.durationMs} ms.</p>
<p><strong>${summary}</strong>. Conformance score ${value}%; operation x documented status covered with a valid response: ${coverage}%.</p>
${notes.join("\n")}
${failuresSection(result)}
${suiteErrorsSection(result)}
${verdictSection(result)}
${coverageSection(result)}
${checksSection(result)}
</body></html>
`;
}

export function writeHtmlReport(result: ConformanceResult, dir: string): void {
  writeFileSync(join(dir, `conformance-${result.service}.html`), htmlReport(result));
}
