// The transaction intent state machine (bank doc 3.1 and README "Action pre-states"), as pure
// functions of the stored record: each returns the new record, a 409 conflict, or a 422 problem.
import { nowIso, referenceNumber } from "../ids.js";
import { centsPart, formatCents } from "../money.js";
import { consumerDataRefusal, type AuthorizationCode } from "./authorization-codes.js";
import type { CaptureFailure, IntentRecord, IntentStatus } from "./intent-record.js";

export type ActionName = "authorize" | "capture" | "refund" | "cancel" | "cancel_refund";

export type Transition =
  | { kind: "ok"; intent: IntentRecord }
  | { kind: "conflict"; conflict: "already_occurred" | "not_ready"; message: string }
  /** A 422; `intent` is set when the refusal itself is recorded (a counted capture refusal). */
  | { kind: "invalid"; errors: Record<string, string[]>; message: string; intent?: IntentRecord };

/** The amount limits of response codes 78 and 79 (README, "Capture outcomes"). */
export type CaptureLimits = {
  /** How far a capture may exceed the amount authorized, in cents. */
  adjustmentCents: number;
  /** Captures refused over that limit before the next one fails the intent. */
  retries: number;
};

export const defaultCaptureLimits: CaptureLimits = { adjustmentCents: 0, retries: 3 };

const awaitingAuthorization: readonly IntentStatus[] = ["pending_service_fee_acceptance", "pending_service_fee", "pending_authorization"];

/** Cents endings that the sandbox's test triggers key on (README, "Sandbox test triggers"). */
export const triggers = {
  declineNegative: 7,
  declineHighRisk: 12,
  noReferenceNumber: 33,
  invalidBillingAddress: 66,
  invalidName: 70,
  invalidCompanyName: 71,
  refundNotSettled: 80,
} as const;

export const adverseActionText =
  "We are unable to accept your bank account for this purchase based on information from a consumer reporting agency.";

/**
 * The authorize 422 of bank doc 4.3: the consumer's data on file is invalid. The documentation
 * shows the keys but not how that data is enrolled, so the sandbox reaches it through amount
 * triggers named after the response code (README, "Sandbox test triggers").
 */
const consumerDataTriggers: Record<number, AuthorizationCode> = {
  [triggers.invalidBillingAddress]: "66",
  [triggers.invalidName]: "70",
  [triggers.invalidCompanyName]: "71",
};

/** The authorize 422 an intent of this amount gets, if any (fresh copies: callers may edit them). */
export function consumerDataProblem(amountCents: number): { errors: Record<string, string[]>; message: string } | undefined {
  const code = consumerDataTriggers[centsPart(amountCents)];
  return code === undefined ? undefined : consumerDataRefusal(code);
}

/** The fields authorization sets. */
export function authorized(intent: IntentRecord, at: string): IntentRecord {
  return {
    ...intent,
    status: "pending_capture",
    authorized_at: at,
    authorized_cents: intent.amount_cents,
    reason: "Approved",
    reference_id: centsPart(intent.amount_cents) === triggers.noReferenceNumber ? null : referenceNumber("RF", "alnum"),
  };
}

/** The fields a successful capture sets. */
export function captured(intent: IntentRecord, cents: number, at: string): IntentRecord {
  return {
    ...intent,
    status: "succeeded",
    captured_cents: cents,
    captured_at: at,
    captured_status: "succeeded",
    capture_reference_id: referenceNumber("CAP"),
  };
}

/**
 * A capture that fails as the fail-next-capture helper arranged: answered 200, the intent still
 * `pending_capture` with `captured_status` naming the failure and a new `capture_reference_id`;
 * the arrangement is used up, so the next capture succeeds.
 */
export function captureFailed(intent: IntentRecord, failure: CaptureFailure): IntentRecord {
  const { fail_next_capture: _used, ...rest } = intent;
  return {
    ...rest,
    captured_cents: null,
    captured_at: null,
    captured_status: failure,
    capture_reference_id: referenceNumber("CAP"),
    reason: `The capture failed (captured_status ${failure}); it may be retried.`,
  };
}

/** An authorize_and_capture declined with response code 07 or 12. */
export function declined(intent: IntentRecord, code: "07" | "12"): IntentRecord {
  return {
    ...intent,
    status: "failed",
    reason: `${adverseActionText} (response code ${code})`,
    reference_id: referenceNumber("RF", "alnum"),
    transaction_adverse_type: true,
  };
}

/**
 * A capture over the adjustment limit: refused with 422 (code 78) and counted, until the retries
 * are used up; the next one fails the intent (code 79, `captured_status` `limit_exceeded`).
 */
function overLimitCapture(intent: IntentRecord, limits: CaptureLimits): Transition {
  const refusals = intent.capture_refusals ?? 0;
  if (refusals < limits.retries) {
    return {
      kind: "invalid",
      errors: { amount: ["invalid"] },
      message: "The given data was invalid. Capture adjusted amount over the limit (response code 78).",
      intent: { ...intent, capture_refusals: refusals + 1 },
    };
  }
  return {
    kind: "ok",
    intent: {
      ...intent,
      status: "failed",
      captured_status: "limit_exceeded",
      capture_reference_id: referenceNumber("CAP"),
      reason: "Capture adjusted amount over the limit and retries exceeded; submit a new debit (response code 79).",
    },
  };
}

/**
 * Applies a PATCH action. `amountCents` is the parsed request amount for capture and refund; a
 * refund without one refunds the whole captured amount (B-35).
 */
export function applyAction(intent: IntentRecord, action: ActionName, amountCents: number | undefined, limits: CaptureLimits = defaultCaptureLimits): Transition {
  const at = nowIso();
  switch (action) {
    case "authorize": {
      if (!awaitingAuthorization.includes(intent.status)) {
        return { kind: "conflict", conflict: "already_occurred", message: "The transaction intent is already authorized." };
      }
      const problem = consumerDataProblem(intent.amount_cents);
      if (problem) return { kind: "invalid", ...problem };
      return { kind: "ok", intent: authorized(intent, at) };
    }
    case "capture": {
      if (intent.status !== "pending_capture") {
        return intent.captured_cents !== null
          ? { kind: "conflict", conflict: "already_occurred", message: "The transaction intent is already captured (response code 73)." }
          : { kind: "conflict", conflict: "not_ready", message: "The transaction intent is not authorized (response code 76)." };
      }
      const cents = amountCents as number;
      if (cents > intent.authorized_cents + limits.adjustmentCents) return overLimitCapture(intent, limits);
      if (intent.fail_next_capture) return { kind: "ok", intent: captureFailed(intent, intent.fail_next_capture) };
      return { kind: "ok", intent: captured(intent, cents, at) };
    }
    case "refund": {
      if (intent.status === "canceled") {
        return { kind: "conflict", conflict: "not_ready", message: "Original debit was cancelled; refund impossible, use an unlinked credit (response code 77)." };
      }
      if (intent.status === "refunded") {
        return { kind: "conflict", conflict: "not_ready", message: "The transaction intent is already refunded." };
      }
      if (intent.status !== "succeeded" || intent.captured_cents === null) {
        return { kind: "conflict", conflict: "not_ready", message: "Original debit has not been captured (response code 76)." };
      }
      if (intent.debit_returned) {
        return { kind: "conflict", conflict: "not_ready", message: "Debit related to the refund was returned by the bank (response code 82)." };
      }
      if (centsPart(intent.amount_cents) === triggers.refundNotSettled) {
        return { kind: "conflict", conflict: "not_ready", message: "Refund impossible, original debit not sent for settlement; cancel it or use a credit (response code 80)." };
      }
      const cents = amountCents ?? intent.captured_cents;
      if (cents > intent.captured_cents) {
        return { kind: "invalid", errors: { amount: ["invalid"] }, message: "The given data was invalid. Refund amount exceeds the debit amount (response code 75)." };
      }
      if (cents < intent.captured_cents) {
        return { kind: "invalid", errors: { amount: ["invalid"] }, message: "The given data was invalid. Refund amount less than purchase amount; partial refunds not enabled (response code 81)." };
      }
      return {
        kind: "ok",
        intent: {
          ...intent,
          status: "refunded",
          refunded_total_cents: cents,
          reason: "Refunded",
          refund: { amount: formatCents(cents), created_at: at, message: "Refund approved", reference_number: referenceNumber("RFD"), response_code: "08", status: "succeeded" },
        },
      };
    }
    case "cancel": {
      if (intent.status === "canceled") {
        return { kind: "conflict", conflict: "already_occurred", message: "The transaction intent is already cancelled (response code 31)." };
      }
      if (intent.status !== "pending_capture" && intent.status !== "succeeded") {
        return { kind: "conflict", conflict: "not_ready", message: "The transaction intent cannot be cancelled in its status (response code 30)." };
      }
      const amount = intent.captured_cents ?? intent.authorized_cents;
      return {
        kind: "ok",
        intent: {
          ...intent,
          status: "canceled",
          reason: "Canceled",
          captured_cents: null,
          captured_at: null,
          captured_status: null,
          capture_reference_id: null,
          cancel: { amount: formatCents(amount), created_at: at, message: "Void successful", reference_number: referenceNumber("CNL"), response_code: "29", status: "succeeded" },
        },
      };
    }
    case "cancel_refund": {
      if (intent.status !== "refunded" || intent.refund === null) {
        return { kind: "conflict", conflict: "not_ready", message: "The transaction intent has no refund ready to cancel." };
      }
      return {
        kind: "ok",
        intent: { ...intent, status: "succeeded", reason: "Refund cancelled", refunded_total_cents: null, refund: { ...intent.refund, status: "cancelled" } },
      };
    }
  }
}
