// Reading the bank service's request bodies: every problem found (a 422 reports them all), or the
// request as the domain code uses it. Identifiers must name objects this server has enrolled.
import type { Enrolment } from "../config.js";
import { amountNumber, amountString, extras, identifier, isObject, oneOf, text, type ExtrasValue, type Read } from "./fields.js";
import type { Problems } from "./replies.js";

export type Lookups = {
  enrolment: Enrolment;
  intentExists: (id: string) => boolean;
};

type Member = { required?: boolean; read: (value: unknown) => Read<unknown> };

/** Check `body` against its members: missing, invalid, and `invalid` for members this operation does not take. */
function readMembers(body: Record<string, unknown>, members: Record<string, Member>, problems: Problems, prefix = ""): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(members)) {
    if (!(name in body)) {
      if (member.required) problems[prefix + name] = ["missing"];
      continue;
    }
    const read = member.read(body[name]);
    if (read.ok) values[name] = read.value;
    else problems[prefix + name] = [read.word];
  }
  for (const name of Object.keys(body)) {
    if (!(name in members)) problems[prefix + name] = ["invalid"];
  }
  return values;
}

const always = (value: unknown): Read<unknown> => ({ ok: true, value });

// ---- transaction intents -------------------------------------------------------------------

export type CreateIntentRequest = {
  action: "authorize" | "authorize_and_capture" | null;
  type: "bankpay" | "bankpay_bnpl";
  amount: number;
  bankAccountId: string;
  consumerId: string;
  storeNumber: string;
  billingAddress: Record<string, string | null> | null;
  extras: Record<string, ExtrasValue> | null;
  submerchantId: string | null;
  serviceFeeId: string | null;
};

const addressMembers: Record<string, Member> = {
  line_1: { required: true, read: text },
  line_2: { read: (value) => (value === null ? { ok: true, value: null } : text(value)) },
  city_locality: { required: true, read: text },
  state_province: { required: true, read: text },
  postal_code: { required: true, read: text },
  country_code: { required: true, read: (value) => (typeof value === "string" && /^[A-Z]{2}$/.test(value) ? { ok: true, value } : { ok: false, word: "invalid" }) },
};

export function readCreateIntent(body: Record<string, unknown>, lookups: Lookups): { problems: Problems } | { request: CreateIntentRequest } {
  const problems: Problems = {};
  const withAction = "action" in body;
  const members: Record<string, Member> = {
    amount: { required: true, read: amountNumber },
    bank_account: { required: true, read: (value) => identifier("bank_account", value) },
    consumer_id: { required: true, read: (value) => identifier("consumer", value) },
    store_number: { required: true, read: text },
    billing_address: { read: always },
    extras: { read: extras },
    product_code: { read: text },
    product_subcode: { read: text },
    submerchant_id: { read: text },
    ...(withAction
      ? { action: { required: true, read: (value) => oneOf(["authorize", "authorize_and_capture"] as const, value) }, service_fee_id: { required: true, read: (value) => identifier("service_fee", value) } }
      // The table marks `type` required but names bankpay its default: a missing type is a bankpay.
      : { type: { read: (value) => oneOf(["bankpay", "bankpay_bnpl"] as const, value) } }),
  };
  const values = readMembers(body, members, problems);
  const { enrolment } = lookups;
  const account = enrolment.bank_accounts.find((a) => a.id === values.bank_account);
  if (values.bank_account !== undefined && !account) problems.bank_account = ["invalid"];
  if (values.consumer_id !== undefined && !enrolment.bank_accounts.some((a) => a.consumer_id === values.consumer_id)) problems.consumer_id = ["invalid"];
  if (values.store_number !== undefined && !enrolment.store_numbers.includes(values.store_number as string)) problems.store_number = ["invalid"];
  if (values.service_fee_id !== undefined && !enrolment.service_fees.includes(values.service_fee_id as string)) problems.service_fee_id = ["invalid"];
  if (values.submerchant_id !== undefined && !enrolment.submerchant_ids.debit.includes(values.submerchant_id as string)) {
    problems.submerchant_id = ["The submerchant_id is invalid: it is not one this client was issued for debits."];
  }
  let billingAddress: Record<string, string | null> | null = null;
  if ("billing_address" in body) {
    if (!isObject(body.billing_address)) problems.billing_address = ["invalid"];
    else billingAddress = readMembers(body.billing_address, addressMembers, problems, "billing_address.") as Record<string, string | null>;
  }
  if (Object.keys(problems).length > 0) return { problems };
  return {
    request: {
      action: (values.action as CreateIntentRequest["action"]) ?? null,
      type: (values.type as CreateIntentRequest["type"]) ?? "bankpay",
      amount: values.amount as number,
      bankAccountId: values.bank_account as string,
      consumerId: values.consumer_id as string,
      storeNumber: values.store_number as string,
      billingAddress,
      extras: (values.extras as CreateIntentRequest["extras"]) ?? null,
      submerchantId: (values.submerchant_id as string) ?? null,
      serviceFeeId: (values.service_fee_id as string) ?? null,
    },
  };
}

export type ActionRequest =
  | { action: "authorize" | "cancel" | "cancel_refund" }
  | { action: "capture"; amount: number }
  | { action: "refund"; amount: number | null };

export function readAction(body: Record<string, unknown>): { problems: Problems } | { request: ActionRequest } {
  if (!("action" in body)) return { problems: { action: ["missing"] } };
  const action = oneOf(["authorize", "capture", "refund", "cancel", "cancel_refund"] as const, body.action);
  if (!action.ok) return { problems: { action: ["invalid"] } };
  const problems: Problems = {};
  const members: Record<string, Member> = { action: { read: always } };
  if (action.value === "capture") members.amount = { required: true, read: (value) => (typeof value === "string" ? amountString(value) : amountNumber(value)) };
  // Capture says "required"; refund does not, so a refund without amount refunds the captured amount.
  if (action.value === "refund") members.amount = { read: amountNumber };
  const values = readMembers(body, members, problems);
  if (Object.keys(problems).length > 0) return { problems };
  if (action.value === "capture") return { request: { action: "capture", amount: values.amount as number } };
  if (action.value === "refund") return { request: { action: "refund", amount: (values.amount as number) ?? null } };
  return { request: { action: action.value } };
}

/** The address update's members: [member, stored as, errors keyed as] (bank §4.2). Further members are ignored. */
const updateMembers: Array<[string, string, string]> = [
  ["line_1", "line_1", "line_one"], ["line_2", "line_2", "line_two"], ["city", "city_locality", "city_locality"],
  ["zipcode", "postal_code", "postal_code"], ["state_province", "state_province", "state_province"], ["country_code", "country_code", "country_code"],
];

export function readAddressUpdate(body: Record<string, unknown>): { problems: Problems } | { request: Record<string, string | null> } {
  const problems: Problems = {};
  const lines: Record<string, string | null> = {};
  for (const [name, stored, key] of updateMembers) {
    const member = addressMembers[stored];
    if (!(name in body)) {
      if (member.required) problems[key] = ["missing"];
      continue;
    }
    const read = member.read(body[name]);
    if (read.ok) lines[stored] = read.value as string | null;
    else problems[key] = [read.word];
  }
  return Object.keys(problems).length > 0 ? { problems } : { request: lines };
}

/** The SDK's service fee acceptance: an enrolled `service_fee_id`. */
export function readServiceFeeAcceptance(body: Record<string, unknown>, lookups: Lookups): { problems: Problems } | { serviceFeeId: string } {
  const problems: Problems = {};
  const values = readMembers(body, { service_fee_id: { required: true, read: (value) => identifier("service_fee", value) } }, problems);
  if (values.service_fee_id !== undefined && !lookups.enrolment.service_fees.includes(values.service_fee_id as string)) problems.service_fee_id = ["invalid"];
  return Object.keys(problems).length > 0 ? { problems } : { serviceFeeId: values.service_fee_id as string };
}

// ---- credits -----------------------------------------------------------------------------

export type CreditRequest = {
  kind: "linked" | "unlinked";
  amount: number;
  targetId: string;
  /** The store number when it names an active client account; null when missing or not enrolled. */
  station: string | null;
  /** A store number was given that is no active client account, or an unlinked credit has none. */
  inactiveStore: boolean;
  employeeNumber: string | null;
  extras: Record<string, ExtrasValue> | null;
};

export type SubmerchantPolicy = "prohibited" | "accepted" | "required";

export function readCredit(body: Record<string, unknown>, lookups: Lookups, linkedPolicy: SubmerchantPolicy): { problems: Problems } | { request: CreditRequest } {
  const problems: Problems = {};
  const linked = "transaction_intent_id" in body;
  const unlinked = "creditable_id" in body;
  if (!linked && !unlinked) {
    problems.transaction_intent_id = ["missing"];
    problems.creditable_id = ["missing"];
  }
  if (linked && unlinked) {
    problems.transaction_intent_id = ["invalid"];
    problems.creditable_id = ["invalid"];
  }
  const { enrolment } = lookups;
  const members: Record<string, Member> = {
    amount: { required: true, read: amountString },
    transaction_intent_id: { read: (value) => identifier("transaction_intent", value) },
    creditable_id: { read: (value) => identifier("bank_account", value) },
    employee_number: { read: text },
    extras: { read: extras },
    store_number: { read: always },
    submerchant_id: { read: always },
  };
  const values = readMembers(body, members, problems);
  if (linked && !unlinked && values.transaction_intent_id !== undefined && !lookups.intentExists(values.transaction_intent_id as string)) {
    problems.transaction_intent_id = ["invalid"];
  }
  if (unlinked && !linked && values.creditable_id !== undefined && !enrolment.bank_accounts.some((a) => a.id === values.creditable_id)) {
    problems.creditable_id = ["invalid"];
  }
  // Unlinked credits require a submerchant_id; linked ones follow the client's settings. When the
  // kind is unclear (neither or both targets named) only a problem both kinds share is reported.
  const forLinked = submerchantProblem(body, linkedPolicy, [...enrolment.submerchant_ids.credit, ...enrolment.submerchant_ids.debit]);
  const forUnlinked = submerchantProblem(body, "required", enrolment.submerchant_ids.credit);
  const submerchant = linked === unlinked ? (forLinked === forUnlinked ? forLinked : undefined) : linked ? forLinked : forUnlinked;
  if (submerchant) problems.submerchant_id = [submerchant];
  if (Object.keys(problems).length > 0) return { problems };
  const store = body.store_number;
  const station = typeof store === "string" && enrolment.store_numbers.includes(store) ? store : null;
  return {
    request: {
      kind: linked ? "linked" : "unlinked",
      amount: values.amount as number,
      targetId: (linked ? values.transaction_intent_id : values.creditable_id) as string,
      station,
      // A linked credit may leave the store out (bank §4.6); an unlinked one may not (§3.2).
      inactiveStore: station === null && (unlinked || "store_number" in body),
      employeeNumber: (values.employee_number as string) ?? null,
      extras: (values.extras as CreditRequest["extras"]) ?? null,
    },
  };
}

/** The sentence for a submerchant_id problem (bank §4.6, §7.1), or undefined. */
function submerchantProblem(body: Record<string, unknown>, policy: SubmerchantPolicy, issued: string[]): string | undefined {
  if (!("submerchant_id" in body)) return policy === "required" ? "A submerchant_id is required for this kind of credit." : undefined;
  if (policy === "prohibited") return "A submerchant_id is prohibited on this client's linked credits.";
  const value = body.submerchant_id;
  return typeof value === "string" && issued.includes(value) ? undefined : "The submerchant_id is invalid: it was not issued to this client for credits.";
}

export function readCancelCredit(body: Record<string, unknown>): Problems | undefined {
  if (!("action" in body)) return { action: ["missing"] };
  const problems: Problems = {};
  readMembers(body, { action: { read: (value) => oneOf(["cancel"] as const, value) } }, problems);
  return Object.keys(problems).length > 0 ? problems : undefined;
}
