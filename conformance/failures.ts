// How a failure is shown, on the console and in the Markdown report: the rule it breaks and where to
// read it, the request, the expected and the actual response with the fields that differ marked (a
// diff: `-` what came, `+` what the oracle expected), the invariants broken, and the curl lines
// that replay it. Failures are grouped by the rule they break (one cause often fails many checks):
// each group titled in words (the rule and the operations it failed on) with its count, its
// shortest reproducer in full, the others one line each, identical ones collapsed with a count.
import { leftBy } from "./oracle/oracle.js";
import { ruleTitle } from "./rule-titles.js";
import { describeRule, primaryRule, ruleLocation, type Rule } from "./rules.js";
import type { CheckResult, Finding } from "./types.js";

type Difference = Finding["differences"][number];

const short = (value: unknown) => {
  const text = value === undefined ? "undefined" : JSON.stringify(value);
  return text.length > 140 ? `${text.slice(0, 137)}...` : text;
};

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] => typeof value === "object" && value !== null;

/** The actual body, members that match the prediction collapsed to one line, differing ones marked. */
export function diffLines(actual: unknown, differences: Difference[]): string[] {
  const lines: string[] = [];
  const at = (path: string) => differences.filter((d) => d.path === path);
  const under = (path: string) => differences.some((d) => path === "" || d.path.startsWith(`${path}.`) || d.path.startsWith(`${path}[`));
  const walk = (value: unknown, path: string, label: string, depth: number) => {
    const pad = "  ".repeat(depth);
    for (const d of at(path)) {
      if (d.actual !== "(absent)") lines.push(`-${pad}${label}${short(d.actual)}`);
      if (d.expected !== "(absent)") lines.push(`+${pad}${label}${d.expected.replace(/^present: /, "")}${leftBy(d)}`);
    }
    if (at(path).length > 0) return;
    if (!isContainer(value) || !under(path)) {
      lines.push(` ${pad}${label}${short(value)}`);
      return;
    }
    const array = Array.isArray(value);
    lines.push(` ${pad}${label}${array ? "[" : "{"}`);
    const keys = array ? value.map((_, i) => i) : Object.keys(value);
    for (const key of keys) {
      const child = typeof key === "number" ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      walk((value as any)[key], child, typeof key === "number" ? "" : `"${key}": `, depth + 1);
    }
    // Members the prediction wanted and the response lacks.
    for (const d of differences) {
      const rest = d.path.startsWith(`${path}.`) ? d.path.slice(path.length + 1) : path === "" && !d.path.startsWith("(") ? d.path : undefined;
      if (rest && !/[.[]/.test(rest) && d.actual === "(absent)" && !(keys as unknown[]).includes(rest)) lines.push(`+${pad}  "${rest}": ${d.expected.replace(/^present: /, "")}`);
    }
    lines.push(` ${pad}${array ? "]" : "}"}`);
  };
  walk(actual, "", "", 0);
  return lines;
}

/** How many problems of one response, and how many responses of one check, the console shows (the reports show all). */
export const consoleLimits = { differences: 8, findings: 3 };

/** Each difference on its own line, for a body that cannot be shown as a tree (not JSON, or cut short). */
const flatLines = (differences: Difference[]) => differences.flatMap((d) => [
  ...(d.actual !== "(absent)" ? [`-${d.path}: ${short(d.actual)}`] : []),
  ...(d.expected !== "(absent)" ? [`+${d.path}: ${d.expected.replace(/^present: /, "")}${leftBy(d)}`] : []),
]);

/** One finding as text lines: every difference, or with `limit` the first ones and how many more. */
export function findingLines(finding: Finding, limit = Infinity): string[] {
  const lines = [`request: ${finding.request}`];
  if (finding.rules && finding.rules.length > 0) lines.push(`rules: ${finding.rules.map(describeRule).join("; ")}`);
  const status = finding.expectedStatus.includes(finding.actualStatus) ? `${finding.actualStatus} as expected` : `expected ${finding.expectedStatus.join(" or ")}, got ${finding.actualStatus}`;
  lines.push(`status: ${status}`);
  const all = finding.differences.filter((d) => d.path !== "(status)");
  const body = all.slice(0, limit);
  if (body.length > 0) {
    let actual: unknown;
    let parsed = true;
    try {
      actual = JSON.parse(finding.actualBody);
    } catch {
      parsed = false;
    }
    lines.push("body (- actual, + expected):", ...(parsed ? diffLines(actual, body) : flatLines(body)));
    if (all.length > body.length) lines.push(`... and ${all.length - body.length} more differences (all ${all.length} in the Markdown and JUnit reports)`);
  }
  for (const failure of finding.invariantFailures) lines.push(`invariant ${failure.invariant}: ${failure.problem}`);
  lines.push(...(finding.race ?? []));
  if (finding.rules && finding.rules.length > 0) lines.push(`rules: ${finding.rules.join(", ")}`);
  return lines;
}

/** What a check is, in brackets: its layer, or for the preflight what it found (`response format`). */
export function checkLabel(check: Pick<CheckResult, "layer" | "group">): string {
  return check.layer === "preflight" && check.group !== "preflight" ? check.group : check.layer;
}

/** A failed check in full: what failed, the rule it breaks, each response the oracle found wrong, and how to replay it; `brief` (the console) shows the first problems only. */
export function failureText(check: CheckResult, brief = false): string[] {
  const rule = primaryRule(check);
  const lines = [`FAIL [${checkLabel(check)}] ${check.group} :: ${check.name}`];
  if (rule) lines.push(`  rule: ${describeRule(rule)}`);
  lines.push(...(check.reason ?? "").split("\n").map((line) => `  ${line}`));
  const findings = check.findings ?? [];
  const shown = brief ? findings.slice(0, consoleLimits.findings) : findings;
  for (const finding of shown) lines.push(...findingLines(finding, brief ? consoleLimits.differences : Infinity).map((line) => `  ${line}`));
  if (shown.length < findings.length) lines.push(`  ... and ${findings.length - shown.length} more wrong responses (all in the Markdown and JUnit reports)`);
  if (check.curl && check.curl.length > 0) lines.push("  reproduce:", ...check.curl.map((line) => `    ${line}`));
  return lines;
}

/** The same, as Markdown. */
export function failureMarkdown(check: CheckResult, heading = "###"): string[] {
  const rule = primaryRule(check);
  const lines = [`${heading} ${checkLabel(check)}: ${check.name.replace(/\n/g, " ")}`, ""];
  if (rule) lines.push(`Rule: ${describeRule(rule)}`, "");
  lines.push("```text", ...(check.reason ?? "").split("\n"), "```");
  for (const finding of check.findings ?? []) {
    lines.push("", `Request: \`${finding.request.replace(/`/g, "'")}\``, "");
    lines.push("```diff", ...findingLines(finding).slice(1), "```");
  }
  if (check.curl && check.curl.length > 0) lines.push("", "Reproduce:", "", "```sh", ...check.curl, "```");
  lines.push("");
  return lines;
}

/** The failures that break one rule: the shortest reproducer first. */
export type FailureGroup = { rule?: Rule; checks: CheckResult[] };

/** How long a failure's reproducer is: its curl lines (requests), else what it carries. */
function reproducerLength(check: CheckResult): number {
  return check.curl?.filter((line) => line.includes("curl ")).length ?? 1000 + (check.findings?.length ?? 0);
}

/** The rule a failure is grouped under: its own, but every documented response of one operation is one group. */
export function groupRule(rule: Rule | undefined): Rule | undefined {
  return rule?.replace(/^(oas [a-z-]+#\/paths\/[^/]+\/[a-z]+)\/responses\/[^/]+$/, "$1");
}

/** Failed checks grouped by the rule they break first; the largest group first, `(no rule)` last. */
export function groupByRule(checks: CheckResult[]): FailureGroup[] {
  const groups = new Map<string, FailureGroup>();
  for (const check of checks.filter((c) => c.outcome === "failed")) {
    const rule = groupRule(primaryRule(check));
    const key = rule ?? "";
    if (!groups.has(key)) groups.set(key, { rule, checks: [] });
    groups.get(key)!.checks.push(check);
  }
  for (const group of groups.values()) group.checks.sort((a, b) => reproducerLength(a) - reproducerLength(b));
  return [...groups.values()].sort((a, b) => Number(a.rule === undefined) - Number(b.rule === undefined) || b.checks.length - a.checks.length);
}

/** The operation a failed check failed on: a Dredd transaction's own, else that of its first wrong answer (`PATCH updateTransactionIntent -> 409`). */
export function operationOf(check: Pick<CheckResult, "layer" | "group" | "reason">): string | undefined {
  if (check.layer === "dredd" && /^[a-z][A-Za-z]+$/.test(check.group)) return check.group;
  return /\b(?:GET|POST|PUT|PATCH|DELETE) ([a-z][A-Za-z]+) -> \d{3}/.exec(check.reason ?? "")?.[1];
}

/** The operations a group failed on, the most frequent first: `createCredit, listCredits and 3 more`. */
function operationsOf(group: FailureGroup): string {
  const counts = new Map<string, number>();
  for (const check of group.checks) {
    const operation = operationOf(check);
    if (operation) counts.set(operation, (counts.get(operation) ?? 0) + 1);
  }
  const names = [...counts].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  if (names.length === 0) return "";
  return `, on ${names.slice(0, 3).join(", ")}${names.length > 3 ? ` and ${names.length - 3} more` : ""}`;
}

/** A group's title in words: the rule, what it is about, where to read it, and the operations it failed on. */
export function groupTitle(group: FailureGroup): string {
  if (!group.rule) return `(no rule)${operationsOf(group)}`;
  const title = ruleTitle(group.rule);
  // A pointer reads as what it points at, in the document it points into (the failure's detail keeps the pointer).
  if (group.rule.startsWith("oas ")) return `${title ?? group.rule} (${ruleLocation(group.rule).split("#")[0]})${operationsOf(group)}`;
  const location = ruleLocation(group.rule);
  return `${group.rule}${title ? ` "${title}"` : ""}${location === group.rule ? "" : ` (${location})`}${operationsOf(group)}`;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const firstLine = (check: CheckResult) => (check.reason ?? "").split("\n").find((line) => line.trim() !== "") ?? "";

/**
 * What a failed check says first, in one line: a generated sequence's error (its first line is the
 * sequence), any other check's first line.
 */
export function headline(check: CheckResult): string {
  if (check.layer === "sequence") return (check.reason ?? "").split("\n")[1]?.trim() || firstLine(check);
  return firstLine(check);
}

/** A line with what varies between identical failures blurred: the failure's number, identifiers the server chose. */
const blurred = (line: string) => line
  .replace(/: failure \d+ of (\d+)/, ": failures of $1")
  .replace(/\b([a-z]+(?:_[a-z]+)*)_(?=[A-Za-z0-9]*[A-Z0-9])[A-Za-z0-9]{10,}\b/g, "$1_…")
  .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "…");

/** Items whose keys are identical once blurred, collapsed into the first, with how many there were. */
function collapsedItems<T>(items: T[], keyOf: (item: T) => string): Array<{ first: T; times: number }> {
  const seen = new Map<string, { first: T; times: number }>();
  for (const item of items) {
    const key = blurred(keyOf(item));
    const found = seen.get(key);
    if (found) found.times += 1;
    else seen.set(key, { first: item, times: 1 });
  }
  return [...seen.values()];
}

/**
 * Failed checks, one line each, those of one group that fail the same way (the same first words,
 * identifiers aside) collapsed into one line with how many they are: one cause, one line.
 */
export function failureLines(checks: CheckResult[], width = 160): Array<{ line: string; first: CheckResult; times: number }> {
  // The same way: the same words up to the body an answer quoted (its times and values differ between checks).
  const way = (check: CheckResult) => headline(check).replace(/\s[{[].*$/, "");
  return collapsedItems(checks, (check) => `[${checkLabel(check)}] ${check.group} :: ${way(check)}`).map(({ first, times }) => ({
    first, times,
    line: `${failureLine(first, width)}${times > 1 ? ` (and ${times - 1} more ${first.group} check${times === 2 ? "" : "s"} failing the same way)` : ""}`,
  }));
}

/** A generated sequence's replay options, as its failure prints them. */
const replayOf = (check: CheckResult) => /^replay with[^:]*: .*$/m.exec(check.reason ?? "")?.[0];

/** One line for a failed check: `FAIL [layer] group :: name: what it says first`. */
export function failureLine(check: CheckResult, width = 160): string {
  const said = headline(check);
  return `[${checkLabel(check)}] ${check.group} :: ${check.name}${said ? `: ${said.slice(0, width)}` : ""}`;
}

/** Every failure, grouped by rule: per group its count, the shortest reproducer in full, the others by name. */
export function groupedFailureText(checks: CheckResult[]): string[] {
  const groups = groupByRule(checks);
  const total = groups.reduce((sum, group) => sum + group.checks.length, 0);
  if (total === 0) return [];
  const lines = [`${count(total, "failure", "failures")}, grouped by the rule broken (${count(groups.length, "rule", "rules")}):`, ""];
  for (const group of groups) lines.push(...groupText(group));
  return lines;
}

/** One group: its title, the shortest reproducer in full, and (unless `withOthers` is false) the other failures one line each, identical ones collapsed. */
function groupText(group: FailureGroup, withOthers = true): string[] {
  const [shortest, ...others] = group.checks;
  const lines = [`== ${groupTitle(group)}: ${count(group.checks.length, "failure", "failures")}; the shortest reproducer:`, ""];
  lines.push(...failureText(shortest, true), "");
  if (others.length > 0 && withOthers) {
    lines.push(`  ${count(others.length, "other failure", "other failures")} of this rule:`);
    for (const { line } of failureLines(others)) lines.push(`  - ${line}`);
    lines.push("");
  }
  return lines;
}

/** The most lines `--quiet` gives the failures, by default: with the closing lines, a run's output stays within a screenful or two. */
export const quietFailureLines = 130;

/**
 * `--quiet`: one line per failing check (identical ones collapsed; a generated sequence's with its
 * replay), by rule, then the first rule's shortest reproducer; within `budget` lines, the rest being
 * in the reports (each cut says so).
 */
export function quietFailureText(checks: CheckResult[], budget = quietFailureLines): string[] {
  const groups = groupByRule(checks);
  if (groups.length === 0) return [];
  const total = groups.reduce((sum, group) => sum + group.checks.length, 0);
  // One line per failure; a generated sequence's also says how to replay it (the first, when several collapsed).
  const list = groups.flatMap((group) => failureLines(group.checks, 120).flatMap((item) => {
    const replay = replayOf(item.first);
    return [`FAIL ${item.line}`, ...(replay ? [`     ${replay}${item.times > 1 ? " (the others' in the reports)" : ""}`] : [])];
  }));
  const detail = groupText(groups[0], false);
  const detailRoom = Math.min(detail.length, Math.max(10, Math.floor(budget * 0.45)));
  const listRoom = Math.max(5, budget - detailRoom - 4);
  return [
    `${count(total, "failure", "failures")}, grouped by the rule broken (${count(groups.length, "rule", "rules")}):`,
    ...cut(list, listRoom, "lines of failures"), "",
    "The first rule in detail (without --quiet: every rule):", "",
    ...cut(detail, detailRoom, "lines of this reproducer"),
  ];
}

/** At most `room` lines: the first ones, then how many more there are and where. */
function cut(lines: string[], room: number, what: string): string[] {
  if (lines.length <= room) return lines;
  return [...lines.slice(0, room - 1), `... and ${lines.length - room + 1} more ${what} (all in the reports: --report DIR)`];
}

/** The same, as Markdown: one section per rule. */
export function groupedFailureMarkdown(checks: CheckResult[]): string[] {
  const lines: string[] = [];
  for (const group of groupByRule(checks)) {
    const [shortest, ...others] = group.checks;
    lines.push(`### ${groupTitle(group)}: ${count(group.checks.length, "failure", "failures")}`, "");
    lines.push(...failureMarkdown(shortest, "####"));
    if (others.length > 0) {
      lines.push("The other failures of this rule:", "");
      for (const { line } of failureLines(others, 200)) lines.push(`- ${line.replace(/\n/g, " ").replace(/\|/g, "\\|")}`);
      lines.push("");
    }
  }
  return lines;
}
