// Spectral (its own command line) with its stock rulesets and nothing turned off: `spectral:oas`
// on every published OpenAPI document (3.0 and 3.1, YAML and JSON), `spectral:arazzo` on the
// workflows. No error, no warning, no hint; a document without info.contact is flagged, and so is
// a 3.1 example that only 3.1's schema refuses (Spectral reads 3.1 as 3.1).
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { cli, root, runTool } from "./tools.js";

const ruleset = (name: string) => join(import.meta.dirname, `spectral-${name}.yaml`);

function spectral(files: string[], rules: "oas" | "arazzo") {
  return runTool(cli.spectral, ["lint", ...files, "--ruleset", ruleset(rules), "--fail-severity", "hint", "--format", "json", "--quiet"]);
}

/** The files (not folders) of a published folder. */
const filesOf = (folder: string) => readdirSync(join(root, folder), { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => join(root, folder, entry.name));
const openapiFiles = [...filesOf("generated/openapi"), ...filesOf("generated/openapi/3.1")];
const arazzoFiles = readdirSync(join(root, "generated/arazzo")).map((file) => join(root, "generated/arazzo", file));

describe("Spectral's stock rulesets pass on every published document", () => {
  test(`spectral:oas on ${openapiFiles.length} OpenAPI files (3.0 and 3.1): no error, warning or hint`, async () => {
    assert.equal(openapiFiles.length, 12);
    const run = await spectral(openapiFiles, "oas");
    assert.deepEqual(JSON.parse(run.stdout), [], run.output);
    assert.equal(run.code, 0, run.output);
  });

  test("spectral:arazzo on the workflows: no error, warning or hint", async () => {
    const run = await spectral(arazzoFiles, "arazzo");
    assert.deepEqual(JSON.parse(run.stdout), [], run.output);
    assert.equal(run.code, 0, run.output);
  });

  test("a document without info.contact is flagged (the check can fail)", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "spectral-"));
    try {
      const document = JSON.parse(readFileSync(join(root, "generated/openapi/check-cashing.json"), "utf8"));
      delete document.info.contact;
      writeFileSync(join(scratch, "check-cashing.json"), JSON.stringify(document));
      const run = await spectral([join(scratch, "check-cashing.json")], "oas");
      assert.notEqual(run.code, 0);
      assert.deepEqual(JSON.parse(run.stdout).map((result: { code: string }) => result.code), ["info-contact"]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  test("a 3.1 document whose captured_status refuses null is flagged at its null examples (the check reads 3.1)", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "spectral-"));
    try {
      const document = JSON.parse(readFileSync(join(root, "generated/openapi/3.1/bank-payments.json"), "utf8"));
      const property = document.components.schemas.TransactionIntent.properties.captured_status;
      assert.deepEqual(property.anyOf, [{ $ref: "#/components/schemas/CapturedStatus" }, { type: "null" }]);
      document.components.schemas.TransactionIntent.properties.captured_status = { $ref: "#/components/schemas/CapturedStatus" };
      writeFileSync(join(scratch, "bank-payments.json"), JSON.stringify(document));
      const run = await spectral([join(scratch, "bank-payments.json")], "oas");
      assert.notEqual(run.code, 0);
      const results = JSON.parse(run.stdout) as Array<{ code: string; message: string }>;
      assert.ok(results.length > 0 && results.every((result) => result.code === "oas3-valid-media-example"), run.output);
      assert.ok(results.some((result) => /captured_status/.test(result.message)), run.output);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
