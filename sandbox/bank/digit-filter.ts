// Integer list filters compared as strings of digits, never through a JavaScript number (which
// rounds above 2^53 and made `submerchant_id=9007199254740993` match ...992).

/** `-?digits` with leading zeros removed (`-0` is `0`), or undefined when `text` is not an integer. */
export function canonicalInteger(text: string): string | undefined {
  const match = /^(-?)([0-9]+)$/.exec(text);
  if (!match) return undefined;
  const digits = match[2].replace(/^0+(?=[0-9])/, "");
  return digits === "0" ? "0" : match[1] + digits;
}

/**
 * Every way of writing the integer `text` in at most `maxLength` characters: the canonical form
 * with any number of leading zeros (and both signs for zero). A stored id equal to one of them is
 * the same integer; ids that are not integers never are. Empty when `text` is not an integer.
 */
export function integerSpellings(text: string, maxLength: number): string[] {
  const canonical = canonicalInteger(text);
  if (canonical === undefined) return [];
  const negative = canonical.startsWith("-");
  const digits = negative ? canonical.slice(1) : canonical;
  const signs = canonical === "0" ? ["", "-"] : [negative ? "-" : ""];
  const spellings: string[] = [];
  for (const sign of signs) {
    for (let written = sign + digits; written.length <= maxLength; written = sign + "0" + written.slice(sign.length)) {
      spellings.push(written);
    }
  }
  return spellings;
}
