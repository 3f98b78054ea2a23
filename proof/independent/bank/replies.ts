// The bank service's answers other than resources: validation, conflicts, not found, keys. The
// members and their machine-readable values are the contract's; every free text is this team's own.

export type Reply = { status: number; body: unknown };

export type Problems = Record<string, string[]>;

/** Meanings of the transaction response codes this server names in its texts (bank §7.4). */
const meanings: Record<string, string> = {
  "29": "Void or cancel successful",
  "30": "Cannot void or cancel (refunds and credits cannot be cancelled)",
  "31": "Already voided or cancelled",
  "73": "Debit already captured",
  "74": "Credit amount over the limit",
  "75": "Refund amount exceeds the debit amount",
  "76": "Original debit has not been captured",
  "77": "Original debit was cancelled; refund or linked credit impossible (use an unlinked credit)",
  "78": "Capture adjusted amount over the limit",
  "79": "Capture adjusted amount over the limit and retries exceeded; submit a new debit",
  "81": "Refund amount less than purchase amount; partial refunds not enabled",
};

/** "Response code 78: Capture adjusted amount over the limit." */
export function codeText(code: string): string {
  return `Response code ${code}: ${meanings[code] ?? "see the response code table"}.`;
}

export function validation(problems: Problems, code?: string): Reply {
  const count = Object.keys(problems).length;
  const summary = `The request was not accepted: ${count} field${count === 1 ? "" : "s"} need${count === 1 ? "s" : ""} attention.`;
  return { status: 422, body: { message: code ? `${summary} ${codeText(code)}` : summary, errors: problems } };
}

export function intentConflict(conflict: "already_occurred" | "not_ready" | "bank_account_conflict", message: string, action?: string): Reply {
  return { status: 409, body: action ? { conflict, message, action } : { conflict, message } };
}

export function creditConflict(error: "incompatible_status" | "no_reference_number" | "already_cancelled" | "still_processing" | "failed", message: string): Reply {
  return { status: 409, body: { error, message } };
}

export const notFound: Reply = { status: 404, body: { message: "not_found" } };
export const unauthenticated: Reply = { status: 401, body: { message: "Unauthenticated." } };
export const forbidden: Reply = { status: 403, body: { message: "This action is unauthorized." } };
