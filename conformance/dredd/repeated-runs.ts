// Dredd run many times in one process: the suite runs it once per service, but a process that runs
// the suite many times (its own proofs run Dredd about a hundred times) paid for each run twice.
//
// 1. Dredd parses the API description on every run (about 0.6 s of CPU for the bank document) and
//    deep-copies the parse tree into its hooks' configuration (0.3 s more, and as much garbage).
//    Its two steps are wrapped, once per process and before Dredd is loaded: each document is parsed
//    and compiled once, every run gets its own copy of the compiled transactions (Dredd edits them as
//    it runs), and where the parse tree was, Dredd is handed a small handle, so nothing large is
//    copied. What Dredd tests, and how, is unchanged.
// 2. Dredd loads the hookfile afresh on every run (through proxyquire), and Node keeps every load in
//    the loading module's `children`: with it, that run's hooks, transactions and configuration
//    (about 0.5 MB a run, measured by heap snapshots). After a run its loads are let go.
//
// Dredd 14 is its last release (the project is archived), so these modules stay where they are;
// where they cannot be found, or Dredd was loaded before, Dredd runs as it is.
import { createRequire } from "node:module";

type Require = ReturnType<typeof createRequire>;
type Parsed = { mediaType: string; apiElements: unknown };
type Parse = (content: string, callback: (error: Error | null, result?: Parsed) => void) => void;
type Compile = (mediaType: string, apiElements: unknown, filename: string) => unknown;

/** What a handle Dredd is given stands for: the parse, and its compilations by file name. */
type Document = { parsed: Parsed; compiled: Map<string, unknown> };

/** Handles are empty objects (Dredd deep-copies what it is given); what they stand for is kept here. */
const documents = new WeakMap<object, Document>();

let installed = false;

/** Wraps Dredd's parse and compile steps, through `require` (one that resolves `dredd`), before Dredd is loaded. */
export function parseEachDocumentOnce(require: Require): void {
  if (installed) return;
  installed = true;
  let dreddRequire: Require;
  let paths: { dredd: string; parse: string; compile: string };
  try {
    const dredd = require.resolve("dredd");
    dreddRequire = createRequire(dredd);
    paths = { dredd, parse: dreddRequire.resolve("dredd-transactions/parse"), compile: dreddRequire.resolve("dredd-transactions/compile") };
  } catch {
    return; // not Dredd 14's layout: it runs as it is
  }
  if (require.cache[paths.dredd]) return; // already loaded with the originals
  const parse = dreddRequire(paths.parse) as Parse;
  const compile = dreddRequire(paths.compile) as Compile;
  const handles = new Map<string, Promise<object>>();
  const parseOnce: Parse = (content, callback) => {
    let handle = handles.get(content);
    if (!handle) {
      handle = new Promise((resolve, reject) => parse(content, (error, result) => {
        if (error || !result) return reject(error ?? new Error("no parse result"));
        const found = Object.freeze({});
        documents.set(found, { parsed: result, compiled: new Map() });
        resolve(found);
      }));
      handles.set(content, handle);
      handle.catch(() => handles.delete(content)); // a failure is not kept: the next run tries again
    }
    handle.then((found) => callback(null, { mediaType: documents.get(found)!.parsed.mediaType, apiElements: found }), (error: Error) => callback(error));
  };
  const compileOnce: Compile = (mediaType, apiElements, filename) => {
    const document = typeof apiElements === "object" && apiElements !== null ? documents.get(apiElements) : undefined;
    if (!document) return compile(mediaType, apiElements, filename);
    const key = `${mediaType}\n${filename}`;
    if (!document.compiled.has(key)) document.compiled.set(key, compile(mediaType, document.parsed.apiElements, filename));
    return structuredClone(document.compiled.get(key));
  };
  dreddRequire.cache[paths.parse]!.exports = parseOnce;
  dreddRequire.cache[paths.compile]!.exports = compileOnce;
}

/** Lets go of the hookfile's loads that Dredd's hook loader keeps (after a run: the next run loads it again). */
export function releaseHookfileLoads(require: Require, hookfile: string): void {
  let loader: NodeJS.Module | undefined;
  try {
    loader = require.cache[require.resolve("dredd/build/addHooks.js")];
  } catch {
    return; // not Dredd 14's layout
  }
  if (loader) loader.children = loader.children.filter((child) => child.filename !== hookfile);
}
