// How values are written on the wire by this implementation: identifiers with UUID tokens, times
// as Python's isoformat() writes them (microseconds, "+00:00"), amounts as two-decimal strings.
import { randomInt, randomUUID } from "node:crypto";

/** `transaction_intent_550e8400-e29b-41d4-a716-446655440000`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomUUID()}`;
}

/** `2026-11-23T10:04:05.123000+00:00` (the fraction is left out on a whole second, as isoformat() does). */
export function isoTime(date = new Date()): string {
  const base = date.toISOString().slice(0, 19);
  const ms = date.getUTCMilliseconds();
  return `${base}${ms === 0 ? "" : `.${String(ms * 1000).padStart(6, "0")}`}+00:00`;
}

/** A YYYY-MM-DD date in UTC. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `n` random decimal digits. */
export function digits(n: number): string {
  let out = "";
  while (out.length < n) out += String(randomInt(0, 10));
  return out;
}

/** Cents to the two-decimal string every amount is written as. */
export function money(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

let issued = 0;

/** A reference number of this server's own form: a prefix, six random digits and a running number. */
export function reference(prefix: string): string {
  issued += 1;
  return `${prefix}${digits(6)}${String(issued).padStart(5, "0")}`;
}
