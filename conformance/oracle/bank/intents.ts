// Transaction intents in the model: creation, the five actions, the billing address update and
// the read (bank doc 3.1, 4.1-4.5; decisions B-9 to B-41 of docs/contract-decisions.md). Where the
// contract leaves a choice to the server, a prediction lists every answer it allows.
import { adverseCodes, promisedDeclineCode, type Fixtures } from "../../fixtures-file.js";
import { settingCents, type SuiteSettings } from "../../settings.js";
import { exact, fixedSlot, form, held, object, ruled, Slot } from "../expect.js";
import {
  anyBoolean, anyDateTime, currency, dateTimeWithin, freeTextNaming, idOf, named, nonEmptyText, nullOr, withRule, type Window,
} from "../forms.js";
import type { Prediction } from "../prediction.js";
import { intentConflict, invalid, notFound, refusal, type FieldErrors, type KeySpellings } from "./answers.js";
import {
  addProblem, notEnrolledProblem, amountOf, amountProblems, bodyProblems, eitherReading, extrasNameProblems, oversizedProblem, type Problem, type RequestBody,
} from "./requests.js";
import type { Creation } from "./order.js";
import { awaitingAuthorization, type AttemptRecord, type BankState, type IntentRecord } from "./state.js";
import { fullIntentView, money, publicIntentView, schedule } from "./views.js";

/** What an intent model needs besides its state. */
export type ModelContext = {
  state: BankState;
  /** Whether the server implements the sandbox's test triggers (docs/sandbox.md). */
  triggers: boolean;
  /** The request's time window (client clock, widened by the allowed skew). */
  window: Window;
  /** What the server is configured to (conformance/settings.ts). */
  settings: SuiteSettings;
  /** The server's enrolled objects, when it named them. */
  fixtures?: Fixtures;
  /** When this request was sent and answered (raw client clock), and the check that sent it. */
  creation?: Creation;
};

/** Which outcomes a trigger allows: only the triggered one when triggers are on, both when off. */
export function outcomes(ctx: ModelContext, triggered: boolean): boolean[] {
  if (!triggered) return [false];
  return ctx.triggers ? [true] : [true, false];
}

const cents = (amount: number) => amount % 100;

/** The authorize 422 of bank doc 4.3 (B-33), reached in the sandbox through amount endings .66/.70/.71. */
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
/** B-36: a text after an authorization and on a decline (naming no other code than the decline's). */
const reasonRequired = (code?: string) => new Slot("reason", freeTextNaming(code));
/** B-36: null or a text at the other transitions. */
const reasonFree = () => new Slot("reason", withRule("B-36", nullOr(freeTextNaming(undefined))));

/** B-37: a reference, once given, is kept; before, null or a text (none for the `.33` trigger). */
function referenceSlots(ctx: ModelContext, intent: Pick<IntentRecord, "amountCents" | "referenceId">, declined = false): Slot[] {
  if (intent.referenceId?.bound && intent.referenceId.value !== null) return [intent.referenceId];
  if (declined) return [new Slot("reference_id", named("non-empty text", nonEmptyText.test, "B-37"))];
  return outcomes(ctx, cents(intent.amountCents) === 33).map((none) =>
    none ? fixedSlot("reference_id", nullOr(nonEmptyText), null) : new Slot("reference_id", named("null or text", nullOr(nonEmptyText).test, "B-37")));
}

/**
 * A declined authorization (B-31): the intent `failed`, a reason and a reference (B-36, B-37). A
 * known code (a trigger's, or one the fixtures promise) decides the adverse flag (07 and 12 set it,
 * bank doc 7.4); an unforeseen decline, which any server may give without triggers, may carry either
 * flag (its code is the server's), held once a view shows it (a creation's answer may not: B-26).
 */
function declinedRecords(ctx: ModelContext, intent: IntentRecord, code: string | undefined): IntentRecord[] {
  return [{
    ...intent, status: "failed", reason: reasonRequired(code), referenceId: referenceSlots(ctx, intent, true)[0],
    adverse: code === undefined ? new Slot("transaction_adverse_type", anyBoolean) : adverseCodes.includes(code),
    authorizedAt: new Slot("authorized_at", nullOr(dateTimeWithin(ctx.window, true))),
  }];
}

/** The fields an authorization sets (bank doc 3.1: authorized_at, amount_authorized, reason). */
function authorizedRecords(ctx: ModelContext, intent: IntentRecord): IntentRecord[] {
  return referenceSlots(ctx, intent).map((referenceId) => ({
    ...intent,
    status: "pending_capture",
    authorizedAt: timeSlot("authorized_at", ctx.window),
    reason: reasonRequired(),
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
    reason: reasonFree(),
  };
}

/** An attempt object (bank doc 2.2); `responseCode` a slot where the server chooses among codes (B-29). */
function newAttempt(ctx: ModelContext, amount: string, responseCode: string | Slot): AttemptRecord {
  return {
    amount,
    createdAt: timeSlot("created_at", ctx.window),
    message: new Slot("message", nonEmptyText),
    referenceNumber: new Slot("reference_number", nonEmptyText),
    responseCode,
    status: "succeeded",
  };
}

/** B-29: an approved refund's code, 08 or 21 (both "Approval"), held. */
const approvalCode = () => new Slot("refund.response_code", named('"08" or "21" (Approval)', (v) => v === "08" || v === "21", "B-29"));

/** B-38: a creation shows `transaction_intent`; with `authorize`, `pending_capture` too. */
const creationMeta = (action: unknown) =>
  object({ type: action === "authorize" ? form(named('"transaction_intent" or "pending_capture"', (v) => v === "transaction_intent" || v === "pending_capture", "B-38")) : "transaction_intent" });
const intentMeta = object({ type: "transaction_intent" });

/** The doc 4.2 names of billing address keys (B-15). */
const docAddressNames: Record<string, string> = { line_1: "line_one", line_2: "line_two", city_locality: "city_locality", postal_code: "postal_code", state_province: "state_province", country_code: "country_code" };

/** B-15: a creation's billing address keys as `billing_address.line_1`, `line_1` or `line_one`. */
const addressSpellings: KeySpellings = [
  (key) => key,
  (key) => key.replace(/^billing_address\./, ""),
  (key) => (key.startsWith("billing_address.") ? docAddressNames[key.slice("billing_address.".length)] ?? key.slice("billing_address.".length) : key),
];

/** The members a creation schema names (B-12: a server that cannot read a body may key those). */
const creationMembers = ["amount", "bank_account", "consumer_id", "store_number", "type", "action", "service_fee_id", "billing_address", "extras", "product_code", "product_subcode", "submerchant_id"];

/** B-12: a body that is not a JSON object: 422 keyed `body`, or by the members it then lacks. */
export function unreadable(members: string[]): Prediction {
  return invalid({}, undefined, false, Object.fromEntries([["body", ["invalid", "missing"]], ...members.map((m) => [m, ["missing", "invalid"]])]));
}

/** The owner of a bank account: an enrolled one's from the fixtures, else its first user (B-40). */
function ownerOf(ctx: ModelContext, account: string): string | undefined {
  return ctx.fixtures?.bank_accounts.find((a) => a.id === account)?.consumer_id ?? ctx.state.accountOwners.get(account);
}

/**
 * With fixtures, the server knows only what it enrolled (bank doc 1: an enrolled consumer and bank
 * account, an accepted service fee, an active store): a value the fixtures do not name may be refused.
 */
function notEnrolledProblems(ctx: ModelContext, problems: Problem[], body: Record<string, unknown>): void {
  const fixtures = ctx.fixtures;
  if (!fixtures) return;
  // Fixtures that name none of a kind (the sandbox's own, which enrols on first use) leave it free.
  const mayRefuse = (key: string, known: string[] = []) => { if (known.length > 0) notEnrolledProblem(problems, key, body[key], known); };
  mayRefuse("bank_account", fixtures.bank_accounts.map((a) => a.id));
  mayRefuse("consumer_id", fixtures.bank_accounts.map((a) => a.consumer_id));
  mayRefuse("store_number", fixtures.intent_store_numbers ?? fixtures.store_numbers);
  mayRefuse("service_fee_id", fixtures.service_fees);
  mayRefuse("submerchant_id", fixtures.submerchant_ids?.debit);
}

/** A creation (bank doc 4.1), under either reading of its empty strings (B-62). */
export function createIntent(ctx: ModelContext, request: RequestBody): Prediction[] {
  return eitherReading(request, (read) => createIntentAsRead(ctx, read));
}

function createIntentAsRead(ctx: ModelContext, request: RequestBody): Prediction[] {
  if (!request.readable) return [unreadable(creationMembers)];
  const body = request.value;
  const action = Object.hasOwn(body, "action") ? body.action : undefined;
  const problems = bodyProblems(action === undefined ? "CreateTransactionIntentRequest" : "CreateAndAuthorizeTransactionIntentRequest", body, { nested: ["billing_address"] });
  const amount = amountOf(body.amount, { numbers: true, strings: false });
  amountProblems(problems, amount, Object.hasOwn(body, "amount"));
  extrasNameProblems(problems, body.extras);
  oversizedProblem(problems, request);
  // B-23: variant A without `type` is a bankpay, or refused as `missing` (the table's "Y").
  if (action === undefined && !Object.hasOwn(body, "type")) addProblem(problems, "type", "missing", false);
  notEnrolledProblems(ctx, problems, body);
  const refused = refusal(problems, { spellings: addressSpellings });
  if (refused.must) return [refused.prediction!];
  const predictions: Prediction[] = refused.prediction ? [refused.prediction] : [];
  const { state } = ctx;
  const total = (amount as { cents: number }).cents;
  const bankAccount = body.bank_account as string;
  const consumer = body.consumer_id as string;
  for (const problem of action === undefined ? [undefined] : consumerDataOutcomes(ctx, total)) {
    if (problem) {
      predictions.push(invalid(problem.errors, problem.code));
      continue;
    }
    const owner = ownerOf(ctx, bankAccount);
    if (owner !== undefined && owner !== consumer) {
      predictions.push(intentConflict("bank_account_conflict", action as string | undefined, undefined, "optional"));
      continue;
    }
    const idSlot = new Slot("id", named("a new transaction_intent_<token>", (v) => idOf("transaction_intent").test(v) && !state.intents.has(v as string), "B-16"));
    const addressSlot = body.billing_address === undefined ? null : new Slot("billing_address.id", idOf("address"));
    const type = action === undefined ? ((body.type as IntentRecord["type"] | undefined) ?? "bankpay") : "bankpay";
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
      reason: reasonFree(),
      referenceId: new Slot("reference_id", named("null or text", nullOr(nonEmptyText).test, "B-37")),
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
    // A decline the fixtures promise for this input is the only answer (with its code).
    const promised = action === undefined ? undefined : promisedDeclineCode(ctx.fixtures, { cents: total, bankAccount, authorizeAndCapture: action === "authorize_and_capture" });
    if (action === undefined) results.push({ status: 201, record: base });
    else if (promised !== undefined) {
      for (const record of declinedRecords(ctx, base, promised)) results.push({ status: 200, record });
    } else if (action === "authorize") {
      for (const record of authorizedRecords(ctx, base)) results.push({ status: 201, record });
      // B-31: any authorization may be declined; without triggers the suite cannot tell which will be.
      if (!ctx.triggers) for (const record of declinedRecords(ctx, base, undefined)) results.push({ status: 200, record });
    } else {
      // The sandbox's triggers (.07, .12) name the code only where the server implements them.
      const triggerCode = cents(total) === 7 ? "07" : cents(total) === 12 ? "12" : undefined;
      const declineCode = ctx.triggers ? triggerCode : undefined;
      const choices = ctx.triggers ? outcomes(ctx, declineCode !== undefined) : [false, true];
      for (const declined of choices) {
        if (declined) {
          // Without triggers an amount ending .07 means nothing: the server's decline has its own code.
          for (const record of declinedRecords(ctx, base, ctx.triggers ? declineCode : undefined)) results.push({ status: 200, record });
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
        consumer_id: consumer,
        extras: body.extras ?? null,
      };
      const optional: Record<string, unknown> = {};
      // B-27: a billing address given is answered; none may be null or absent.
      if (addressSlot !== null) members.billing_address = object({ id: held(addressSlot), standardized: held(new Slot("standardized", anyBoolean)) });
      else optional.billing_address = ruled("B-27", exact(null));
      if (record.serviceFeeId !== null) members.service_fee_id = record.serviceFeeId;
      predictions.push({
        status,
        rule: "bank §3.1",
        body: object({ data: object(members, optional), meta: creationMeta(action) }),
        apply: () => {
          const id = idSlot.value as string;
          state.intents.set(id, { ...record, id, seq: state.next(), created: ctx.creation });
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

const actionMembers = ["action", "amount"];

/** An action (bank doc 4.3), under either reading of its empty strings (B-62). */
export function actOnIntent(ctx: ModelContext, id: string, request: RequestBody): Prediction[] {
  return eitherReading(request, (read) => actAsRead(ctx, id, read));
}

function actAsRead(ctx: ModelContext, id: string, request: RequestBody): Prediction[] {
  const { state } = ctx;
  const intent = state.intents.get(id);
  if (!intent) return [notFound()];
  if (!request.readable) return [unreadable(actionMembers)];
  const body = request.value;
  if (!Object.hasOwn(body, "action")) return [invalid({ action: ["missing"] })];
  const action = body.action;
  if (typeof action !== "string" || !Object.hasOwn(actionSchemas, action)) return [invalid({ action: ["invalid"] })];
  const problems = bodyProblems(actionSchemas[action], body);
  oversizedProblem(problems, request);
  let amount: number | undefined;
  if (action === "capture" || (action === "refund" && Object.hasOwn(body, "amount"))) {
    const read = amountOf(body.amount, { numbers: true, strings: action === "capture" });
    amountProblems(problems, read, Object.hasOwn(body, "amount"));
    amount = read?.cents;
  }
  // B-35: a refund without an amount is the whole captured amount, or refused as `missing`.
  if (action === "refund" && !Object.hasOwn(body, "amount")) addProblem(problems, "amount", "missing", false);
  const refused = refusal(problems);
  if (refused.must) return [refused.prediction!];
  const alternatives: Prediction[] = refused.prediction ? [refused.prediction] : [];

  // A declined authorize (B-31) says nothing of its meta.type: the authorize action's, or the intent's.
  const metaType = (record: IntentRecord) => action !== "authorize" ? exact("transaction_intent")
    : record.status === "failed" ? form(named("pending_capture or transaction_intent", (v) => v === "pending_capture" || v === "transaction_intent", "B-31")) : exact("pending_capture");
  const ok = (record: IntentRecord): Prediction => ({
    status: 200,
    rule: "bank §3.1",
    body: object({ data: fullIntentView(record, state), meta: object({ type: ruled("bank §2.5", metaType(record)) }) }),
    apply: () => state.intents.set(id, record),
  });
  const conflict = (code: "already_occurred" | "not_ready", responseCode?: string) => ({ ...intentConflict(code, action, responseCode), rule: "B-28" });
  return [...alternatives, ...actionOutcomes(ctx, intent, action, amount, ok, conflict)];
}

type Ok = (record: IntentRecord) => Prediction;
type Conflict = (code: "already_occurred" | "not_ready", responseCode?: string) => Prediction;

function actionOutcomes(ctx: ModelContext, intent: IntentRecord, action: string, amount: number | undefined, ok: Ok, conflict: Conflict): Prediction[] {
  const { state } = ctx;
  const id = intent.id;
  switch (action) {
    case "authorize": {
      if (!awaitingAuthorization.includes(intent.status)) return [conflict("already_occurred")];
      // A decline the fixtures promise for any authorization of this amount or bank account (B-31).
      const promised = promisedDeclineCode(ctx.fixtures, { cents: intent.amountCents, bankAccount: intent.bankAccountId, authorizeAndCapture: false });
      const authorized = promised !== undefined ? declinedRecords(ctx, intent, promised).map((record) => ({ ...ok(record), rule: "B-31" as const })) : consumerDataOutcomes(ctx, intent.amountCents).flatMap((problem) =>
        problem ? [invalid(problem.errors, problem.code)] : authorizedRecords(ctx, intent).map(ok));
      // B-31: without triggers, any authorization may be declined (200, the intent failed).
      if (!ctx.triggers && promised === undefined) authorized.push(...declinedRecords(ctx, intent, undefined).map((record) => ({ ...ok(record), rule: "B-31" })));
      // B-28: an intent whose service fee the consumer has not accepted may be refused.
      if (intent.status === "pending_authorization") return authorized;
      return [...authorized, { ...conflict("not_ready"), rule: "B-28" }, { ...invalid({}, undefined, false, { service_fee_id: ["missing", "invalid"] }), rule: "B-28" }];
    }
    case "capture": {
      // B-28, both readings: an intent captured then canceled "has not been captured" now (76) and
      // "was already captured" (73); a client retries neither, so either conflict is right.
      if (intent.capturedBeforeCancel) return [conflict("not_ready", "76"), conflict("already_occurred", "73")];
      if (intent.status !== "pending_capture") return [intent.capturedCents !== null ? conflict("already_occurred", "73") : conflict("not_ready", "76")];
      const wanted = amount as number;
      const limit = settingCents(ctx.settings.capture_adjustment_limit) as number;
      if (wanted <= intent.amountCents + limit) return [ok(captured(ctx, intent, wanted)), ...(ctx.triggers ? [] : failedCaptures(ctx, intent).map(ok))];
      const refused: Prediction = { ...invalid({ amount: ["invalid"] }, "78"), rule: "B-34", apply: () => state.intents.set(id, { ...intent, captureRefusals: intent.captureRefusals + 1 }) };
      if (intent.captureRefusals < ctx.settings.capture_retries && !intent.learned) return [refused];
      // An intent learned from a read may have had captures refused before: refused again, or failed.
      return [...(intent.learned ? [refused] : []), {
        ...ok({
          ...intent,
          status: "failed",
          capturedStatus: "limit_exceeded",
          captureReferenceId: new Slot("capture_reference_id", nonEmptyText),
          reason: reasonFree(),
        }),
        rule: "B-34",
      }];
    }
    case "refund": {
      if (intent.status === "canceled") return [conflict("not_ready", "77")];
      if (intent.status === "refunded") return [conflict("not_ready")];
      if (intent.status !== "succeeded" || intent.capturedCents === null) return [conflict("not_ready", "76")];
      const captured = intent.capturedCents;
      const wanted = amount ?? captured;
      const refunded = () => ok({ ...intent, status: "refunded", refundedCents: wanted, reason: reasonFree(), refund: newAttempt(ctx, money(wanted), approvalCode()) });
      const byAmount = (): Prediction[] => {
        // B-35: after a partial capture, an amount above the captured one but below the amount
        // authorized exceeds the debit (75) and, on the authorized base, is less than the purchase (81).
        if (wanted > captured) {
          const belowPurchase = captured < intent.amountCents && wanted < intent.amountCents;
          return [{ ...invalid({ amount: ["invalid"] }, "75"), rule: "B-35" }, ...(belowPurchase ? [{ ...invalid({ amount: ["invalid"] }, "81"), rule: "B-35" }] : [])];
        }
        if (wanted < captured) return [{ ...invalid({ amount: ["invalid"] }, "81"), rule: "B-35" }];
        // B-35: after a partial capture a server may take the amount authorized as the base (81).
        if (captured < intent.amountCents) return [refunded(), { ...invalid({ amount: ["invalid"] }, "81"), rule: "B-35" }];
        return [refunded()];
      };
      const predictions: Prediction[] = [];
      for (const notSettled of outcomes(ctx, cents(intent.amountCents) === 80)) {
        if (!notSettled) predictions.push(...byAmount());
        else {
          predictions.push(conflict("not_ready", "80"));
          // The decisions do not order the settlement check and the amount check.
          if (wanted !== captured) predictions.push(...byAmount());
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
        reason: reasonFree(),
        cancel: newAttempt(ctx, money(intent.capturedCents ?? intent.amountCents), "29"),
        capturedBeforeCancel: intent.capturedCents !== null,
        capturedCents: null,
        capturedAt: null,
        capturedStatus: null,
        captureReferenceId: null,
      })];
    }
    default: {
      if (intent.status !== "refunded" || intent.refund === null) return [conflict("not_ready")];
      return [ok({ ...intent, status: "succeeded", reason: reasonFree(), refundedCents: null, refund: { ...intent.refund, status: "cancelled" } })];
    }
  }
}

/** What a failed capture may name (bank doc 2.1's captured_status values other than the limit's, B-34). */
const captureFailures = ["duplicate_request", "error", "error_cannot_confirm", "expired", "invalid_key_data", "printed"];

/**
 * B-34: a failed capture is answered 200 with the intent still pending_capture and captured_status
 * naming the failure; it may be retried. Any capture may fail on a server without triggers.
 */
function failedCaptures(ctx: ModelContext, intent: IntentRecord): IntentRecord[] {
  return captureFailures.map((failure) => ({
    ...intent, capturedStatus: failure, capturedCents: null, capturedAt: null,
    captureReferenceId: new Slot("capture_reference_id", nullOr(nonEmptyText)), reason: reasonFree(),
  }));
}

/** Update errors are keyed as the documentation shows them (bank doc 4.2). */
const addressKeys = { line_1: "line_one", line_2: "line_two", city: "city_locality", zipcode: "postal_code" };
const addressUpdateMembers = ["line_one", "line_two", "city_locality", "postal_code", "state_province", "country_code"];

/**
 * The billing address update (bank doc 4.2), under either reading of its empty strings (B-62);
 * `key`: the one it was processed with (B-2: a server may process the secret key).
 */
export function updateAddress(ctx: ModelContext, id: string, request: RequestBody, key: "secret" | "publishable" = "publishable"): Prediction[] {
  return eitherReading(request, (read) => updateAddressAsRead(ctx, id, read, key));
}

function updateAddressAsRead(ctx: ModelContext, id: string, request: RequestBody, key: "secret" | "publishable"): Prediction[] {
  const { state } = ctx;
  const intent = state.intents.get(id);
  if (!intent) return [notFound()];
  if (!request.readable) return [unreadable(addressUpdateMembers)];
  const problems = bodyProblems("BillingAddressUpdate", request.value, { rename: addressKeys });
  oversizedProblem(problems, request);
  const refused = refusal(problems);
  if (refused.must) return [refused.prediction!];
  // B-9: a new billing_address_id, or the same one updated in place.
  const record: IntentRecord = { ...intent, billingAddressId: new Slot("billing_address_id", idOf("address")) };
  return [
    ...(refused.prediction ? [refused.prediction] : []),
    {
      status: 200,
      rule: "B-9",
      body: object({ data: publicIntentView(record, state, key), meta: intentMeta }),
      apply: () => state.intents.set(id, record),
    },
  ];
}

export function readIntent(ctx: ModelContext, id: string, key: "secret" | "publishable"): Prediction[] {
  const intent = ctx.state.intents.get(id);
  if (!intent) return [notFound()];
  const data = key === "secret" ? fullIntentView(intent, ctx.state) : publicIntentView(intent, ctx.state);
  return [{ status: 200, rule: "bank §4.5", body: object({ data, meta: intentMeta }) }];
}
