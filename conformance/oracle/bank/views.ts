// The bank objects as the contract says each view must show them, built from the model's records.
import { anyOf, array, exact, held, object, type Expected, type Slot } from "../expect.js";
import { utcDatesWithin, type Window } from "../forms.js";
import type { AttemptRecord, BankState, CreditRecord, IntentRecord } from "./state.js";

/** Cents as the contract writes amounts in responses: `"125.00"`. */
export function money(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

const moneyOrNull = (cents: number | null) => exact(cents === null ? null : money(cents));
const slotOrNull = (slot: Slot | null) => (slot === null ? exact(null) : held(slot));

function attempt(record: AttemptRecord | null): Expected {
  if (record === null) return exact(null);
  return object({
    amount: record.amount,
    created_at: held(record.createdAt),
    message: held(record.message),
    reference_number: held(record.referenceNumber),
    response_code: record.responseCode,
    status: record.status,
  });
}

/** Members every intent view shares (bank doc 2.1). */
function sharedMembers(intent: IntentRecord, state: BankState): Record<string, Expected> {
  const members: Record<string, Expected> = {
    id: exact(intent.id),
    type: exact(intent.type),
    status: exact(intent.status),
    amount_authorized: exact(money(intent.amountCents)),
    amount_captured: moneyOrNull(intent.capturedCents),
    amount_refunded_total: moneyOrNull(intent.refundedCents),
    authorized_at: slotOrNull(intent.authorizedAt),
    bank_account_id: exact(intent.bankAccountId),
    billing_address_id: slotOrNull(intent.billingAddressId),
    consumer_id: exact(intent.consumerId),
    cancel: attempt(intent.cancel),
    refund: attempt(intent.refund),
    chain_number: held(state.chainNumber),
    merchant_id: held(state.chainNumber),
    reason: slotOrNull(intent.reason),
    reference_id: slotOrNull(intent.referenceId),
    service_fee: held(intent.serviceFee),
    service_fee_id: exact(intent.serviceFeeId),
    transaction_adverse_type: exact(intent.adverse),
  };
  if (intent.payments) members.payments = intent.payments;
  return members;
}

/** Full view: secret-key read, list items, action responses. */
export function fullIntentView(intent: IntentRecord, state: BankState): Expected {
  return object({
    ...sharedMembers(intent, state),
    captured_at: slotOrNull(intent.capturedAt),
    captured_status: exact(intent.capturedStatus),
    capture_reference_id: slotOrNull(intent.captureReferenceId),
    extras: exact(intent.extras),
    service_fee_accepted_at: held(intent.serviceFeeAcceptedAt),
  });
}

/** Reduced view: publishable-key read and the address update. */
export function publicIntentView(intent: IntentRecord, state: BankState): Expected {
  return object({ ...sharedMembers(intent, state), is_mailable: held(intent.isMailable) });
}

/**
 * A bankpay_bnpl schedule (README, "bankpay_bnpl schedule"): four payments two weeks apart, the
 * first on the creation date (UTC, one of the dates the request's window covers), adding up to the
 * amount with the remainder cents on the first payments.
 */
export function schedule(amountCents: number, created: Window): Expected {
  const base = Math.floor(amountCents / 4);
  const remainder = amountCents - base * 4;
  const amounts = [0, 1, 2, 3].map((i) => money(base + (i < remainder ? 1 : 0)));
  return anyOf(utcDatesWithin(created).map((date) => array(amounts.map((amount, i) => object({
    amount,
    scheduled_for: new Date(Date.parse(`${date}T00:00:00Z`) + i * 14 * 86_400_000).toISOString().slice(0, 10),
  })))));
}

/** A credit (bank doc 2.4) as every response shows it. */
export function creditView(credit: CreditRecord, where: "create" | "cancel" | "read"): Expected {
  const members: Record<string, Expected> = {
    id: exact(credit.id),
    amount: exact(credit.amount),
    creditable: object({ type: credit.creditableType, id: credit.creditableId }),
    type: exact(credit.type),
    status: exact(credit.status),
    created_at: held(credit.createdAt),
    updated_at: held(credit.updatedAt),
    employee_number: exact(credit.employeeNumber),
    extras: exact(credit.extras),
    reason: held(credit.reason),
    cancel_message: credit.cancelMessage === null ? exact(null) : held(credit.cancelMessage),
    reference_number: held(credit.referenceNumber),
  };
  const optional: Record<string, Expected> = {};
  // creditable_id: in unlinked credit output and in the cancel response (doc 2.4); elsewhere optional.
  if (credit.type === "unlinked" || where === "cancel") members.creditable_id = exact(credit.creditableId);
  else optional.creditable_id = exact(credit.creditableId);
  // transaction_intent_id (deprecated): present for linked credits.
  if (credit.type === "linked") members.transaction_intent_id = exact(credit.creditableId);
  // station_number: in list, read and failed-create output (doc 2.4); optional elsewhere.
  if (where === "read" || (where === "create" && credit.status === "failed")) members.station_number = exact(credit.stationNumber);
  else optional.station_number = exact(credit.stationNumber);
  return object(members, optional);
}
