// generated/ must be exactly what `npm run build` makes from spec/ (never edited by hand).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";

const root = join(import.meta.dirname, "..", "..");
const builtFolders = ["openapi", "types", "arazzo"];

describe("generated/ is in step with spec/", () => {
  let fresh: string;

  before(() => {
    fresh = mkdtempSync(join(tmpdir(), "drift-"));
    execFileSync(process.execPath, [join(root, "scripts/build.mjs"), "--out", fresh], { cwd: root, stdio: "pipe" });
  });

  after(() => rmSync(fresh, { recursive: true, force: true }));

  for (const folder of builtFolders) {
    test(`generated/${folder} holds the same files as a fresh build`, () => {
      assert.deepEqual(readdirSync(join(root, "generated", folder)).sort(), readdirSync(join(fresh, folder)).sort());
    });

    test(`every file of generated/${folder} is byte-identical to a fresh build`, () => {
      const stale = readdirSync(join(fresh, folder)).filter(
        (file) => readFileSync(join(fresh, folder, file), "utf8") !== readFileSync(join(root, "generated", folder, file), "utf8"),
      );
      assert.deepEqual(stale, [], `stale files: run npm run build and commit generated/ (${stale.join(", ")})`);
    });
  }
});
