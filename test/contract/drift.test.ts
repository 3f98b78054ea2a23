// generated/ must be exactly what `npm run build` makes from spec/ (never edited by hand): both
// OpenAPI versions (3.0 in generated/openapi/, 3.1 in generated/openapi/3.1/), the types and the
// workflows.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";

const root = join(import.meta.dirname, "..", "..");
const builtFolders = ["openapi", "openapi/3.1", "types", "arazzo"];

/** The files (not folders) directly in a folder. */
const filesIn = (folder: string) => readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name).sort();

describe("generated/ is in step with spec/", () => {
  let fresh: string;

  before(() => {
    fresh = mkdtempSync(join(tmpdir(), "drift-"));
    execFileSync(process.execPath, [join(root, "scripts/build.mjs"), "--out", fresh], { cwd: root, stdio: "pipe" });
  });

  after(() => rmSync(fresh, { recursive: true, force: true }));

  test("a fresh build makes no folder that generated/ does not have", () => {
    const folders = (base: string) => readdirSync(base, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isDirectory()).map((entry) => join(entry.parentPath, entry.name).slice(base.length + 1)).sort();
    assert.deepEqual(folders(fresh), builtFolders.slice().sort());
    assert.deepEqual(folders(join(root, "generated")), builtFolders.slice().sort());
  });

  for (const folder of builtFolders) {
    test(`generated/${folder} holds the same files as a fresh build`, () => {
      assert.deepEqual(filesIn(join(root, "generated", folder)), filesIn(join(fresh, folder)));
    });

    test(`every file of generated/${folder} is byte-identical to a fresh build`, () => {
      const stale = filesIn(join(fresh, folder)).filter(
        (file) => readFileSync(join(fresh, folder, file), "utf8") !== readFileSync(join(root, "generated", folder, file), "utf8"),
      );
      assert.deepEqual(stale, [], `stale files: run npm run build and commit generated/ (${stale.join(", ")})`);
    });
  }
});
