// The published documents, OpenAPI 3.0 and 3.1, pass an independent OpenAPI validator (Redocly
// CLI, recommended rules, example values included) with no errors and no warnings; a broken
// document does not, and a 3.1 example that only 3.1's keywords refuse is caught.
// Two Redocly runs, not one per test: the six published documents and the edited 3.1 document in
// one (Redocly lints each file on its own and names it in the output; each test reads what was
// printed about its files, and the exit status, 0 only if no file has an error), the broken
// document alone (its run must fail).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { after, describe, test } from "node:test";
import { documentPath, documentNames } from "../../src/openapi/documents.js";

const root = join(import.meta.dirname, "..", "..");
const redocly = join(root, "node_modules/@redocly/cli/bin/cli.js");

function lint(...files: string[]) {
  const run = spawnSync(process.execPath, [redocly, "lint", ...files, "--format=stylish"], { cwd: root, encoding: "utf8", env: { ...process.env, REDOCLY_TELEMETRY: "off" } });
  // Drop Redocly's boxed Node.js deprecation banner: it is not about the document.
  const banner = (text: string) => text.split("\n").filter((line) => !/[║═╔╚]/.test(line)).join("\n");
  const [stdout, stderr] = [banner(run.stdout), banner(run.stderr)];
  return { status: run.status, output: `${stdout}${stderr}`, stdout, stderr };
}

/**
 * What a run printed about some of its files: their problems (on stdout, a block per file headed
 * `<file>:`; a block without such a head names no file and counts for every file), their progress
 * (on stderr, from `validating <file>` to `<file>: validated`), and the configuration's messages
 * (stderr, before the first file).
 */
function about(run: ReturnType<typeof lint>, files: string[]) {
  const names = files.map((file) => relative(root, file));
  const problems = run.stdout.split(/\n\s*\n/).filter((block) => {
    const head = /^(\S.*):$/.exec(block.trim().split("\n")[0]);
    return block.trim() !== "" && (head === null || names.includes(head[1]));
  });
  const progress = names.map((name) => {
    const start = run.stderr.indexOf(`validating ${name}`);
    const end = run.stderr.indexOf(`${name}: validated`, start);
    assert.ok(start >= 0 && end > start, `no progress lines for ${name} in:\n${run.output}`);
    return run.stderr.slice(start, run.stderr.indexOf("\n", end));
  });
  return [...problems, run.stderr.slice(0, run.stderr.indexOf("validating ")), ...progress].join("\n");
}

const scratch = mkdtempSync(join(tmpdir(), "lint-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
const longExtrasName = join(scratch, "bank-payments.json");
const published = [...documentNames.map((service) => documentPath(service, "yaml")), ...documentNames.map((service) => documentPath(service, "yaml", "3.1"))];

/** The published documents and the 3.1 document with a 41-character extras name, in one run. */
let sharedRun: ReturnType<typeof lint> | undefined;
function lintShared() {
  if (sharedRun) return sharedRun;
  const document = JSON.parse(readFileSync(documentPath("bank-payments", "json", "3.1"), "utf8"));
  const examples = document.paths["/api/transaction-intents"].post.requestBody.content["application/json"].examples;
  for (const example of Object.values(examples) as Array<{ value: { extras?: object } }>) example.value.extras = { ["k".repeat(41)]: "x" };
  writeFileSync(longExtrasName, JSON.stringify(document));
  return (sharedRun = lint(...published, longExtrasName));
}

describe("independent OpenAPI validation (Redocly)", () => {
  for (const service of documentNames) {
    test(`${service}.yaml: no errors, no warnings`, () => {
      const run = lintShared();
      const output = about(run, [documentPath(service, "yaml")]);
      assert.equal(run.status, 0, run.output);
      assert.match(output, /valid/i);
      assert.doesNotMatch(output, /warning/i, output);
    });
  }

  test("the three OpenAPI 3.1 documents: no errors, no warnings", () => {
    const files = documentNames.map((service) => documentPath(service, "yaml", "3.1"));
    const run = lintShared();
    const output = about(run, files);
    assert.equal(run.status, 0, run.output);
    for (const file of files) assert.match(output, new RegExp(`${file.split("/").slice(-2).join("/")}: validated`));
    assert.doesNotMatch(output, /warning/i, output);
  });

  test("a 3.1 example breaking propertyNames (an extras member name of 41 characters) is flagged", () => {
    const run = lintShared();
    const output = about(run, [longExtrasName]);
    assert.equal(run.status, 0, "examples are warnings in the recommended rules");
    assert.match(output, /warning\s+no-invalid-media-type-examples\s+Example value must conform to the schema: `extras` property property name must be valid/);
  });

  test("a document with an invalid example and an undefined reference fails", () => {
    const broken = JSON.parse(readFileSync(documentPath("check-cashing"), "utf8"));
    broken.paths["/v1/payroll"].post.requestBody.content["application/json"].schema = { $ref: "#/components/schemas/Nope" };
    writeFileSync(join(scratch, "broken.json"), JSON.stringify(broken));
    assert.notEqual(lint(join(scratch, "broken.json")).status, 0);
  });
});
