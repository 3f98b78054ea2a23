// Type tests: test/client/types/client-usage.ts holds calls that must not compile, each under a
// `// @ts-expect-error`. Compiled as is it must be clean; compiled without the directives every
// one of those lines must have an error (so no directive passes by accident); and a directive on a
// line that compiles must be reported, proving the check can fail.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const fixture = join(root, "test/client/types/client-usage.ts");
const directive = /^\s*\/\/ @ts-expect-error\b.*$/;

const parsed = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), {}, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n")); },
});
if (!parsed) throw new Error("tsconfig.json could not be read");
const options = { ...parsed.options, noEmit: true };

/** Type-checks the fixture with its text replaced by `text`; returns `line: message` diagnostics of the fixture. */
function check(text: string): { line: number; code: number; message: string }[] {
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => (resolve(file) === fixture ? text : readFile(file));
  host.getSourceFile = (file, languageVersion, onError, shouldCreate) =>
    resolve(file) === fixture
      ? ts.createSourceFile(file, text, languageVersion, true)
      : getSourceFile(file, languageVersion, onError, shouldCreate);
  const program = ts.createProgram([fixture], options, host);
  return ts.getPreEmitDiagnostics(program)
    .filter((d) => d.file && resolve(d.file.fileName) === fixture)
    .map((d) => ({
      line: d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line + 1,
      code: d.code,
      message: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
    }));
}

const source = readFileSync(fixture, "utf8");
const lines = source.split("\n");
const directiveLines = lines.flatMap((line, index) => (directive.test(line) ? [index + 1] : []));

describe("type tests (test/client/types/client-usage.ts)", () => {
  it("holds a @ts-expect-error for each case the brief names, and more", () => {
    assert.ok(directiveLines.length >= 15, `only ${directiveLines.length} directives`);
    for (const topic of ["wrong enum value", "missing required body field", "missing path parameter", "wrong field type", "captured_at is secret-only"]) {
      assert.ok(lines.some((line) => directive.test(line) && line.includes(topic)), topic);
    }
  });

  it("compiles cleanly with the directives", () => {
    assert.deepEqual(check(source), []);
  });

  it("has an error on every line under a directive once the directives are removed", () => {
    const stripped = lines.map((line) => (directive.test(line) ? "" : line)).join("\n");
    const errorLines = new Set(check(stripped).map((d) => d.line));
    const missing = directiveLines.filter((line) => !errorLines.has(line + 1));
    assert.deepEqual(missing.map((line) => `${line + 1}: ${lines[line].trim()}`), []);
  });

  it("reports an unused directive on a line that compiles (the check can fail)", () => {
    const withValidLine = `${source}\n// @ts-expect-error this call is valid, so the directive is unused\nvoid isFullView;\n`;
    const diagnostics = check(withValidLine);
    assert.ok(
      diagnostics.some((d) => d.code === 2578 && /Unused '@ts-expect-error' directive/.test(d.message)),
      JSON.stringify(diagnostics),
    );
  });
});
