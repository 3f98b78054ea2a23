// Type tests: the fixtures in test/client/types/ hold calls that must not compile, each under a
// `// @ts-expect-error`. Compiled as is each must be clean; compiled without the directives every
// one of those lines must have an error (so no directive passes by accident); and a directive on a
// line that compiles must be reported, proving the check can fail. resource-contract.ts holds no
// directives: it must compile, and fail once a check is made false.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const directive = /^\s*\/\/ @ts-expect-error\b.*$/;

const parsed = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), {}, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n")); },
});
if (!parsed) throw new Error("tsconfig.json could not be read");
const options = { ...parsed.options, noEmit: true };

// Parsed once for every check: the libraries, the generated types and the client do not change
// between the compilations of this file, only the fixture does (parsing them again was most of its time).
const parsedFiles = new Map<string, ts.SourceFile | undefined>();

/** Type-checks `fixture` with its text replaced by `text`; returns the diagnostics of the fixture. */
function check(fixture: string, text: string): { line: number; code: number; message: string }[] {
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => (resolve(file) === fixture ? text : readFile(file));
  host.getSourceFile = (file, languageVersion, onError, shouldCreate) =>
    resolve(file) === fixture
      ? ts.createSourceFile(file, text, languageVersion, true)
      : parsedFiles.get(file) ?? parsedFiles.set(file, getSourceFile(file, languageVersion, onError, shouldCreate)).get(file);
  const program = ts.createProgram([fixture], options, host);
  return ts.getPreEmitDiagnostics(program)
    .filter((d) => d.file && resolve(d.file.fileName) === fixture)
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

  describe(`type tests (test/client/types/${file})`, () => {
    it("holds a @ts-expect-error for each case named, and more", () => {
      assert.ok(directiveLines.length >= minDirectives, `only ${directiveLines.length} directives`);
      for (const topic of topics) assert.ok(lines.some((line) => directive.test(line) && line.includes(topic)), topic);
    });

    it("compiles cleanly with the directives", () => {
      assert.deepEqual(check(fixture, source), []);
    });

    it("has an error on every line under a directive once the directives are removed", () => {
      const stripped = lines.map((line) => (directive.test(line) ? "" : line)).join("\n");
      const errorLines = new Set(check(fixture, stripped).map((d) => d.line));
      const missing = directiveLines.filter((line) => !errorLines.has(line + 1));
      assert.deepEqual(missing.map((line) => `${line + 1}: ${lines[line].trim()}`), []);
    });

    it("reports an unused directive on a line that compiles (the check can fail)", () => {
      const withValidLine = `${source}\n// @ts-expect-error this statement is valid, so the directive is unused\nvoid 0;\n`;
      const diagnostics = check(fixture, withValidLine);
      assert.ok(
        diagnostics.some((d) => d.code === 2578 && /Unused '@ts-expect-error' directive/.test(d.message)),
        JSON.stringify(diagnostics),
      );
    });
  });
}

describe("type tests (test/client/types/resource-contract.ts)", () => {
  const fixture = join(root, "test/client/types/resource-contract.ts");
  const source = readFileSync(fixture, "utf8");

  it("every method's data, body and query are its operation's", () => {
    assert.deepEqual(check(fixture, source), []);
  });

  it("fails once a check is false (an action the methods do not cover)", () => {
    const altered = source.replace('"cancel" | "cancel_refund">>', '"cancel" | "cancel_refund" | "void">>');
    assert.notEqual(altered, source);
    assert.ok(check(fixture, altered).some((d) => d.code === 2344), "no error for a false check");
  });
});
