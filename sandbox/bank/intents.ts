// Transaction intent endpoints: create, list, read, PATCH actions, billing address update.
import { newId, nowIso } from "../ids.js";
import { reply, type JsonReply } from "../http.js";
import { centsPart, parseAmount, splitCents } from "../money.js";
import type { Filter } from "../store.js";
import { objectBody, requireKey, type BankContext } from "./context.js";
import { addError, notFound, validationError, type FieldErrors } from "./errors.js";
import { createdView, fullView, publicView, type ExtrasObject, type IntentRecord, type StoredAddress } from "./intent-record.js";
import { applyAction, authorized, captured, consumerDataProblem, declined, triggers, type ActionName, type Transition } from "./intent-transitions.js";
import { defaultPerPage, envelope } from "./pagination.js";
import { authorizeWithCode } from "../helpers/authorization-codes.js";
import { readSettings, takeNextAuthorizationCode, type AuthorizationCode } from "../helpers/settings.js";
import { hasErrors, validateBody, validateQuery } from "./validation.js";
import { integerSpellings } from "./digit-filter.js";

/** The longest `submerchant_id` a create accepts (`RequestText`, at most 255 characters). */
const requestTextMaxLength = 255;

/** The service fee the sandbox charges when a `service_fee_id` is given (contract is silent). */
export const sandboxServiceFeeCents = 250;

const intentMeta = { type: "transaction_intent" } as const;

function addressFrom(input: Record<string, unknown>, names: { city: string; postal: string }): StoredAddress {
  return {
    id: newId("address"),
    standardized: true,
    line_1: input.line_1 as string,
    line_2: (input.line_2 as string | null | undefined) ?? null,
    city_locality: input[names.city] as string,
    state_province: input.state_province as string,
    postal_code: input[names.postal] as string,
    country_code: input.country_code as string,
  };
}

/** Four equal payments two weeks apart, the first on the creation date (UTC). */
function schedule(totalCents: number, createdAt: string): IntentRecord["payments"] {
  const start = new Date(createdAt.slice(0, 10) + "T00:00:00Z");
  return splitCents(totalCents, 4).map((amount_cents, i) => ({
    amount_cents,
    scheduled_for: new Date(start.getTime() + i * 14 * 86_400_000).toISOString().slice(0, 10),
  }));
}

/**
 * What a creation with an action stores: the code arranged by the `next_authorization_code`
 * setting decides the authorization (a consumer data code gives the 422 of bank doc 4.3), else
 * the amount triggers (`.07`, `.12` decline an `authorize_and_capture`); an approved
 * `authorize_and_capture` is captured at once.
 */
function authorizedAtCreation(
  intent: IntentRecord,
  action: "authorize" | "authorize_and_capture",
  code: AuthorizationCode | null,
  at: string,
): Transition {
  let outcome: Transition;
  if (code !== null) {
    outcome = authorizeWithCode(intent, code, at);
  } else {
    const ending = centsPart(intent.amount_cents);
    const declinedByTrigger = action === "authorize_and_capture" && (ending === triggers.declineNegative || ending === triggers.declineHighRisk);
    outcome = { kind: "ok", intent: declinedByTrigger ? declined(intent, ending === triggers.declineNegative ? "07" : "12") : authorized(intent, at) };
  }
  if (outcome.kind === "ok" && action === "authorize_and_capture" && outcome.intent.status === "pending_capture") {
    return { kind: "ok", intent: captured(outcome.intent, intent.amount_cents, at) };
  }
  return outcome;
}

export function createIntent(ctx: BankContext): JsonReply {
  const key = requireKey(ctx, "secret");
  if ("reply" in key) return key.reply;
  const parsed = objectBody(ctx);
  if ("reply" in parsed) return parsed.reply;
  const body = parsed.value;
  const action = Object.hasOwn(body, "action") ? (body.action as "authorize" | "authorize_and_capture") : undefined;
  const errors = validateBody(
    "createTransactionIntent",
    action === undefined ? "CreateTransactionIntentRequest" : "CreateAndAuthorizeTransactionIntentRequest",
    body,
  );
  const cents = parseAmount(body.amount);
  if (cents === undefined && !errors.amount) addError(errors, "amount", "invalid");
  if (hasErrors(errors)) return validationError(errors);
  const problem = action === undefined ? undefined : consumerDataProblem(cents as number);

  const at = nowIso();
  // Variant A's `type` defaults to bankpay (bank doc 4.1, B-23); variant B has none.
  const type = action === undefined ? ((body.type as IntentRecord["type"] | undefined) ?? "bankpay") : "bankpay";
  const intent: IntentRecord = {
    id: newId("transaction_intent"),
    type,
    status: "pending_service_fee_acceptance",
    created_at: at,
    amount_cents: cents as number,
    authorized_cents: cents as number,
    captured_cents: null,
    refunded_total_cents: null,
    authorized_at: null,
    captured_at: null,
    captured_status: null,
    capture_reference_id: null,
    bank_account_id: body.bank_account as string,
    billing_address: body.billing_address ? addressFrom(body.billing_address as Record<string, unknown>, { city: "city_locality", postal: "postal_code" }) : null,
    consumer_id: body.consumer_id as string,
    cancel: null,
    refund: null,
    extras: (body.extras as ExtrasObject | undefined) ?? null,
    payments: type === "bankpay_bnpl" ? schedule(cents as number, at) : null,
    reason: null,
    reference_id: null,
    service_fee_cents: action !== undefined ? sandboxServiceFeeCents : null,
    service_fee_accepted_at: action !== undefined ? at : null,
    service_fee_id: (body.service_fee_id as string | undefined) ?? null,
    transaction_adverse_type: false,
    store_number: body.store_number as string,
    submerchant_id: (body.submerchant_id as string | undefined) ?? null,
    product_code: (body.product_code as string | undefined) ?? null,
    product_subcode: (body.product_subcode as string | undefined) ?? null,
  };

  return ctx.store.transaction(() => {
    // A code arranged by the settings (test helpers) decides instead of the amount triggers.
    const arranged = action === undefined ? null : readSettings(ctx.store).nextAuthorizationCode;
    if (arranged === null && problem) return validationError(problem.errors, problem.message);
    const owner = ctx.store.ownerOfBankAccount(intent.bank_account_id);
    if (owner !== undefined && owner !== intent.consumer_id) {
      return reply(409, {
        conflict: "bank_account_conflict",
        message: "The bank account belongs to another consumer.",
        ...(action !== undefined ? { action } : {}),
      });
    }
    let stored = intent;
    if (action !== undefined) {
      // The arranged code is used up here, by the authorization, whatever its outcome.
      const outcome = authorizedAtCreation(intent, action, takeNextAuthorizationCode(ctx.store), at);
      if (outcome.kind === "invalid") return validationError(outcome.errors, outcome.message);
      if (outcome.kind === "conflict") throw new Error("a creation has no state to conflict with");
      stored = outcome.intent;
    }
    ctx.store.bindBankAccount(stored.bank_account_id, stored.consumer_id);
    ctx.store.insert("intents", stored.id, stored);
    return reply(stored.status === "failed" ? 200 : 201, { data: createdView(stored), meta: intentMeta });
  });
}

export function readIntent(ctx: BankContext, id: string): JsonReply {
  const key = requireKey(ctx, "either");
  if ("reply" in key) return key.reply;
  const intent = ctx.store.get<IntentRecord>("intents", id);
  if (!intent) return notFound();
  return reply(200, { data: key.kind === "secret" ? fullView(intent) : publicView(intent), meta: intentMeta });
}

const actionSchemas: Record<ActionName, string> = {
  authorize: "AuthorizeAction",
  capture: "CaptureAction",
  refund: "RefundAction",
  cancel: "CancelAction",
  cancel_refund: "CancelRefundAction",
};

export function actOnIntent(ctx: BankContext, id: string): JsonReply {
  const key = requireKey(ctx, "secret");
  if ("reply" in key) return key.reply;
  if (!ctx.store.get<IntentRecord>("intents", id)) return notFound();
  const parsed = objectBody(ctx);
  if ("reply" in parsed) return parsed.reply;
  const body = parsed.value;
  if (!Object.hasOwn(body, "action")) return validationError({ action: ["missing"] });
  if (typeof body.action !== "string" || !Object.hasOwn(actionSchemas, body.action)) return validationError({ action: ["invalid"] });
  const action = body.action as ActionName;
  const errors = validateBody("updateTransactionIntent", actionSchemas[action], body);
  let cents: number | undefined;
  // A refund without an amount refunds the whole captured amount (B-35); capture's is required.
  if (action === "capture" || (action === "refund" && body.amount !== undefined)) {
    cents = parseAmount(body.amount);
    if (cents === undefined && !errors.amount) addError(errors, "amount", "invalid");
  }
  if (hasErrors(errors)) return validationError(errors);

  return ctx.store.transaction(() => {
    const intent = ctx.store.get<IntentRecord>("intents", id) as IntentRecord;
    let outcome = applyAction(intent, action, cents, readSettings(ctx.store).captureLimits);
    // A code arranged by the settings (test helpers) decides an authorization that is not a 409
    // instead of the amount triggers, and is used up by it.
    if (action === "authorize" && outcome.kind !== "conflict") {
      const code = takeNextAuthorizationCode(ctx.store);
      if (code !== null) outcome = authorizeWithCode(intent, code, nowIso());
    }
    if (outcome.kind === "conflict") return reply(409, { conflict: outcome.conflict, message: outcome.message, action });
    if (outcome.kind === "invalid") {
      if (outcome.intent) ctx.store.update("intents", id, outcome.intent);
      return validationError(outcome.errors, outcome.message);
    }
    ctx.store.update("intents", id, outcome.intent);
    return reply(200, { data: fullView(outcome.intent), meta: { type: action === "authorize" ? "pending_capture" : "transaction_intent" } });
  });
}

/** Update errors are keyed as the documentation shows them. */
const addressErrorKeys: Record<string, string> = {
  line_1: "line_one",
  line_2: "line_two",
  city: "city_locality",
  zipcode: "postal_code",
  state_province: "state_province",
  country_code: "country_code",
};

export function updateAddress(ctx: BankContext, id: string): JsonReply {
  const key = requireKey(ctx, "publishable");
  if ("reply" in key) return key.reply;
  if (!ctx.store.get<IntentRecord>("intents", id)) return notFound();
  const parsed = objectBody(ctx);
  if ("reply" in parsed) return parsed.reply;
  const found = validateBody("updateTransactionIntentBillingAddress", "BillingAddressUpdate", parsed.value);
  const errors: FieldErrors = {};
  for (const [field, problems] of Object.entries(found)) {
    for (const problem of problems) addError(errors, Object.hasOwn(addressErrorKeys, field) ? addressErrorKeys[field] : field, problem);
  }
  if (hasErrors(errors)) return validationError(errors);
  return ctx.store.transaction(() => {
    const intent = ctx.store.get<IntentRecord>("intents", id) as IntentRecord;
    const updated: IntentRecord = { ...intent, billing_address: addressFrom(parsed.value, { city: "city", postal: "zipcode" }) };
    ctx.store.update("intents", id, updated);
    return reply(200, { data: publicView(updated), meta: intentMeta });
  });
}

export function listIntents(ctx: BankContext): JsonReply {
  const key = requireKey(ctx, "secret");
  if ("reply" in key) return key.reply;
  const { values, errors } = validateQuery("listTransactionIntents", ctx.query);
  if (hasErrors(errors)) return validationError(errors);
  const filters: Filter[] = [];
  if (values.status !== undefined) filters.push({ member: "$.status", values: [values.status] });
  if (values.type !== undefined) filters.push({ member: "$.type", values: [values.type] });
  if (values.reference_number !== undefined) filters.push({ member: "$.reference_id", values: [values.reference_number] });
  if (values.station_number !== undefined) filters.push({ member: "$.store_number", values: [values.station_number] });
  if (values.submerchant_id !== undefined) {
    // Stored as the string given at creation; the filter is an integer: it matches every id that
    // is the same integer written in digits (leading zeros ignored), compared as text, never as a
    // JavaScript number (README, "Intent list").
    const raw = ctx.query.get("submerchant_id") as string;
    filters.push({ member: "$.submerchant_id", values: integerSpellings(raw, requestTextMaxLength) });
  }
  return page(ctx, "intents", "/api/transaction-intents", filters, values, (intent: IntentRecord) => fullView(intent));
}

/** One page of a list, with its envelope. */
export function page<T>(
  ctx: BankContext,
  table: "intents" | "credits",
  path: string,
  filters: Filter[],
  values: Record<string, string | number>,
  view: (record: T) => unknown,
): JsonReply {
  const current = (values.page as number | undefined) ?? 1;
  const perPage = (values.per_page as number | undefined) ?? defaultPerPage;
  const { total, rows } = ctx.store.page<T>(table, filters, perPage, (current - 1) * perPage);
  const keep = new URLSearchParams();
  for (const name of Object.keys(values)) if (name !== "page") keep.append(name, ctx.query.get(name) as string);
  return reply(200, envelope(rows.map(view), total, { page: current, perPage }, `${ctx.origin()}${path}`, keep));
}
