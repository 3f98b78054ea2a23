// README and the guides cannot lie: every `ts` block of README.md and docs/*.md is type-checked
// against the package's sources (imported as
// `bank-payments-contract`, as a user writes it) and run against a fresh reference sandbox; a
// `text output` block after it must be exactly what it prints. Blocks of other kinds are shown,
// not run, and the info strings README may use are listed here, so a new kind is a decision.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import ts from "typescript";
import { startSandbox } from "../../sandbox/server.js";
import { documentationBlocks, programBlocks, programFor, type Block } from "./blocks.js";

const run = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const work = mkdtempSync(join(tmpdir(), "readme-blocks-"));
const tsxLoader = import.meta.resolve("tsx");
const blocks = documentationBlocks();
const programs = programBlocks(blocks);
const knownKinds = new Set(["ts", "text output", "sh", "yaml", "json", "text"]);

/** What `bank-payments-contract` and its subpaths are in this repository. */
const paths = {
  "bank-payments-contract": [join(root, "entry/index.ts")],
  "bank-payments-contract/sandbox": [join(root, "entry/sandbox.ts")],
  "bank-payments-contract/conformance": [join(root, "entry/conformance.ts")],
};
const compilerOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts"], strict: true, skipLibCheck: true, noEmit: true, paths,
  types: ["node"], typeRoots: [join(root, "node_modules/@types")],
};
const where = (block: Block) => `${block.file}:${block.line}`;
const fileOf = (block: Block) => join(work, `block-${block.file.replace(/[^a-z0-9]+/gi, "-")}-${block.line}.ts`);

before(() => {
  writeFileSync(join(work, "package.json"), JSON.stringify({ type: "module", private: true }));
  writeFileSync(join(work, "tsconfig.json"), JSON.stringify({ compilerOptions: { paths, strict: true, module: "NodeNext", target: "ES2022" } }));
  for (const block of programs) writeFileSync(fileOf(block), block.code);
});

after(() => rmSync(work, { recursive: true, force: true }));

/** Type diagnostics of the given files (their text may be replaced), as `file:line message`. */
function typeErrors(files: string[], replace: Map<string, string> = new Map()): string[] {
  const host = ts.createCompilerHost(compilerOptions);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => replace.get(resolve(file)) ?? readFile(file);
  host.getSourceFile = (file, version, onError, create) => {
    const text = replace.get(resolve(file));
    return text === undefined ? getSourceFile(file, version, onError, create) : ts.createSourceFile(file, text, version, true);
  };
  const program = ts.createProgram(files, compilerOptions, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : "";
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}

describe("code blocks of README and the guides", () => {
  it("uses only the known kinds of blocks, and has the program blocks it promises", () => {
    assert.deepEqual(blocks.filter((b) => !knownKinds.has(b.info)).map((b) => `${where(b)}: ${b.info}`), []);
    assert.ok(programs.length >= 5, `only ${programs.length} ts blocks`);
    assert.ok(programs.some((b) => b.heading === "Example: a complete integration" && b.output), "the complete example and its output");
    const orphans = blocks.filter((b, i) => b.info === "text output" && programFor(blocks.slice(0, i).filter((p) => p.file === b.file))?.output !== b.code);
    assert.deepEqual(orphans.map(where), [], "an output block follows a ts block (only sh blocks between)");
  });

  it("type-checks every ts block as a user's module importing the package", () => {
    assert.deepEqual(typeErrors(programs.map(fileOf)), []);
  });

  it("notices a block that does not compile (the check can fail)", () => {
    const example = programs[0];
    const broken = example.code.replace(".capture(", ".captureAll(");
    assert.notEqual(broken, example.code);
    assert.ok(typeErrors([fileOf(example)], new Map([[fileOf(example), broken]])).length > 0);
  });

  for (const block of programs) {
    it(`runs the block at ${where(block)} (${block.heading}) against a fresh sandbox${block.output ? ", printing its output" : ""}`, async () => {
      const sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
      try {
        const { stdout } = await run(process.execPath, ["--import", tsxLoader, fileOf(block)], {
          cwd: work,
          env: {
            ...process.env,
            TSX_TSCONFIG_PATH: join(work, "tsconfig.json"),
            BANK_PAYMENTS_URL: sandbox.bankUrl,
            CHECK_CASHING_URL: sandbox.checkCashingUrl,
          },
        }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
          assert.fail(`block at ${where(block)} failed:\n${error.stderr || error.message}\n${error.stdout ?? ""}`);
        });
        if (block.output !== undefined) assert.equal(stdout, block.output);
      } finally {
        await sandbox.close();
      }
    });
  }
});
