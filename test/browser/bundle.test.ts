// The client's browser path (docs/browser.md, "Bundling"): the root entry bundles with esbuild for
// the browser as it is (ESM, no Node built-in, nothing of the sandbox or the conformance suite, no
// import left unbundled), and the example page type-checks against the package's declarations
// with its own tsconfig (moduleResolution Bundler, the DOM library). The same from the packed
// package in a fresh project: test/readme/quick-start.test.ts.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { build } from "esbuild";
import ts from "../helpers/typescript.js";

const root = join(import.meta.dirname, "../..");
const example = join(root, "examples/consumer-page");

/** What a browser bundle of `entry` is made of, and the imports it leaves to the runtime. */
export async function browserBundleInputs(entry: string, alias: Record<string, string> = {}): Promise<{ inputs: string[]; externals: string[] }> {
  const result = await build({
    entryPoints: [entry], bundle: true, format: "esm", platform: "browser", write: false, metafile: true, alias, logLevel: "silent", outdir: "out",
  });
  const output = Object.values(result.metafile.outputs)[0];
  return { inputs: Object.keys(result.metafile.inputs), externals: output.imports.map((i) => i.path) };
}

describe("the client in a bundler", () => {
  it("the root entry bundles for the browser: no Node built-in, no sandbox or conformance code, nothing external", async () => {
    const { inputs, externals } = await browserBundleInputs(join(root, "entry/index.ts"));
    assert.deepEqual(externals, []);
    const outside = inputs.filter((input) => !input.startsWith("src/client/") && !input.startsWith("node_modules/openapi-fetch/") && input !== "entry/index.ts");
    assert.deepEqual(outside, [], "only the client and openapi-fetch");
  });

  it("the example page type-checks against the package's sources with its own tsconfig", () => {
    const config = ts.readConfigFile(join(example, "tsconfig.json"), ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, example);
    const program = ts.createProgram(parsed.fileNames, {
      ...parsed.options,
      // `bank-payments-contract` as the repository's sources stand for the installed package here.
      paths: { "bank-payments-contract": [join(root, "entry/index.ts")] },
      typeRoots: [],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    assert.deepEqual(problems, []);
    assert.ok(parsed.fileNames.some((file) => file.endsWith("src/page.ts")));
    assert.match(readFileSync(join(example, "index.html"), "utf8"), /<script type="module" src="\.\/dist\/page\.js"><\/script>/);
  });
});
