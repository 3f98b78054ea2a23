// "No crash, ever": an error inside the suite is the suite's error, reported apart (the console, the
// Markdown, the HTML, JUnit's <error>), never counted against the server, and the run goes on. A
// defect is planted in the run's fixtures (a member that throws a TypeError once read a few times),
// so every layer meets it; the reference sandbox behind it is right, so nothing may fail.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { ConnectionError } from "../../conformance/http.js";
import { LeftOut } from "../../conformance/focus.js";
import { runConformance } from "../../conformance/runner.js";
import { AssertionFailure } from "../../conformance/scenarios/scenario.js";
import { classify } from "../../conformance/thrown.js";
import type { Fixtures } from "../../conformance/types.js";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";

describe("errors inside the suite", () => {
  let sandbox: Sandbox;
  const reportDir = mkdtempSync(join(tmpdir(), "suite-errors-"));
  before(async () => { sandbox = await startSandbox({ checkCashingPort: 0, service: "check-cashing", database: ":memory:" }); });
  after(async () => { await sandbox?.close(); rmSync(reportDir, { recursive: true, force: true }); });

  test("a defect met in every layer is reported where it happened, nothing fails, and every layer still runs", async () => {
    let reads = 0;
    const planted = {
      bank_accounts: [], service_fees: [], store_numbers: [],
      get micr_lines(): Fixtures["micr_lines"] {
        reads += 1;
        if (reads > 3) throw new TypeError("a defect planted by the test");
        return undefined;
      },
    } as Fixtures;
    const result = await runConformance({ service: "check-cashing", baseUrl: sandbox.checkCashingUrl, fixtures: planted, reportDir, sequences: { seed: 1, runs: 3 } });
    assert.equal(result.failed, 0, result.checks.filter((c) => c.outcome === "failed").map((c) => c.reason).join("\n"));
    const errors = result.suiteErrors ?? [];
    assert.ok(errors.length >= 3, JSON.stringify(errors));
    assert.ok(errors.every((error) => /^TypeError: a defect planted by the test \(at /.test(error.message)), JSON.stringify(errors));
    assert.ok(errors.some((error) => error.where.startsWith("Dredd: ")), "a Dredd transaction's");
    assert.ok(errors.some((error) => error.where === "the sequences layer"), "the last layer ran and met it too");
    assert.ok(result.passed > 0);
    assert.equal(result.ok, false, "a run with errors inside the suite is no pass");
    const junit = readFileSync(join(reportDir, "conformance-check-cashing.xml"), "utf8");
    assert.match(junit, /<testsuites [^>]*failures="0" errors="\d+"/);
    assert.match(junit, /<testsuite name="check-cashing suite errors" tests="\d+" failures="0" errors="\d+" skipped="0">/);
    assert.match(junit, /<error message="TypeError: a defect planted by the test/);
    assert.doesNotMatch(junit, /<failure /);
    assert.match(readFileSync(join(reportDir, "conformance-check-cashing.md"), "utf8"), /## Errors inside the suite \(\d+\)/);
    assert.match(readFileSync(join(reportDir, "conformance-check-cashing.html"), "utf8"), /<h2 id="suite-errors">Errors inside the suite/);
  });

  test("what an exception out of a check means", () => {
    assert.equal(classify(new TypeError("x is undefined"), 0).kind, "suite error");
    assert.equal(classify("a string thrown", 0).kind, "suite error");
    assert.equal(classify(new TypeError("x is undefined"), 1).kind, "failure", "after a violation, the server's answer is the cause");
    assert.equal(classify(new AssertionFailure("expected 201, got 200"), 0).kind, "failure", "a scenario's assertion is a verdict");
    assert.equal(classify(new Error("B-60: must be answered 404"), 0).kind, "failure", "a probe's verdict");
    const refused = classify(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }), 0);
    assert.deepEqual([refused.kind, /ECONNREFUSED/.test(refused.message)], ["connection", true]);
    assert.equal(classify(new ConnectionError("ETIMEDOUT", "GET http://x: no answer in time"), 0).kind, "connection");
    assert.equal(classify(new LeftOut("createCredit"), 0).kind, "left out");
  });
});
