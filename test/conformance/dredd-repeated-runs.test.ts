// conformance/dredd/repeated-runs.ts against a stand-in of Dredd's module layout (dredd, which loads
// dredd-transactions/parse and /compile when it loads): each document is parsed and compiled once
// per process, every run gets its own copy, and Dredd never holds the parse tree. The real Dredd's
// verdicts with the wrapper are the rest of the suite's (Dredd layer, mutants, variants).
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { parseEachDocumentOnce } from "../../conformance/dredd/repeated-runs.js";

const root = mkdtempSync(join(tmpdir(), "parse-once-"));
after(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string) {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), text);
}
write("node_modules/dredd/package.json", JSON.stringify({ name: "dredd", main: "index.js" }));
write("node_modules/dredd/index.js", `
const parse = require("dredd-transactions/parse");
const compile = require("dredd-transactions/compile");
exports.run = (content, filename) => new Promise((resolve, reject) => parse(content, (error, result) => {
  if (error) return reject(error);
  resolve({ handed: result.apiElements, compiled: compile(result.mediaType, result.apiElements, filename) });
}));`);
write("node_modules/dredd-transactions/package.json", JSON.stringify({ name: "dredd-transactions" }));
write("node_modules/dredd-transactions/parse/index.js", `
module.exports = (content, callback) => {
  globalThis.parseCalls = (globalThis.parseCalls ?? 0) + 1;
  if (content === "broken") return callback(new Error("cannot parse"));
  setImmediate(() => callback(null, { mediaType: "application/vnd.oai.openapi", apiElements: { tree: new Array(1000).fill(content) } }));
};`);
write("node_modules/dredd-transactions/compile/index.js", `
module.exports = (mediaType, apiElements, filename) => {
  globalThis.compileCalls = (globalThis.compileCalls ?? 0) + 1;
  return { mediaType, transactions: [{ name: filename + " > " + apiElements.tree.length, request: { headers: [] } }], annotations: [] };
};`);

const counts = () => ({ parse: (globalThis as any).parseCalls ?? 0, compile: (globalThis as any).compileCalls ?? 0 });

test("each document is parsed and compiled once; every run gets its own copy; Dredd never holds the tree", async () => {
  const require = createRequire(join(root, "index.js"));
  parseEachDocumentOnce(require);
  const dredd = require("dredd") as { run(content: string, filename: string): Promise<{ handed: unknown; compiled: any }> };
  const first = await dredd.run("openapi: 3.0.0", "bank.yaml");
  first.compiled.transactions[0].request.headers = { edited: "by Dredd, as it runs" };
  const second = await dredd.run("openapi: 3.0.0", "bank.yaml");
  assert.deepEqual(second.compiled.transactions, [{ name: "bank.yaml > 1000", request: { headers: [] } }]);
  assert.notEqual(second.compiled, first.compiled);
  assert.deepEqual(counts(), { parse: 1, compile: 1 });
  assert.equal(JSON.stringify(second.handed).includes("openapi: 3.0.0"), false, "Dredd is handed a handle, not the parse tree (which it would deep-copy)");

  await dredd.run("openapi: 3.0.0", "other.yaml");
  await dredd.run("openapi: 3.0.1", "bank.yaml");
  assert.deepEqual(counts(), { parse: 2, compile: 3 }, "another file name compiles again; another document parses again");

  await assert.rejects(dredd.run("broken", "x.yaml"), /cannot parse/);
  await assert.rejects(dredd.run("broken", "x.yaml"), /cannot parse/);
  assert.equal(counts().parse, 4, "a failed parse is not kept");
});
