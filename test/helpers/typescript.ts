// The TypeScript compiler API for tests, loaded with `require`: importing typescript.js as an ES
// module makes Node scan its CommonJS source for export names, about 1 s of CPU per process.
// `TS` is its namespace of types (`TS.Node`).
import { createRequire } from "node:module";
import { resolve } from "node:path";
import type TS from "typescript";

const ts: typeof TS = createRequire(import.meta.url)("typescript");
export default ts;
export type { TS };

/** Parsed source files kept between programs, by path, parse options and text. */
export type SourceFileCache = Map<string, TS.SourceFile | undefined>;

/**
 * A compiler host that reads the files of `texts` (absolute paths) from memory and every other one
 * from disk. With `cache`, each file is parsed once for every program that uses the same cache: the
 * libraries and unchanged sources are the same text in each, and parsing them is most of a program.
 */
export function hostWithTexts(options: TS.CompilerOptions, texts: ReadonlyMap<string, string>, cache?: SourceFileCache): TS.CompilerHost {
  const host = ts.createCompilerHost(options);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (file) => texts.has(resolve(file)) || fileExists(file);
  host.readFile = (file) => texts.get(resolve(file)) ?? readFile(file);
  host.getSourceFile = (file, version, onError, create) => {
    const text = texts.get(resolve(file));
    const parse = () => (text === undefined ? getSourceFile(file, version, onError, create) : ts.createSourceFile(file, text, version, true));
    if (!cache) return parse();
    const { languageVersion, impliedNodeFormat, jsDocParsingMode } = typeof version === "object" ? version : ({ languageVersion: version } as TS.CreateSourceFileOptions);
    const key = JSON.stringify([resolve(file), languageVersion, impliedNodeFormat, jsDocParsingMode, text]);
    if (!cache.has(key)) cache.set(key, parse());
    return cache.get(key);
  };
  return host;
}
