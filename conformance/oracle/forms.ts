// Named forms of server-chosen values: what the contract fixes about a value it lets the server
// choose. Each is the weakest test that still catches a wrong server (README, "The oracle").
import type { Form } from "./expect.js";

const isString = (value: unknown): value is string => typeof value === "string";

export const named = (name: string, test: (value: unknown) => boolean): Form => ({ name, test });

export const nullOr = (f: Form): Form => named(`null or ${f.name}`, (value) => value === null || f.test(value));

export const anyBoolean = named("boolean", (value) => typeof value === "boolean");

export const nonEmptyText = named("non-empty text", (value) => isString(value) && value.trim().length > 0);

/** A text of at most `max` characters, not empty. */
export const textUpTo = (max: number): Form => named(`text of 1 to ${max} characters`, (value) => isString(value) && value.trim().length > 0 && value.length <= max);

/** ISO 8601 in UTC: the `Z` designator, no other offset. */
export const utcPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

export const isUtcDateTime = (value: unknown): value is string => isString(value) && utcPattern.test(value) && !Number.isNaN(Date.parse(value));

/** A time window in client milliseconds, widened by the allowed clock skew. */
export type Window = { from: number; to: number };

/** A UTC date-time that falls within the window of the request that set it. */
export function utcDateTimeWithin(window: Window): Form {
  const from = new Date(Math.floor(window.from / 1000) * 1000).toISOString();
  const to = new Date(window.to).toISOString();
  return named(`ISO 8601 UTC date-time between ${from} and ${to}`, (value) => {
    if (!isUtcDateTime(value)) return false;
    const at = Date.parse(value);
    return at >= Math.floor(window.from / 1000) * 1000 && at <= window.to;
  });
}

export const anyUtcDateTime = named("ISO 8601 UTC date-time", isUtcDateTime);

/** The UTC calendar dates an instant within the window can fall on. */
export function utcDatesWithin(window: Window): string[] {
  const first = new Date(window.from).toISOString().slice(0, 10);
  const last = new Date(window.to).toISOString().slice(0, 10);
  const dates = [first];
  for (let day = Date.parse(`${first}T00:00:00Z`) + 86_400_000; day <= Date.parse(`${last}T00:00:00Z`); day += 86_400_000) {
    dates.push(new Date(day).toISOString().slice(0, 10));
  }
  return dates;
}

export const currencyPattern = /^[0-9]+\.[0-9]{2}$/;
export const currency = named("currency amount with two decimals", (value) => isString(value) && currencyPattern.test(value));

export const idOf = (prefix: string): Form => named(`${prefix}_<token>`, (value) => isString(value) && new RegExp(`^${prefix}_[A-Za-z0-9]+$`).test(value) && value.length <= 64);

/** An identifier of that form, other than `previous` (a new one). */
export const newIdOf = (prefix: string, previous: unknown): Form =>
  named(`a new ${prefix}_<token>${typeof previous === "string" ? ` (not ${previous})` : ""}`, (value) => idOf(prefix).test(value) && value !== previous);

export const digits = (min: number, max: number): Form =>
  named(`${min === max ? min : `${min} to ${max}`} digits`, (value) => isString(value) && new RegExp(`^[0-9]{${min},${max}}$`).test(value));

/** A text naming a two-digit transaction response code as a number of its own. */
export const textNamingCode = (code: string): Form =>
  named(`non-empty text naming response code ${code}`, (value) => nonEmptyText.test(value) && new RegExp(`(^|[^0-9])${code}([^0-9]|$)`).test(value as string));

/** A message naming a response code as "(response code NN)" (README, "Response codes per outcome"). */
export const messageNamingCode = (code: string): Form =>
  named(`message naming "(response code ${code})"`, (value) => isString(value) && value.includes(`(response code ${code})`));

/** A sentence (not one of the single words) about a `submerchant_id` problem, using the problem's word. */
export const sentenceAbout = (word: string): Form =>
  named(`a sentence saying "${word}"`, (value) => isString(value) && /\s/.test(value.trim()) && value.toLowerCase().includes(word));

/** `adverseAction`, a boolean or its string form (check cashing doc 2.3). */
export const adverseFlag = (flag: boolean): Form => named(`${flag} or "${flag}"`, (value) => value === flag || value === String(flag));

export const phoneNumber = named("digits with two dashes", (value) => isString(value) && /^[0-9]+-[0-9]+-[0-9]+$/.test(value));

/** errorDetails of a correction: the member's dotted path and a colon first. */
export const detailsOf = (member: string): Form =>
  named(`"${member}: ..." (at most 260 characters)`, (value) => isString(value) && value.startsWith(`${member}:`) && value.length <= 260);

/** errorDetails of the one entry for unknown members: `unknown members: ` and their dotted paths. */
export function unknownMembersDetails(members: string[]): Form {
  const wanted = [...new Set(members)].sort();
  return named(`"unknown members: ${wanted.join(", ")}"`, (value) => {
    if (!isString(value) || !value.startsWith("unknown members: ") || value.length > 260) return false;
    if (value.length === 260) return true; // cut at 260 characters: the list is incomplete
    const listed = value.slice("unknown members: ".length).split(/,\s*/).filter(Boolean).sort();
    return listed.length === wanted.length && listed.every((name, i) => name === wanted[i]);
  });
}
