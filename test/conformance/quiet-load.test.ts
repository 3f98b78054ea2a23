// Loading Dredd drops the two warnings its dependencies make Node emit on every run, and no other:
// winston 2.4.0's (pinned by Dredd 14, installed in implementers' projects; a module shaped as it is
// reads `padLevels` on its own exports during a circular require) and htmlencode's `util._extend`
// (DEP0060, a run-time deprecation from Node 22; a module emits it as Node does, so the test holds on
// every Node).
// test/readme/quick-start.test.ts runs the packed package with the real winston 2.4.0.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { requireQuietly } from "../../conformance/dredd/quiet-load.js";

const dir = mkdtempSync(join(tmpdir(), "quiet-load-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A package whose index reads `property` on its exports after a module it requires required it back. */
function circular(name: string, property: string): void {
  mkdirSync(join(dir, "node_modules", name), { recursive: true });
  writeFileSync(join(dir, "node_modules", name, "index.js"), `const own = exports;\nrequire("./back");\nif (own.${property}) own.seen = true;\n`);
  writeFileSync(join(dir, "node_modules", name, "back.js"), `require("./index");\n`);
}

/** The warnings Node emits while `load` runs. */
async function warningsOf(load: () => void): Promise<string[]> {
  const seen: string[] = [];
  const listener = (warning: Error) => seen.push(warning.message);
  process.on("warning", listener);
  try {
    load();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off("warning", listener);
  }
  return seen;
}

test("winston 2.4.0's padLevels warning is dropped while Dredd loads; any other warning still shows", async () => {
  circular("padlevels-a", "padLevels");
  circular("padlevels-b", "padLevels");
  circular("other-property", "somethingElse");
  const require = createRequire(join(dir, "index.js"));
  assert.deepEqual(await warningsOf(() => require("padlevels-a")), ["Accessing non-existent property 'padLevels' of module exports inside circular dependency"], "the shape warns as winston 2.4.0 does");
  assert.deepEqual(await warningsOf(() => requireQuietly(require, "padlevels-b")), []);
  assert.deepEqual(await warningsOf(() => requireQuietly(require, "other-property")), ["Accessing non-existent property 'somethingElse' of module exports inside circular dependency"]);
  assert.equal(typeof process.emitWarning, "function");
});

test("htmlencode's util._extend deprecation (DEP0060, Node 22 and later) is dropped while Dredd loads; other deprecations still show", async () => {
  const emits = (name: string, code: string) => {
    mkdirSync(join(dir, "node_modules", name), { recursive: true });
    writeFileSync(join(dir, "node_modules", name, "index.js"), `process.emitWarning("deprecated ${code}", "DeprecationWarning", "${code}");\n`);
  };
  emits("extend-a", "DEP0060");
  emits("extend-b", "DEP0060");
  emits("other-code", "DEP0005");
  const require = createRequire(join(dir, "index.js"));
  assert.deepEqual(await warningsOf(() => require("extend-a")), ["deprecated DEP0060"], "the module warns as Node does");
  assert.deepEqual(await warningsOf(() => requireQuietly(require, "extend-b")), []);
  assert.deepEqual(await warningsOf(() => requireQuietly(require, "other-code")), ["deprecated DEP0005"]);
});
