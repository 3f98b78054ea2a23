// The published documents, OpenAPI 3.0 and 3.1, pass an independent OpenAPI validator (Redocly
// CLI, recommended rules, example values included) with no errors and no warnings; a broken
// document does not, and a 3.1 example that only 3.1's keywords refuse is caught.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { documentPath, documentNames } from "../../src/openapi/documents.js";

const root = join(import.meta.dirname, "..", "..");
const redocly = join(root, "node_modules/@redocly/cli/bin/cli.js");

function lint(...files: string[]) {
  const run = spawnSync(process.execPath, [redocly, "lint", ...files, "--format=stylish"], { cwd: root, encoding: "utf8", env: { ...process.env, REDOCLY_TELEMETRY: "off" } });
  // Drop Redocly's boxed Node.js deprecation banner: it is not about the document.
  const output = `${run.stdout}${run.stderr}`.split("\n").filter((line) => !/[║═╔╚]/.test(line)).join("\n");
  return { status: run.status, output };
}

describe("independent OpenAPI validation (Redocly)", () => {
  for (const service of documentNames) {
    test(`${service}.yaml: no errors, no warnings`, () => {
      const { status, output } = lint(documentPath(service, "yaml"));
      assert.equal(status, 0, output);
      assert.match(output, /valid/i);
      assert.doesNotMatch(output, /warning/i, output);
    });
  }

  test("the three OpenAPI 3.1 documents: no errors, no warnings", () => {
    const files = documentNames.map((service) => documentPath(service, "yaml", "3.1"));
    const { status, output } = lint(...files);
    assert.equal(status, 0, output);
    for (const file of files) assert.match(output, new RegExp(`${file.split("/").slice(-2).join("/")}: validated`));
    assert.doesNotMatch(output, /warning/i, output);
  });

  test("a 3.1 example breaking propertyNames (an extras member name of 41 characters) is flagged", () => {
    const scratch = mkdtempSync(join(tmpdir(), "lint-"));
    try {
      const document = JSON.parse(readFileSync(documentPath("bank-payments", "json", "3.1"), "utf8"));
      const examples = document.paths["/api/transaction-intents"].post.requestBody.content["application/json"].examples;
      for (const example of Object.values(examples) as Array<{ value: { extras?: object } }>) example.value.extras = { ["k".repeat(41)]: "x" };
      writeFileSync(join(scratch, "bank-payments.json"), JSON.stringify(document));
      const { status, output } = lint(join(scratch, "bank-payments.json"));
      assert.equal(status, 0, "examples are warnings in the recommended rules");
      assert.match(output, /warning\s+no-invalid-media-type-examples\s+Example value must conform to the schema: `extras` property property name must be valid/);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  test("a document with an invalid example and an undefined reference fails", () => {
    const scratch = mkdtempSync(join(tmpdir(), "lint-"));
    try {
      const broken = JSON.parse(readFileSync(documentPath("check-cashing"), "utf8"));
      broken.paths["/v1/payroll"].post.requestBody.content["application/json"].schema = { $ref: "#/components/schemas/Nope" };
      writeFileSync(join(scratch, "broken.json"), JSON.stringify(broken));
      assert.notEqual(lint(join(scratch, "broken.json")).status, 0);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
