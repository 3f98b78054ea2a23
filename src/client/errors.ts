// Narrowing helpers for the error bodies of the low-level Bank Payment Service client (its `error`
// is the union of the operation's documented error bodies). Each accepts only an error that can be
// of its kind: `isCreditConflict(errorOfAnIntentAction)` does not compile.
import type {
  CreditConflictError,
  CreditErrorCode,
  ForbiddenError,
  IntentConflictCode,
  IntentConflictError,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
} from "./models/bank-payments.js";
import type { Matchable } from "./matchable.js";

export type {
  CreditConflictError,
  CreditErrorCode,
  ForbiddenError,
  IntentConflictCode,
  IntentConflictError,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A 409 on a transaction intent (`{conflict, message, action?}`), optionally with a given code:
 * `already_occurred`, `not_ready` or `bank_account_conflict`.
 */
export function isIntentConflict<E, C extends IntentConflictCode = IntentConflictCode>(
  error: Matchable<E, IntentConflictError>,
  code?: C,
): error is Matchable<E, IntentConflictError> & IntentConflictError & { conflict: C } {
  return (
    isObject(error) && typeof error.conflict === "string" && typeof error.message === "string" &&
    (code === undefined || error.conflict === code)
  );
}

/**
 * A 409 on a credit (`{error, message}`), optionally with a given code: `incompatible_status`,
 * `no_reference_number`, `already_cancelled`, `still_processing` or `failed`.
 */
export function isCreditConflict<E, C extends CreditErrorCode = CreditErrorCode>(
  error: Matchable<E, CreditConflictError>,
  code?: C,
): error is Matchable<E, CreditConflictError> & CreditConflictError & { error: C } {
  return (
    isObject(error) && typeof error.error === "string" && typeof error.message === "string" &&
    (code === undefined || error.error === code)
  );
}

/** A 422 (`{message, errors: {field: string[]}}`). */
export function isValidationError<E>(error: Matchable<E, ValidationError>): error is Matchable<E, ValidationError> & ValidationError {
  return isObject(error) && typeof error.message === "string" && isObject(error.errors);
}

/** The messages a 422 gives for one field (or query parameter); empty when it names none. */
export function fieldErrors(error: ValidationError, field: string): readonly string[] {
  return Object.hasOwn(error.errors, field) ? error.errors[field] : [];
}

/** A 404 (`{"message": "not_found"}`). */
export function isNotFound<E>(error: Matchable<E, NotFoundError>): error is Matchable<E, NotFoundError> & NotFoundError {
  return isObject(error) && error.message === "not_found";
}

/**
 * A 401 (`{message}`): a missing, malformed or unknown key. Its message is free text (contract
 * decision B-1), so the response's status tells it from a 403: pass the `response` the call gave.
 */
export function isUnauthenticated<E>(error: Matchable<E, UnauthenticatedError>, response: { status: number }): error is Matchable<E, UnauthenticatedError> & UnauthenticatedError {
  return isObject(error) && typeof error.message === "string" && response.status === 401;
}

/** A 403 (`{message}`): a valid key of the wrong kind (B-2). As for a 401, the status tells. */
export function isForbidden<E>(error: Matchable<E, ForbiddenError>, response: { status: number }): error is Matchable<E, ForbiddenError> & ForbiddenError {
  return isObject(error) && typeof error.message === "string" && response.status === 403;
}
