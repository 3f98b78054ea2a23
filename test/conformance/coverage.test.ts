// The coverage layer (conformance/coverage/): deterministic, so a fault seen only after one
// particular sequence is caught in every run, not by a lucky seed; the reference sandbox passes
// it with nothing skipped; every check names a rule a person can open; and a run stopped by a
// signal still writes its report, saying what ran.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { validatorFor } from "../../src/openapi/validator.js";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { coverageSequenceMutants } from "../../proof/mutants/coverage-sequences.js";
import { mutants as catalog } from "../../proof/mutants/catalog.js";
import { eachCredit } from "../../proof/mutants/match.js";
import { editJson, startMutantProxy, type Mutant } from "../../proof/mutants/proxy.js";
import { primaryRule, ruleLocation } from "../../conformance/rules.js";
import { EvidenceLog, summarizeEvidence } from "../../conformance/evidence.js";
import { runConformance } from "../../conformance/runner.js";
import { captureFailsEvery, declinesEvery } from "../../proof/variants/declines.js";
import type { CheckResult, ConformanceResult } from "../../conformance/types.js";

const root = new URL("../../", import.meta.url).pathname;

/** A rule resolves when it names a document section or decision row that exists, or a pointer into the published document. */
function resolves(rule: string): boolean {
  const location = ruleLocation(rule);
  const decision = /^docs\/contract-decisions\.md#(.+)$/.exec(location);
  if (decision) return readFileSync(join(root, "docs/contract-decisions.md"), "utf8").includes(`id="${decision[1]}"`);
  const section = /^(docs\/api\/[^,]+), section (.+)$/.exec(location);
  if (section) return new RegExp(`^#+ ${section[2].replace(/\./g, "\\.")}[ .]`, "m").test(readFileSync(join(root, section[1]), "utf8"));
  const pointer = /^oas ([a-z-]+)#\/(.+)$/.exec(rule);
  if (pointer) {
    const node = pointer[2].split("/").map((key) => key.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce((at: any, key) => at?.[key], validatorFor(pointer[1] as "bank-payments").document);
    return node !== undefined;
  }
  return false;
}

describe("the coverage layer", () => {
  let sandbox: Sandbox;
  before(async () => { sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" }); });
  after(async () => { await sandbox?.close(); });

  const run = (service: "bank-payments" | "check-cashing", baseUrl: string, extra: Partial<Parameters<typeof runConformance>[0]> = {}) =>
    runConformance({ service, baseUrl, secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey, layers: ["coverage"], ...extra });

  for (const service of ["bank-payments", "check-cashing"] as const) {
    test(`${service}: the sandbox passes every cell and boundary, nothing skipped, every rule resolves`, async () => {
      const result = await run(service, service === "bank-payments" ? sandbox.bankUrl : sandbox.checkCashingUrl);
      const coverage = result.checks.filter((c) => c.layer === "coverage");
      assert.deepEqual(result.checks.filter((c) => c.outcome !== "passed").map((c) => `${c.outcome} ${c.name}: ${c.reason}`), []);
      assert.equal(result.oracle?.failed, 0);
      assert.deepEqual([...new Set(coverage.map((c) => c.rule ?? "(none)"))].filter((rule) => !resolves(rule)), [], "rules a person cannot open");
      const boundaries = result.coverage!.boundaries;
      if (service === "bank-payments") {
        const [intent, credit] = result.coverage!.matrices;
        assert.equal(intent.cells.length, intent.rows.length * intent.columns.length, "every action in every intent state");
        assert.equal(credit.cells.length, credit.rows.length * credit.columns.length, "every action in every credit state");
        assert.deepEqual(intent.cells.filter((c) => c.outcome !== "passed").map((c) => `${c.row}: ${c.column}`), []);
        assert.ok(boundaries.some((b) => b.name === "create amount" && b.sent.startsWith("999999999.99")), "the amount ceiling exactly");
        assert.ok(boundaries.some((b) => b.name === "bank_account, used again" && /^\d+ responses later/.test(b.sent)), "a bank account used again long after");
      } else {
        assert.ok(boundaries.some((b) => b.sent.startsWith("9999999.99")), "netAmount at its maximum");
        assert.ok(boundaries.some((b) => b.name === "trxID, used again" && /^\d+ responses later/.test(b.sent)), "a trxID used again long after");
        const routings = boundaries.filter((b) => b.group === "accounts").map((b) => b.sent);
        assert.ok(new Set(routings.map((m) => m.split(" ")[1])).size >= 3 && new Set(routings.map((m) => m.split(" ")[0])).size === 1, "distinct accounts behind one routing number");
      }
      console.log(`# coverage ${service}: ${coverage.length} checks, ${boundaries.length} boundary values, ${result.oracle?.responses} responses, ${result.durationMs} ms`);
    });
  }

  // Faults only one particular sequence shows (issue 15), and the cell of the matrix that shows each.
  const expected: Record<string, string> = {
    "refund-after-linked-credit-refused": "succeeded: refund without an amount",
    "credit-reference-overwrites-intent": "succeeded: linked credit",
    "credit-after-cancelled-refund-refused": "refund cancelled: linked credit",
    "refund-after-cancel-refund-refused": "refunded again: reaching the state",
  };
  const sequenceMutants: Mutant[] = [...coverageSequenceMutants, catalog.find((m) => m.id === "refund-after-cancel-refund-refused")!];

  async function againstMutant(mutant: Mutant): Promise<{ result: ConformanceResult; fired: number }> {
    const proxy = await startMutantProxy(mutant, sandbox.bankUrl, { secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey });
    try {
      const result = await run("bank-payments", proxy.url);
      return { result, fired: proxy.fired() };
    } finally {
      await proxy.close();
    }
  }

  for (const mutant of sequenceMutants) {
    test(`catches ${mutant.id} in every run (twice here, no seed), in the cell ${expected[mutant.id]}`, async () => {
      for (const attempt of [1, 2]) {
        const { result, fired } = await againstMutant(mutant);
        const failures = result.checks.filter((c) => c.outcome === "failed");
        assert.ok(fired > 0, `run ${attempt}: the mutant never changed a response`);
        assert.ok(failures.some((c) => c.name === expected[mutant.id]), `run ${attempt}: ${expected[mutant.id]} failed (failed: ${failures.map((c) => c.name).join("; ")})`);
        assert.deepEqual(failures.filter((c: CheckResult) => !primaryRule(c)).map((c) => c.name), [], "every failure names its rule");
      }
    });
  }

  // Answers the contract allows and the sandbox does not give (docs/contract-decisions.md): the
  // coverage layer drives, the oracle judges, and neither may fail them. Each must change answers.
  const reordered = (value: unknown): unknown => Array.isArray(value) ? value.map(reordered)
    : value && typeof value === "object" ? Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reordered(v)])) : value;
  const allowed: Array<Mutant & { decision: string }> = [
    { decision: "B-18", id: "charset-utf8", fault: "", service: "bank-payments", class: "status and shape",
      response(e) { if ((e.headers["content-type"] ?? "").startsWith("application/json")) e.headers["content-type"] = "application/json; charset=utf-8"; } },
    { decision: "B-17", id: "times-plus-00-00", fault: "", service: "bank-payments", class: "status and shape",
      response(e) { e.body = e.body.replace(/(T\d\d:\d\d:\d\d(?:\.\d+)?)Z"/g, '$1+00:00"'); } },
    { decision: "B-42", id: "credit-canceled-in-reads", fault: "", service: "bank-payments", class: "status and shape",
      response(e) { if (e.method === "GET") eachCredit(e, (credit) => { if (credit.status === "cancelled") credit.status = "canceled"; }); } },
    { decision: "B-61", id: "members-reordered", fault: "", service: "bank-payments", class: "status and shape",
      response(e) { if (e.body.startsWith("{")) editJson(e, (body) => { const turned = reordered(body) as Record<string, unknown>; for (const key of Object.keys(body)) delete body[key]; Object.assign(body, turned); }); } },
  ];
  for (const variant of allowed) {
    test(`passes an answer the contract allows: ${variant.id} (${variant.decision})`, async () => {
      const { result, fired } = await againstMutant(variant);
      assert.ok(fired > 0, "the variant never changed a response");
      assert.deepEqual(result.checks.filter((c) => c.outcome !== "passed").map((c) => `${c.outcome} ${c.name}: ${(c.reason ?? "").slice(0, 300)}`), []);
    });
  }

  test("a server that declines every third authorization and fails every other capture, run without triggers: Dredd, the scenarios and the coverage retry on fresh objects or skip, nothing fails", async () => {
    const keys = { secretKey: "sk_test_v-coverage-declines", publishableKey: "pk_test_v-coverage-declines" };
    // A tenant of its own: the declines the proxy arranges are that tenant's.
    const tenant = await fetch(`${sandbox.bankUrl}/_sandbox/settings`, { method: "PATCH", headers: { Authorization: `Bearer ${keys.secretKey}`, "Content-Type": "application/json" }, body: "{}" });
    assert.equal(tenant.status, 200);
    const declines = declinesEvery(3, "declines");
    const captures = captureFailsEvery(2, "captures");
    const proxy = await startMutantProxy({
      id: "declines and failed captures",
      async request(e, c) { await declines.request!(e, c); await captures.request!(e, c); },
      evidence: (e) => declines.evidence!(e) || captures.evidence!(e),
    }, sandbox.bankUrl, keys);
    try {
      const result = await runConformance({ service: "bank-payments", baseUrl: proxy.url, ...keys, layers: ["dredd", "scenarios", "coverage"], triggers: false });
      assert.deepEqual(result.checks.filter((c) => c.outcome === "failed").map((c) => `${c.name}: ${c.reason?.slice(0, 300)}`), []);
      assert.ok(proxy.fired() > 10, `the proxy declined or failed only ${proxy.fired()} times`);
      // Measured: 81% of the cells with the retries; 49% with one try each, which fails the evidence check (75%).
      const cells = result.coverage!.matrices.flatMap((m) => m.cells);
      const reached = cells.filter((c) => c.outcome === "passed").length / cells.length;
      assert.ok(reached >= 0.75, `the matrices were reached to ${Math.round(reached * 100)}% only`);
      // Which retries meet a decline three times depends on how the rows' requests interleave; wherever
      // the server's other way made a check skip, the skip is counted under the rule that allows it.
      const otherWays = result.evidence!.skipped.filter((s) => s.reason.startsWith("the server took another allowed way"));
      assert.ok(otherWays.every((s) => /^the server took another allowed way \(B-3[14]/.test(s.reason)), `skips counted under the rule that allows them: ${JSON.stringify(otherWays)}`);
      const grouped = summarizeEvidence("bank-payments", new EvidenceLog(), [
        { layer: "coverage", group: "g", name: "a", outcome: "skipped", durationMs: 0, reason: "the server took another allowed way: it failed all 3 captures tried (B-34)" },
        { layer: "coverage", group: "g", name: "b", outcome: "skipped", durationMs: 0, reason: "the server took another allowed way: a declined authorization (B-31), on each of 3 tries" },
      ]);
      assert.deepEqual(grouped.skipped.map((s) => s.reason).sort(), ["the server took another allowed way (B-31)", "the server took another allowed way (B-34)"]);
    } finally {
      await proxy.close();
    }
  });

  test("with the server's settings told, the limits are crossed where they are; told wrong, the limit checks fail and name their rule", async () => {
    const configured = await startSandbox({ bankPort: 0, service: "bank", database: ":memory:" });
    try {
      const answer = await fetch(`${configured.bankUrl}/_sandbox/settings`, {
        method: "PATCH", headers: { Authorization: `Bearer ${configured.secretKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ credit_limit: "100.00", capture_adjustment_limit: "5.00", capture_retries: 1 }),
      });
      assert.equal(answer.status, 200);
      const told = { credit_limit: "100.00", capture_adjustment_limit: "5.00", capture_retries: 1 };
      const right = await run("bank-payments", configured.bankUrl, { secretKey: configured.secretKey, publishableKey: configured.publishableKey, settings: told });
      assert.deepEqual(right.checks.filter((c) => c.outcome !== "passed").map((c) => `${c.outcome} ${c.name}: ${(c.reason ?? "").slice(0, 300)}`), []);
      assert.ok(right.coverage!.boundaries.some((b) => b.group === "settings" && b.sent === '"100.01"'), "a credit a cent over the limit told");
      const wrong = await run("bank-payments", configured.bankUrl, { secretKey: configured.secretKey, publishableKey: configured.publishableKey });
      const failedRules = new Set(wrong.checks.filter((c) => c.outcome === "failed").map((c) => c.rule));
      assert.ok(failedRules.has("B-46") && failedRules.has("B-34"), `the credit and capture limit checks fail (failed: ${[...failedRules].join(", ")})`);
    } finally {
      await configured.close();
    }
  });

  test("a run stopped by a signal writes its report and says what ran", async () => {
    const reportDir = mkdtempSync(join(tmpdir(), "coverage-stop-"));
    try {
      const stop = new AbortController();
      const result = await run("bank-payments", sandbox.bankUrl, {
        layers: ["coverage", "sequences"], reportDir, signal: stop.signal, sequences: { seed: 1, runs: 5 },
        onProgress: (progress) => { if (progress.layer === "coverage" && progress.done > 0) stop.abort("SIGTERM"); },
      });
      assert.equal(result.stopped, "SIGTERM");
      assert.equal(result.ok, false, "a stopped run is not a pass");
      assert.equal(result.sequences, undefined, "no layer starts after the signal");
      const notAttempted = result.checks.filter((c) => c.outcome === "skipped" && /not attempted: SIGTERM/.test(c.reason ?? ""));
      assert.ok(notAttempted.length > 0, "what did not start is reported as not attempted");
      const markdown = readFileSync(join(reportDir, "conformance-bank-payments.md"), "utf8");
      assert.match(markdown, /\*\*The run was stopped by SIGTERM\*\*: this report shows what ran\./);
      assert.match(markdown, /not attempted: SIGTERM/);
    } finally {
      rmSync(reportDir, { recursive: true, force: true });
    }
  });

  test("a run stopped by its time budget says how many sequences ran of how many", async () => {
    const result = await run("bank-payments", sandbox.bankUrl, { layers: ["sequences"], sequences: { seed: 3, runs: 1000, timeBudgetMs: 2000 } });
    const summary = result.sequences!;
    assert.ok(summary.runs > 0 && summary.runs < 1000, `${summary.runs} ran`);
    assert.deepEqual([summary.planned, summary.stoppedBy], [1000, "the time budget of 2 s"]);
    assert.equal(result.failed, 0);
    assert.match(result.checks.find((c) => c.layer === "sequence")!.name, new RegExp(`: ${summary.runs} of 1000 generated sequences`));
  });

  test("the CLI, stopped by SIGINT during --thorough, exits 130 and reports how many sequences ran of how many", async () => {
    const reportDir = mkdtempSync(join(tmpdir(), "thorough-stop-"));
    // Stopped once the sequences have begun: just after the sandbox's first request past the
    // preflight's two (a fixed delay after the CLI's first line fell within the preflight on a busy machine).
    let requests = 0;
    let child: ReturnType<typeof spawn> | undefined;
    const own = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:", log: (line) => {
      if (/ \/api\//.test(line) && ++requests === 3) setTimeout(() => child?.kill("SIGINT"), 500).unref();
    } });
    try {
      child = spawn(process.execPath, ["--import", "tsx", join(root, "conformance/cli.ts"),
        "--service", "bank-payments", "--base-url", own.bankUrl, "--secret-key", own.secretKey, "--publishable-key", own.publishableKey,
        "--thorough", "--layers", "sequences", "--seed", "7", "--report", reportDir, "--quiet"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout!.on("data", (chunk) => { stdout += chunk; });
      child.stderr!.on("data", (chunk) => { stderr += chunk; });
      const code = await new Promise<number | null>((resolve) => child!.on("exit", resolve));
      assert.equal(code, 130, `exit code (stderr: ${stderr.slice(-500)})`);
      assert.match(stderr, /SIGINT: stopping after the checks under way/);
      assert.doesNotMatch(stderr, /padLevels/);
      assert.match(stdout, /Generated sequences: \d+ of 1000 planned ran, 4 at once \(stopped by SIGINT\)/);
      assert.ok(existsSync(join(reportDir, "conformance-bank-payments.md")));
      const markdown = readFileSync(join(reportDir, "conformance-bank-payments.md"), "utf8");
      assert.match(markdown, /Generated sequences: \d+ of 1000 planned ran, 4 at once \(stopped by SIGINT\)/);
      assert.doesNotMatch(markdown, /Generated sequences: 1000 ran/);
    } finally {
      child?.kill("SIGKILL");
      await own.close();
      rmSync(reportDir, { recursive: true, force: true });
    }
  });
});
