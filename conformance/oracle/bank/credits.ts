// Credits in the model: create (linked, unlinked), cancel, read (bank doc 3.2, 4.6-4.9; decisions
// B-42 to B-51). What the documents leave to the client's settings (the credit limit, a linked
// credit's submerchant_id) comes from the suite settings; a setting the suite was not told allows
// every answer.
import { promisedPendingCredit } from "../../fixtures-file.js";
import { settingCents } from "../../settings.js";
import { held, object, Slot } from "../expect.js";
import { anyDateTime, dateTimeWithin, idOf, named, nonEmptyText, nullOr } from "../forms.js";
import type { Prediction } from "../prediction.js";
import { creditConflict, invalid, notFound, refusal } from "./answers.js";
import { outcomes, unreadable, type ModelContext } from "./intents.js";
import {
  addProblem, amountOf, notEnrolledProblem, amountProblems, bodyProblems, eitherReading, extrasNameProblems, oversizedProblem, type Problem, type RequestBody,
} from "./requests.js";
import type { CreditRecord } from "./state.js";
import { creditView, money } from "./views.js";

const creditMeta = object({ type: "credit" });

const transactionIntentId = idOf("transaction_intent");

const creditMembers = ["amount", "transaction_intent_id", "creditable_id", "employee_number", "extras", "store_number", "submerchant_id"];

/** What a linked credit's `submerchant_id` meets (B-47): the answers the setting allows. */
function submerchantAnswers(ctx: ModelContext, given: boolean): Array<"accepted" | "prohibited" | "required"> {
  const policy = ctx.settings.linked_credit_submerchant_id;
  const policies = policy === "unknown" ? (["prohibited", "accepted", "required"] as const) : [policy];
  return [...new Set(policies.map((p) => (given ? (p === "prohibited" ? "prohibited" : "accepted") : p === "required" ? "required" : "accepted")))];
}

/** A credit's creation (bank doc 4.6), under either reading of its empty strings (B-62). */
export function createCredit(ctx: ModelContext, request: RequestBody): Prediction[] {
  return eitherReading(request, (read) => createCreditAsRead(ctx, read));
}

function createCreditAsRead(ctx: ModelContext, request: RequestBody): Prediction[] {
  if (!request.readable) return [{ ...unreadable(creditMembers) }];
  const body = request.value;
  const { state } = ctx;
  const linked = Object.hasOwn(body, "transaction_intent_id") || !Object.hasOwn(body, "creditable_id");
  const problems = bodyProblems(linked ? "LinkedCreditRequest" : "UnlinkedCreditRequest", body);
  // B-15: a credit naming neither target is missing both.
  // A server may also read such a body as an unlinked credit, which needs its submerchant_id (doc 4.6).
  if (!Object.hasOwn(body, "transaction_intent_id") && !Object.hasOwn(body, "creditable_id")) {
    addProblem(problems, "creditable_id", "missing");
    if (!Object.hasOwn(body, "submerchant_id")) addProblem(problems, "submerchant_id", "missing", false);
  }
  const amount = amountOf(body.amount, { numbers: false, strings: true });
  amountProblems(problems, amount, Object.hasOwn(body, "amount"));
  extrasNameProblems(problems, body.extras);
  oversizedProblem(problems, request);
  const intentId = body.transaction_intent_id;
  // Bank doc 4.6: an unknown transaction_intent_id is invalid data.
  if (linked && !problems.some((p) => p.key === "transaction_intent_id") && transactionIntentId.test(intentId) && !state.intents.has(intentId as string)) {
    addProblem(problems, "transaction_intent_id", "invalid");
  }
  // With fixtures the server knows only the accounts and credit submerchant ids it enrolled: another may be refused.
  const fixtures = ctx.fixtures;
  if (fixtures?.bank_accounts.length && !linked) notEnrolledProblem(problems, "creditable_id", body.creditable_id, fixtures.bank_accounts.map((a) => a.id));
  if (fixtures?.submerchant_ids?.credit?.length && !linked) notEnrolledProblem(problems, "submerchant_id", body.submerchant_id, fixtures.submerchant_ids.credit);
  // A body naming no target is not known to be a linked credit: its submerchant_id meets no policy.
  const answers = linked && Object.hasOwn(body, "transaction_intent_id") && !problems.some((p) => p.key === "submerchant_id") ? submerchantAnswers(ctx, Object.hasOwn(body, "submerchant_id")) : ["accepted" as const];
  const predictions: Prediction[] = [];
  for (const answer of answers) {
    const found: Problem[] = answer === "accepted" ? problems : [...problems, { key: "submerchant_id", words: [answer === "prohibited" ? "prohibited" : "missing"], pinned: true }];
    const refused = refusal(found, { credit: true });
    if (refused.prediction) predictions.push(answer === "accepted" ? refused.prediction : { ...refused.prediction, rule: "B-47" });
    if (!refused.must) predictions.push(...createdCredit(ctx, body, linked, (amount as { cents: number }).cents));
  }
  return predictions;
}

function createdCredit(ctx: ModelContext, body: Record<string, unknown>, linked: boolean, amount: number): Prediction[] {
  const { state } = ctx;
  const idSlot = new Slot("id", named("a new credit_<token>", (v) => idOf("credit").test(v) && !state.credits.has(v as string), "B-16"));
  const store = typeof body.store_number === "string" ? body.store_number : undefined;
  const common = {
    id: "",
    seq: 0,
    amount: money(amount),
    createdAt: new Slot("created_at", dateTimeWithin(ctx.window)),
    updatedAt: new Slot("updated_at", dateTimeWithin(ctx.window)),
    employeeNumber: (body.employee_number as string | undefined) ?? null,
    extras: body.extras ?? null,
    cancelMessage: null,
    storeNumber: store ?? null,
  };
  const approved = (): Array<Pick<CreditRecord, "status" | "reason" | "referenceNumber">> =>
    // A pending credit: the sandbox's .50 trigger, or an amount the fixtures promise stays pending.
    (promisedPendingCredit(ctx.fixtures, amount) ? [true] : outcomes(ctx, amount % 100 === 50)).map((pending) => ({
      status: pending ? "pending" : "succeeded",
      reason: new Slot("reason", named("null or text", nullOr(nonEmptyText).test, "B-50")),
      referenceNumber: new Slot("reference_number", named("null or text", nullOr(nonEmptyText).test, "B-51")),
    }));
  // B-46: a credit above the configured limit is refused (code 74).
  const limit = settingCents(ctx.settings.credit_limit);
  const overLimit = limit !== undefined && amount > limit ? [{ ...invalid({ amount: ["invalid"] }, "74"), rule: "B-46" }] : [];
  const records: CreditRecord[] = [];
  const conflicts: Prediction[] = [];
  if (linked) {
    const intent = state.intents.get(body.transaction_intent_id as string)!;
    if (intent.status === "canceled") return [{ ...creditConflict("incompatible_status", "77"), rule: "B-45" }];
    if (intent.status !== "succeeded") return [{ ...creditConflict("incompatible_status"), rule: "B-45" }];
    if (overLimit.length > 0) return overLimit;
    const reference = intent.referenceId;
    const hasReference = reference === null ? [false] : reference.bound ? [reference.value !== null] : reference.form.test(null) ? [true, false] : [true];
    if (hasReference.includes(false)) conflicts.push({ ...creditConflict("no_reference_number"), rule: "B-45" });
    if (hasReference.includes(true)) {
      // B-49: without a store number a linked credit may show any station.
      const station = store ?? new Slot("station_number", named("null or text", nullOr(nonEmptyText).test, "B-49"));
      for (const outcome of approved()) {
        records.push({ ...common, ...outcome, creditableType: "transaction_intent", creditableId: intent.id, type: "linked", stationNumber: station });
      }
    }
  } else {
    if (overLimit.length > 0) return overLimit;
    // Bank doc 4.6: an invalid or missing store number is a failed credit. The suite's store
    // numbers are valid unless they are the sandbox's all-zeros trigger, or, with fixtures, not enrolled.
    const known = store !== undefined && (ctx.fixtures?.store_numbers.length ? ctx.fixtures.store_numbers.includes(store) : true);
    // A store number the fixtures name inactive fails, triggers or not.
    const namedInactive = store !== undefined && (ctx.fixtures?.inactive_store_numbers ?? []).includes(store);
    const inactive = store === undefined || namedInactive ? [true] : !known ? [true, false] : outcomes(ctx, /^0+$/.test(store));
    for (const failed of inactive) {
      const shared = { ...common, creditableType: "bank_account" as const, creditableId: body.creditable_id as string, type: "unlinked" as const };
      if (failed) {
        records.push({
          ...shared, status: "failed",
          reason: new Slot("reason", named("non-empty text", nonEmptyText.test, "bank §3.2")),
          referenceNumber: new Slot("reference_number", nullOr(nonEmptyText)), stationNumber: null,
        });
      } else {
        for (const outcome of approved()) records.push({ ...shared, ...outcome, stationNumber: store as string });
      }
    }
  }
  return [
    ...conflicts,
    ...records.map((record): Prediction => ({
      status: 201,
      rule: "bank §3.2",
      body: object({ data: creditViewWithId(record, idSlot), meta: creditMeta }),
      apply: () => {
        const id = idSlot.value as string;
        state.credits.set(id, { ...record, id, seq: state.next(), created: ctx.creation });
      },
    })),
  ];
}

/** The create response's view, whose id is the new slot. */
function creditViewWithId(record: CreditRecord, idSlot: Slot) {
  const view = creditView({ ...record, id: "" }, "create");
  if (view.kind === "object") view.members.id = held(idSlot);
  return view;
}

/** A credit's cancel (bank doc 4.7), under either reading of its empty strings (B-62). */
export function cancelCredit(ctx: ModelContext, id: string, request: RequestBody): Prediction[] {
  return eitherReading(request, (read) => cancelCreditAsRead(ctx, id, read));
}

function cancelCreditAsRead(ctx: ModelContext, id: string, request: RequestBody): Prediction[] {
  const { state } = ctx;
  const credit = state.credits.get(id);
  if (!credit) return [notFound()];
  if (!request.readable) return [unreadable(["action"])];
  const problems = bodyProblems("CancelCreditRequest", request.value);
  oversizedProblem(problems, request);
  const refused = refusal(problems);
  if (refused.must) return [refused.prediction!];
  const alternatives = refused.prediction ? [refused.prediction] : [];
  if (credit.status !== "succeeded") {
    const error = credit.status === "cancelled" ? "already_cancelled" : credit.status === "pending" ? "still_processing" : "failed";
    // cancel_message is the message "after an attempted or successful cancel" (bank doc 2.4): a
    // refused cancel may set it, and so change updated_at.
    return [...alternatives, {
      ...creditConflict(error),
      rule: "bank §3.2",
      apply: () => state.credits.set(id, {
        ...credit,
        cancelMessage: new Slot("cancel_message", nullOr(nonEmptyText)),
        updatedAt: new Slot("updated_at", anyDateTime),
      }),
    }];
  }
  const record: CreditRecord = {
    ...credit,
    status: "cancelled",
    cancelMessage: new Slot("cancel_message", nonEmptyText),
    updatedAt: new Slot("updated_at", dateTimeWithin(ctx.window)),
    // B-50: the reason is the status's, and may change with it.
    reason: new Slot("reason", named("null or text", nullOr(nonEmptyText).test, "B-50")),
  };
  return [...alternatives, { status: 200, rule: "bank §3.2", body: object({ data: creditView(record, "cancel"), meta: creditMeta }), apply: () => state.credits.set(id, record) }];
}

export function readCredit(ctx: ModelContext, id: string): Prediction[] {
  const credit = ctx.state.credits.get(id);
  if (!credit) return [notFound()];
  return [{ status: 200, rule: "bank §4.9", body: object({ data: creditView(credit, "read"), meta: creditMeta }) }];
}
