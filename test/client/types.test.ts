// Type tests: the fixtures in test/client/types/ hold calls that must not compile, each under a
// `// @ts-expect-error`. Compiled as is each must be clean; compiled without the directives every
// one of those lines must have an error (so no directive passes by accident); and a directive on a
// line that compiles must be reported, proving the check can fail. resource-contract.ts holds no
// directives: it must compile, and fail once a check is made false. Every text (each fixture and
// its variants, in memory under names of their own beside it) is checked in one program.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import ts, { hostWithTexts, type TS } from "../helpers/typescript.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const directive = /^\s*\/\/ @ts-expect-error\b.*$/;

const parsed = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), {}, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n")); },
});
if (!parsed) throw new Error("tsconfig.json could not be read");
const options = { ...parsed.options, noEmit: true };

/**
 * Every text checked by this file, by path: the fixtures as they are and their variants (directives
 * removed, an unused directive added, a check made false) beside them under names of their own, so
 * each resolves its imports as the fixture does. All are modules with no global declarations, so
 * one program holds them and each file's diagnostics are what a program of its own would give
 * (compared: the same lines and codes; a message at most prints a union's members in another order);
 * the libraries, generated types and client are parsed, bound and checked once, not once per text.
 */
const texts = new Map<string, string>();
let program: TS.Program | undefined;

/** Registers `text` under `path` (a fixture's own path or a variant's) to be checked with the others. */
function variant(path: string, text: string): string {
  if (program) throw new Error(`${path} registered after the program was built`);
  texts.set(path, text);
  return path;
}

/** Type-checks the text registered under `path`; returns its diagnostics. */
function check(path: string): { line: number; code: number; message: string }[] {
  if (!program) {
    const host = hostWithTexts(options, texts);
    program = ts.createProgram([...texts.keys()], options, host);
  }
  // Only this file's diagnostics (with the options' and global ones), as before; the other files
  // of the program are not checked for them, since only this file's were ever kept.
  const sourceFile = program.getSourceFile(path);
  if (!sourceFile) throw new Error(`${path} is not in the program`);
  return ts.getPreEmitDiagnostics(program, sourceFile)
    .filter((d) => d.file && resolve(d.file.fileName) === path)
    .map((d) => ({
      line: d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line + 1,
      code: d.code,
      message: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
    }));
}

type Fixture = { file: string; minDirectives: number; topics: string[] };
const fixtures: Fixture[] = [
  {
    file: "client-usage.ts",
    minDirectives: 15,
    topics: ["wrong enum value", "missing required body field", "missing path parameter", "wrong field type", "captured_at is secret-only"],
  },
  {
    file: "resource-usage.ts",
    minDirectives: 25,
    topics: [
      "capture needs an amount", "not booleans", "a nullable amount is not an amount", "isCaptured takes the full view",
      "captureFailure never answers succeeded", "the low-level client stays exactly the contract's", "never answers an intent conflict", "never answers a credit conflict", "documents no 422",
      "documents no 404", "documents no 401", "a guard needs the response", "never a payroll error body", "unknown value can never be matched",
      "never the code of a credit cancellation",
    ],
  },
];

for (const { file, minDirectives, topics } of fixtures) {
  const fixture = join(root, "test/client/types", file);
  const source = readFileSync(fixture, "utf8");
  const lines = source.split("\n");
  const directiveLines = lines.flatMap((line, index) => (directive.test(line) ? [index + 1] : []));
  const clean = variant(fixture, source);
  const stripped = variant(fixture.replace(/\.ts$/, ".directives-removed.ts"), lines.map((line) => (directive.test(line) ? "" : line)).join("\n"));
  const withValidLine = variant(
    fixture.replace(/\.ts$/, ".unused-directive.ts"),
    `${source}\n// @ts-expect-error this statement is valid, so the directive is unused\nvoid 0;\n`,
  );

  describe(`type tests (test/client/types/${file})`, () => {
    it("holds a @ts-expect-error for each case named, and more", () => {
      assert.ok(directiveLines.length >= minDirectives, `only ${directiveLines.length} directives`);
      for (const topic of topics) assert.ok(lines.some((line) => directive.test(line) && line.includes(topic)), topic);
    });

    it("compiles cleanly with the directives", () => {
      assert.deepEqual(check(clean), []);
    });

    it("has an error on every line under a directive once the directives are removed", () => {
      const errorLines = new Set(check(stripped).map((d) => d.line));
      const missing = directiveLines.filter((line) => !errorLines.has(line + 1));
      assert.deepEqual(missing.map((line) => `${line + 1}: ${lines[line].trim()}`), []);
    });

    it("reports an unused directive on a line that compiles (the check can fail)", () => {
      const diagnostics = check(withValidLine);
      assert.ok(
        diagnostics.some((d) => d.code === 2578 && /Unused '@ts-expect-error' directive/.test(d.message)),
        JSON.stringify(diagnostics),
      );
    });
  });
}

const contract = join(root, "test/client/types/resource-contract.ts");
const contractSource = readFileSync(contract, "utf8");
const contractAltered = contractSource.replace('"cancel" | "cancel_refund">>', '"cancel" | "cancel_refund" | "void">>');
const contractClean = variant(contract, contractSource);
const contractFalse = variant(contract.replace(/\.ts$/, ".false-check.ts"), contractAltered);

describe("type tests (test/client/types/resource-contract.ts)", () => {
  it("every method's data, body and query are its operation's", () => {
    assert.deepEqual(check(contractClean), []);
  });

  it("fails once a check is false (an action the methods do not cover)", () => {
    assert.notEqual(contractAltered, contractSource);
    assert.ok(check(contractFalse).some((d) => d.code === 2344), "no error for a false check");
  });
});
