// The published OpenAPI documents as package exports: the 3.0 ones where they always were
// (`bank-payments-contract/openapi/<name>.yaml|json`), the 3.1 twins beside them
// (`bank-payments-contract/openapi/3.1/<name>.yaml|json`). Resolved through the package's own
// name, as a consumer's import.meta.resolve does, and shipped by `files`.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, test } from "node:test";
import { parse } from "yaml";
import { publishedDocuments } from "./operations.js";
import { root } from "./tools.js";

const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name: string; exports: Record<string, unknown>; files: string[] };
const documentExports = Object.keys(pkg.exports).filter((key) => key.startsWith("./openapi/"));

describe("package exports of the OpenAPI documents", () => {
  test("the 3.0 exports are unchanged and each 3.1 document is exported beside them, YAML and JSON", () => {
    const expected = ["", "3.1/"].flatMap((folder) => publishedDocuments.flatMap((name) => ["yaml", "json"].map((format) => `./openapi/${folder}${name}.${format}`)));
    assert.deepEqual(documentExports.slice().sort(), expected.sort());
    for (const key of documentExports) assert.equal(pkg.exports[key], key.replace("./openapi/", "./generated/openapi/"));
  });

  test("every export resolves through the package name to a shipped file of the version it names", () => {
    for (const key of documentExports) {
      const file = fileURLToPath(import.meta.resolve(`${pkg.name}${key.slice(1)}`));
      assert.ok(existsSync(file), `${key}: ${file} missing`);
      assert.ok(pkg.files.some((entry) => relative(join(root, entry), file).split("/")[0] !== ".."), `${key} is not under files`);
      const document = key.endsWith(".json") ? JSON.parse(readFileSync(file, "utf8")) : parse(readFileSync(file, "utf8"));
      assert.match(document.openapi, key.startsWith("./openapi/3.1/") ? /^3\.1\.\d+$/ : /^3\.0\.\d+$/, key);
    }
  });
});
