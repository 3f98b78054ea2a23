// A capture that failed is not an HTTP error: the service answers 200 with the intent, whose
// `captured_status` names the failure (`expired`, `error`...) while it stays `pending_capture`, or
// `limit_exceeded` with the intent `failed` (response code 79). `if (error)` cannot see that; these
// two functions can, and narrow the intent so that a successful capture's amount is a string.
import type { CapturedStatus, TransactionIntent } from "./models/bank-payments.js";

/** The failures a capture can answer with HTTP 200: every `captured_status` but `succeeded`. */
export type CaptureFailure = Exclude<CapturedStatus, "succeeded" | null>;

/** A transaction intent (full view) whose latest capture succeeded: its captured amount, time and reference are set. */
export interface CapturedTransactionIntent extends TransactionIntent {
  captured_status: "succeeded";
  amount_captured: string;
  captured_at: string;
  capture_reference_id: string;
}

/**
 * Whether the intent's latest capture succeeded (`captured_status` `succeeded`, `amount_captured`
 * set). Use it on the `data` of a capture: `false` means the capture failed although the answer
 * was HTTP 200 (see `captureFailure`). Takes the full view (secret key), which alone shows it.
 */
export function isCaptured(intent: TransactionIntent): intent is CapturedTransactionIntent {
  return intent.captured_status === "succeeded" && intent.amount_captured !== null &&
    intent.captured_at !== null && intent.capture_reference_id !== null;
}

/**
 * The failure of the intent's latest capture attempt, or `undefined` when it did not fail (it
 * succeeded, or none was attempted). With the intent still `pending_capture` the capture may be
 * tried again; `limit_exceeded` leaves it `failed`: submit a new debit.
 */
export function captureFailure(intent: TransactionIntent): CaptureFailure | undefined {
  const status = intent.captured_status;
  return status === null || status === "succeeded" ? undefined : status;
}
