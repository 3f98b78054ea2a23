// The traffic report: the summary line, then every failed exchange with its rules, problems and
// reproducer (keys masked), written as Markdown and JSON into the report directory.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describeRule } from "../rules.js";
import { trafficSummaryLine, type TrafficResult } from "./judge.js";

const judgedHow = { full: "judged in full", learned: "learned from its first read (the schema and the invariants)", schema: "against the schema only", none: "not judged", error: "not judged for an error of the suite's own" };

export function trafficMarkdown(result: TrafficResult): string {
  const failed = result.judgements.filter((j) => !j.ok);
  const lines = [`# Traffic judged against the ${result.service} contract`, "", trafficSummaryLine(result), ""];
  if (failed.length > 0) lines.push("## Failures", "");
  for (const j of failed) {
    lines.push(`### #${j.index} ${j.method} ${j.url} -> ${j.status}${j.operationId ? ` (${j.operationId})` : ""}`, "");
    lines.push(...j.rules.map((rule) => `- rule: ${describeRule(rule)}`), ...j.problems.map((p) => `- ${p}`), "", "```sh", ...j.curl, "```", "");
  }
  const schemaOnly = result.judgements.filter((j) => j.judged !== "full");
  if (schemaOnly.length > 0) {
    lines.push("## Not judged in full", "", ...schemaOnly.map((j) => `- #${j.index} ${j.method} ${j.url} -> ${j.status}: ${judgedHow[j.judged]}${j.why ? `, ${j.why}` : ""}`), "");
  }
  return lines.join("\n");
}

export function writeTrafficReport(result: TrafficResult, dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `traffic-${result.service}.md`), trafficMarkdown(result));
  writeFileSync(join(dir, `traffic-${result.service}.json`), `${JSON.stringify(result, null, 1)}\n`);
}
