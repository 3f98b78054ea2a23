// Narrowing helpers for the Bank Payment Service's error bodies. They take `unknown` so that they
// accept the `error` of any operation (openapi-fetch types it as the union of that operation's
// documented error bodies) and narrow it to one member of the contract.
import type { components } from "../../generated/types/bank-payments.js";

type Schemas = components["schemas"];
export type IntentConflictError = Schemas["IntentConflictError"];
export type IntentConflictCode = Schemas["IntentConflictCode"];
export type CreditConflictError = Schemas["CreditConflictError"];
export type CreditErrorCode = Schemas["CreditErrorCode"];
export type ValidationError = Schemas["ValidationError"];
export type NotFoundError = Schemas["NotFoundError"];
export type UnauthenticatedError = Schemas["UnauthenticatedError"];
export type ForbiddenError = Schemas["ForbiddenError"];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A 409 on a transaction intent (`{conflict, message, action?}`), optionally with a given code:
 * `already_occurred`, `not_ready` or `bank_account_conflict`.
 */
export function isIntentConflict<C extends IntentConflictCode = IntentConflictCode>(
  error: unknown,
  code?: C,
): error is IntentConflictError & { conflict: C } {
  return (
    isObject(error) && typeof error.conflict === "string" && typeof error.message === "string" &&
    (code === undefined || error.conflict === code)
  );
}

/**
 * A 409 on a credit (`{error, message}`), optionally with a given code: `incompatible_status`,
 * `no_reference_number`, `already_cancelled`, `still_processing` or `failed`.
 */
export function isCreditConflict<C extends CreditErrorCode = CreditErrorCode>(
  error: unknown,
  code?: C,
): error is CreditConflictError & { error: C } {
  return (
    isObject(error) && typeof error.error === "string" && typeof error.message === "string" &&
    (code === undefined || error.error === code)
  );
}

/** A 422 (`{message, errors: {field: string[]}}`). */
export function isValidationError(error: unknown): error is ValidationError {
  return isObject(error) && typeof error.message === "string" && isObject(error.errors);
}

/** The messages a 422 gives for one field (or query parameter); empty when it names none. */
export function fieldErrors(error: ValidationError, field: string): readonly string[] {
  return Object.hasOwn(error.errors, field) ? error.errors[field] : [];
}

/** A 404 (`{"message": "not_found"}`). */
export function isNotFound(error: unknown): error is NotFoundError {
  return isObject(error) && error.message === "not_found";
}

/** A 401 (`{"message": "Unauthenticated."}`): a missing, malformed or unknown key. */
export function isUnauthenticated(error: unknown): error is UnauthenticatedError {
  return isObject(error) && error.message === "Unauthenticated.";
}

/** A 403 (`{"message": "This action is unauthorized."}`): a valid key of the wrong kind. */
export function isForbidden(error: unknown): error is ForbiddenError {
  return isObject(error) && error.message === "This action is unauthorized.";
}
