// How intents and credits are shown: the full view (secret key, lists, actions), the reduced view
// (publishable key), the creation's reduced object, and a credit.
import { money } from "../wire.js";
import type { Attempt, Credit, Intent } from "./model.js";

const amountOrNull = (cents: number | null) => (cents === null ? null : money(cents));

function attempt(value: Attempt | null) {
  if (!value) return null;
  return {
    amount: money(value.amount), created_at: value.createdAt, message: value.message,
    reference_number: value.referenceNumber, response_code: value.responseCode, status: value.status,
  };
}

/** The members both views share; `transaction_adverse_type` "appears in list output" (bank §2.1), so only there. */
function common(intent: Intent, chainNumber: string, inList: boolean) {
  return {
    id: intent.id,
    type: intent.type,
    status: intent.status,
    amount_authorized: money(intent.amountAuthorized),
    amount_captured: amountOrNull(intent.amountCaptured),
    amount_refunded_total: amountOrNull(intent.amountRefundedTotal),
    authorized_at: intent.authorizedAt,
    bank_account_id: intent.bankAccountId,
    billing_address_id: intent.address?.id ?? null,
    consumer_id: intent.consumerId,
    cancel: attempt(intent.cancel),
    refund: attempt(intent.refund),
    chain_number: chainNumber,
    merchant_id: chainNumber,
    reason: intent.reason,
    reference_id: intent.referenceId,
    service_fee: amountOrNull(intent.serviceFee),
    service_fee_id: intent.serviceFeeId,
    ...(inList ? { transaction_adverse_type: intent.adverse } : {}),
    ...(intent.payments ? { payments: intent.payments.map((p) => ({ amount: money(p.amount), scheduled_for: p.scheduledFor })) } : {}),
  };
}

export function fullView(intent: Intent, chainNumber: string, inList = false) {
  return {
    ...common(intent, chainNumber, inList),
    captured_at: intent.capturedAt,
    captured_status: intent.capturedStatus,
    capture_reference_id: intent.captureReferenceId,
    extras: intent.extras,
    service_fee_accepted_at: intent.serviceFeeAcceptedAt,
  };
}

/** The reduced view; `is_mailable` says whether the consumer can be e-mailed the adverse action notice. */
export function publicView(intent: Intent, chainNumber: string, mailable: boolean) {
  return { ...common(intent, chainNumber, false), is_mailable: mailable };
}

/** The creation's reduced object (bank §2.1); `billing_address` and `service_fee_id` only when given. */
export function createdView(intent: Intent) {
  return {
    id: intent.id,
    status: intent.status,
    bank_account_id: intent.bankAccountId,
    ...(intent.address ? { billing_address: { id: intent.address.id, standardized: intent.address.standardized } } : {}),
    consumer_id: intent.consumerId,
    extras: intent.extras,
    ...(intent.serviceFeeId ? { service_fee_id: intent.serviceFeeId } : {}),
  };
}

/**
 * A credit. `employee_number` is a "string" in bank §2.4 (its neighbours say "or null"), so it is
 * left out when none was given; `creditable_id` appears on unlinked credits and in cancel responses.
 * A cancelled credit is `canceled` as §2.4 lists the statuses, and `cancelled` in the cancel
 * response, the spelling §2.4 says cancel responses show.
 */
export function creditView(credit: Credit, inCancelResponse = false) {
  return {
    id: credit.id,
    amount: money(credit.amount),
    creditable: { type: credit.creditable.type, id: credit.creditable.id },
    ...(credit.type === "unlinked" || inCancelResponse ? { creditable_id: credit.creditable.id } : {}),
    ...(credit.type === "linked" ? { transaction_intent_id: credit.creditable.id } : {}),
    type: credit.type,
    status: credit.status === "canceled" && inCancelResponse ? "cancelled" : credit.status,
    created_at: credit.createdAt,
    updated_at: credit.updatedAt,
    ...(credit.employeeNumber === null ? {} : { employee_number: credit.employeeNumber }),
    extras: credit.extras,
    reason: credit.reason,
    cancel_message: credit.cancelMessage,
    reference_number: credit.referenceNumber,
    station_number: credit.stationNumber,
  };
}
