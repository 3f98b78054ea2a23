// Objects learned from their first read. Real traffic reads objects made before it began; a 200
// secret-key read whose body passes the schema shows the whole object, so the bank model takes it
// as it is (its state, amounts and every value the server chose, held from then on) and judges
// every later exchange on it in full. What a read cannot show stays open: when the object was
// made (no list order against objects made before the read), how many captures were refused
// before (B-34), whether a canceled intent had been captured (B-28 allows both conflicts then),
// and the publishable view's `is_mailable` (held at its first sight).
//
// An item of a 200 secret-key list is learned the same way: the list item schemas carry every member
// of the read (an intent list item is the full intent with `transaction_adverse_type` required, bank
// doc 2.1; a credit list item is the credit read, doc 4.8), so an item is taken by the same functions
// and leaves open exactly what a read leaves open, nothing more.
//
// A 200 publishable-key read (the reduced view, bank doc 2.1's "Visibility") is learned as a partial
// record: what it shows is taken the same way, and what it hides (`captured_at`, `captured_status`,
// `capture_reference_id`, `extras`, `service_fee_accepted_at`) stays open, held from the first full
// view that shows it.
import { fixedSlot, Slot } from "../oracle/expect.js";
import { anyBoolean, anyDateTime, named, nonEmptyText, nullOr } from "../oracle/forms.js";
import type { AttemptRecord, CreditRecord, IntentRecord } from "../oracle/bank/state.js";

/** A value the server chose, as the first read showed it: held from then on. */
const asRead = (label: string, value: unknown) => fixedSlot(label, named(`${label} as first read`, () => true), value);
const asReadOrNull = (label: string, value: unknown) => (value === null || value === undefined ? null : asRead(label, value));
const cents = (amount: unknown) => (typeof amount === "string" ? Math.round(Number(amount) * 100) : null);

/** Made before the read was answered, in an order the traffic cannot tell against anything else made before it (B-7). */
const madeBefore = (receivedAt: number) => ({ sentAt: -Infinity, receivedAt });

function attemptFromRead(label: string, attempt: any): AttemptRecord | null {
  if (attempt === null || typeof attempt !== "object") return null;
  return {
    amount: attempt.amount,
    createdAt: asRead(`${label}.created_at`, attempt.created_at),
    message: asRead(`${label}.message`, attempt.message),
    referenceNumber: asRead(`${label}.reference_number`, attempt.reference_number),
    responseCode: attempt.response_code,
    status: attempt.status,
  };
}

/**
 * The intent a secret-key read shows (`data` of bank doc 4.5's answer, already valid for the
 * schema); undefined when the read cannot tell enough: a failed intent read without
 * `transaction_adverse_type` (B-26 lets a read omit it, and lists must show it).
 */
export function intentFromRead(id: string, data: any, seq: number, receivedAt: number, view: "full" | "public" = "full"): IntentRecord | undefined {
  const adverse = typeof data.transaction_adverse_type === "boolean" ? data.transaction_adverse_type : data.status === "failed" ? undefined : false;
  if (adverse === undefined) return undefined;
  return {
    id,
    seq,
    created: madeBefore(receivedAt),
    type: data.type,
    status: data.status,
    amountCents: cents(data.amount_authorized) as number,
    capturedCents: cents(data.amount_captured),
    refundedCents: cents(data.amount_refunded_total),
    authorizedAt: asReadOrNull("authorized_at", data.authorized_at),
    capturedAt: asReadOrNull("captured_at", data.captured_at),
    capturedStatus: data.captured_status ?? null,
    captureReferenceId: asReadOrNull("capture_reference_id", data.capture_reference_id),
    bankAccountId: data.bank_account_id,
    consumerId: data.consumer_id,
    billingAddressId: asReadOrNull("billing_address_id", data.billing_address_id),
    cancel: attemptFromRead("cancel", data.cancel),
    refund: attemptFromRead("refund", data.refund),
    extras: data.extras ?? null,
    payments: asReadOrNull("payments", data.payments),
    reason: asReadOrNull("reason", data.reason),
    referenceId: asReadOrNull("reference_id", data.reference_id),
    serviceFee: asRead("service_fee", data.service_fee),
    serviceFeeId: data.service_fee_id ?? null,
    serviceFeeAcceptedAt: asRead("service_fee_accepted_at", data.service_fee_accepted_at),
    adverse,
    isMailable: new Slot("is_mailable", anyBoolean),
    ...(view === "public" ? hiddenFromPublicRead(data) : {}),
    // B-28: a canceled intent read now may have been captured before: either capture conflict is right.
    capturedBeforeCancel: data.status === "canceled",
    captureRefusals: 0,
    // The read shows no store or submerchant: a list filtered by them checks this intent against the filters only.
    storeNumber: "",
    submerchantId: null,
    learned: true,
  };
}

/** What the publishable view hides, open until a full view shows it; the `is_mailable` it shows, held. */
function hiddenFromPublicRead(data: any): Partial<IntentRecord> {
  return {
    capturedAt: new Slot("captured_at", nullOr(anyDateTime)),
    capturedStatus: new Slot("captured_status", nullOr(nonEmptyText)),
    captureReferenceId: new Slot("capture_reference_id", nullOr(nonEmptyText)),
    extras: new Slot("extras", named("the creation's extras (not in the publishable view)", () => true)),
    serviceFeeAcceptedAt: new Slot("service_fee_accepted_at", nullOr(anyDateTime)),
    isMailable: asRead("is_mailable", data.is_mailable),
  };
}

/** The credit a read shows (`data` of bank doc 4.9's answer, already valid for the schema). */
export function creditFromRead(id: string, data: any, seq: number, receivedAt: number): CreditRecord {
  const station = typeof data.station_number === "string" ? data.station_number : null;
  return {
    id,
    seq,
    created: madeBefore(receivedAt),
    amount: data.amount,
    creditableType: data.creditable?.type,
    creditableId: data.creditable?.id,
    type: data.type,
    // B-42: reads may spell it `canceled`.
    status: data.status === "canceled" ? "cancelled" : data.status,
    createdAt: asRead("created_at", data.created_at),
    updatedAt: asRead("updated_at", data.updated_at),
    employeeNumber: data.employee_number ?? null,
    extras: data.extras ?? null,
    reason: asRead("reason", data.reason),
    cancelMessage: asReadOrNull("cancel_message", data.cancel_message),
    referenceNumber: asRead("reference_number", data.reference_number),
    stationNumber: station,
    storeNumber: station,
  };
}
