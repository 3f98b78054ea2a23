// Valid variants of values the documents leave open (issue 23, point 9): which address members a
// server requires (B-10) and where its amount ceiling lies (B-20). Each is a request rewrite in
// front of the sandbox, so the sandbox's own rules answer everything else.
import type { Exchange } from "../mutants/proxy.js";
import { is, requestJson } from "./rewrite.js";
import type { Variant } from "./variant.js";

/** What the variant fills in for an address member the request left out (the sandbox requires them). */
const filler: Record<string, string> = { line_1: "1 Filled In St", city_locality: "Austin", city: "Austin", state_province: "TX", postal_code: "78701", zipcode: "78701", country_code: "US" };
const createMembers = ["line_1", "city_locality", "state_province", "postal_code", "country_code"];
const updateMembers = ["line_1", "city", "state_province", "zipcode", "country_code"];

/** Fills the members `object` lacks; returns whether it filled any. */
function fill(object: unknown, members: string[]): boolean {
  if (object === null || typeof object !== "object" || Array.isArray(object)) return false;
  const record = object as Record<string, unknown>;
  let filled = false;
  for (const name of members) {
    if (record[name] === undefined) {
      record[name] = filler[name];
      filled = true;
    }
  }
  return filled;
}

const addressMembersOptional: Variant = {
  id: "address-members-optional", decisions: ["B-10"], kind: "behaviour", services: ["bank-payments"], coverage: true,
  change: "every address member is optional: a billing address (on create or update) missing any member is accepted",
  allowedBy: 'bank §2.3 "Which address members are required: not shown"; B-10 open',
  request(e) {
    if (!is.intentCreate(e) && !is.addressUpdate(e)) return;
    const body = requestJson(e);
    if (body === null || typeof body !== "object" || Array.isArray(body)) return;
    const filled = is.intentCreate(e) ? fill(body.billing_address, createMembers) : fill(body, updateMembers);
    return filled ? { forward: { body: JSON.stringify(body) } } : undefined;
  },
  response() {},
};

/** The variant's ceiling: far below the sandbox's 999999999.99, far above the suite's ordinary amounts. */
const lowerCeiling = 99_999.99;

/** Whether a request member is an amount past the variant's ceiling. */
const pastCeiling = (value: unknown) => (typeof value === "number" || typeof value === "string") && value !== "" && Number(value) > lowerCeiling;

/** Requests that carry an amount: creation, the amount-taking actions, credits. */
function carriesAmount(e: Exchange): boolean {
  return is.intentCreate(e) || is.intentAction(e) || is.creditCreate(e);
}

const lowerAmountCeiling: Variant = {
  id: "amount-ceiling-lower", decisions: ["B-20"], kind: "behaviour", services: ["bank-payments"], coverage: true,
  change: `every request amount above ${lowerCeiling} is refused (422 invalid on amount)`,
  allowedBy: "bank §8 states no ceiling for a debit or a refund; B-20 open: an amount past the server's ceiling may be refused",
  request(e) {
    if (!carriesAmount(e)) return;
    const body = requestJson(e);
    if (body === null || typeof body !== "object" || Array.isArray(body) || !pastCeiling(body.amount)) return;
    // A value of the wrong type in its place: the sandbox's own 422 names amount, beside every other problem.
    body.amount = [];
    return { forward: { body: JSON.stringify(body) } };
  },
  response() {},
};

export const openValueVariants: Variant[] = [addressMembersOptional, lowerAmountCeiling];
