// Spectral (its own command line) with its stock rulesets and nothing turned off: `spectral:oas`
// on every published OpenAPI document (3.0 and 3.1, YAML and JSON), `spectral:arazzo` on the
// workflows. No error, no warning, no hint; a document without info.contact is flagged, and so is
// a 3.1 example that only 3.1's schema refuses (Spectral reads 3.1 as 3.1).
// Two runs, not one per test: every published file in one run (spectral-published.yaml extends
// both rulesets; each rule applies to its own format), the two edited documents in another.
// Spectral names each result's file, so each test reads the results of its own files; the exit
// code (any result fails, --fail-severity hint) is the run's.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { cli, root, runTool, type ToolRun } from "./tools.js";

const ruleset = (name: string) => join(import.meta.dirname, `spectral-${name}.yaml`);

type Result = { code: string; message: string; source: string };

function spectral(files: string[], rules: "oas" | "published") {
  return runTool(cli.spectral, ["lint", ...files, "--ruleset", ruleset(rules), "--fail-severity", "hint", "--format", "json", "--quiet"]);
}

/** One run over several files, started once; `resultsOf` gives one file's results. */
function sharedRun(files: () => string[], rules: "oas" | "published") {
  let started: Promise<ToolRun & { resultsOf: (files: string[]) => Result[] }> | undefined;
  return () => (started ??= (async () => {
    const inputs = files();
    const run = await spectral(inputs, rules);
    const results = JSON.parse(run.stdout) as Result[];
    // Every result names one of the inputs, so a file's results are all there are for it.
    assert.ok(results.every((result) => inputs.includes(result.source)), run.output);
    return { ...run, resultsOf: (wanted: string[]) => results.filter((result) => wanted.includes(result.source)) };
  })());
}

/** The files (not folders) of a published folder. */
const filesOf = (folder: string) => readdirSync(join(root, folder), { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => join(root, folder, entry.name));
const openapiFiles = [...filesOf("generated/openapi"), ...filesOf("generated/openapi/3.1")];
const arazzoFiles = readdirSync(join(root, "generated/arazzo")).map((file) => join(root, "generated/arazzo", file));
const published = sharedRun(() => [...openapiFiles, ...arazzoFiles], "published");

const scratch = mkdtempSync(join(tmpdir(), "spectral-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
const bankDocument31 = () => JSON.parse(readFileSync(join(root, "generated/openapi/3.1/bank-payments.json"), "utf8"));
const withoutContact = join(scratch, "check-cashing.json");
const capturedStatusRefusingNull = join(scratch, "bank-payments.json");

/** The two edited documents, written once and linted in one run with spectral:oas. */
const edited = sharedRun(() => {
  const document = JSON.parse(readFileSync(join(root, "generated/openapi/check-cashing.json"), "utf8"));
  delete document.info.contact;
  writeFileSync(withoutContact, JSON.stringify(document));
  const bank = bankDocument31();
  bank.components.schemas.TransactionIntent.properties.captured_status = { $ref: "#/components/schemas/CapturedStatus" };
  writeFileSync(capturedStatusRefusingNull, JSON.stringify(bank));
  return [withoutContact, capturedStatusRefusingNull];
}, "oas");

describe("Spectral's stock rulesets pass on every published document", () => {
  test(`spectral:oas on ${openapiFiles.length} OpenAPI files (3.0 and 3.1): no error, warning or hint`, async () => {
    assert.equal(openapiFiles.length, 12);
    const run = await published();
    assert.deepEqual(run.resultsOf(openapiFiles), [], run.output);
    assert.equal(run.code, 0, run.output);
  });

  test("spectral:arazzo on the workflows: no error, warning or hint", async () => {
    const run = await published();
    assert.deepEqual(run.resultsOf(arazzoFiles), [], run.output);
    assert.equal(run.code, 0, run.output);
  });

  test("a document without info.contact is flagged (the check can fail)", async () => {
    const run = await edited();
    assert.notEqual(run.code, 0);
    assert.deepEqual(run.resultsOf([withoutContact]).map((result) => result.code), ["info-contact"]);
  });

  test("a 3.1 document whose captured_status refuses null is flagged at its null examples (the check reads 3.1)", async () => {
    const property = bankDocument31().components.schemas.TransactionIntent.properties.captured_status;
    assert.deepEqual(property.anyOf, [{ $ref: "#/components/schemas/CapturedStatus" }, { type: "null" }]);
    const run = await edited();
    assert.notEqual(run.code, 0);
    const results = run.resultsOf([capturedStatusRefusingNull]);
    assert.ok(results.length > 0 && results.every((result) => result.code === "oas3-valid-media-example"), run.output);
    assert.ok(results.some((result) => /captured_status/.test(result.message)), run.output);
  });
});
