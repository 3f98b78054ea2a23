// Named forms of server-chosen values: what the contract fixes about a value it lets the server
// choose. Each is the weakest test that still catches a wrong server (README, "The oracle").
import type { Rule } from "../rules.js";
import type { Form } from "./expect.js";

const isString = (value: unknown): value is string => typeof value === "string";

export const named = (name: string, test: (value: unknown) => boolean, rule?: Rule): Form => (rule === undefined ? { name, test } : { name, test, rule });

/** The same form, standing for that rule. */
export const withRule = (rule: Rule, f: Form): Form => ({ ...f, rule });

export const nullOr = (f: Form): Form => named(`null or ${f.name}`, (value) => value === null || f.test(value));

export const anyBoolean = named("boolean", (value) => typeof value === "boolean");

export const nonEmptyText = named("non-empty text", (value) => isString(value) && value.trim().length > 0);

/** A text of at most `max` characters, not empty. */
export const textUpTo = (max: number): Form => named(`text of 1 to ${max} characters`, (value) => isString(value) && value.trim().length > 0 && value.length <= max);

/**
 * An RFC 3339 date-time (the OpenAPI `date-time` format; ISO 8601's profile for the Internet), with
 * any offset: the documents call only `authorized_at` UTC (B-17).
 */
export const dateTimePattern = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

export const isDateTime = (value: unknown): value is string => isString(value) && dateTimePattern.test(value) && !Number.isNaN(Date.parse(value.replace(" ", "T")));

/** UTC: `Z`, or the zero offset written `+00:00` (or `-00:00`, RFC 3339's UTC with no local offset). */
export const isUtcDateTime = (value: unknown): value is string => isDateTime(value) && /([Zz]|[+-]00:00)$/.test(value);

const instant = (value: string) => Date.parse(value.replace(" ", "T"));

/** A time window in client milliseconds, widened by the allowed clock skew. */
export type Window = { from: number; to: number };

/** A date-time that falls within the window of the request that set it (UTC when `utc`), compared as an instant. */
export function dateTimeWithin(window: Window, utc = false): Form {
  const from = new Date(Math.floor(window.from / 1000) * 1000).toISOString();
  const to = new Date(window.to).toISOString();
  return named(`RFC 3339 date-time${utc ? " in UTC" : ""} between ${from} and ${to}`, (value) => {
    if (!(utc ? isUtcDateTime(value) : isDateTime(value))) return false;
    const at = instant(value as string);
    return at >= Math.floor(window.from / 1000) * 1000 && at <= window.to;
  }, "B-17");
}

export const anyDateTime = named("RFC 3339 date-time", isDateTime, "B-17");

/** The calendar dates an instant within the window falls on somewhere on Earth (UTC-12 to UTC+14). */
export function datesWithin(window: Window): { first: string; last: string } {
  return {
    first: new Date(window.from - 12 * 3_600_000).toISOString().slice(0, 10),
    last: new Date(window.to + 14 * 3_600_000).toISOString().slice(0, 10),
  };
}

/** Two date-times as instants: negative when `a` is earlier. */
export const compareInstants = (a: string, b: string) => instant(a) - instant(b);

export const currencyPattern = /^[0-9]+\.[0-9]{2}$/;
export const currency = named("currency amount with two decimals", (value) => isString(value) && currencyPattern.test(value));

/** `<prefix>_<token>`: the prefix is pinned, the token's alphabet and length are the server's (B-16; the schema's URL-safe characters). */
export const idOf = (prefix: string): Form =>
  named(`${prefix}_<token>`, (value) => isString(value) && new RegExp(`^${prefix}_[A-Za-z0-9._~-]+$`).test(value) && value.length <= 255, "B-16");

/** An identifier of that form, other than `previous` (a new one). */
export const newIdOf = (prefix: string, previous: unknown): Form =>
  named(`a new ${prefix}_<token>${typeof previous === "string" ? ` (not ${previous})` : ""}`, (value) => idOf(prefix).test(value) && value !== previous);

export const digits = (min: number, max: number): Form =>
  named(`${min === max ? min : `${min} to ${max}`} digits`, (value) => isString(value) && new RegExp(`^[0-9]{${min},${max}}$`).test(value));

/** The transaction response codes a text names as "response code NN" (bank doc 7.4). */
export const codesNamedIn = (text: string): string[] => [...text.matchAll(/response code (\d+)/gi)].map((m) => m[1]);

/**
 * A free text (a message, a reason) that names no response code but `code`: the documents do not
 * say which answer carries which code (bank doc 7.4), so naming one is optional (B-30), but a text
 * that names one must name the right one.
 */
export const freeTextNaming = (code: string | undefined): Form =>
  named(code ? `non-empty text (naming no response code but ${code})` : "non-empty text", (value) =>
    nonEmptyText.test(value) && (code === undefined || codesNamedIn(value as string).every((named) => named === code)), "B-30");

/** A sentence (not one of the single words) about a `submerchant_id` problem, using the problem's word (bank doc 7.1). */
export const sentenceAbout = (word: string): Form =>
  named(`a sentence saying "${word}"`, (value) => isString(value) && /\s/.test(value.trim()) && value.toLowerCase().includes(word), "B-14");

/** `adverseAction`, a boolean or its string form (check cashing doc 2.3). */
export const adverseFlag = (flag: boolean): Form => named(`${flag} or "${flag}"`, (value) => value === flag || value === String(flag));

export const phoneNumber = named("digits with two dashes", (value) => isString(value) && /^[0-9]+-[0-9]+-[0-9]+$/.test(value));

/** Up to 15 digits, as a digit string or a JSON integer (C-10: check cashing's numeric members). */
export const isNumeric = (value: unknown) => (typeof value === "string" && /^[0-9]{1,15}$/.test(value)) || (Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= 999_999_999_999_999);
