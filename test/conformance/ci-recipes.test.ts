// Where implementers run the suite: the GitHub Action (action.yml) and the GitLab CI template
// (ci/gitlab/conformance.gitlab-ci.yml) both run ci/conformance.sh. Each is read as its CI reads it
// and its commands run here, in a project folder, against the reference sandbox: the Action's run
// step with its inputs put in as GitHub does (its upload step is GitHub's own: checked for what it
// uploads and when), the template's script with its variables. The project's installed
// `conformance` is this checkout's command line (test/readme/quick-start.test.ts runs the packed one).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { after, before, describe, test } from "node:test";
import { parse } from "yaml";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { withoutRoutes } from "./servers-under-construction.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

type ActionStep = { name: string; shell?: string; run?: string; uses?: string; if?: string; env?: Record<string, string>; with?: Record<string, string>; "working-directory"?: string };
const action = parse(readFileSync(join(root, "action.yml"), "utf8")) as { inputs: Record<string, { required?: boolean; default?: string }>; runs: { using: string; steps: ActionStep[] } };
const gitlab = parse(readFileSync(join(root, "ci/gitlab/conformance.gitlab-ci.yml"), "utf8")) as Record<string, { variables: Record<string, string>; script: string[]; artifacts: { when: string; paths: string[]; reports: { junit: string } } }>;

/** A project that installed the package: its `node_modules/.bin/conformance`, and the package's ci/ folder. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "ci-recipe-"));
  mkdirSync(join(dir, "node_modules/.bin"), { recursive: true });
  const loader = pathToFileURL(join(root, "node_modules/tsx/dist/loader.mjs")).href;
  writeFileSync(join(dir, "node_modules/.bin/conformance"), `#!/usr/bin/env bash\nexec node --import ${loader} ${join(root, "conformance/cli.ts")} "$@"\n`);
  chmodSync(join(dir, "node_modules/.bin/conformance"), 0o755);
  mkdirSync(join(dir, "node_modules/bank-payments-contract"));
  symlinkSync(join(root, "ci"), join(dir, "node_modules/bank-payments-contract/ci"));
  return dir;
}

function bash(script: string, cwd: string, env: Record<string, string>): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolveRun) => {
    execFile("bash", ["-c", script], { cwd, env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env }, encoding: "utf8", timeout: 180_000 }, (error, stdout, stderr) => {
      resolveRun({ status: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** `${{ inputs.name }}` and `${{ github.action_path }}` as GitHub fills them in. */
function expression(text: string, inputs: Record<string, string>): string {
  return text.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, name: string) => inputs[name] ?? action.inputs[name]?.default ?? "")
    .replace(/\$\{\{\s*github\.action_path\s*\}\}/g, root);
}

describe("the CI recipes, run against the sandbox", () => {
  let sandbox: Sandbox;
  const folders: string[] = [];
  before(async () => { sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" }); });
  after(async () => { await sandbox?.close(); for (const folder of folders) rmSync(folder, { recursive: true, force: true }); });

  /** The Action's run step with these inputs, in a project; its exit code, its output and the project. */
  async function runAction(inputs: Record<string, string>): Promise<{ status: number; stdout: string; stderr: string; dir: string; summary: string }> {
    const dir = project();
    folders.push(dir);
    const step = action.runs.steps.find((s) => s.run)!;
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, expression(value, inputs)]));
    const summary = join(dir, "step-summary.md");
    const cwd = join(dir, expression(step["working-directory"] ?? ".", inputs));
    const run = await bash(expression(step.run!, inputs), cwd, { ...env, GITHUB_STEP_SUMMARY: summary });
    return { ...run, dir, summary: existsSync(summary) ? readFileSync(summary, "utf8") : "" };
  }

  test("the Action: a composite of the shipped script and the upload of the reports, whatever the verdict", () => {
    assert.equal(action.runs.using, "composite");
    assert.deepEqual(Object.keys(action.inputs).filter((name) => action.inputs[name].required), ["service", "base-url"]);
    for (const name of ["secret-key", "publishable-key", "fixtures", "settings", "triggers", "args", "report-dir"]) assert.ok(name in action.inputs, name);
    const [run, upload] = action.runs.steps;
    assert.equal(run.run, 'bash "${{ github.action_path }}/ci/conformance.sh"');
    assert.equal(upload.uses, "actions/upload-artifact@v4");
    assert.equal(upload.if, "always()");
    assert.equal(upload.with?.path, "${{ inputs.working-directory }}/${{ inputs.report-dir }}");
  });

  test("the Action's step passes against the sandbox (bank payments, keys and fixtures as inputs): exit 0, the three reports, the job summary", async () => {
    const run = await runAction({
      service: "bank-payments", "base-url": sandbox.bankUrl, "secret-key": sandbox.secretKey, "publishable-key": sandbox.publishableKey,
      fixtures: join(root, "conformance/fixtures-sandbox.json"), args: "--layers dredd,scenarios --setting linked_credit_submerchant_id=prohibited",
    });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout.trim().split("\n").at(-1)!, /^\d+ passed, 0 failed/);
    assert.deepEqual(readdirSync(join(run.dir, "conformance-reports")).sort(), ["conformance-bank-payments.html", "conformance-bank-payments.md", "conformance-bank-payments.xml", "dredd-bank-payments.xml"]);
    assert.match(run.summary, /^# Conformance report: bank-payments/);
    assert.doesNotMatch(run.summary, /## Coverage matrix/, "the summary stops before the matrices");
  });

  test("the Action's step fails a server that does not conform, and still writes the reports", async () => {
    const broken = await withoutRoutes(sandbox.checkCashingUrl, ["/v1/payroll"]);
    try {
      const run = await runAction({ service: "check-cashing", "base-url": broken.url });
      assert.equal(run.status, 1, run.stdout + run.stderr);
      assert.ok(existsSync(join(run.dir, "conformance-reports/conformance-check-cashing.xml")));
    } finally {
      await broken.close();
    }
  });

  test("the GitLab template's job passes against the sandbox (check cashing): exit 0, its reports where its artifacts look", async () => {
    const template = gitlab[".conformance"];
    assert.equal(template.artifacts.when, "always");
    const dir = project();
    folders.push(dir);
    const variables = { ...template.variables, CONFORMANCE_SERVICE: "check-cashing", CONFORMANCE_BASE_URL: sandbox.checkCashingUrl, CONFORMANCE_ARGS: "--runs 5" };
    for (const line of template.script) {
      const run = await bash(line, dir, variables);
      assert.equal(run.status, 0, run.stdout + run.stderr);
    }
    const [folder] = template.artifacts.paths;
    assert.ok(existsSync(join(dir, folder, "conformance-check-cashing.html")));
    const junit = template.artifacts.reports.junit.replace("*", "check-cashing");
    assert.match(readFileSync(join(dir, junit), "utf8"), /<testsuites name="conformance check-cashing"/);
  });

  test("the script refuses to start without its service or base URL, and waits only so long for a server that is not there", async () => {
    const dir = project();
    folders.push(dir);
    const missing = await bash("bash node_modules/bank-payments-contract/ci/conformance.sh", dir, {});
    assert.notEqual(missing.status, 0);
    assert.match(missing.stderr, /CONFORMANCE_SERVICE: set CONFORMANCE_SERVICE to bank-payments or check-cashing/);
    const absent = await bash("bash node_modules/bank-payments-contract/ci/conformance.sh", dir, { CONFORMANCE_SERVICE: "check-cashing", CONFORMANCE_BASE_URL: "http://127.0.0.1:9", CONFORMANCE_WAIT_SECONDS: "1" });
    assert.equal(absent.status, 1);
    assert.match(absent.stderr, /conformance: nothing answers on 127\.0\.0\.1:9 after 1 s/);
  });
});
