// The suite against servers under construction, its most common user: one that crashes mid-run
// (the run stops, says after which check in one line, fails the checks that got no answer naming
// the connection error, and writes every report with what ran), a half-built one focused on what is
// built (`operations`, `rules`) or stopped at its first failure (`maxFailures`), and the command
// line's answer to a mistyped option (the usage and exit 2, never a verdict).
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { ruleMatches } from "../../conformance/focus.js";
import { primaryRule } from "../../conformance/rules.js";
import { runConformance } from "../../conformance/runner.js";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { crashingAfter, withoutRoutes } from "./servers-under-construction.js";
import { cli } from "./cli-run.js";

const seed = 20261122;
const intentOperations = ["createTransactionIntent", "listTransactionIntents", "getTransactionIntent", "updateTransactionIntent", "updateTransactionIntentBillingAddress"];

describe("a server under construction", () => {
  let sandbox: Sandbox;
  const reportDir = mkdtempSync(join(tmpdir(), "under-construction-"));
  before(async () => { sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" }); });
  after(async () => { await sandbox?.close(); rmSync(reportDir, { recursive: true, force: true }); });
  const keys = () => ({ secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey });

  test("one that crashes mid-run: the run stops, names the check after which it stopped answering, and writes every report", async () => {
    const server = await crashingAfter(sandbox.bankUrl, 150);
    try {
      const dir = join(reportDir, "crash");
      const result = await runConformance({ service: "bank-payments", baseUrl: server.url, ...keys(), reportDir: dir, sequences: { seed } });
      assert.ok(result.serverGone, "the run says the server stopped answering");
      assert.ok(result.serverGone.after && result.checks.some((c) => `${c.layer === "preflight" ? "preflight" : c.layer}: ${c.name}` === result.serverGone!.after), result.serverGone.after);
      assert.match(result.serverGone.error, /ECONNREFUSED|ECONNRESET/);
      assert.equal(result.stopped, "the server stopped answering");
      assert.ok(result.passed > 10, "what ran before the crash is kept");
      const unanswered = result.checks.filter((c) => c.outcome === "failed");
      assert.ok(unanswered.length >= 1 && unanswered.length <= 6, unanswered.map((c) => c.name).join("\n"));
      assert.ok(unanswered.every((c) => /did not answer|ECONNREFUSED|ECONNRESET/.test(c.reason ?? "")), unanswered.map((c) => c.reason).join("\n"));
      assert.equal(result.sequences, undefined, "nothing started after it");
      assert.equal(result.evidence, undefined, "a run cut short is not judged for evidence");
      assert.equal(result.ok, false);
      const markdown = readFileSync(join(dir, "conformance-bank-payments.md"), "utf8");
      assert.match(markdown, /\*\*The server stopped answering after the check ".+" \(\d+ checks in\): /);
      assert.match(readFileSync(join(dir, "conformance-bank-payments.xml"), "utf8"), /<property name="run.server_gone" value="The server stopped answering after/);
      assert.match(readFileSync(join(dir, "conformance-bank-payments.html"), "utf8"), /The server stopped answering after/);
    } finally {
      await server.close();
    }
  });

  test("the command says so in one line and exits 1, its last line the summary", async () => {
    const server = await crashingAfter(sandbox.checkCashingUrl, 40);
    try {
      const run = await cli(["--service", "check-cashing", "--base-url", server.url, "--quiet", "--seed", String(seed)]);
      assert.equal(run.status, 1, run.stderr);
      assert.equal(run.stdout.split("\n").filter((line) => line.startsWith("The server stopped answering after the check")).length, 1, run.stdout);
      assert.match(run.stdout.trim().split("\n").at(-1)!, /^\d+ passed, [1-9]\d* failed/);
      assert.doesNotMatch(run.stderr, /ECONNREFUSED/, "nothing escapes to stderr");
    } finally {
      await server.close();
    }
  });

  describe("half built: the intents done, the credits not yet", () => {
    let server: Awaited<ReturnType<typeof withoutRoutes>>;
    before(async () => { server = await withoutRoutes(sandbox.bankUrl, ["/api/credits"]); });
    after(() => server?.close());
    const run = (more: Parameters<typeof runConformance>[0] extends infer O ? Partial<O> : never) => runConformance({
      service: "bank-payments", baseUrl: server.url, ...keys(), sequences: { seed, runs: 5 }, settings: { linked_credit_submerchant_id: "prohibited" }, ...more,
    });

    test("unfocused, the credits' checks fail (the server is what it says)", async () => {
      const result = await run({ layers: ["dredd"] });
      assert.ok(result.checks.some((c) => c.outcome === "failed" && c.group === "createCredit"));
    });

    test("operations: only the intents' operations are called, and everything that ran passes; what was left out is counted", async () => {
      const result = await run({ operations: intentOperations, layers: ["dredd", "scenarios", "coverage", "sequences"] });
      assert.deepEqual(result.checks.filter((c) => c.outcome === "failed").map((c) => `${c.name}: ${c.reason}`), []);
      assert.ok(result.passed > 30);
      assert.ok(result.observations.every((o) => intentOperations.includes(o.operationId)), "no other operation was called");
      const reasons = (result.leftOut ?? []).map((left) => left.reason);
      assert.ok(reasons.includes("Dredd transactions of operations --operation did not name"), reasons.join("; "));
      assert.ok(reasons.some((reason) => /^calls (createCredit|getCredit|listCredits|cancelCredit), which --operation did not name$/.test(reason)), reasons.join("; "));
      assert.ok(reasons.includes("the coverage layer, which calls every operation of the service"));
      assert.ok(reasons.includes("the sequences layer, which calls every operation of the service"));
      assert.equal(result.evidence, undefined, "a focused run is not judged for evidence");
      assert.equal(result.ok, true);
    });

    test("operations: one operation alone; the preflight still runs as it must", async () => {
      const result = await run({ operations: ["createTransactionIntent"], layers: ["dredd", "scenarios"] });
      assert.equal(result.checks[0].layer, "preflight");
      assert.equal(result.checks[0].outcome, "passed");
      assert.ok(result.checks.some((c) => c.layer === "dredd" && c.group === "createTransactionIntent" && c.outcome === "passed"));
      assert.equal(result.failed, 0);
    });

    test("rules: only the checks of the rules named are kept (and the preflight)", async () => {
      const result = await run({ rules: ["bank §3.2"], layers: ["dredd", "scenarios"] });
      assert.equal(result.checks.shift()?.layer, "preflight");
      assert.ok(result.checks.length > 0);
      for (const check of result.checks) {
        const rules = [check.rule, primaryRule(check), ...(check.findings ?? []).flatMap((f) => f.rules ?? [])].filter((r): r is string => r !== undefined);
        assert.ok(rules.some((rule) => ruleMatches(rule, "bank §3.2")), `${check.name}: ${rules.join(", ")}`);
      }
      assert.ok(result.failed > 0, "the credit transitions fail on this server");
      assert.ok((result.leftOut ?? []).some((left) => left.reason === "not of the rules --rule named" && left.count > 10));
    });

    test("maxFailures 1 (-x): the run stops at its first failure, with the reports written", async () => {
      const dir = join(reportDir, "first");
      const result = await run({ maxFailures: 1, reportDir: dir });
      assert.equal(result.failed, 1);
      assert.equal(result.stopped, "the first failure (-x)");
      assert.match(readFileSync(join(dir, "conformance-bank-payments.md"), "utf8"), /The run was stopped by the first failure \(-x\)/);
    });
  });

  test("one that never answers: the request timeout fails the request, naming it", async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const result = await runConformance({ service: "check-cashing", baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, requestTimeoutMs: 300 });
      assert.deepEqual(result.checks.map((c) => `${c.layer} ${c.outcome}`), ["preflight failed"]);
      assert.match(result.checks[0].reason ?? "", /\(ETIMEDOUT\)/);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  test("a mistyped or malformed option prints the usage and exits 2, never a verdict", async () => {
    for (const args of [["--only", "x"], ["--service", "check-cashing", "--base-url", "http://127.0.0.1:9", "--max-failures", "many"], ["--service", "bank-payments", "--base-url", "http://127.0.0.1:9"], ["--service", "check-cashing", "--base-url", "http://127.0.0.1:9", "--operation", "createCredit"]]) {
      const run = await cli(args);
      assert.equal(run.status, 2, `${args.join(" ")}: ${run.stdout}${run.stderr}`);
      assert.equal(run.stdout, "", "no verdict");
      assert.match(run.stderr, /^conformance: .+\n\nUsage: conformance /);
    }
  });
});
