// The suite's schema validation with either OpenAPI version (`runConformance({ openapi })`,
// `--openapi 3.0|3.1`): against the reference sandbox, a run that validates every response with
// the 3.0 documents and one that validates them with the 3.1 documents reach the same verdict on
// every check and on every response; against faulty servers whose answers break the schema, the
// same responses are found invalid under each version (so the 3.1 validation ran and can fail).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { after, before, describe, test } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { mutants } from "../../proof/mutants/catalog.js";
import { startMutantProxy } from "../../proof/mutants/proxy.js";
import { runConformance } from "../../conformance/runner.js";
import type { ConformanceOptions, ConformanceResult } from "../../conformance/types.js";
import { validatorFor } from "../../src/openapi/validator.js";

const seed = 20261122;

/** Each check's verdict, in run order (names left out: some carry random request data). */
const checkVerdicts = (result: ConformanceResult) => result.checks.map((c) => `${c.layer} ${c.group}: ${c.outcome}`);

/** How many responses of each operation x status were valid and invalid (the schema's verdicts). */
function schemaVerdicts(result: ConformanceResult): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of result.observations) {
    const key = `${o.operationId} ${o.status} ${o.valid ? "valid" : "INVALID"}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

/** The same run with the 3.0 documents, then with the 3.1 documents. */
async function bothVersions(options: Omit<ConformanceOptions, "openapi">): Promise<[ConformanceResult, ConformanceResult]> {
  const with30 = await runConformance({ ...options, openapi: "3.0" });
  const with31 = await runConformance({ ...options, openapi: "3.1" });
  return [with30, with31];
}

describe("conformance with OpenAPI 3.0 and 3.1 documents: the same verdicts", () => {
  let sandbox: Sandbox;
  before(async () => { sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" }); });
  after(async () => { await sandbox?.close(); });

  const target = (service: "bank-payments" | "check-cashing") => ({
    service, baseUrl: service === "bank-payments" ? sandbox.bankUrl : sandbox.checkCashingUrl,
    secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey,
    settings: { linked_credit_submerchant_id: "prohibited" as const },
  });

  test("the suite's client validates with the version asked for", () => {
    assert.equal(validatorFor("bank-payments", "3.0").version, "3.0");
    assert.equal(validatorFor("bank-payments", "3.1").version, "3.1");
    assert.equal(validatorFor("bank-payments", "3.1").document.openapi, "3.1.0");
  });

  for (const service of ["bank-payments", "check-cashing"] as const) {
    test(`${service} against the sandbox: every check and every response judged alike`, async () => {
      const [with30, with31] = await bothVersions({ ...target(service), sequences: { seed, runs: 8 } });
      // Skipped only: the credit limit check, which the sandbox's default (no limit, B-46) leaves nothing to judge.
      assert.deepEqual(with30.checks.filter((c) => c.outcome !== "passed" && !c.name.includes("(setting credit_limit)")).map((c) => `${c.name}: ${c.reason}`), []);
      assert.deepEqual(checkVerdicts(with31), checkVerdicts(with30));
      assert.deepEqual(schemaVerdicts(with31), schemaVerdicts(with30));
      assert.ok(with31.observations.length > 50, `${with31.observations.length} responses validated`);
      console.log(`# ${service}: ${with30.observations.length} responses, ${with30.checks.length} checks; 3.0 ${with30.durationMs} ms, 3.1 ${with31.durationMs} ms`);
    });
  }

  // Faults that break the response schema (a member of the wrong type, an undeclared enum value,
  // a required member left out): each version must find the same responses invalid.
  for (const id of ["credit-amount-number", "status-authorised", "read-drops-chain-number", "adverse-action-yes"]) {
    test(`a faulty server (${id}): the same responses break the schema under each version`, async () => {
      const mutant = mutants.find((m) => m.id === id)!;
      const upstream = target(mutant.service);
      const proxy = await startMutantProxy(mutant, upstream.baseUrl, upstream);
      try {
        const [with30, with31] = await bothVersions({ ...upstream, baseUrl: proxy.url, layers: ["dredd"] });
        const invalid = (result: ConformanceResult) => Object.keys(schemaVerdicts(result)).filter((key) => key.endsWith("INVALID"));
        assert.ok(invalid(with31).length > 0, "the 3.1 validation found no invalid response");
        assert.deepEqual(invalid(with31), invalid(with30));
        assert.deepEqual(schemaVerdicts(with31), schemaVerdicts(with30));
        assert.deepEqual(checkVerdicts(with31), checkVerdicts(with30));
      } finally {
        await proxy.close();
      }
    });
  }

  test("the CLI takes --openapi 3.1 and refuses a version it does not know", async () => {
    const cli = (args: string[]) => new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, ["--import", "tsx", "conformance/cli.ts", ...args], { encoding: "utf8", timeout: 60_000 }, (error, stdout, stderr) => {
        resolve({ status: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr });
      });
    });
    // The coverage layer: every response it gets is validated with the 3.1 documents, at a third of
    // a Dredd run's CPU (loading Dredd). The Dredd layer's 3.1 validation is proven in process above.
    const [ok, unknown] = await Promise.all([
      cli(["--service", "check-cashing", "--base-url", sandbox.checkCashingUrl, "--openapi", "3.1", "--layers", "coverage", "--quiet"]),
      cli(["--service", "check-cashing", "--base-url", sandbox.checkCashingUrl, "--openapi", "3.2"]),
    ]);
    assert.equal(ok.status, 0, ok.stdout + ok.stderr);
    assert.match(ok.stdout.trim().split("\n").at(-1)!, /^\d+ passed, 0 failed$/);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /--openapi 3\.0\|3\.1/);
  });
});
