// Reports of a run (the HTML one is html-report.ts): JUnit XML for CI, and a Markdown report with the failures first, grouped by the
// rule they break (request, expected and actual response, curl lines), what the oracle judged, how
// many generated sequences ran of how many were planned, the coverage layer's state x action
// matrices and boundary list, the operation x documented status matrix, transition rows, error
// codes, and a conformance score.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { validatorFor } from "../src/openapi/validator.js";
import { describeRule } from "./rules.js";
import type { CoverageReport } from "./coverage/record.js";
import { evidenceLines } from "./evidence.js";
import { failureText, groupByRule, groupedFailureMarkdown } from "./failures.js";
import { leftOutLine, serverGoneLine } from "./run-notes.js";
import type { ConformanceResult, SequenceSummary } from "./types.js";

/** Text made safe inside XML or HTML, attributes included. */
export const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function junitXml(result: ConformanceResult): string {
  const groups = new Map<string, typeof result.checks>();
  for (const check of result.checks) {
    const key = `${check.layer}: ${check.group}`;
    groups.set(key, [...(groups.get(key) ?? []), check]);
  }
  const suites = [...groups].map(([name, checks]) => {
    const cases = checks.map((check) => {
      const inner = check.outcome === "failed" ? `<failure message="${xml((check.reason ?? "").slice(0, 500))}">${xml(failureText(check).join("\n"))}</failure>`
        : check.outcome === "skipped" ? `<skipped message="${xml(check.reason ?? "")}"/>` : "";
      return `    <testcase classname="${xml(`${result.service}.${name}`)}" name="${xml(check.name)}" time="${(check.durationMs / 1000).toFixed(3)}">${inner}</testcase>`;
    });
    const failures = checks.filter((c) => c.outcome === "failed").length;
    const skipped = checks.filter((c) => c.outcome === "skipped").length;
    return `  <testsuite name="${xml(`${result.service} ${name}`)}" tests="${checks.length}" failures="${failures}" skipped="${skipped}">\n${cases.join("\n")}\n  </testsuite>`;
  });
  // The suite's own errors are JUnit errors (the test itself broke), never failures of the server.
  const errors = result.suiteErrors ?? [];
  if (errors.length > 0) {
    const cases = errors.map((error) => `    <testcase classname="${xml(`${result.service}.suite errors`)}" name="${xml(error.where)}" time="0.000"><error message="${xml(error.message.split("\n")[0].slice(0, 500))}">${xml(error.message)}${error.seed === undefined ? "" : xml(`\nseed ${error.seed}`)}</error></testcase>`);
    suites.push(`  <testsuite name="${xml(`${result.service} suite errors`)}" tests="${errors.length}" failures="0" errors="${errors.length}" skipped="0">\n${cases.join("\n")}\n  </testsuite>`);
  }
  const properties = [
    ...(result.sequences ? [["sequences.ran", result.sequences.runs], ["sequences.planned", result.sequences.planned], ["sequences.seed", result.sequences.seed]] : []),
    ...(result.sequences?.stoppedBy ? [["sequences.stopped_by", result.sequences.stoppedBy]] : []),
    ...(result.stopped ? [["run.stopped_by", result.stopped]] : []),
    ...(result.serverGone ? [["run.server_gone", serverGoneLine(result)]] : []),
    ...(result.leftOut ? [["run.left_out", leftOutLine(result)]] : []),
    ...(result.evidence ? evidenceLines(result.evidence).map((line, index) => [`evidence.${index + 1}`, line]) : []),
  ].map(([name, value]) => `    <property name="${xml(String(name))}" value="${xml(String(value))}"/>`);
  const head = properties.length > 0 ? `  <properties>\n${properties.join("\n")}\n  </properties>\n` : "";
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="conformance ${xml(result.service)}" tests="${result.checks.length + errors.length}" failures="${result.failed}" errors="${errors.length}" skipped="${result.skipped}">\n${head}${suites.join("\n")}\n</testsuites>\n`;
}

/** Operation x documented status: which were answered, validly, by the implementation. */
export function coverageMatrix(result: ConformanceResult): Array<{ operationId: string; status: string; seen: number; valid: boolean }> {
  const rows: Array<{ operationId: string; status: string; seen: number; valid: boolean }> = [];
  for (const { operation } of validatorFor(result.service).operations) {
    for (const status of Object.keys(operation.responses)) {
      const seen = result.observations.filter((o) => o.operationId === operation.operationId && String(o.status) === status);
      rows.push({ operationId: operation.operationId, status, seen: seen.length, valid: seen.length > 0 && seen.every((o) => o.valid) });
    }
  }
  return rows;
}

export function score(result: ConformanceResult): { score: number; coverage: number } {
  const executed = result.passed + result.failed;
  const matrix = coverageMatrix(result);
  return {
    score: executed === 0 ? 0 : Math.round((1000 * result.passed) / executed) / 10,
    coverage: Math.round((1000 * matrix.filter((row) => row.valid).length) / matrix.length) / 10,
  };
}

export function markdownReport(result: ConformanceResult): string {
  const { score: value, coverage } = score(result);
  const lines: string[] = [];
  lines.push(`# Conformance report: ${result.service}`, "");
  lines.push(`Target ${result.baseUrl}, profile \`${result.profile}\`, ${new Date().toISOString()}, ${result.durationMs} ms.`, "");
  lines.push(`**Conformance score: ${value}%** (${result.passed} passed of ${result.passed + result.failed} executed; ${result.skipped} skipped). ` +
    `Operation x documented status covered with a valid response: ${coverage}%.`, "");
  const gone = serverGoneLine(result);
  if (gone) lines.push(`**${gone}**`, "");
  else if (result.stopped) lines.push(`**The run was stopped by ${result.stopped}**: this report shows what ran.`, "");
  const left = leftOutLine(result);
  if (left) lines.push(left, "");
  if (result.oracle) lines.push(oracleLine(result), "");
  if (result.sequences) lines.push(`${sequencesLine(result.sequences)}`, "");
  if (result.evidence) lines.push("## What the verdict rests on", "", ...evidenceLines(result.evidence).map((line) => `- ${line}`), "");
  const failures = result.checks.filter((c) => c.outcome === "failed");
  if (failures.length > 0) {
    const groups = groupByRule(failures);
    lines.push(`## Failures (${failures.length}), by the rule broken (${groups.length})`, "");
    lines.push(...groupedFailureMarkdown(failures));
  }
  const errors = result.suiteErrors ?? [];
  if (errors.length > 0) {
    lines.push(`## Errors inside the suite (${errors.length})`, "", "Defects of the suite, not the server's fault and not counted against it (please report them):", "");
    for (const error of errors) lines.push(`- ${error.where}${error.seed === undefined ? "" : ` (seed ${error.seed})`}: \`${error.message.split("\n")[0].replace(/`/g, "'")}\``);
    lines.push("");
  }
  if (result.coverage) lines.push(...coverageMarkdown(result.coverage));
  lines.push("## Coverage matrix: operation x documented status", "", "| Operation | Status | Responses seen | All valid |", "|---|---|---|---|");
  for (const row of coverageMatrix(result)) lines.push(`| ${row.operationId} | ${row.status} | ${row.seen} | ${row.seen === 0 ? "not covered" : row.valid ? "yes" : "**no**"} |`);
  const transitions = result.checks.filter((c) => c.group.startsWith("transition") || c.group.startsWith("conflict"));
  if (transitions.length > 0) {
    lines.push("", "## Transition rows and conflict codes", "", "| Group | Row | Outcome |", "|---|---|---|");
    for (const c of transitions) lines.push(`| ${c.group} | ${c.name.replace(/\|/g, "\\|")} | ${c.outcome}${c.trigger ? " (trigger)" : ""} |`);
  }
  const codes = new Map<string, number>();
  for (const o of result.observations) if (o.code) codes.set(`${o.operationId} ${o.status} ${o.code}`, (codes.get(`${o.operationId} ${o.status} ${o.code}`) ?? 0) + 1);
  if (codes.size > 0) {
    lines.push("", "## Error codes observed", "", "| Operation | Status | Code | Times |", "|---|---|---|---|");
    for (const [key, times] of [...codes].sort()) {
      const [operationId, status, code] = key.split(" ");
      lines.push(`| ${operationId} | ${status} | ${code} | ${times} |`);
    }
  }
  const triggered = result.checks.filter((c) => c.trigger);
  if (triggered.length > 0) {
    lines.push("", "## Checks relying on implementation-specific test triggers", "", "| Check | Trigger | Outcome |", "|---|---|---|");
    for (const c of triggered) lines.push(`| ${c.name.replace(/\|/g, "\\|")} | ${c.trigger} | ${c.outcome}${c.reason && c.outcome === "skipped" ? `: ${c.reason}` : ""} |`);
  }
  lines.push("", "## All checks", "", "| Layer | Group | Check | Outcome | Detail |", "|---|---|---|---|---|");
  for (const c of result.checks) {
    const detail = (c.reason ?? "").replace(/\|/g, "\\|").replace(/\n/g, " ").slice(0, 300);
    lines.push(`| ${c.layer} | ${c.group} | ${c.name.replace(/\|/g, "\\|")} | ${c.outcome} | ${detail} |`);
  }
  lines.push("");
  return lines.join("\n");
}

/** How many generated sequences ran of how many were planned, what stopped them, and how to replay. */
export function sequencesLine(sequences: SequenceSummary): string {
  const ran = sequences.runs === sequences.planned ? `${sequences.runs}` : `${sequences.runs} of ${sequences.planned} planned`;
  const lanes = sequences.lanes > 1 ? `, ${sequences.lanes} at once` : "";
  const stopped = sequences.stoppedBy ? ` (stopped by ${sequences.stoppedBy})` : "";
  const failed = sequences.failed ? `, ${sequences.failed} failed (each shrunk and reported)` : "";
  return `Generated sequences: ${ran} ran${lanes}${failed}${stopped}; seed ${sequences.seed} (repeat the run: --seed=${sequences.seed}).`;
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** The coverage layer's matrices (state x action, the status answered) and its boundary list. */
export function coverageMarkdown(coverage: CoverageReport): string[] {
  const lines: string[] = [];
  for (const matrix of coverage.matrices) {
    lines.push(`## ${matrix.title} (coverage layer)`, "", "Each cell: the status answered to that action in that state (the oracle judged it), **FAILED** when it broke the contract.", "");
    lines.push(`| State | ${matrix.columns.map(cell).join(" | ")} |`, `|---|${matrix.columns.map(() => "---").join("|")}|`);
    for (const row of matrix.rows) {
      const cells = matrix.columns.map((column) => {
        const found = matrix.cells.find((c) => c.row === row && c.column === column);
        if (!found) return "";
        if (found.outcome === "skipped") return `skipped: ${cell(found.reason ?? "")}`;
        if (found.outcome === "not reached") return "not reached";
        return `${found.answered ?? ""}${found.outcome === "failed" ? " **FAILED**" : ""}`;
      });
      lines.push(`| ${cell(row)} | ${cells.join(" | ")} |`);
    }
    lines.push("");
  }
  if (coverage.boundaries.length > 0) {
    lines.push("## Boundary values sent (coverage layer)", "", "Each value at a documented bound and just past it, with the status answered (the oracle judged it); where to read each rule: [rule references](#rule-references).", "", "| Group | Member | Sent | Answered | Rule |", "|---|---|---|---|---|");
    for (const b of coverage.boundaries) {
      const answered = b.outcome === "skipped" ? `skipped: ${b.reason ?? ""}` : `${b.answered ?? ""}${b.outcome === "failed" ? " **FAILED**" : ""}`;
      lines.push(`| ${cell(b.group)} | ${cell(b.name)} | ${cell(b.sent)} | ${cell(answered)} | ${cell(b.rule)} |`);
    }
    lines.push("", "### Rule references", "");
    for (const rule of [...new Set(coverage.boundaries.map((b) => b.rule))]) lines.push(`- ${cell(describeRule(rule))}`);
    lines.push("");
  }
  return lines;
}

/** What the oracle judged, in one sentence. */
export function oracleLine(result: ConformanceResult): string {
  const o = result.oracle;
  if (!o) return "No oracle (mock profile): responses were checked against the schema only.";
  const some = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `The oracle checked ${o.responses} responses and compared ${o.fieldsCompared} fields; ${some(o.failed, "response", "responses")} differed from its prediction` +
    (o.partial > 0 ? `; ${some(o.partial, "list page was", "list pages were")} open (items created elsewhere checked against the filters only)` : "") +
    (o.overlapping ? `; ${some(o.overlapping, "response was", "responses were")} judged among overlapping ones, by every order real time allows` : "") +
    (o.schemaOnly ? `; ${some(o.schemaOnly, "response was", "responses were")} judged against the schema only (a state left unknown: overlapping exchanges past the search bound, or a request without an answer)` : "") +
    (o.suiteErrors ? `; ${some(o.suiteErrors, "response was", "responses were")} not judged for an error of the suite's own` : "") + ".";
}

export function writeReports(result: ConformanceResult, dir: string): void {
  writeFileSync(join(dir, `conformance-${result.service}.xml`), junitXml(result));
  writeFileSync(join(dir, `conformance-${result.service}.md`), markdownReport(result));
}
