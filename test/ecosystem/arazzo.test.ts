// The Arazzo workflows (generated/arazzo/): published as built from spec/arazzo/, lint-clean in
// Redocly CLI, and every one of them passes when `redocly respect` runs it against the reference
// sandbox. Two faulty servers (a wrong conflict code, a response off the schema) make it fail,
// so the run is a real check.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { parse } from "yaml";
import { publishableWorkflows, workflowSources } from "../../scripts/build.mjs";
import { startMutantProxy, type Mutant, type RunningProxy } from "../../proof/mutants/proxy.js";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { cli, root, runTool } from "./tools.js";

const published = join(root, "generated/arazzo/bank-payments.arazzo.yaml");

type RespectReport = {
  files: Record<string, { executedWorkflows: Array<{ workflowId: string; status: string; executedSteps: Array<{ stepId: string; checks: Array<{ name: string; passed: boolean; message: string }> }> }> }>;
};

/** Runs the published workflows against `bankUrl`; resolves with the exit code and the JSON report. */
async function respect(bankUrl: string, keys: { secretKey: string; publishableKey: string }, workflows: string[] = []) {
  const scratch = mkdtempSync(join(tmpdir(), "respect-"));
  try {
    const report = join(scratch, "report.json");
    const run = await runTool(cli.redocly, [
      "respect", published,
      "--input", `secret_key=${keys.secretKey}`, "--input", `publishable_key=${keys.publishableKey}`,
      "--server", `bank=${bankUrl}`, "--json-output", report,
      ...workflows.flatMap((id) => ["--workflow", id]),
    ]);
    const json = JSON.parse(readFileSync(report, "utf8")) as RespectReport;
    return { code: run.code, output: run.output, workflows: Object.values(json.files).flatMap((file) => file.executedWorkflows) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const publishedWorkflowList = (parse(readFileSync(published, "utf8")) as { workflows: Array<{ workflowId: string; summary: string }> }).workflows;

describe("Arazzo workflows: published from spec/arazzo/", () => {
  test("generated/arazzo/ holds exactly what the build makes of spec/arazzo/", () => {
    const documents = Object.fromEntries(["bank-payments", "check-cashing", "sandbox-helpers"].map((name) => [name, JSON.parse(readFileSync(join(root, "generated/openapi", `${name}.json`), "utf8"))]));
    for (const { file, text } of workflowSources()) {
      assert.equal(readFileSync(join(root, "generated/arazzo", file), "utf8"), publishableWorkflows(text, documents), `${file}: run npm run build`);
    }
  });

  test("one workflow per row of tables 3.1 (9) and 3.2 (3) and per conflict code of 7.2 (8)", () => {
    const count = (prefix: string) => publishedWorkflowList.filter((w) => w.summary.startsWith(prefix)).length;
    assert.equal(count("3.1:"), 9);
    assert.equal(count("3.2:"), 3);
    const codes = ["already_occurred", "not_ready", "bank_account_conflict", "incompatible_status", "no_reference_number", "already_cancelled", "still_processing", "failed"];
    assert.deepEqual(codes.filter((code) => !publishedWorkflowList.some((w) => w.summary.startsWith(`7.2 ${code}:`))), []);
  });

  test("a step naming an unknown operation fails the build", () => {
    const [{ text }] = workflowSources();
    assert.throws(() => publishableWorkflows(text.replace("operationId: cancelCredit", "operationId: cancelCreditt"), {
      "bank-payments": JSON.parse(readFileSync(join(root, "generated/openapi/bank-payments.json"), "utf8")),
    }), /unknown operation cancelCreditt/);
  });

  test("the package exports the workflows, beside the document their source description names", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { exports: Record<string, unknown>; files: string[] };
    assert.equal(pkg.exports["./arazzo/bank-payments.arazzo.yaml"], "./generated/arazzo/bank-payments.arazzo.yaml");
    assert.ok(pkg.files.includes("generated/arazzo") && pkg.files.includes("generated/openapi"));
    const { sourceDescriptions } = parse(readFileSync(published, "utf8")) as { sourceDescriptions: Array<{ url: string }> };
    assert.deepEqual(sourceDescriptions.map((s) => join(root, "generated/arazzo", s.url)), [join(root, "generated/openapi/bank-payments.yaml")]);
  });

  test("Redocly CLI lints the published workflows with no errors and no warnings", async () => {
    const run = await runTool(cli.redocly, ["lint", published, "--format=stylish"]);
    assert.equal(run.code, 0, run.output);
    assert.doesNotMatch(run.output, /warning|error/i, run.output);
  });
});

describe("Arazzo workflows: redocly respect against the reference sandbox", () => {
  let sandbox: Sandbox;
  const proxies: RunningProxy[] = [];

  before(async () => {
    sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
  });

  after(async () => {
    for (const proxy of proxies) await proxy.close();
    await sandbox.close();
  });

  test("every workflow passes, every step's checks (status, criteria, schema) included", async () => {
    const { code, output, workflows } = await respect(sandbox.bankUrl, sandbox);
    assert.deepEqual(workflows.map((w) => w.workflowId).sort(), publishedWorkflowList.map((w) => w.workflowId).sort());
    const failed = workflows.filter((w) => w.status !== "success").map((w) => w.workflowId);
    assert.deepEqual(failed, [], output.slice(-4000));
    const schemaChecks = workflows.flatMap((w) => w.executedSteps.flatMap((s) => s.checks.filter((c) => c.name === "schema check")));
    assert.ok(schemaChecks.length >= 50 && schemaChecks.every((c) => c.passed), "every response was checked against the document");
    assert.equal(code, 0, output.slice(-2000));
  });

  test("the workflows run again on the same server (fixed identifiers keep their owners)", async () => {
    const { code, workflows } = await respect(sandbox.bankUrl, sandbox);
    assert.equal(code, 0);
    assert.ok(workflows.every((w) => w.status === "success"));
  });

  const faults: Array<{ mutant: Mutant; caughtBy: string[]; failedCheck: string }> = [
    {
      mutant: {
        id: "conflict-code-swapped", service: "bank-payments", class: "error bodies", fault: "already_occurred reported as not_ready",
        response(exchange) { exchange.body = exchange.body.replace('"already_occurred"', '"not_ready"'); },
      },
      caughtBy: ["conflict-already-occurred"],
      failedCheck: "success criteria check",
    },
    {
      mutant: {
        id: "captured-status-bogus", service: "bank-payments", class: "status and shape", fault: "captured_status outside its enum",
        response(exchange) { exchange.body = exchange.body.replace('"captured_status":"succeeded"', '"captured_status":"bogus"'); },
      },
      caughtBy: ["intent-capture", "intent-create-authorize-and-capture-approved"],
      failedCheck: "schema check",
    },
  ];

  for (const { mutant, caughtBy, failedCheck } of faults) {
    test(`a faulty server (${mutant.fault}) fails ${caughtBy.join(", ")} on a ${failedCheck}`, async () => {
      const proxy = await startMutantProxy(mutant, sandbox.bankUrl, sandbox);
      proxies.push(proxy);
      const { code, workflows } = await respect(proxy.url, sandbox, caughtBy);
      assert.notEqual(code, 0);
      assert.deepEqual(workflows.filter((w) => w.status === "success").map((w) => w.workflowId), []);
      for (const workflow of workflows) {
        const failedChecks = workflow.executedSteps.flatMap((s) => s.checks.filter((c) => !c.passed).map((c) => c.name));
        assert.ok(failedChecks.includes(failedCheck), `${workflow.workflowId}: failed checks ${failedChecks.join(", ")}`);
      }
    });
  }
});
