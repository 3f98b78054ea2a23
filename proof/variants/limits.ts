// Valid variants of the bank service's limits (the limits rule, docs/conformance.md; B-16, B-21):
// the documents bound no length, so a server may refuse a value at any length past the ordinary
// ones, and may accept and echo a value past the sandbox's limits.
import type { Exchange } from "../mutants/proxy.js";
import { editJson, is, mapOf, mapQuery, pathAndQuery, requestJson } from "./rewrite.js";
import type { Variant } from "./variant.js";

/** The short limits of the variant: identifiers up to 64 characters, free texts up to 20. */
const short = { identifier: 64, text: 20 };
const extrasLimit = 500;

const identifiers = new Set(["bank_account", "consumer_id", "service_fee_id", "creditable_id"]);
/** Free-text request members (B-21) by request: intent creation, unlinked and linked credits, address update. */
const texts = {
  intent: ["store_number", "product_code", "product_subcode", "submerchant_id"],
  address: ["line_1", "line_2", "city_locality", "state_province", "postal_code"],
  credit: ["submerchant_id", "employee_number"],
  update: ["line_1", "line_2", "city", "state_province", "zipcode"],
};
const textFilters = new Set(["station_number", "reference_number", "employee_number"]);

const tooLong = (name: string, value: unknown) =>
  typeof value === "string" && value.length > (identifiers.has(name) ? short.identifier : short.text);

/**
 * Marks each member past the short limits invalid by giving the sandbox a value of the wrong type
 * (an empty list) in its place: the sandbox's own 422 then names it, keyed as it keys the member,
 * beside every other problem of the body. Returns whether anything was past a limit.
 */
function refuseLong(object: Record<string, unknown> | undefined, members: string[]): boolean {
  if (object === null || typeof object !== "object" || Array.isArray(object)) return false;
  let changed = false;
  for (const name of members) {
    if (tooLong(name, object[name])) {
      object[name] = [];
      changed = true;
    }
  }
  return changed;
}

/** The members a body of this request may carry past a short limit, and their objects. */
function longMembers(e: Exchange, body: any): boolean {
  if (is.intentCreate(e)) {
    const top = refuseLong(body, [...texts.intent, "bank_account", "consumer_id", "service_fee_id"]);
    return refuseLong(body.billing_address, texts.address) || top;
  }
  if (is.creditCreate(e)) return refuseLong(body, [...texts.credit, "creditable_id"]);
  if (is.addressUpdate(e)) return refuseLong(body, texts.update);
  return false;
}

/** `extras` string values past the sandbox's limit: cut for the sandbox, remembered whole for the echo. */
function cutExtras(body: any): Record<string, string> | undefined {
  const extras = body?.extras;
  if (extras === null || typeof extras !== "object" || Array.isArray(extras)) return undefined;
  const whole: Record<string, string> = {};
  for (const [name, value] of Object.entries(extras)) {
    if (typeof value === "string" && value.length > extrasLimit) {
      whole[name] = value;
      extras[name] = value.slice(0, extrasLimit);
    }
  }
  return Object.keys(whole).length > 0 ? whole : undefined;
}

/** Puts the whole `extras` values back into every intent or credit of a response that stores them. */
function echoWholeExtras(e: Exchange, stored: Map<string, Record<string, string>>): void {
  if (stored.size === 0) return;
  editJson(e, (body) => {
    const items = Array.isArray(body?.data) ? body.data : body?.data ? [body.data] : [];
    for (const item of items) {
      const whole = typeof item?.id === "string" ? stored.get(item.id) : undefined;
      if (whole && item.extras && typeof item.extras === "object") Object.assign(item.extras, whole);
    }
  });
}

const shortLimits: Variant = {
  id: "short-limits", decisions: ["B-16", "B-21"], kind: "behaviour", services: ["bank-payments"], coverage: true,
  change: "identifiers past 64 characters and free texts past 20 are refused (422 invalid on the member); extras values past 500 characters are accepted and echoed",
  allowedBy: "bank §2.1 and §4 give no length for any request value; §7.1 422 invalid on the member; the limits rule (docs/conformance.md); B-21",
  request(e) {
    if (is.list(e)) {
      const path = mapQuery(pathAndQuery(e), (name, value) => ((textFilters.has(name) || name === "creditable_id") && tooLong(name, value) ? "" : value));
      return path === pathAndQuery(e) ? undefined : { forward: { path } };
    }
    const body = requestJson(e);
    if (body === null || typeof body !== "object" || Array.isArray(body)) return;
    const refused = longMembers(e, body);
    const whole = refused ? undefined : cutExtras(body);
    if (whole) e.notes.extras = whole;
    if (refused || whole) return { forward: { body: JSON.stringify(body) } };
  },
  response(e, c) {
    const stored = mapOf<Record<string, string>>(c.memory, "whole-extras");
    if (e.notes.extras && e.status >= 200 && e.status < 300) {
      editJson(e, (body) => { if (typeof body?.data?.id === "string") stored.set(body.data.id, e.notes.extras as Record<string, string>); });
    }
    echoWholeExtras(e, stored);
  },
};

export const limitVariants: Variant[] = [shortLimits];
