// Spectral (its own command line) with its stock rulesets and nothing turned off: `spectral:oas`
// on every published OpenAPI document (YAML and JSON), `spectral:arazzo` on the workflows. No
// error, no warning, no hint; a document without info.contact is flagged.
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

const openapiFiles = readdirSync(join(root, "generated/openapi")).map((file) => join(root, "generated/openapi", file));
const arazzoFiles = readdirSync(join(root, "generated/arazzo")).map((file) => join(root, "generated/arazzo", file));

describe("Spectral's stock rulesets pass on every published document", () => {
  test(`spectral:oas on ${openapiFiles.length} OpenAPI files: no error, warning or hint`, async () => {
    assert.equal(openapiFiles.length, 6);
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
});
