// Loading Dredd without a warning that is not the user's business. Dredd 14 pins winston 2.4.0
// exactly; that version reads `padLevels` on its own exports while it is still loading (a circular
// require), and Node warns "Accessing non-existent property 'padLevels' of module exports inside
// circular dependency" on every run. winston 2.4.7 fixed it, and this repository's `overrides`
// install that one, but overrides apply only to the project that declares them: an implementer's
// project that installs dredd gets 2.4.0. So while Dredd loads, and only then, that one warning
// (and nothing else) is dropped where Node emits it; every other warning passes as before.
import type { createRequire } from "node:module";

const knownWarning = /^Accessing non-existent property 'padLevels' of module exports inside circular dependency$/;

/** `require(id)`, with winston 2.4.0's circular-dependency warning left out. */
export function requireQuietly(require: ReturnType<typeof createRequire>, id: string): any {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === "string" ? warning : warning.message;
    if (knownWarning.test(text)) return;
    return (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return require(id);
  } finally {
    process.emitWarning = emitWarning;
  }
}
