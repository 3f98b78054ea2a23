// Transaction intents in the model: creation, the five actions, the billing address update and
// the read (bank doc 3.1, 4.1-4.5; README "Contract decisions", "Action pre-states", "Response
// codes per outcome", "Capture outcomes", "reason", "reference_id", "Sandbox test triggers").
import { fixedSlot, held, object, Slot } from "../expect.js";
import {
  anyBoolean, anyDateTime, currency, dateTimeWithin, freeTextNaming, idOf, newIdOf, nonEmptyText, nullOr, named, type Window,
} from "../forms.js";
import type { Prediction } from "../prediction.js";
import { intentConflict, invalid, notFound } from "./answers.js";
import { addError, amountCents, extrasNamesValid, schemaProblems, type FieldErrors } from "./requests.js";
import { awaitingAuthorization, type AttemptRecord, type BankState, type IntentRecord } from "./state.js";
import { fullIntentView, money, publicIntentView, schedule } from "./views.js";

/** What an intent model needs besides its state. */
export type ModelContext = {
  state: BankState;
  /** Whether the server implements README's "Sandbox test triggers". */
  triggers: boolean;
  /** The request's time window (client clock, widened by the allowed skew). */
  window: Window;
};

/** Which outcomes a trigger allows: only the triggered one when triggers are on, both when off. */
export function outcomes(ctx: ModelContext, triggered: boolean): boolean[] {
  if (!triggered) return [false];
  return ctx.triggers ? [true] : [true, false];
}

const cents = (amount: number) => amount % 100;

/** The authorize 422 of bank doc 4.3, reached through amount endings .66/.70/.71 (README triggers). */
const consumerDataProblems: Record<number, { errors: FieldErrors; code: string }> = {
  66: { errors: { line_one: ["invalid"], city_locality: ["invalid"], postal_code: ["invalid"] }, code: "66" },
  70: { errors: { first_name: ["invalid"], last_name: ["invalid"] }, code: "70" },
  71: { errors: { company_name: ["invalid"] }, code: "71" },
};

/** The 422 an authorization of this amount may get: undefined for none. */
function consumerDataOutcomes(ctx: ModelContext, amount: number): Array<{ errors: FieldErrors; code: string } | undefined> {
  const problem = consumerDataProblems[cents(amount)];
  return outcomes(ctx, problem !== undefined).map((hit) => (hit ? problem : undefined));
}

/** A time the server sets now; only `authorized_at` is UTC (bank doc 2.1, B-17). */
const timeSlot = (label: string, window: Window) => new Slot(label, dateTimeWithin(window, label === "authorized_at"));
const reasonSlot = (code?: string) => new Slot("reason", freeTextNaming(code));

/** reference_id set at authorization or decline; none for an amount ending .33 (trigger). */
function referenceSlots(ctx: ModelContext, amount: number, declined = false): Slot[] {
  if (declined) return [new Slot("reference_id", nonEmptyText)];
  return outcomes(ctx, cents(amount) === 33).map((none) =>
    none ? fixedSlot("reference_id", nullOr(nonEmptyText), null) : new Slot("reference_id", nonEmptyText));
}

/** The fields an authorization sets (bank doc 3.1). */
function authorizedRecords(ctx: ModelContext, intent: IntentRecord): IntentRecord[] {
  return referenceSlots(ctx, intent.amountCents).map((referenceId) => ({
    ...intent,
    status: "pending_capture",
    authorizedAt: timeSlot("authorized_at", ctx.window),
    reason: reasonSlot(),
    referenceId,
  }));
}

function captured(ctx: ModelContext, intent: IntentRecord, amount: number): IntentRecord {
  return {
    ...intent,
    status: "succeeded",
    capturedCents: amount,
    capturedAt: timeSlot("captured_at", ctx.window),
    capturedStatus: "succeeded",
    captureReferenceId: new Slot("capture_reference_id", nonEmptyText),
    reason: reasonSlot(),
  };
}

function newAttempt(ctx: ModelContext, amount: string, responseCode: string): AttemptRecord {
  return {
    amount,
    createdAt: timeSlot("created_at", ctx.window),
    message: new Slot("message", nonEmptyText),
    referenceNumber: new Slot("reference_number", nonEmptyText),
    responseCode,
    status: "succeeded",
  };
}

const intentMeta = object({ type: "transaction_intent" });

export function createIntent(ctx: ModelContext, body: Record<string, unknown> | undefined): Prediction[] {
  if (!body) return [invalid({ body: ["invalid"] })];
  const action = Object.hasOwn(body, "action") ? body.action : undefined;
  const errors = schemaProblems(action === undefined ? "CreateTransactionIntentRequest" : "CreateAndAuthorizeTransactionIntentRequest", body, { nested: ["billing_address"] });
  const amount = amountCents(body.amount, { numbers: true, strings: false });
  if (amount === undefined) addError(errors, "amount", "invalid");
  if (!extrasNamesValid(body.extras)) addError(errors, "extras", "invalid");
  if (Object.keys(errors).length > 0) return [invalid(errors)];
  const { state } = ctx;
  const total = amount as number;
  const bankAccount = body.bank_account as string;
  const consumer = body.consumer_id as string;
  const predictions: Prediction[] = [];
  for (const problem of action === undefined ? [undefined] : consumerDataOutcomes(ctx, total)) {
    if (problem) {
      predictions.push(invalid(problem.errors, problem.code));
      continue;
    }
    const owner = state.accountOwners.get(bankAccount);
    if (owner !== undefined && owner !== consumer) {
      predictions.push(intentConflict("bank_account_conflict", action as string | undefined));
      continue;
    }
    const idSlot = new Slot("id", named("a new transaction_intent_<token>", (v) => idOf("transaction_intent").test(v) && !state.intents.has(v as string)));
    const addressSlot = body.billing_address === undefined ? null : new Slot("billing_address.id", idOf("address"));
    const type = action === undefined ? (body.type as IntentRecord["type"]) : "bankpay";
    const base: IntentRecord = {
      id: "",
      seq: 0,
      type,
      status: "pending_service_fee_acceptance",
      amountCents: total,
      capturedCents: null,
      refundedCents: null,
      authorizedAt: null,
      capturedAt: null,
      capturedStatus: null,
      captureReferenceId: null,
      bankAccountId: bankAccount,
      consumerId: consumer,
      billingAddressId: addressSlot,
      cancel: null,
      refund: null,
      extras: body.extras ?? null,
      payments: type === "bankpay_bnpl" ? schedule(total, ctx.window) : null,
      reason: null,
      referenceId: null,
      serviceFee: new Slot("service_fee", nullOr(currency)),
      serviceFeeId: (body.service_fee_id as string | undefined) ?? null,
      serviceFeeAcceptedAt: new Slot("service_fee_accepted_at", nullOr(anyDateTime)),
      adverse: false,
      isMailable: new Slot("is_mailable", anyBoolean),
      captureRefusals: 0,
      storeNumber: body.store_number as string,
      submerchantId: (body.submerchant_id as string | undefined) ?? null,
    };
    const results: Array<{ status: number; record: IntentRecord }> = [];
    if (action === undefined) results.push({ status: 201, record: base });
    else if (action === "authorize") for (const record of authorizedRecords(ctx, base)) results.push({ status: 201, record });
    else {
      const declineCode = cents(total) === 7 ? "07" : cents(total) === 12 ? "12" : undefined;
      for (const declined of outcomes(ctx, declineCode !== undefined)) {
        if (declined) {
          const record: IntentRecord = { ...base, status: "failed", reason: reasonSlot(declineCode), referenceId: referenceSlots(ctx, total, true)[0], adverse: true };
          results.push({ status: 200, record });
        } else {
          for (const record of authorizedRecords(ctx, base)) results.push({ status: 201, record: captured(ctx, record, total) });
        }
      }
    }
    for (const { status, record } of results) {
      const members: Record<string, unknown> = {
        id: held(idSlot),
        status: record.status,
        bank_account_id: bankAccount,
        billing_address: addressSlot === null ? null : object({ id: held(addressSlot), standardized: held(new Slot("standardized", anyBoolean)) }),
        consumer_id: consumer,
        extras: body.extras ?? null,
      };
      if (record.serviceFeeId !== null) members.service_fee_id = record.serviceFeeId;
      predictions.push({
        status,
        body: object({ data: object(members), meta: intentMeta }),
        apply: () => {
          const id = idSlot.value as string;
          state.intents.set(id, { ...record, id, seq: state.next() });
          if (!state.accountOwners.has(bankAccount)) state.accountOwners.set(bankAccount, consumer);
        },
      });
    }
  }
  return predictions;
}

const actionSchemas: Record<string, string> = {
  authorize: "AuthorizeAction",
  capture: "CaptureAction",
  refund: "RefundAction",
  cancel: "CancelAction",
  cancel_refund: "CancelRefundAction",
};

/** Capture limits (README, "Capture outcomes"): 0.00 over the amount authorized, three refusals. */
const adjustmentCents = 0;
const captureRetries = 3;

export function actOnIntent(ctx: ModelContext, id: string, body: Record<string, unknown> | undefined): Prediction[] {
  const { state } = ctx;
  const intent = state.intents.get(id);
  if (!intent) return [notFound()];
  if (!body) return [invalid({ body: ["invalid"] })];
  if (!Object.hasOwn(body, "action")) return [invalid({ action: ["missing"] })];
  const action = body.action;
  if (typeof action !== "string" || !Object.hasOwn(actionSchemas, action)) return [invalid({ action: ["invalid"] })];
  const errors = schemaProblems(actionSchemas[action], body);
  let amount: number | undefined;
  if (action === "capture" || action === "refund") {
    amount = amountCents(body.amount, { numbers: true, strings: action === "capture" });
    if (amount === undefined) addError(errors, "amount", "invalid");
  }
  if (Object.keys(errors).length > 0) return [invalid(errors)];

  const ok = (record: IntentRecord): Prediction => ({
    status: 200,
    body: object({ data: fullIntentView(record, state), meta: object({ type: action === "authorize" ? "pending_capture" : "transaction_intent" }) }),
    apply: () => state.intents.set(id, record),
  });
  const conflict = (code: "already_occurred" | "not_ready", responseCode?: string) => intentConflict(code, action, responseCode);

  switch (action) {
    case "authorize": {
      if (!awaitingAuthorization.includes(intent.status)) return [conflict("already_occurred")];
      return consumerDataOutcomes(ctx, intent.amountCents).flatMap((problem) =>
        problem ? [invalid(problem.errors, problem.code)] : authorizedRecords(ctx, intent).map(ok));
    }
    case "capture": {
      if (intent.status !== "pending_capture") return [intent.capturedCents !== null ? conflict("already_occurred", "73") : conflict("not_ready", "76")];
      const wanted = amount as number;
      if (wanted <= intent.amountCents + adjustmentCents) return [ok(captured(ctx, intent, wanted))];
      if (intent.captureRefusals < captureRetries) {
        return [{ ...invalid({ amount: ["invalid"] }, "78"), apply: () => state.intents.set(id, { ...intent, captureRefusals: intent.captureRefusals + 1 }) }];
      }
      return [ok({
        ...intent,
        status: "failed",
        capturedStatus: "limit_exceeded",
        captureReferenceId: new Slot("capture_reference_id", nonEmptyText),
        reason: reasonSlot("79"),
      })];
    }
    case "refund": {
      if (intent.status === "canceled") return [conflict("not_ready", "77")];
      if (intent.status === "refunded") return [conflict("not_ready")];
      if (intent.status !== "succeeded" || intent.capturedCents === null) return [conflict("not_ready", "76")];
      const wanted = amount as number;
      const captured = intent.capturedCents;
      const byAmount = (): Prediction => {
        if (wanted > captured) return invalid({ amount: ["invalid"] }, "75");
        if (wanted < captured) return invalid({ amount: ["invalid"] }, "81");
        return ok({ ...intent, status: "refunded", refundedCents: wanted, reason: reasonSlot(), refund: newAttempt(ctx, money(wanted), "08") });
      };
      const predictions: Prediction[] = [];
      for (const notSettled of outcomes(ctx, cents(intent.amountCents) === 80)) {
        if (!notSettled) predictions.push(byAmount());
        else {
          predictions.push(conflict("not_ready", "80"));
          // The decisions do not order the settlement check and the amount check.
          if (wanted !== captured) predictions.push(byAmount());
        }
      }
      return predictions;
    }
    case "cancel": {
      if (intent.status === "canceled") return [conflict("already_occurred", "31")];
      if (intent.status !== "pending_capture" && intent.status !== "succeeded") return [conflict("not_ready", "30")];
      return [ok({
        ...intent,
        status: "canceled",
        reason: reasonSlot(),
        cancel: newAttempt(ctx, money(intent.capturedCents ?? intent.amountCents), "29"),
        capturedCents: null,
        capturedAt: null,
        capturedStatus: null,
        captureReferenceId: null,
      })];
    }
    default: {
      if (intent.status !== "refunded" || intent.refund === null) return [conflict("not_ready")];
      return [ok({ ...intent, status: "succeeded", reason: reasonSlot(), refundedCents: null, refund: { ...intent.refund, status: "cancelled" } })];
    }
  }
}

/** Update errors are keyed as the documentation shows them (bank doc 4.2). */
const addressKeys = { line_1: "line_one", line_2: "line_two", city: "city_locality", zipcode: "postal_code" };

export function updateAddress(ctx: ModelContext, id: string, body: Record<string, unknown> | undefined): Prediction[] {
  const { state } = ctx;
  const intent = state.intents.get(id);
  if (!intent) return [notFound()];
  if (!body) return [invalid({ body: ["invalid"] })];
  const errors = schemaProblems("BillingAddressUpdate", body, { rename: addressKeys });
  if (Object.keys(errors).length > 0) return [invalid(errors)];
  const previous = intent.billingAddressId?.bound ? intent.billingAddressId.value : undefined;
  const record: IntentRecord = { ...intent, billingAddressId: new Slot("billing_address_id", newIdOf("address", previous)) };
  return [{
    status: 200,
    body: object({ data: publicIntentView(record, state), meta: intentMeta }),
    apply: () => state.intents.set(id, record),
  }];
}

export function readIntent(ctx: ModelContext, id: string, key: "secret" | "publishable"): Prediction[] {
  const intent = ctx.state.intents.get(id);
  if (!intent) return [notFound()];
  const data = key === "secret" ? fullIntentView(intent, ctx.state) : publicIntentView(intent, ctx.state);
  return [{ status: 200, body: object({ data, meta: intentMeta }) }];
}
