// Money as integer cents: requests are parsed into cents once, responses formatted from cents.

/** The largest amount the sandbox accepts in a request: 999,999,999.99. */
export const maxAmountCents = 99_999_999_999;

/**
 * Cents of a request amount (a JSON number or a decimal string), or undefined when it is not a
 * positive amount with at most two decimals within the sandbox's ceiling.
 */
export function parseAmount(value: unknown): number | undefined {
  let cents: number;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return undefined;
    cents = Math.round(value * 100);
    if (Math.abs(cents - value * 100) > 1e-6 * Math.max(1, Math.abs(value))) return undefined;
  } else if (typeof value === "string") {
    const match = /^([0-9]+)(?:\.([0-9]{1,2}))?$/.exec(value);
    if (!match) return undefined;
    const whole = match[1].replace(/^0+(?=\d)/, "");
    if (whole.length > 9) return undefined;
    cents = Number(whole) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  } else {
    return undefined;
  }
  return cents > 0 && cents <= maxAmountCents ? cents : undefined;
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
