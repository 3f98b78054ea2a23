// The TypeScript compiler API for tests, loaded with `require`: importing typescript.js as an ES
// module makes Node scan its CommonJS source for export names, about 1 s of CPU per process.
// `TS` is its namespace of types (`TS.Node`).
import { createRequire } from "node:module";
import type TS from "typescript";

const ts: typeof TS = createRequire(import.meta.url)("typescript");
export default ts;
export type { TS };
