// The published documents pass an independent OpenAPI validator (Redocly CLI, recommended rules,
// example values included) with no errors and no warnings; a broken document does not.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { documentPath, documentNames } from "../../src/openapi/documents.js";

const root = join(import.meta.dirname, "..", "..");
const redocly = join(root, "node_modules/@redocly/cli/bin/cli.js");

function lint(file: string) {
  const run = spawnSync(process.execPath, [redocly, "lint", file, "--format=stylish"], { cwd: root, encoding: "utf8", env: { ...process.env, REDOCLY_TELEMETRY: "off" } });
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
