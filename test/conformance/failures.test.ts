// Failures an implementer can act on: grouped by the rule they break (one cause, one group, its
// count, the shortest reproducer in full first), every failure naming its rule and where to read
// it, and a format problem seen during the preflight labelled for what it is.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { checkLabel, groupByRule, groupedFailureMarkdown, groupedFailureText } from "../../conformance/failures.js";
import { sequencesLine } from "../../conformance/report.js";
import type { CheckResult, Finding } from "../../conformance/types.js";

const finding = (rules: string[]): Finding => ({
  request: "GET /api/credits", expectedStatus: [200], actualStatus: 200, rules,
  differences: [{ path: "(header) content-type", expected: "application/json", actual: "text/plain" }],
  invariantFailures: [], actualBody: "[]",
});

const failed = (name: string, rules: string[], requests: number, extra: Partial<CheckResult> = {}): CheckResult => ({
  layer: "dredd", group: "listCredits", name, outcome: "failed", durationMs: 1, reason: `${name} broke it`,
  findings: [finding(rules)], curl: Array.from({ length: requests }, (_, i) => `curl -s http://127.0.0.1/${name}/${i}`), ...extra,
});

describe("failures grouped by the rule broken", () => {
  // One cause (a wrong media type) fails 42 checks; two other rules fail once each; one check names no finding rule.
  const checks: CheckResult[] = [
    ...Array.from({ length: 42 }, (_, i) => failed(`transaction ${i}`, ["B-18"], 3 + (i % 5))),
    failed("the shortest of its rule", ["B-18"], 1),
    failed("a status", ["bank §3.1"], 2),
    failed("a scenario", [], 4, { layer: "scenario", rule: "B-45", findings: [] }),
    { layer: "scenario", group: "view", name: "passed", outcome: "passed", durationMs: 1 },
  ];

  test("one cause is one group with its count; the largest group first; the shortest reproducer leads", () => {
    const groups = groupByRule(checks);
    assert.deepEqual(groups.map((g) => [g.rule, g.checks.length]), [["B-18", 43], ["bank §3.1", 1], ["B-45", 1]]);
    assert.equal(groups[0].checks[0].name, "the shortest of its rule");
  });

  test("the console text names each rule and where to read it, and shows one reproducer per rule in full", () => {
    const text = groupedFailureText(checks).join("\n");
    assert.match(text, /^45 failures, grouped by the rule broken \(3 rules\):/);
    assert.match(text, /== B-18 "Media type" \(docs\/contract-decisions\.md#b-18\), on listCredits: 43 failures; the shortest reproducer:/);
    assert.match(text, /== bank §3\.1 "States and transitions: Transaction intent" \(docs\/api\/bank-payment-service\.md, section 3\.1\), on listCredits: 1 failure/);
    assert.match(text, /42 other failures of this rule:/);
    // Reproducers in full: one per group, not one per failure.
    assert.equal(text.split("\n").filter((line) => line.includes("reproduce:")).length, 3);
    assert.equal(text.split("\n").filter((line) => /^FAIL /.test(line)).length, 3);
  });

  test("the Markdown report has one section per rule", () => {
    const markdown = groupedFailureMarkdown(checks).join("\n");
    assert.deepEqual(markdown.split("\n").filter((line) => line.startsWith("### ")), [
      '### B-18 "Media type" (docs/contract-decisions.md#b-18), on listCredits: 43 failures',
      '### bank §3.1 "States and transitions: Transaction intent" (docs/api/bank-payment-service.md, section 3.1), on listCredits: 1 failure',
      '### B-45 "Linked credit" (docs/contract-decisions.md#b-45): 1 failure',
    ]);
  });

  test("no failures, no text", () => {
    assert.deepEqual(groupedFailureText(checks.filter((c) => c.outcome === "passed")), []);
  });

  test("a format problem found during the preflight is not labelled [preflight]", () => {
    assert.equal(checkLabel({ layer: "preflight", group: "response format" }), "response format");
    assert.equal(checkLabel({ layer: "preflight", group: "preflight" }), "preflight");
    assert.equal(checkLabel({ layer: "coverage", group: "coverage: intent state x action" }), "coverage");
  });
});

describe("the report states what ran", () => {
  test("sequences stopped by the time budget: how many ran of how many, and why", () => {
    assert.equal(sequencesLine({ seed: 5, runs: 222, planned: 1000, lanes: 4, stoppedBy: "the time budget of 300 s" }),
      "Generated sequences: 222 of 1000 planned ran, 4 at once (stopped by the time budget of 300 s); seed 5 (repeat the run: --seed=5).");
    assert.equal(sequencesLine({ seed: 5, runs: 40, planned: 40, lanes: 1 }), "Generated sequences: 40 ran; seed 5 (repeat the run: --seed=5).");
  });
});
