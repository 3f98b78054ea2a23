// Credits in the model: create (linked, unlinked), cancel, read (bank doc 3.2, 4.6-4.9; README
// "Linked credit", "Unlinked credit store_number", "submerchant_id on credits", "Credit cancelled
// spelling", "Sandbox test triggers").
import { held, object, Slot } from "../expect.js";
import { anyDateTime, dateTimeWithin, idOf, named, nonEmptyText, nullOr } from "../forms.js";
import type { Prediction } from "../prediction.js";
import { creditConflict, invalid, notFound } from "./answers.js";
import { outcomes, type ModelContext } from "./intents.js";
import { addError, amountCents, extrasNamesValid, schemaProblems, type FieldErrors } from "./requests.js";
import type { CreditRecord } from "./state.js";
import { creditView, money } from "./views.js";

const creditMeta = object({ type: "credit" });

const transactionIntentId = idOf("transaction_intent");

export function createCredit(ctx: ModelContext, body: Record<string, unknown> | undefined): Prediction[] {
  if (!body) return [invalid({ body: ["invalid"] })];
  const { state } = ctx;
  const linked = Object.hasOwn(body, "transaction_intent_id") || !Object.hasOwn(body, "creditable_id");
  const errors = schemaProblems(linked ? "LinkedCreditRequest" : "UnlinkedCreditRequest", body);
  if (!Object.hasOwn(body, "transaction_intent_id") && !Object.hasOwn(body, "creditable_id")) addError(errors, "creditable_id", "missing");
  const amount = amountCents(body.amount, { numbers: false, strings: true });
  if (amount === undefined) addError(errors, "amount", "invalid");
  if (!extrasNamesValid(body.extras)) addError(errors, "extras", "invalid");
  const intentId = body.transaction_intent_id;
  if (linked && !errors.transaction_intent_id && transactionIntentId.test(intentId) && !state.intents.has(intentId as string)) {
    addError(errors, "transaction_intent_id", "invalid");
  }
  // A linked credit's submerchant_id is required or prohibited by the client's settings (bank doc
  // 4.6): the oracle cannot know them, so both answers are admitted.
  const variants: FieldErrors[] = [errors];
  if (linked && Object.hasOwn(body, "submerchant_id") && !errors.submerchant_id) variants.push({ ...errors, submerchant_id: ["prohibited"] });
  const predictions: Prediction[] = [];
  for (const found of variants) {
    if (Object.keys(found).length > 0) predictions.push(invalid(found, undefined, true));
    else predictions.push(...createdCredit(ctx, body, linked, amount as number));
  }
  return predictions;
}

function createdCredit(ctx: ModelContext, body: Record<string, unknown>, linked: boolean, amount: number): Prediction[] {
  const { state } = ctx;
  const idSlot = new Slot("id", named("a new credit_<token>", (v) => idOf("credit").test(v) && !state.credits.has(v as string)));
  const common = {
    id: "",
    seq: 0,
    amount: money(amount),
    createdAt: new Slot("created_at", dateTimeWithin(ctx.window)),
    updatedAt: new Slot("updated_at", dateTimeWithin(ctx.window)),
    employeeNumber: (body.employee_number as string | undefined) ?? null,
    extras: body.extras ?? null,
    cancelMessage: null,
    storeNumber: (body.store_number as string | undefined) ?? null,
  };
  const approved = (): Array<Pick<CreditRecord, "status" | "reason" | "referenceNumber">> =>
    outcomes(ctx, amount % 100 === 50).map((pending) => ({
      status: pending ? "pending" : "succeeded",
      reason: new Slot("reason", nullOr(nonEmptyText)),
      referenceNumber: new Slot("reference_number", nullOr(nonEmptyText)),
    }));
  const records: CreditRecord[] = [];
  const conflicts: Prediction[] = [];
  if (linked) {
    const intent = state.intents.get(body.transaction_intent_id as string)!;
    if (intent.status === "canceled") return [creditConflict("incompatible_status", "77")];
    if (intent.status !== "succeeded") return [creditConflict("incompatible_status")];
    const reference = intent.referenceId;
    const hasReference = reference === null ? [false] : reference.bound ? [reference.value !== null] : reference.form.test(null) ? [true, false] : [true];
    if (hasReference.includes(false)) conflicts.push(creditConflict("no_reference_number"));
    if (hasReference.includes(true)) {
      for (const outcome of approved()) {
        records.push({ ...common, ...outcome, creditableType: "transaction_intent", creditableId: intent.id, type: "linked", stationNumber: common.storeNumber });
      }
    }
  } else {
    const store = body.store_number as string | undefined;
    for (const inactive of store === undefined ? [true] : outcomes(ctx, /^0+$/.test(store))) {
      const shared = { ...common, creditableType: "bank_account" as const, creditableId: body.creditable_id as string, type: "unlinked" as const };
      if (inactive) {
        records.push({ ...shared, status: "failed", reason: new Slot("reason", nonEmptyText), referenceNumber: new Slot("reference_number", nullOr(nonEmptyText)), stationNumber: null });
      } else {
        for (const outcome of approved()) records.push({ ...shared, ...outcome, stationNumber: store as string });
      }
    }
  }
  return [
    ...conflicts,
    ...records.map((record): Prediction => ({
      status: 201,
      body: object({ data: creditViewWithId(record, idSlot), meta: creditMeta }),
      apply: () => {
        const id = idSlot.value as string;
        state.credits.set(id, { ...record, id, seq: state.next() });
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

export function cancelCredit(ctx: ModelContext, id: string, body: Record<string, unknown> | undefined): Prediction[] {
  const { state } = ctx;
  const credit = state.credits.get(id);
  if (!credit) return [notFound()];
  if (!body) return [invalid({ body: ["invalid"] })];
  const errors = schemaProblems("CancelCreditRequest", body);
  if (Object.keys(errors).length > 0) return [invalid(errors)];
  if (credit.status !== "succeeded") {
    const error = credit.status === "cancelled" ? "already_cancelled" : credit.status === "pending" ? "still_processing" : "failed";
    // cancel_message is the message "after an attempted or successful cancel" (bank doc 2.4): a
    // refused cancel may set it, and so change updated_at.
    return [{
      ...creditConflict(error),
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
  };
  return [{ status: 200, body: object({ data: creditView(record, "cancel"), meta: creditMeta }), apply: () => state.credits.set(id, record) }];
}

export function readCredit(ctx: ModelContext, id: string): Prediction[] {
  const credit = ctx.state.credits.get(id);
  if (!credit) return [notFound()];
  return [{ status: 200, body: object({ data: creditView(credit, "read"), meta: creditMeta }) }];
}
