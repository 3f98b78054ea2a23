// What the variants share: walking a JSON body member by member, rewriting URLs and query strings,
// and keeping a consistent two-way table between the implementation's values and the ones shown.
import { editJson, type Exchange } from "../mutants/proxy.js";

export { editJson, requestJson } from "../mutants/proxy.js";
export { currentIntent, eachCredit, eachEntry, eachIntent, is } from "../mutants/match.js";

/** Calls `edit` with every object inside a JSON value (depth first, children before parents). */
export function eachObject(value: unknown, edit: (object: Record<string, any>) => void): void {
  if (Array.isArray(value)) for (const item of value) eachObject(item, edit);
  else if (value !== null && typeof value === "object") {
    for (const member of Object.values(value)) eachObject(member, edit);
    edit(value as Record<string, any>);
  }
}

/** Replaces every string inside a JSON value by `map(member name, value)` (array items get their array's name). */
export function mapStrings(value: unknown, map: (name: string, text: string) => string, name = ""): unknown {
  if (typeof value === "string") return map(name, value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map, name));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, mapStrings(member, map, key)]));
  }
  return value;
}

/** Rewrites every string member of a JSON response body. */
export function mapResponseStrings(exchange: Exchange, map: (name: string, text: string) => string): void {
  editJson(exchange, (body) => {
    const mapped = mapStrings(body, map) as Record<string, unknown>;
    for (const key of Object.keys(body)) delete body[key];
    Object.assign(body, mapped);
  });
}

/** A URL (absolute or path-absolute) with each query value passed through `map(name, value)`; unchanged when no value changes. */
export function mapQuery(url: string, map: (name: string, value: string) => string): string {
  const parsed = new URL(url, "http://relative.invalid");
  let changed = false;
  const query = new URLSearchParams();
  for (const [name, value] of parsed.searchParams) {
    const mapped = map(name, value);
    changed ||= mapped !== value;
    query.append(name, mapped);
  }
  if (!changed) return url;
  const rest = `${parsed.pathname}?${query.toString()}${parsed.hash}`;
  return /^[a-z]+:\/\//i.test(url) ? `${parsed.origin}${rest}` : rest;
}

/** The page links and `meta.path` of a list body. */
export function pageUrls(body: any): Array<[Record<string, any>, string]> {
  const out: Array<[Record<string, any>, string]> = [];
  for (const name of ["first", "last", "prev", "next"]) if (typeof body?.links?.[name] === "string") out.push([body.links, name]);
  if (typeof body?.meta?.path === "string") out.push([body.meta, "path"]);
  return out;
}

/**
 * A consistent two-way table between the implementation's values and the values shown to the
 * client: the same value is always shown the same way, and a shown value sent back is mapped back.
 */
export class Renames {
  private readonly shown = new Map<string, string>();
  private readonly original = new Map<string, string>();

  constructor(private readonly make: (original: string, count: number) => string) {}

  show(original: string): string {
    let value = this.shown.get(original);
    if (value === undefined) {
      value = this.make(original, this.shown.size + 1);
      this.shown.set(original, value);
      this.original.set(value, original);
    }
    return value;
  }

  /** How a value is shown when it was shown before; otherwise the value itself. */
  shownIfKnown(original: string): string {
    return this.shown.get(original) ?? original;
  }

  /** The implementation's value behind a shown one (unchanged when the value was never shown). */
  back(value: string): string {
    return this.original.get(value) ?? value;
  }
}

/** The variant's table, kept in the proxy's memory (one per run). */
export function renamesOf(memory: Map<string, unknown>, name: string, make: (original: string, count: number) => string): Renames {
  if (!memory.has(name)) memory.set(name, new Renames(make));
  return memory.get(name) as Renames;
}

/** A set kept in the proxy's memory. */
export function setOf<T = string>(memory: Map<string, unknown>, name: string): Set<T> {
  if (!memory.has(name)) memory.set(name, new Set<T>());
  return memory.get(name) as Set<T>;
}

/** A map kept in the proxy's memory. */
export function mapOf<V>(memory: Map<string, unknown>, name: string): Map<string, V> {
  if (!memory.has(name)) memory.set(name, new Map<string, V>());
  return memory.get(name) as Map<string, V>;
}

/** A small stable hash (FNV-1a), for texts and values derived from another. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The path and query of an exchange's request. */
export const pathAndQuery = (exchange: Exchange) => exchange.url.pathname + exchange.url.search;

/** Whether the request carries the secret key. */
export const secretKeyUsed = (exchange: Exchange, secretKey: string | undefined) => exchange.requestHeaders.authorization === `Bearer ${secretKey}`;
