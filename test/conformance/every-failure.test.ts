// One false alarm must not hide the rest (issue 23, point 7): after a failing generated sequence
// is shrunk the other planned sequences still run, each failure reported on its own with its own
// replay; a difference inside an object another check left behind names that check; and a list
// with many problems shows every one of them in the reports, the first ones on the console.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { ApiClient } from "../../conformance/client.js";
import { findingLines, failureMarkdown, failureText } from "../../conformance/failures.js";
import { intentBody, isFresh, token } from "../../conformance/fixtures.js";
import { eachIntent, is } from "../../proof/mutants/match.js";
import { editJson, startProxy, type Transformation } from "../../proof/mutants/proxy.js";
import { Oracle } from "../../conformance/oracle/oracle.js";
import { junitXml } from "../../conformance/report.js";
import { runConformance } from "../../conformance/runner.js";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";

/** A fault every sequence meets: each new intent answered with another consumer. */
const wrongAmountOnCreation: Transformation = {
  id: "created-intent-amount-wrong",
  response(exchange) {
    if (is.intentCreate(exchange) && exchange.status === 201) editJson(exchange, (body) => { body.data.consumer_id = "consumer_someone_else"; });
  },
};

/** A fault seen only in lists: every intent listed with another consumer. */
const wrongAmountInLists: Transformation = {
  id: "listed-intent-amount-wrong",
  response(exchange) {
    if (is.intentList(exchange) && exchange.status === 200) eachIntent(exchange, (intent) => { intent.consumer_id = "consumer_someone_else"; });
  },
};

describe("every failure seen", () => {
  let sandbox: Sandbox;
  before(async () => { sandbox = await startSandbox({ bankPort: 0, service: "bank", database: ":memory:" }); });
  after(async () => { await sandbox?.close(); });
  const keys = () => ({ secret: sandbox.secretKey, publishable: sandbox.publishableKey });

  test("after a failing sequence is shrunk, the other planned sequences still run, each failure with its own replay", async () => {
    const proxy = await startProxy(wrongAmountOnCreation, sandbox.bankUrl, { secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey });
    try {
      const result = await runConformance({
        service: "bank-payments", baseUrl: proxy.url, secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey,
        layers: ["sequences"], sequences: { seed: 11, runs: 4, maxCommands: 4 },
      });
      assert.ok(proxy.fired() > 0);
      const failed = result.checks.filter((c) => c.layer === "sequence" && c.outcome === "failed");
      assert.deepEqual([result.sequences?.runs, result.sequences?.planned, result.sequences?.failed, result.sequences?.stoppedBy], [4, 4, 4, undefined]);
      assert.equal(failed.length, 4, failed.map((c) => c.name).join("; "));
      const replays = failed.map((c) => /replay with: --layers sequences (--seed=-?\d+ --path \S+)/.exec(c.reason ?? "")?.[1]);
      assert.ok(replays.every(Boolean), "every failure says how to replay it");
      assert.equal(new Set(replays).size, 4, "each failure replays alone (its own seed and path)");
      assert.match(failed[3].name, /failure 4 of 4/);
    } finally {
      await proxy.close();
    }
  });

  test("a difference inside an object another check created names that check", async () => {
    const proxy = await startProxy(wrongAmountInLists, sandbox.bankUrl, { secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey });
    try {
      const oracle = new Oracle({ service: "bank-payments", keys: keys(), isFresh });
      const client = (check: string) => Object.assign(new ApiClient("bank-payments", proxy.url, keys(), "full", [], oracle), { check });
      const store = `KO${token(10)}`;
      const leaving = client("scenario: the one that created it");
      await leaving.call("createTransactionIntent", { body: intentBody({ store }) });
      const listing = client("scenario: the one that lists");
      await listing.call("createTransactionIntent", { body: intentBody({ store }) });
      await listing.call("listTransactionIntents", { query: { station_number: store } });
      assert.deepEqual(leaving.violations, []);
      const [finding] = listing.findings;
      const left = finding.differences.filter((d) => d.leftBy !== undefined);
      assert.deepEqual(left.map((d) => [d.path, d.leftBy]), [["data[1].consumer_id", "scenario: the one that created it"]], "the older intent is the other check's");
      assert.ok(finding.differences.some((d) => d.path === "data[0].consumer_id" && d.leftBy === undefined), "its own intent names no other check");
      assert.match(listing.violations.join("\n"), /data\[1\]\.consumer_id: .*in an object left by the check "scenario: the one that created it"/);
      assert.match(findingLines(finding).join("\n"), /left by the check "scenario: the one that created it"/);
    } finally {
      await proxy.close();
    }
  });
});

describe("a list difference shows every problem", () => {
  // 28 problems in one list: the console shows the first ones and says how many more; the Markdown and JUnit show all.
  const actual = { data: Array.from({ length: 28 }, (_, i) => ({ id: `TI${i}`, amount: "0.01" })) };
  const finding = {
    request: "GET /api/transaction-intents?per_page=30", expectedStatus: [200], actualStatus: 200, rules: ["bank §4.4"], invariantFailures: [],
    differences: actual.data.map((_, i) => ({ path: `data[${i}].amount`, expected: `"${i + 1}.00"`, actual: "0.01", rule: "bank §4.4" })),
    actualBody: JSON.stringify(actual),
  };
  const check = { layer: "scenario" as const, group: "lists", name: "a long list", outcome: "failed" as const, durationMs: 1, reason: "28 problems", findings: [finding, finding, finding, finding] };
  const problemLines = (lines: string[]) => lines.filter((line) => /^\s*\+.*"\d+\.00"/.test(line)).length;

  test("the console: the first problems of the first responses, and how many more", () => {
    const text = failureText(check, true);
    assert.equal(problemLines(text), 3 * 8);
    assert.ok(text.some((line) => line.includes("... and 20 more differences (all 28 in the Markdown and JUnit reports)")));
    assert.ok(text.some((line) => line.includes("... and 1 more wrong responses")));
  });

  test("the Markdown and the JUnit XML: every problem of every response", () => {
    assert.equal(problemLines(failureMarkdown(check)), 4 * 28);
    const xml = junitXml({ service: "bank-payments", profile: "full", baseUrl: "http://127.0.0.1:1", checks: [check], observations: [], passed: 0, failed: 1, skipped: 0, ok: false, durationMs: 1 });
    assert.equal((xml.match(/\+ +&quot;amount&quot;: &quot;\d+\.00&quot;/g) ?? []).length, 4 * 28);
  });

  test("a body cut short or not JSON still shows each problem on its own line", () => {
    const lines = findingLines({ ...finding, actualBody: finding.actualBody.slice(0, 100) });
    assert.equal(problemLines(lines), 28);
    assert.ok(lines.includes('+data[27].amount: "28.00"'));
  });
});
