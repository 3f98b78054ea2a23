// Output a developer reads. The proof: the worst server of the mutant catalog (the most failing
// checks of a full run: `create-201-becomes-200`, 185 failures, measured against every mutant of the
// catalog and proof/mutants/useless.ts) gives at most 150 lines with --quiet, its identical failures
// collapsed, its groups titled in words, Dredd's terms translated and no warning of a dependency.
// Beside it, the rules of the text on made-up failures: collapsing, titles, the line budget, the
// translation, and the suite's errors shown apart.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { closingLines, exitCodeOf, quietLines } from "../../conformance/console-report.js";
import { dreddTerms } from "../../conformance/dredd/terms.js";
import { groupedFailureText, groupTitle, groupByRule, quietFailureText } from "../../conformance/failures.js";
import type { CheckResult, ConformanceResult } from "../../conformance/types.js";
import { mutants } from "../../proof/mutants/catalog.js";
import { startMutantProxy, type RunningProxy } from "../../proof/mutants/proxy.js";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { cli } from "./cli-run.js";

const worst = "create-201-becomes-200";

describe("the worst server of the proof, with --quiet", () => {
  let sandbox: Sandbox;
  let proxy: RunningProxy;
  before(async () => {
    sandbox = await startSandbox({ bankPort: 0, service: "bank", database: ":memory:" });
    proxy = await startMutantProxy(mutants.find((m) => m.id === worst)!, sandbox.bankUrl, { secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey });
  });
  after(async () => { await proxy?.close(); await sandbox?.close(); });

  test("at most 150 lines: one per failing check (identical ones collapsed), the first rule in detail, in words; nothing from a dependency", async () => {
    const run = await cli(["--service", "bank-payments", "--base-url", proxy.url, "--secret-key", sandbox.secretKey, "--publishable-key", sandbox.publishableKey, "--quiet", "--seed", "20261122"]);
    assert.equal(run.status, 1, run.stderr);
    const lines = run.stdout.replace(/\n$/, "").split("\n");
    const [, failed] = /^\d+ passed, (\d+) failed/.exec(lines.at(-1)!) ?? [];
    assert.ok(Number(failed) > 150, `the worst server fails more checks than the output has lines (${failed})`);
    assert.ok(lines.length <= quietLines, `${lines.length} lines:\n${run.stdout}`);
    assert.ok(lines.some((line) => / \(and \d+ more .+ checks? failing the same way\)$/.test(line)), "identical failures collapsed with a count");
    assert.equal(lines.filter((line) => line.startsWith("== ")).length, 1, "the first rule in detail, the others one line a failure");
    assert.doesNotMatch(lines.find((line) => line.startsWith("== "))!, /#\/paths|~1/, "titled in words");
    assert.doesNotMatch(run.stdout, /before hook|after hook|Gavel/i, "Dredd's terms translated");
    // Progress lines come every 10 s of a long layer, so on a busy machine even this run may print some; nothing else may come.
    assert.deepEqual(run.stderr.split("\n").filter((line) => line !== "" && !line.startsWith("progress: ")), [], "no warning of a dependency");
  });
});

const failed = (name: string, extra: Partial<CheckResult>): CheckResult => ({ layer: "scenario", group: "auth", name, outcome: "failed", durationMs: 1, ...extra });

describe("the text of failures", () => {
  test("checks of one group failing the same way are one line with their count; identifiers and quoted bodies aside", () => {
    const checks = Array.from({ length: 12 }, (_, i) => failed(`check ${i}`, { reason: `create intent: expected HTTP 201, got 200 {"data":{"id":"transaction_intent_${"Ab12".repeat(4)}${i}","created_at":"2026-11-2${i % 9}"}}` }));
    const text = groupedFailureText(checks).join("\n");
    assert.match(text, /11 other failures of this rule:\n {2}- \[scenario\] auth :: check 1: create intent: expected HTTP 201, got 200 .* \(and 10 more auth checks failing the same way\)/);
    const sequences = Array.from({ length: 40 }, (_, i) => failed(`bank-payments: 40 generated sequences (seed 5): failure ${i + 1} of 40`, {
      layer: "sequence", group: "generated sequences",
      reason: `shortest failing sequence: opening(intents: awaiting ${i})\nPOST createTransactionIntent -> 200: the oracle found 1 problem(s): (status): expected 201, got 200\nreplay with: --layers sequences --seed=-${i} --path 0 --max-commands 30`,
    }));
    const quiet = quietFailureText(sequences);
    const list = quiet.slice(0, quiet.indexOf("The first rule in detail (without --quiet: every rule):"));
    assert.equal(list.filter((line) => line.startsWith("FAIL ")).length, 1, quiet.join("\n"));
    assert.match(quiet.join("\n"), /failure 1 of 40: POST createTransactionIntent -> 200: .* \(and 39 more generated sequences checks failing the same way\)\n {5}replay with: --layers sequences --seed=-0 --path 0 --max-commands 30 \(the others' in the reports\)/);
  });

  test("a group is titled by its rule in words and the operations it failed on; the responses of one operation in the document are one group", () => {
    const pointer = (status: number) => `oas bank-payments#/paths/~1api~1credits/post/responses/${status}`;
    const groups = groupByRule([201, 409, 422].map((status) => failed(`/api/credits > Create a credit > ${status}`, { layer: "dredd", group: "createCredit", rule: pointer(status), reason: "expected status 201, got 404" })));
    assert.equal(groups.length, 1);
    assert.equal(groupTitle(groups[0]), "POST /api/credits as the published document says (generated/openapi/bank-payments.yaml), on createCredit");
    assert.equal(groupTitle(groupByRule([failed("a", { rule: "B-5", reason: "GET listCredits -> 200: wrong" })])[0]), 'B-5 "`per_page`" (docs/contract-decisions.md#b-5), on listCredits');
  });

  test("--quiet keeps within its line budget however many different failures there are, and says where the rest is", () => {
    const many = Array.from({ length: 500 }, (_, i) => failed(`check ${i}`, { group: `group ${i}`, rule: `B-${(i % 60) + 1}`, reason: `problem ${i}\n${"detail\n".repeat(50)}`, curl: Array.from({ length: 80 }, (_, j) => `curl -s http://x/${j}`) }));
    const text = quietFailureText(many, 120);
    assert.ok(text.length <= 120, String(text.length));
    assert.match(text.join("\n"), /\.\.\. and \d+ more lines of failures \(all in the reports: --report DIR\)/);
    assert.match(text.join("\n"), /\.\.\. and \d+ more lines of this reproducer/);
    const result: ConformanceResult = { service: "bank-payments", profile: "full", baseUrl: "http://x", checks: many, observations: [], passed: 0, failed: 500, skipped: 0, ok: false, durationMs: 1 };
    assert.ok(closingLines(result, { quiet: true }).length + 2 <= quietLines);
  });

  test("Dredd's words are translated", () => {
    assert.equal(dreddTerms("Failed in before hook: preparation failed: create: expected HTTP 201, got 500"), "setting up this check failed: create: expected HTTP 201, got 500");
    assert.equal(dreddTerms("Failed in after hook: response check failed: boom"), "checking the answer failed: boom");
    assert.equal(dreddTerms("statusCode: Expected status code '201', but got '404'."), "expected status 201, got 404");
  });

  test("the suite's errors are shown apart, never as failures, and make the exit code 3 when nothing failed", () => {
    const result: ConformanceResult = {
      service: "check-cashing", profile: "full", baseUrl: "http://x", checks: [{ layer: "scenario", group: "g", name: "n", outcome: "passed", durationMs: 1 }], observations: [],
      passed: 1, failed: 0, skipped: 0, ok: false, durationMs: 1, suiteErrors: [{ where: "scenario: n", message: "TypeError: x is undefined" }],
    };
    const lines = closingLines(result, { quiet: false });
    assert.ok(lines.includes("1 error inside the suite (a defect of the suite, not counted against the server; please report it):"), lines.join("\n"));
    assert.ok(lines.includes("  ERROR scenario: n: TypeError: x is undefined"));
    assert.equal(exitCodeOf(result, { SIGINT: 2 }), 3);
    assert.equal(exitCodeOf({ ...result, failed: 1 }, { SIGINT: 2 }), 1);
    assert.equal(exitCodeOf({ ...result, stopped: "SIGINT" }, { SIGINT: 2 }), 130);
  });
});
