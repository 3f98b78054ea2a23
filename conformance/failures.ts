// How a failure is shown, on the console and in the Markdown report: the request, the expected and
// the actual response with the fields that differ marked (a diff: `-` what came, `+` what the
// oracle expected), the invariants broken, and the curl lines that replay it.
import { describeRule, primaryRule } from "./rules.js";
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
      if (d.expected !== "(absent)") lines.push(`+${pad}${label}${d.expected.replace(/^present: /, "")}`);
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

/** One finding as text lines. */
export function findingLines(finding: Finding): string[] {
  const lines = [`request: ${finding.request}`];
  const status = finding.expectedStatus.includes(finding.actualStatus) ? `${finding.actualStatus} as expected` : `expected ${finding.expectedStatus.join(" or ")}, got ${finding.actualStatus}`;
  lines.push(`status: ${status}`);
  const body = finding.differences.filter((d) => d.path !== "(status)");
  if (body.length > 0) {
    let actual: unknown;
    try {
      actual = JSON.parse(finding.actualBody);
    } catch {
      actual = finding.actualBody;
    }
    lines.push("body (- actual, + expected):", ...diffLines(actual, body));
  }
  for (const failure of finding.invariantFailures) lines.push(`invariant ${failure.invariant}: ${failure.problem}`);
  if (finding.rules && finding.rules.length > 0) lines.push(`rules: ${finding.rules.join(", ")}`);
  return lines;
}

/** A failed check in full: what failed, each response the oracle found wrong, and how to replay it. */
export function failureText(check: CheckResult): string[] {
  const rule = primaryRule(check);
  const lines = [`FAIL [${check.layer}] ${check.group} :: ${check.name}`, ...(rule ? [`  rule: ${describeRule(rule)}`] : []), ...(check.reason ?? "").split("\n").map((line) => `  ${line}`)];
  for (const finding of (check.findings ?? []).slice(0, 3)) lines.push(...findingLines(finding).map((line) => `  ${line}`));
  if (check.curl && check.curl.length > 0) lines.push("  reproduce:", ...check.curl.map((line) => `    ${line}`));
  return lines;
}

/** The same, as Markdown. */
export function failureMarkdown(check: CheckResult): string[] {
  const rule = primaryRule(check);
  const lines = [`### ${check.layer}: ${check.name.replace(/\n/g, " ")}`, "", ...(rule ? [`Rule: ${describeRule(rule)}`, ""] : []), "```text", ...(check.reason ?? "").split("\n"), "```"];
  for (const finding of (check.findings ?? []).slice(0, 3)) {
    lines.push("", `Request: \`${finding.request.replace(/`/g, "'")}\``, "");
    lines.push("```diff", ...findingLines(finding).slice(1), "```");
  }
  if (check.curl && check.curl.length > 0) lines.push("", "Reproduce:", "", "```sh", ...check.curl, "```");
  lines.push("");
  return lines;
}
