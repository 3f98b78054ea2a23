// The oracle's expectation language: a predicted body is a tree of exact values, forms (a named
// test for values the server chooses), held slots (a server-chosen value checked for form at first
// sight, then required unchanged), closed objects and alternatives. compare() walks a prediction
// against an actual body and returns every differing field, the number of fields compared, and the
// slot bindings to keep if this prediction is the one accepted. Any node may name the rule of the
// contract it stands for (conformance/rules.ts); a difference carries the nearest rule above it.
import type { Rule } from "../rules.js";
import { logging, record } from "./trail.js";

/** A named test of a value whose exact content the contract leaves to the server. */
export type Form = { name: string; test(value: unknown): boolean; rule?: Rule };

/**
 * A value the server chooses (an id, a time, a reference number...): free until first seen, where
 * its form is checked, then held: every later response must show the same value.
 */
export class Slot {
  bound = false;
  value: unknown = undefined;
  constructor(readonly label: string, readonly form: Form) {}
}

export type Expected = (
  | { kind: "exact"; value: unknown }
  | { kind: "form"; form: Form }
  | { kind: "slot"; slot: Slot }
  | { kind: "object"; members: Record<string, Expected>; optional: Record<string, Expected> }
  | { kind: "array"; items: Expected[] }
  | { kind: "unordered"; items: Expected[]; key?: (value: unknown) => string | undefined }
  | { kind: "anyOf"; options: Expected[] }
) & { rule?: Rule };

// Expectations are told from plain values (an exact `extras` object, say) by where they were made.
const made = new WeakSet<object>();
const make = (expected: Expected): Expected => {
  made.add(expected);
  return expected;
};
const isExpected = (value: unknown): value is Expected => typeof value === "object" && value !== null && made.has(value);

export const exact = (value: unknown): Expected => make({ kind: "exact", value });
export const form = (f: Form): Expected => make({ kind: "form", form: f });
export const held = (slot: Slot): Expected => make({ kind: "slot", slot });
export const array = (items: Expected[]): Expected => make({ kind: "array", items });
export const unordered = (items: Expected[]): Expected => make({ kind: "unordered", items });
export const anyOf = (options: Expected[]): Expected => (options.length === 1 ? options[0] : make({ kind: "anyOf", options }));

/** The same expectation, standing for that rule (its differences name it, unless a node below names another). */
export function ruled<T extends Expected>(rule: Rule, expected: T): T {
  expected.rule = rule;
  return expected;
}

/** A closed object: exactly these members; `optional` ones may be absent but are checked when present. */
export function object(members: Record<string, Expected | unknown>, optional: Record<string, Expected | unknown> = {}): Expected {
  const wrap = (entries: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(entries).map(([name, value]) => [name, isExpected(value) ? value : exact(value)]));
  return make({ kind: "object", members: wrap(members), optional: wrap(optional) });
}

/** One field where the actual response differs from the prediction, and the rule it breaks. */
export type Difference = {
  path: string; expected: string; actual: unknown; rule?: Rule;
  /** The check that created the object this difference is in, when another check did (a knock-on failure). */
  leftBy?: string;
};

export type Comparison = {
  differences: Difference[];
  /** Leaf fields compared (values and presence of members). */
  fields: number;
  /** Slots first seen in this response, with the value to hold if the prediction is accepted. */
  bindings: Map<Slot, unknown>;
};

/** A short description of what was expected, for reports. */
export function describe(expected: Expected): string {
  switch (expected.kind) {
    case "exact": return JSON.stringify(expected.value);
    case "form": return `<${expected.form.name}>`;
    case "slot": return expected.slot.bound ? `${JSON.stringify(expected.slot.value)} (held ${expected.slot.label})` : `<${expected.slot.form.name}>`;
    case "object": {
      const names = Object.keys(expected.members);
      return `object with ${names.slice(0, 6).join(", ") || "no members"}${names.length > 6 ? `, ... (${names.length} members)` : ""}`;
    }
    case "array": return `array of ${expected.items.length}`;
    case "unordered": return `${expected.items.length} entries in any order`;
    case "anyOf": return expected.options.map(describe).join(" or ");
  }
}

function equalJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => equalJson(item, (b as unknown[])[i]));
  const keysA = Object.keys(a as object);
  const keysB = Object.keys(b as object);
  return keysA.length === keysB.length && keysA.every((key) => Object.hasOwn(b as object, key) && equalJson((a as any)[key], (b as any)[key]));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

const join = (path: string, key: string | number) => (typeof key === "number" ? `${path}[${key}]` : path === "" ? key : `${path}.${key}`);

// Helpers of compare(), outside it: it runs once per field judged, and closures made on every call
// cost (under tsx each is also named with Object.defineProperty: 9% of a judging profile).
function pushDifference(result: Comparison, rule: Rule | undefined, difference: Difference): void {
  result.differences.push(rule === undefined ? difference : { ...difference, rule });
}
function differ(result: Comparison, rule: Rule | undefined, at: string, what: Expected, value: unknown): void {
  pushDifference(result, rule, { path: at || "(body)", expected: describe(what), actual: value });
}
function mergeInto(result: Comparison, other: Comparison): void {
  result.differences.push(...other.differences);
  result.fields += other.fields;
  for (const [slot, value] of other.bindings) result.bindings.set(slot, value);
}

/** Compares an actual value with a prediction, field by field; `inherited` is the rule of the nodes above. */
export function compare(expected: Expected, actual: unknown, path = "", pending: Map<Slot, unknown> = new Map(), inherited?: Rule): Comparison {
  const result: Comparison = { differences: [], fields: 0, bindings: new Map() };
  const rule = expected.rule ?? (expected.kind === "form" ? expected.form.rule : expected.kind === "slot" ? expected.slot.form.rule : undefined) ?? inherited;
  switch (expected.kind) {
    case "exact":
      result.fields += 1;
      if (!equalJson(expected.value, actual)) differ(result, rule, path, expected, actual);
      return result;
    case "form":
      result.fields += 1;
      if (!expected.form.test(actual)) differ(result, rule, path, expected, actual);
      return result;
    case "slot": {
      result.fields += 1;
      const { slot } = expected;
      if (slot.bound) {
        if (!equalJson(slot.value, actual)) differ(result, rule, path, expected, actual);
      } else if (pending.has(slot)) {
        if (!equalJson(pending.get(slot), actual)) pushDifference(result, rule, { path, expected: `${JSON.stringify(pending.get(slot))} (same ${slot.label} as elsewhere in this response)`, actual });
      } else if (!slot.form.test(actual)) {
        differ(result, rule, path, expected, actual);
      } else {
        pending.set(slot, actual);
        result.bindings.set(slot, actual);
      }
      return result;
    }
    case "object": {
      if (!isPlainObject(actual)) {
        result.fields += 1;
        differ(result, rule, path, expected, actual);
        return result;
      }
      for (const [name, member] of Object.entries(expected.members)) {
        if (!Object.hasOwn(actual, name)) {
          result.fields += 1;
          pushDifference(result, rule, { path: join(path, name), expected: `present: ${describe(member)}`, actual: "(absent)", ...(member.rule ? { rule: member.rule } : {}) });
        } else {
          mergeInto(result, compare(member, actual[name], join(path, name), pending, rule));
        }
      }
      for (const [name, member] of Object.entries(expected.optional)) {
        if (Object.hasOwn(actual, name)) mergeInto(result, compare(member, actual[name], join(path, name), pending, rule));
      }
      for (const name of Object.keys(actual)) {
        if (!Object.hasOwn(expected.members, name) && !Object.hasOwn(expected.optional, name)) {
          result.fields += 1;
          pushDifference(result, rule, { path: join(path, name), expected: "(absent)", actual: actual[name] });
        }
      }
      return result;
    }
    case "array": {
      if (!Array.isArray(actual)) {
        result.fields += 1;
        differ(result, rule, path, expected, actual);
        return result;
      }
      result.fields += 1;
      if (actual.length !== expected.items.length) {
        pushDifference(result, rule, { path: `${path || "(body)"}.length`, expected: String(expected.items.length), actual: actual.length });
      }
      expected.items.forEach((item, i) => {
        if (i < actual.length) mergeInto(result, compare(item, actual[i], join(path, i), pending, rule));
      });
      return result;
    }
    case "unordered": {
      if (!Array.isArray(actual)) {
        result.fields += 1;
        differ(result, rule, path, expected, actual);
        return result;
      }
      result.fields += 1;
      const remaining = actual.map((value, index) => ({ value, index }));
      const unmatched: Expected[] = [];
      for (const item of expected.items) {
        const found = remaining.findIndex(({ value, index }) => compare(item, value, join(path, index), new Map(pending)).differences.length === 0);
        if (found === -1) unmatched.push(item);
        else {
          const [match] = remaining.splice(found, 1);
          mergeInto(result, compare(item, match.value, join(path, match.index), pending, rule));
        }
      }
      // Pair what is left by key where entries have one (an error entry by its member), else by
      // the fewest differences, so an entry in another place never reads as many wrong values.
      const key = expected.key;
      for (const item of unmatched) {
        let chosen = -1;
        let fewest = Infinity;
        remaining.forEach(({ value, index }, at) => {
          const count = compare(item, value, join(path, index), new Map(pending)).differences.length;
          const sameKey = key !== undefined && key(value) !== undefined && key(value) === keyOfExpected(item, key);
          const score = sameKey ? -1 : count;
          if (score < fewest) { fewest = score; chosen = at; }
        });
        if (chosen === -1) pushDifference(result, rule, { path: join(path, actual.length), expected: describe(item), actual: "(absent)" });
        else {
          const [match] = remaining.splice(chosen, 1);
          mergeInto(result, compare(item, match.value, join(path, match.index), pending, rule));
        }
      }
      for (const extra of remaining) pushDifference(result, rule, { path: join(path, extra.index), expected: "(absent)", actual: extra.value });
      return result;
    }
    case "anyOf": {
      let best: Comparison | undefined;
      for (const option of expected.options) {
        const attempt = compare(option, actual, path, new Map(pending), rule);
        if (!best || attempt.differences.length < best.differences.length) best = attempt;
        if (attempt.differences.length === 0) break;
      }
      if (best) {
        for (const [slot, value] of best.bindings) pending.set(slot, value);
        mergeInto(result, best);
      }
      return result;
    }
  }
}

/** The key an expected entry would have, when it fixes the keyed member exactly. */
function keyOfExpected(item: Expected, key: (value: unknown) => string | undefined): string | undefined {
  if (item.kind !== "object") return undefined;
  const exactMembers = Object.fromEntries(Object.entries(item.members).filter(([, m]) => m.kind === "exact").map(([n, m]) => [n, (m as { value: unknown }).value]));
  return key(exactMembers);
}

/** Holds the values of the slots first seen in an accepted response. */
export function bind(bindings: Map<Slot, unknown>): void {
  for (const [slot, value] of bindings) {
    // The model of time tries orders of overlapping exchanges and takes back the ones that fail (trail.ts).
    if (logging()) {
      const { bound, value: before } = slot;
      record({ kind: "slot", slot }, () => {
        slot.bound = bound;
        slot.value = before;
      });
    }
    slot.bound = true;
    slot.value = value;
  }
}

/** A slot bound from the start (a value the request or the model decides). */
export function fixedSlot(label: string, f: Form, value: unknown): Slot {
  const slot = new Slot(label, f);
  slot.bound = true;
  slot.value = value;
  return slot;
}
