// The read of a transaction intent answers one of two closed views (a oneOf in the contract):
// the full view for the secret key, the reduced view (with `is_mailable`) for the publishable key.
import type { TransactionIntent, TransactionIntentPublic, TransactionIntentView } from "./models/bank-payments.js";

export type { TransactionIntentView };
/** The full view (secret key). */
export type TransactionIntentFull = TransactionIntent;

/** The full view (secret key): has `captured_at`, `captured_status`, `extras`...; no `is_mailable`. */
export function isFullView(intent: TransactionIntentView): intent is TransactionIntent {
  return !("is_mailable" in intent);
}

/** The reduced view (publishable key): has `is_mailable`; none of the secret-only fields. */
export function isPublishableView(intent: TransactionIntentView): intent is TransactionIntentPublic {
  return "is_mailable" in intent;
}
