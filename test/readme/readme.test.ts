// README and the guides cannot lie: every `ts` block of README.md and docs/*.md is type-checked
// against the package's sources (imported as
// `bank-payments-contract`, as a user writes it) and run against a fresh reference sandbox; a
// `text output` block after it must be exactly what it prints. Blocks of other kinds are shown,
// not run, and the info strings README may use are listed here, so a new kind is a decision.
//
// Cheap on CPU: one program type-checks all blocks and the package's sources; the broken-block
// check reuses its parsed files and asks only the broken block's diagnostics. The blocks run in
// this process through tsx's loader, in a namespace of their own with the tsconfig a user's
// project would have (a child `tsx` per block cost ~1.5 s of start-up and loading each): what a
// block prints is what it writes through `console` (stdout), captured per block.
import assert from "node:assert/strict";
import { Console } from "node:console";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { Writable } from "node:stream";
import { after, before, describe, it } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { register, type NamespacedUnregister } from "tsx/esm/api";
import { startSandbox } from "../../sandbox/server.js";
import { documentationBlocks, programBlocks, programFor, type Block } from "./blocks.js";
import ts, { hostWithTexts, type SourceFileCache, type TS } from "../helpers/typescript.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const work = mkdtempSync(join(tmpdir(), "readme-blocks-"));
const blocks = documentationBlocks();
const programs = programBlocks(blocks);
const knownKinds = new Set(["ts", "text output", "sh", "yaml", "json", "text"]);

/** What `bank-payments-contract` and its subpaths are in this repository. */
const paths = {
  "bank-payments-contract": [join(root, "entry/index.ts")],
  "bank-payments-contract/sandbox": [join(root, "entry/sandbox.ts")],
  "bank-payments-contract/conformance": [join(root, "entry/conformance.ts")],
};
const compilerOptions: TS.CompilerOptions = {
  target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts"], strict: true, skipLibCheck: true, noEmit: true, paths,
  types: ["node"], typeRoots: [join(root, "node_modules/@types")],
};
const where = (block: Block) => `${block.file}:${block.line}`;
const fileOf = (block: Block) => join(work, `block-${block.file.replace(/[^a-z0-9]+/gi, "-")}-${block.line}.ts`);
/** The loader the blocks run through: tsx with the user's tsconfig (its `paths` name the package). */
let blockLoader: NamespacedUnregister | undefined;

before(() => {
  writeFileSync(join(work, "package.json"), JSON.stringify({ type: "module", private: true }));
  writeFileSync(join(work, "tsconfig.json"), JSON.stringify({ compilerOptions: { paths, strict: true, module: "NodeNext", target: "ES2022" } }));
  for (const block of programs) writeFileSync(fileOf(block), block.code);
  blockLoader = register({ namespace: "readme-blocks", tsconfig: join(work, "tsconfig.json") });
});

after(async () => {
  await blockLoader?.unregister();
  rmSync(work, { recursive: true, force: true });
});

/** Source files read once, so a second program reuses the first one's (only a replaced text is new). */
const sourceFiles: SourceFileCache = new Map();
let lastProgram: TS.Program | undefined;

/**
 * Type diagnostics, as `file:line message`: of the whole program of the given files, or, with
 * `replace` (file -> new text), of the replaced files only (the rest was checked as it is).
 */
function typeErrors(files: string[], replace: Map<string, string> = new Map()): string[] {
  const host = hostWithTexts(compilerOptions, replace, sourceFiles);
  const program = ts.createProgram(files, compilerOptions, host, lastProgram);
  lastProgram = program;
  const diagnostics = replace.size === 0 ? ts.getPreEmitDiagnostics(program) : [...replace.keys()].flatMap((file) => {
    const source = program.getSourceFile(file);
    assert.ok(source, `${file} is in the program`);
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
  });
  return diagnostics.map((d) => {
    const where = d.file ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : "";
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}

/** A stream that keeps what is written to it. */
function collector(): Writable & { text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({ write(chunk: Buffer, _encoding, done) { chunks.push(Buffer.from(chunk)); done(); } });
  return Object.assign(stream, { text: () => Buffer.concat(chunks).toString("utf8") });
}

/** Runs a block as a module with the sandbox's URLs in its environment; resolves to what it printed. */
async function runBlock(block: Block, env: Record<string, string>): Promise<string> {
  assert.ok(blockLoader, "the block loader is registered");
  const stdout = collector();
  const stderr = collector();
  const saved = { console: globalThis.console, env: Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]])) };
  globalThis.console = new Console({ stdout, stderr, colorMode: false });
  Object.assign(process.env, env);
  try {
    await blockLoader.import(pathToFileURL(fileOf(block)).href, import.meta.url);
  } catch (error) {
    assert.fail(`block at ${where(block)} failed:\n${stderr.text()}${error instanceof Error ? error.stack : String(error)}\n${stdout.text()}`);
  } finally {
    globalThis.console = saved.console;
    for (const [key, value] of Object.entries(saved.env)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  return stdout.text();
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
        const stdout = await runBlock(block, { BANK_PAYMENTS_URL: sandbox.bankUrl, CHECK_CASHING_URL: sandbox.checkCashingUrl });
        if (block.output !== undefined) assert.equal(stdout, block.output);
      } finally {
        await sandbox.close();
      }
    });
  }
});
