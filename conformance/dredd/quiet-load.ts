// Loading Dredd without warnings that are not the user's business. Two dependencies of Dredd 14
// warn while Dredd loads, on every run:
//  - winston 2.4.0 (pinned exactly by Dredd) reads `padLevels` on its own exports while it is still
//    loading (a circular require): "Accessing non-existent property 'padLevels' of module exports
//    inside circular dependency". winston 2.4.7 fixed it, and this repository's `overrides` install
//    that one, but overrides apply only to the project that declares them: an implementer's project
//    that installs dredd gets 2.4.0.
//  - htmlencode (under Dredd's XUnit reporter) calls `util._extend` as it loads, which Node 22 and
//    later deprecate at run time (DEP0060). No release of htmlencode avoids it.
// So while Dredd loads, and only then, those two warnings (and nothing else) are dropped where Node
// emits them; every other warning passes as before.
import type { createRequire } from "node:module";

const padLevels = /^Accessing non-existent property 'padLevels' of module exports inside circular dependency$/;
const utilExtend = "DEP0060";

function isKnown(warning: string | Error, rest: unknown[]): boolean {
  const text = typeof warning === "string" ? warning : warning.message;
  if (padLevels.test(text)) return true;
  // emitWarning(warning, type, code) or emitWarning(warning, { code }), or an Error with a code.
  const code = typeof rest[0] === "object" && rest[0] !== null ? (rest[0] as { code?: unknown }).code : rest[1] ?? (warning as { code?: unknown }).code;
  return code === utilExtend;
}

/** `require(id)`, with the known warnings of Dredd's dependencies left out. */
export function requireQuietly(require: ReturnType<typeof createRequire>, id: string): any {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (isKnown(warning, rest)) return;
    return (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return require(id);
  } finally {
    process.emitWarning = emitWarning;
  }
}
