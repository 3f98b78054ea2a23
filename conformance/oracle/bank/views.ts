// The bank objects as the contract says each view must show them, built from the model's records.
import { anyOf, exact, held, object, ruled, Slot, type Expected } from "../expect.js";
import { currencyPattern, datesWithin, named, type Window } from "../forms.js";
import type { AttemptRecord, BankState, CreditRecord, IntentRecord } from "./state.js";

/** Cents as the contract writes amounts in responses: `"125.00"`. */
export function money(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

const moneyOrNull = (cents: number | null) => exact(cents === null ? null : money(cents));
const slotOrNull = (slot: Slot | null) => (slot === null ? exact(null) : held(slot));
/** A value the model knows, or one it holds in a slot until a view shows it. */
const knownOrHeld = (value: unknown) => (value instanceof Slot ? held(value) : exact(value));

function attempt(record: AttemptRecord | null): Expected {
  if (record === null) return exact(null);
  return object({
    amount: record.amount,
    created_at: held(record.createdAt),
    message: held(record.message),
    reference_number: held(record.referenceNumber),
    response_code: typeof record.responseCode === "string" ? record.responseCode : held(record.responseCode),
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
  };
  if (intent.payments) members.payments = held(intent.payments);
  return members;
}

/** `transaction_adverse_type`: in list items (bank doc 2.1); elsewhere present or absent (B-26). */
const adverseType = (intent: IntentRecord, inList: boolean) => {
  const flag = () => (intent.adverse instanceof Slot ? held(intent.adverse) : exact(intent.adverse));
  return inList ? { members: { transaction_adverse_type: ruled("bank §2.1", flag()) }, optional: {} } : { members: {}, optional: { transaction_adverse_type: ruled("B-26", flag()) } };
};

/** Full view: secret-key read, list items (`inList`), action responses (B-4). */
export function fullIntentView(intent: IntentRecord, state: BankState, inList = false): Expected {
  const adverse = adverseType(intent, inList);
  return object({
    ...sharedMembers(intent, state),
    ...adverse.members,
    captured_at: slotOrNull(intent.capturedAt),
    captured_status: knownOrHeld(intent.capturedStatus),
    capture_reference_id: slotOrNull(intent.captureReferenceId),
    extras: knownOrHeld(intent.extras),
    service_fee_accepted_at: held(intent.serviceFeeAcceptedAt),
  }, adverse.optional);
}

/**
 * Reduced view: publishable-key read and the address update (B-4). `is_mailable` is returned only
 * when the publishable key is used (bank doc 2.1): not to a secret key an address update processed (B-2).
 */
export function publicIntentView(intent: IntentRecord, state: BankState, key: "secret" | "publishable" = "publishable"): Expected {
  const adverse = adverseType(intent, false);
  const mailable = key === "publishable" ? { is_mailable: ruled("bank §2.1", held(intent.isMailable)) } : {};
  return object({ ...sharedMembers(intent, state), ...mailable }, adverse.optional);
}

/**
 * A bankpay_bnpl schedule (B-41): payments of two-decimal amounts adding up to the amount, on
 * dates that never go back and start no earlier than the creation date (in any time zone); how
 * many and how far apart is the server's choice. Held once seen: the schedule does not change.
 */
export function schedule(amountCents: number, created: Window): Slot {
  const { first } = datesWithin(created);
  return new Slot("payments", named(`payments adding up to ${money(amountCents)}, dated from ${first} on, in order`, (value) => {
    if (!Array.isArray(value) || value.length === 0) return false;
    let total = 0;
    let previous = first;
    for (const payment of value) {
      const keys = payment && typeof payment === "object" ? Object.keys(payment).sort().join(",") : "";
      if (keys !== "amount,scheduled_for" || typeof payment.amount !== "string" || !currencyPattern.test(payment.amount)) return false;
      if (typeof payment.scheduled_for !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(payment.scheduled_for) || payment.scheduled_for < previous) return false;
      total += Math.round(Number(payment.amount) * 100);
      previous = payment.scheduled_for;
    }
    return total === amountCents;
  }, "B-41"));
}

/** B-42: a cancelled credit is `cancelled` in the cancel response; reads and lists may say `canceled`. */
const creditStatus = (status: CreditRecord["status"], where: "create" | "cancel" | "read") =>
  (status === "cancelled" && where !== "cancel" ? ruled("B-42", anyOf([exact("cancelled"), exact("canceled")])) : exact(status));

/** A credit (bank doc 2.4) as every response shows it. */
export function creditView(credit: CreditRecord, where: "create" | "cancel" | "read"): Expected {
  const members: Record<string, Expected> = {
    id: exact(credit.id),
    amount: exact(credit.amount),
    creditable: object({ type: credit.creditableType, id: credit.creditableId }),
    type: exact(credit.type),
    status: creditStatus(credit.status, where),
    created_at: held(credit.createdAt),
    updated_at: held(credit.updatedAt),
    extras: exact(credit.extras),
    reason: held(credit.reason),
    cancel_message: credit.cancelMessage === null ? exact(null) : held(credit.cancelMessage),
    reference_number: held(credit.referenceNumber),
  };
  const optional: Record<string, Expected> = {};
  // B-48: an employee number given is answered; none may be null or absent.
  if (credit.employeeNumber !== null) members.employee_number = exact(credit.employeeNumber);
  else optional.employee_number = ruled("B-48", exact(null));
  const station = credit.stationNumber instanceof Slot ? held(credit.stationNumber) : exact(credit.stationNumber);
  // creditable_id: in unlinked credit output and in the cancel response (doc 2.4); elsewhere optional.
  if (credit.type === "unlinked" || where === "cancel") members.creditable_id = exact(credit.creditableId);
  else optional.creditable_id = exact(credit.creditableId);
  // transaction_intent_id (deprecated): present for linked credits.
  if (credit.type === "linked") members.transaction_intent_id = exact(credit.creditableId);
  // station_number: in list, read and failed-create output (doc 2.4); optional elsewhere.
  if (where === "read" || (where === "create" && credit.status === "failed")) members.station_number = station;
  else optional.station_number = station;
  return object(members, optional);
}
