// No `unknown` (and no `any`) in the package's public API, as a consumer sees it: the declarations
// of src/ are emitted (in memory, as `npm run build:lib` emits them into dist/), and every export
// of the emitted index.d.ts is walked with the type checker: members, index signatures, call
// signatures, type arguments, union members, conditional branches. Types of other packages and of
// the platform (Response, AbortSignal, openapi-fetch's Client) are not entered; the raw
// openapi-typescript namespaces (`BankPayments`, `CheckCashing`, `SandboxHelpers`) are left out on
// purpose (README, "Types"). A planted `unknown` proves the walk finds one.
import assert from "node:assert/strict";
import { dirname, join, resolve } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import ts, { hostWithTexts, type SourceFileCache, type TS } from "../helpers/typescript.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const emitted = join(root, ".public-api");
const rawNamespaces = new Set(["BankPayments", "CheckCashing", "SandboxHelpers"]);
/**
 * Types of the platform whose type arguments are still the package's (containers and promises),
 * with the arguments that are: `AsyncIterable<T>` has two more whose defaults are the platform's `any`.
 */
const containers = new Map<string, number[]>([
  ["Promise", [0]], ["PromiseLike", [0]], ["Array", [0]], ["ReadonlyArray", [0]], ["AsyncIterable", [0]],
  ["AsyncIterator", [0]], ["AsyncIterableIterator", [0]], ["AsyncGenerator", [0, 1, 2]], ["Iterable", [0]],
  ["Iterator", [0]], ["IterableIterator", [0]], ["IteratorResult", [0, 1]], ["Record", [0, 1]], ["Partial", [0]],
  ["Readonly", [0]], ["Pick", [0, 1]], ["Omit", [0, 1]], ["NonNullable", [0]], ["Exclude", [0, 1]], ["Extract", [0, 1]],
]);

const parsed = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.build.json"), {}, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n")); },
});
if (!parsed) throw new Error("tsconfig.build.json could not be read");

// Parsed once for all four programs of this file (two emits, two walks): the libraries, @types/node,
// the unchanged sources and the unchanged emitted declarations are the same text in each, and
// parsing them again was most of this file's time. A text given in memory is part of the key.
const parsedFiles: SourceFileCache = new Map();
/** The last emit program: the planted run reuses its structure (module resolutions, unchanged files). */
let lastEmitProgram: TS.Program | undefined;

/** Emits the declarations of `entry` (a source file's text may be replaced) into memory under .public-api/. */
function emitDeclarations(entry: string, replace: Map<string, string> = new Map()): Map<string, string> {
  const options: TS.CompilerOptions = { ...parsed!.options, noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: emitted, rootDir: root };
  const host = hostWithTexts(options, replace, parsedFiles);
  const files = new Map<string, string>();
  host.writeFile = (file, text) => files.set(resolve(file), text);
  const program = ts.createProgram([entry], options, host, lastEmitProgram);
  lastEmitProgram = program;
  const diagnostics = ts.getPreEmitDiagnostics(program);
  assert.deepEqual(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")), []);
  program.emit();
  return files;
}

/** Where `unknown` or `any` is reachable from the exports of the emitted index.d.ts, as paths. */
function looseTypesOfPublicApi(replace?: Map<string, string>): string[] {
  const files = emitDeclarations(join(root, "entry/index.ts"), replace);
  const options: TS.CompilerOptions = { ...parsed!.options, noEmit: true, skipLibCheck: true };
  const host = hostWithTexts(options, files, parsedFiles);
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (dir) => resolve(dir) === emitted || resolve(dir).startsWith(emitted + "/") || (directoryExists?.(dir) ?? true);
  host.realpath = (file) => file;
  const index = join(emitted, "entry/index.d.ts");
  const program = ts.createProgram([index], options, host);
  const checker = program.getTypeChecker();
  const isOurs = (declaration: TS.Declaration) => {
    const file = resolve(declaration.getSourceFile().fileName);
    return file.startsWith(emitted + "/");
  };
  const isForeign = (symbol: TS.Symbol | undefined) => {
    const declarations = symbol?.getDeclarations() ?? [];
    return declarations.length > 0 && !declarations.some(isOurs);
  };
  const found: string[] = [];
  const seen = new Set<TS.Type>();

  const walk = (type: TS.Type, path: string): void => {
    if (type.flags & ts.TypeFlags.Unknown) return void found.push(`${path}: unknown`);
    if (type.flags & ts.TypeFlags.Any) return void found.push(`${path}: any`);
    if (seen.has(type)) return;
    seen.add(type);
    if (type.isUnionOrIntersection()) return type.types.forEach((member) => walk(member, path));
    if (type.flags & ts.TypeFlags.Conditional) {
      const { node } = (type as TS.ConditionalType).root;
      walk(checker.getTypeFromTypeNode(node.trueType), `${path}?`);
      walk(checker.getTypeFromTypeNode(node.falseType), `${path}:`);
      return;
    }
    if (type.flags & ts.TypeFlags.TypeParameter) {
      const constraint = checker.getBaseConstraintOfType(type);
      if (constraint && constraint !== type) walk(constraint, `${path}<constraint>`);
      return;
    }
    if (!(type.flags & ts.TypeFlags.Object)) return;
    // Where the object type itself is declared (an alias of ours may name another package's type).
    const symbol = type.getSymbol() ?? type.aliasSymbol;
    const reference = (type as TS.ObjectType).objectFlags & ts.ObjectFlags.Reference ? (type as TS.TypeReference) : undefined;
    if (isForeign(symbol)) {
      // Another package's or the platform's type: only the type arguments of containers are ours.
      const container = [type.aliasSymbol, symbol].find((s) => s && containers.has(s.getName()));
      if (container) {
        const args = container === type.aliasSymbol ? type.aliasTypeArguments ?? [] : reference ? checker.getTypeArguments(reference) : [];
        for (const i of containers.get(container.getName())!) if (args[i]) walk(args[i], `${path}<${i}>`);
      }
      return;
    }
    if (reference) checker.getTypeArguments(reference).forEach((arg, i) => walk(arg, `${path}<${i}>`));
    for (const property of type.getProperties()) {
      if (isForeign(property)) continue; // inherited from the platform (Error's `cause`)
      walk(checker.getTypeOfSymbol(property), `${path}.${property.getName()}`);
    }
    for (const info of checker.getIndexInfosOfType(type)) walk(info.type, `${path}[${checker.typeToString(info.keyType)}]`);
    for (const signature of [...type.getCallSignatures(), ...type.getConstructSignatures()]) {
      for (const parameter of signature.getParameters()) walk(checker.getTypeOfSymbol(parameter), `${path}(${parameter.getName()})`);
      const predicate = checker.getTypePredicateOfSignature(signature);
      walk(predicate?.type ?? signature.getReturnType(), `${path}()`);
    }
  };

  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(index)!)!;
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    if (rawNamespaces.has(exported.getName())) continue;
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class)) {
      walk(checker.getDeclaredTypeOfSymbol(symbol), exported.getName());
    }
    if (symbol.flags & ts.SymbolFlags.Value) walk(checker.getTypeOfSymbol(symbol), `${exported.getName()} (value)`);
  }
  return found;
}

describe("public API", () => {
  it("has no unknown and no any, from any export down to its leaves", () => {
    assert.deepEqual(looseTypesOfPublicApi(), []);
  });

  it("finds an unknown planted deep in a named type (the walk can fail)", () => {
    const models = join(root, "src/client/models/check-cashing.ts");
    const ts_ = (ts.sys.readFile(models) ?? "").replace(
      "export interface PayrollApproval extends Schema<\"PayrollApproval\"> {}",
      "export interface PayrollApproval extends Schema<\"PayrollApproval\"> { extra?: { deep: unknown[] } }",
    );
    const found = looseTypesOfPublicApi(new Map([[models, ts_]]));
    assert.ok(found.some((p) => /\.extra\.deep<0>: unknown$/.test(p)), JSON.stringify(found));
  });
});
