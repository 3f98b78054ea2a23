// Credit endpoints: create (linked or unlinked), list, read, cancel (bank doc 3.2 and 4.6-4.9).
import { newId, nowIso, referenceNumber } from "../ids.js";
import { reply, type JsonReply } from "../http.js";
import { centsPart, formatCents, parseAmount } from "../money.js";
import type { Filter, Store } from "../store.js";
import { objectBody, requireKey, type BankContext } from "./context.js";
import { addError, notFound, validationError, type FieldErrors } from "./errors.js";
import type { ExtrasObject, IntentRecord } from "./intent-record.js";
import { page } from "./intents.js";
import { hasErrors, validateBody, validateQuery } from "./validation.js";
import { readSettings } from "../helpers/settings.js";

export type CreditStatus = "pending" | "failed" | "succeeded" | "cancelled";

export type CreditRecord = {
  id: string;
  amount_cents: number;
  creditable_type: "transaction_intent" | "bank_account";
  creditable_id: string;
  type: "linked" | "unlinked";
  status: CreditStatus;
  created_at: string;
  updated_at: string;
  employee_number: string | null;
  extras: ExtrasObject | null;
  reason: string | null;
  cancel_message: string | null;
  reference_number: string | null;
  station_number: string | null;
  submerchant_id: string | null;
};

/** A credit amount ending in this many cents stays `pending` (README, "Sandbox test triggers"). */
export const pendingCreditCents = 50;

export const inactiveStoreReason = "The client account for this store number is inactive.";

const creditMeta = { type: "credit" } as const;

/**
 * The credit as the contract shows it. `creditable_id` appears on unlinked credits and, as the
 * documentation's cancel response shows, on any cancelled credit; `transaction_intent_id` on linked ones.
 */
export function creditView(credit: CreditRecord) {
  return {
    id: credit.id,
    amount: formatCents(credit.amount_cents),
    creditable: { type: credit.creditable_type, id: credit.creditable_id },
    ...(credit.type === "unlinked" || credit.status === "cancelled" ? { creditable_id: credit.creditable_id } : {}),
    ...(credit.type === "linked" ? { transaction_intent_id: credit.creditable_id } : {}),
    type: credit.type,
    status: credit.status,
    created_at: credit.created_at,
    updated_at: credit.updated_at,
    employee_number: credit.employee_number,
    extras: credit.extras,
    reason: credit.reason,
    cancel_message: credit.cancel_message,
    reference_number: credit.reference_number,
    station_number: credit.station_number,
  };
}

/** `submerchant_id` problems are sentences, as the documentation describes. */
const submerchantSentences: Record<string, string> = {
  missing: "The submerchant id field is required.",
  invalid: "The submerchant id is invalid.",
  prohibited: "The submerchant id field is prohibited.",
};

function withSubmerchantSentences(errors: FieldErrors): FieldErrors {
  if (errors.submerchant_id) errors.submerchant_id = errors.submerchant_id.map((word) => submerchantSentences[word] ?? word);
  return errors;
}

function approvedOrPending(amountCents: number): Pick<CreditRecord, "status" | "reason" | "reference_number"> {
  return centsPart(amountCents) === pendingCreditCents
    ? { status: "pending", reason: "The credit is being processed.", reference_number: referenceNumber("CR") }
    : { status: "succeeded", reason: "Approved", reference_number: referenceNumber("CR") };
}

/** 422 (code 74) for a credit above the tenant's credit limit (a sandbox setting, none by default). */
function overCreditLimit(store: Store, cents: number): JsonReply | undefined {
  const limit = readSettings(store).creditLimitCents;
  if (limit === null || cents <= limit) return undefined;
  return validationError({ amount: ["invalid"] }, "The given data was invalid. Credit amount over the limit (response code 74).");
}

export function createCredit(ctx: BankContext): JsonReply {
  const key = requireKey(ctx, "secret");
  if ("reply" in key) return key.reply;
  const parsed = objectBody(ctx);
  if ("reply" in parsed) return parsed.reply;
  const body = parsed.value;
  const linked = Object.hasOwn(body, "transaction_intent_id") || !Object.hasOwn(body, "creditable_id");
  const errors = validateBody("createCredit", linked ? "LinkedCreditRequest" : "UnlinkedCreditRequest", body);
  if (!Object.hasOwn(body, "transaction_intent_id") && !Object.hasOwn(body, "creditable_id")) addError(errors, "creditable_id", "missing");
  const cents = parseAmount(body.amount);
  if (cents === undefined && !errors.amount) addError(errors, "amount", "invalid");
  if (linked && body.submerchant_id !== undefined) errors.submerchant_id = ["prohibited"];
  if (linked && !errors.transaction_intent_id && !ctx.store.get<IntentRecord>("intents", body.transaction_intent_id as string)) {
    addError(errors, "transaction_intent_id", "invalid");
  }
  if (hasErrors(errors)) return validationError(withSubmerchantSentences(errors));

  const at = nowIso();
  const common = {
    id: newId("credit"),
    amount_cents: cents as number,
    created_at: at,
    updated_at: at,
    employee_number: (body.employee_number as string | undefined) ?? null,
    extras: (body.extras as ExtrasObject | undefined) ?? null,
    cancel_message: null,
    submerchant_id: (body.submerchant_id as string | undefined) ?? null,
  };
  return ctx.write((store) => {
    let credit: CreditRecord;
    if (linked) {
      const intent = store.get<IntentRecord>("intents", body.transaction_intent_id as string) as IntentRecord;
      if (intent.status === "canceled") {
        return reply(409, { error: "incompatible_status", message: "Original debit was cancelled; linked credit impossible, use an unlinked credit (response code 77)." });
      }
      if (intent.status !== "succeeded") {
        return reply(409, { error: "incompatible_status", message: "The transaction intent status does not allow a credit." });
      }
      if (intent.reference_id === null) {
        return reply(409, { error: "no_reference_number", message: "The transaction intent has no reference number (response code 33)." });
      }
      const refused = overCreditLimit(store, common.amount_cents);
      if (refused) return refused;
      credit = {
        ...common,
        ...approvedOrPending(common.amount_cents),
        creditable_type: "transaction_intent",
        creditable_id: intent.id,
        type: "linked",
        station_number: (body.store_number as string | undefined) ?? null,
      };
    } else {
      const refused = overCreditLimit(store, common.amount_cents);
      if (refused) return refused;
      const storeNumber = body.store_number as string | undefined;
      const inactive = storeNumber === undefined || /^0+$/.test(storeNumber);
      credit = {
        ...common,
        ...(inactive ? { status: "failed" as const, reason: inactiveStoreReason, reference_number: null } : approvedOrPending(common.amount_cents)),
        creditable_type: "bank_account",
        creditable_id: body.creditable_id as string,
        type: "unlinked",
        station_number: inactive ? null : (storeNumber as string),
      };
    }
    store.insert("credits", credit.id, credit);
    return reply(201, { data: creditView(credit), meta: creditMeta });
  });
}

export function readCredit(ctx: BankContext, id: string): JsonReply {
  const key = requireKey(ctx, "secret");
  if ("reply" in key) return key.reply;
  const credit = ctx.store.get<CreditRecord>("credits", id);
  return credit ? reply(200, { data: creditView(credit), meta: creditMeta }) : notFound();
}

const cancelConflicts: Record<Exclude<CreditStatus, "succeeded">, { error: string; message: string }> = {
  cancelled: { error: "already_cancelled", message: "The credit is already cancelled." },
  pending: { error: "still_processing", message: "The credit is still being processed." },
  failed: { error: "failed", message: "The credit failed and cannot be cancelled." },
};

export function cancelCredit(ctx: BankContext, id: string): JsonReply {
  const key = requireKey(ctx, "secret");
  if ("reply" in key) return key.reply;
  if (!ctx.store.get<CreditRecord>("credits", id)) return notFound();
  const parsed = objectBody(ctx);
  if ("reply" in parsed) return parsed.reply;
  const errors = validateBody("cancelCredit", "CancelCreditRequest", parsed.value);
  if (hasErrors(errors)) return validationError(errors);
  return ctx.write((store) => {
    const credit = store.get<CreditRecord>("credits", id) as CreditRecord;
    if (credit.status !== "succeeded") return reply(409, cancelConflicts[credit.status]);
    const cancelled: CreditRecord = { ...credit, status: "cancelled", cancel_message: "Credit cancelled", updated_at: nowIso() };
    store.update("credits", id, cancelled);
    return reply(200, { data: creditView(cancelled), meta: creditMeta });
  });
}

export function listCredits(ctx: BankContext): JsonReply {
  const key = requireKey(ctx, "secret");
  if ("reply" in key) return key.reply;
  const { values, errors } = validateQuery("listCredits", ctx.query);
  if (hasErrors(errors)) return validationError(errors);
  const filters: Filter[] = [];
  const byMember: Record<string, string> = {
    creditable_type: "$.creditable_type",
    creditable_id: "$.creditable_id",
    employee_number: "$.employee_number",
    reference_number: "$.reference_number",
    station_number: "$.station_number",
  };
  for (const [name, member] of Object.entries(byMember)) {
    if (values[name] !== undefined) filters.push({ member, values: [values[name]] });
  }
  if (values.status !== undefined) {
    const status = values.status === "canceled" ? "cancelled" : values.status;
    filters.push({ member: "$.status", values: [status] });
  }
  return page(ctx, "credits", "/api/credits", filters, values, (credit: CreditRecord) => creditView(credit));
}
