// The conformance suite, full profile, against the reference sandbox: everything passes, nothing
// is skipped, the oracle judged every response the suite saw, and the report covers every
// operation x documented status and every transition row. The generated sequences use a fixed seed.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFile } from "node:child_process";
import { after, before, describe, test } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { runConformance, summaryLine } from "../../conformance/runner.js";
import { coverageMatrix } from "../../conformance/report.js";

const seed = 20261122;

describe("conformance suite against the reference sandbox (full profile)", () => {
  let sandbox: Sandbox;
  const reportDir = mkdtempSync(join(tmpdir(), "conformance-report-"));
  before(async () => { sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" }); });
  after(async () => { await sandbox?.close(); rmSync(reportDir, { recursive: true, force: true }); });

  for (const service of ["bank-payments", "check-cashing"] as const) {
    test(`${service} passes with every operation x documented status covered`, async () => {
      const result = await runConformance({
        service, baseUrl: service === "bank-payments" ? sandbox.bankUrl : sandbox.checkCashingUrl,
        secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey, profile: "full", reportDir, sequences: { seed },
        // The sandbox's client prohibits submerchant_id on linked credits (B-47); told, the suite checks it.
        settings: { linked_credit_submerchant_id: "prohibited" },
      });
      const failures = result.checks.filter((c) => c.outcome === "failed").map((c) => `${c.name}: ${c.reason}`);
      assert.deepEqual(failures, []);
      // Only the check of a setting the sandbox does not have by default (no credit limit, B-46) is skipped.
      assert.deepEqual(result.checks.filter((c) => c.outcome === "skipped").map((c) => c.name), service === "bank-payments" ? ["createCredit: a credit over the credit limit (setting credit_limit) gives 422 on amount (code 74)"] : []);
      // Every response the suite saw (Dredd, scenarios, sequences, preflight) went through the oracle.
      assert.ok(result.oracle && result.oracle.responses > 200, "the oracle judged the run");
      assert.equal(result.oracle.responses, result.observations.length);
      assert.equal(result.oracle.failed, 0);
      assert.ok(result.oracle.fieldsCompared > 5 * result.oracle.responses);
      assert.deepEqual(result.sequences && { seed: result.sequences.seed, passed: result.checks.some((c) => c.layer === "sequence" && c.outcome === "passed") }, { seed, passed: true });
      const uncovered = coverageMatrix(result).filter((row) => !row.valid).map((row) => `${row.operationId} ${row.status}`);
      assert.deepEqual(uncovered, []);
      if (service === "bank-payments") {
        assert.equal(result.checks.filter((c) => c.group === "transition 3.1").length, 11);
        assert.equal(result.checks.filter((c) => c.group === "transition 3.2").length, 4);
        const codes = new Set(result.observations.map((o) => o.code).filter(Boolean));
        for (const code of ["already_occurred", "not_ready", "bank_account_conflict", "incompatible_status", "no_reference_number", "already_cancelled", "still_processing", "failed"]) {
          assert.ok(codes.has(code), `conflict code ${code} observed`);
        }
      }
      const markdown = readFileSync(join(reportDir, `conformance-${service}.md`), "utf8");
      assert.match(markdown, /Conformance score: 100%/);
      assert.match(markdown, new RegExp(`The oracle checked ${result.oracle.responses} responses and compared ${result.oracle.fieldsCompared} fields`));
      assert.match(readFileSync(join(reportDir, `conformance-${service}.xml`), "utf8"), /<testsuites /);
      console.log(`# sandbox ${service}: ${summaryLine(result)}; oracle: ${result.oracle.responses} responses, ${result.oracle.fieldsCompared} fields; ${result.durationMs} ms`);
    });
  }

  test("--no-triggers skips, with a reason, exactly the checks that need the sandbox's triggers", async () => {
    const result = await runConformance({
      service: "bank-payments", baseUrl: sandbox.bankUrl, secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey,
      triggers: false, layers: ["scenarios", "sequences"], sequences: { seed, runs: 10 }, settings: { linked_credit_submerchant_id: "prohibited" },
    });
    assert.deepEqual(result.checks.filter((c) => c.outcome === "failed").map((c) => `${c.name}: ${c.reason}`), []);
    const skipped = result.checks.filter((c) => c.outcome === "skipped");
    assert.ok(skipped.length >= 5);
    const others = skipped.filter((c) => !(c.trigger && /trigger/.test(c.reason ?? "")));
    assert.deepEqual(others.map((c) => c.name), ["createCredit: a credit over the credit limit (setting credit_limit) gives 422 on amount (code 74)"]);
  });

  test("settings: one the server does not have fails the checks that depend on it, naming the setting; one not told skips them with the reason", async () => {
    const run = (settings: Record<string, unknown>) => runConformance({
      service: "bank-payments", baseUrl: sandbox.bankUrl, secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey,
      layers: ["scenarios"], settings,
    });
    const wrong = await run({ linked_credit_submerchant_id: "accepted", capture_retries: 2 });
    const failed = wrong.checks.filter((c) => c.outcome === "failed").map((c) => c.name);
    assert.ok(failed.some((name) => name.includes("setting linked_credit_submerchant_id")), failed.join("\n"));
    assert.ok(failed.some((name) => name.includes("setting capture_retries")), failed.join("\n"));
    const untold = await run({});
    const skipped = untold.checks.filter((c) => c.outcome === "skipped");
    assert.deepEqual(skipped.map((c) => c.reason), [
      "the server's credit limit is not set (setting credit_limit none): no credit is over it",
      'needs setting linked_credit_submerchant_id: bank doc 4.6 says it "depends on client settings"',
    ]);
    assert.equal(untold.failed, 0);
  });

  test("the CLI exits 0 and ends with the summary line; non-zero on failure", async () => {
    // Asynchronous: the sandbox answering the child lives in this process.
    const cli = (args: string[]) => new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, ["--import", "tsx", "conformance/cli.ts", ...args], { encoding: "utf8", timeout: 60_000 }, (error, stdout, stderr) => {
        resolve({ status: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr });
      });
    });
    const ok = await cli(["--service", "check-cashing", "--base-url", sandbox.checkCashingUrl, "--quiet"]);
    assert.equal(ok.status, 0, ok.stderr);
    assert.match(ok.stdout.trim().split("\n").at(-1)!, /^\d+ passed, 0 failed$/);
    assert.match(ok.stdout, /^generated sequences: seed \d+ \(repeat this run with --seed=\d+\)$/m);
    assert.match(ok.stdout, /^The oracle checked \d+ responses and compared \d+ fields; 0 responses differed/m);
    const bad = await cli(["--service", "check-cashing", "--base-url", "http://127.0.0.1:9", "--quiet"]);
    assert.notEqual(bad.status, 0);
    assert.match(bad.stdout.trim().split("\n").at(-1)!, /^\d+ passed, [1-9]\d* failed/);
  });

  test("a wrong key stops the run at the preflight with one clear message", async () => {
    for (const [flag, message] of [["--secret-key", /the secret key was refused \(401 Unauthenticated\): check --secret-key/], ["--publishable-key", /the key given as --publishable-key is refused on a publishable-key operation \(403\)/]] as const) {
      const keys = { secret: sandbox.secretKey, publishable: sandbox.publishableKey };
      const result = await runConformance({
        service: "bank-payments", baseUrl: sandbox.bankUrl,
        secretKey: flag === "--secret-key" ? "sk_live_wrong" : keys.secret,
        publishableKey: flag === "--publishable-key" ? keys.secret : keys.publishable,
      });
      assert.deepEqual(result.checks.map((c) => `${c.layer} ${c.outcome}`), ["preflight failed"]);
      assert.match(result.checks[0].reason ?? "", message);
    }
    const wrongPath = await runConformance({ service: "bank-payments", baseUrl: `${sandbox.bankUrl}/api`, secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey });
    assert.match(wrongPath.checks[0].reason ?? "", /--base-url must be the service's \{base_url\}, without \/api/);
  });
});
