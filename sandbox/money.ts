// Money as integer cents: requests are parsed into cents once, responses formatted from cents.

/** The largest amount the sandbox accepts in a request: 999,999,999.99. */
export const maxAmountCents = 99_999_999_999;

/**
 * The decimal text of a request amount: a string as sent, a JSON number as the shortest decimal
 * form of the IEEE 754 double it denotes (`String(n)`: `12.5` for 12.50, `123456789.125` for
 * itself, `5e-324` for the smallest double). Exact: no float arithmetic, no tolerance.
 */
export function decimalText(value: unknown): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : undefined;
  return typeof value === "string" ? value : undefined;
}

/**
 * Cents of an amount text with at most two decimals and at most `maxWholeDigits` digits before
 * the point, or undefined when it is not of that form (exponents, signs and spaces included).
 */
export function centsOf(text: string, maxWholeDigits: number): number | undefined {
  const match = /^([0-9]+)(?:\.([0-9]{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const whole = match[1].replace(/^0+(?=\d)/, "");
  if (whole.length > maxWholeDigits) return undefined;
  return Number(whole) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/**
 * Cents of a request amount (a JSON number or a decimal string), or undefined when it is not a
 * positive amount with at most two decimals within the sandbox's ceiling (README, "Amounts").
 */
export function parseAmount(value: unknown): number | undefined {
  const text = decimalText(value);
  const cents = text === undefined ? undefined : centsOf(text, 9);
  return cents !== undefined && cents > 0 && cents <= maxAmountCents ? cents : undefined;
}

/** `"125.00"` from 12500. */
export function formatCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** `total` split into `parts` payments that add up exactly; the remainder cents go to the first ones. */
export function splitCents(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  const remainder = total - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < remainder ? 1 : 0));
}

/** The cents part (0 to 99) of an amount: the sandbox's test triggers key on it. */
export function centsPart(cents: number): number {
  return cents % 100;
}
