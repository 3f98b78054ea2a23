// Dredd's words for what went wrong, in the suite's: a developer reads "the set-up of this check
// failed", not "Failed in before hook". The hooks (hooks.cjs) prefix what the suite found with
// their own stage; Gavel, Dredd's validator, words a status mismatch its way.
const translations: Array<[RegExp, string | ((...groups: string[]) => string)]> = [
  [/^Failed in before hook: (?:preparation failed: )?/, "setting up this check failed: "],
  [/^Failed in after hook: (?:response check failed: )?/, "checking the answer failed: "],
  [/^Skipped in before hook/, "skipped while setting up"],
  [/^statusCode: /m, ""],
  [/Expected status code '(\d+)', but got '(\d+)'\./g, (_, expected: string, actual: string) => `expected status ${expected}, got ${actual}`],
  [/Status code is '(\d+)' instead of '(\d+)'/g, (_, actual: string, expected: string) => `expected status ${expected}, got ${actual}`],
  [/^headers: /m, "response headers: "],
  [/^body: /m, "response body: "],
];

/** A Dredd failure message in the suite's words. */
export function dreddTerms(message: string): string {
  let text = message;
  for (const [pattern, replacement] of translations) text = text.replace(pattern, replacement as string);
  return text;
}
