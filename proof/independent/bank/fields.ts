// Field rules of the bank service's requests, each returning the value it read or the word for
// the problem. The words are the documents' (bank §7.1): `invalid` and `missing`; submerchant
// problems get a sentence (see requests.ts).

export type Read<T> = { ok: true; value: T } | { ok: false; word: "invalid" };

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const invalid: Read<never> = { ok: false, word: "invalid" };

const maxCents = 99_999_999_999;

/** A JSON number amount: greater than zero, at most 999999999.99, its shortest decimal form with at most two decimals. */
export function amountNumber(value: unknown): Read<number> {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) return invalid;
  if (!/^\d+(\.\d{1,2})?$/.test(String(value))) return invalid;
  const cents = Math.round(value * 100);
  return cents >= 1 && cents <= maxCents ? ok(cents) : invalid;
}

/** A decimal string amount, such as "25.00". */
export function amountString(value: unknown): Read<number> {
  if (typeof value !== "string" || !/^\d{1,9}(\.\d{1,2})?$/.test(value)) return invalid;
  const [whole, part = ""] = value.split(".");
  const cents = Number(whole) * 100 + Number(part.padEnd(2, "0"));
  return cents >= 1 ? ok(cents) : invalid;
}

/** Free text of a request: 1 to 255 characters. */
export function text(value: unknown): Read<string> {
  return typeof value === "string" && value.length >= 1 && value.length <= 255 ? ok(value) : invalid;
}

/** An identifier of the form prefix_<token>, at most 64 characters (our own tokens carry dashes). */
export function identifier(prefix: string, value: unknown): Read<string> {
  if (typeof value !== "string" || value.length > 64) return invalid;
  return new RegExp(`^${prefix}_[A-Za-z0-9-]+$`).test(value) ? ok(value) : invalid;
}

export function oneOf<T extends string>(values: readonly T[], value: unknown): Read<T> {
  return typeof value === "string" && (values as readonly string[]).includes(value) ? ok(value as T) : invalid;
}

export type ExtrasValue = string | number | boolean;

/** A one-dimensional object: at most 50 members, names of 1 to 40 characters, scalar values (strings up to 500). */
export function extras(value: unknown): Read<Record<string, ExtrasValue>> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return invalid;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 50) return invalid;
  for (const [name, item] of entries) {
    if (name.length < 1 || name.length > 40) return invalid;
    if (typeof item === "string" ? item.length > 500 : typeof item !== "boolean" && !(typeof item === "number" && Number.isFinite(item))) return invalid;
  }
  return ok(value as Record<string, ExtrasValue>);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
