// The result style of the resource clients: every call resolves to `{ data, error, response }`,
// as openapi-fetch does, with `error` one of the operation's documented errors, discriminated by
// `status` and `code` so that a `switch` narrows it. Anything the contract does not document (an
// undocumented status, a body that is not the documented JSON) and network failures are thrown:
// the values a caller handles are exactly the contract's.
import type { PayrollErrorBody } from "../models/check-cashing.js";
import type {
  CreditConflictError,
  ForbiddenError,
  IntentConflictError,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
} from "../models/bank-payments.js";
import type { HelperConflictError } from "../models/sandbox-helpers.js";
import type { ErrorBodyOf, ErrorStatus, Same } from "./operation-types.js";

/** One documented error of an operation. */
export interface ApiError<Status extends number, Code extends string, Body> {
  /** The HTTP status, one the operation documents. */
  readonly status: Status;
  /**
   * What went wrong, in one word: the conflict code of a 409 (`not_ready`, `still_processing`...),
   * `unauthenticated` (401), `forbidden` (403), `not_found` (404), `validation_error` (422); for
   * check cashing `declined`, `id_error` or `correction` (400) and `system_error` (500).
   */
  readonly code: Code;
  /** The body's `message` (check cashing: the first entry's `errorMessage`). */
  readonly message: string;
  /** The error body as the server sent it. */
  readonly body: Body;
}

/** A call's outcome: `data` on success, else `error`; `response` always. */
export type ApiResult<Data, Error> =
  | { data: Data; error?: undefined; response: Response }
  | { data?: undefined; error: Error; response: Response };

/** The check cashing codes of a 400, from its entries' `errorType` (declined first, then id_error). */
export type PayrollBadRequestCode = "declined" | "id_error" | "correction";

/** The code of a documented error status whose body carries none. */
type StatusCode<S> = S extends 401 ? "unauthenticated"
  : S extends 403 ? "forbidden"
  : S extends 404 ? "not_found"
  : S extends 422 ? "validation_error"
  : S extends 400 ? PayrollBadRequestCode
  : S extends 500 ? "system_error"
  : never;

/** The code of one error: the body's conflict code when it has one, else the status's. */
export type ErrorCode<S, Body> = Body extends { conflict: infer C extends string } ? C
  : Body extends { error: infer C extends string } ? C
  : StatusCode<S>;

/** The named error bodies, so that errors read as the API does (`IntentConflictError`, not its members). */
type NamedErrorBodies = [
  UnauthenticatedError, ForbiddenError, NotFoundError, ValidationError,
  IntentConflictError, CreditConflictError, HelperConflictError, PayrollErrorBody,
];
type NamedBody<B, List> = List extends [infer Head, ...infer Rest]
  ? Same<B, Head> extends true ? Head : NamedBody<B, Rest>
  : B;

/** One `ApiError` per documented status and code. */
type ErrorsOfStatus<S extends number, Body> = ErrorCode<S, Body> extends infer C
  ? C extends string ? ApiError<S, C, Body> : never
  : never;

/** Every documented error of an operation, as `ApiError`s. */
export type OperationError<Op> = {
  [S in ErrorStatus<Op>]: ErrorsOfStatus<S, NamedBody<ErrorBodyOf<Op, S>, NamedErrorBodies>>;
}[ErrorStatus<Op>];

/** Thrown for an answer the contract does not document: its status, and its body as text. */
export class UnexpectedResponseError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly operationId: string,
  ) {
    super(`${operationId}: HTTP ${status} is not a documented answer${bodyText ? `: ${bodyText.slice(0, 200)}` : ""}`);
    this.name = "UnexpectedResponseError";
  }
}

const statusCodes: Record<number, string> = {
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  422: "validation_error",
  500: "system_error",
};

type JsonObject = Record<string, unknown>;

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function payrollEntries(body: JsonObject): JsonObject[] | undefined {
  const errors = body.errors;
  return Array.isArray(errors) && errors.every((entry) => isJsonObject(entry)) ? (errors as JsonObject[]) : undefined;
}

function payrollCode(entries: JsonObject[]): PayrollBadRequestCode {
  if (entries.some((entry) => entry.errorType === "declined")) return "declined";
  if (entries.some((entry) => entry.errorType === "id_error")) return "id_error";
  return "correction";
}

/**
 * The `ApiError` of a documented error status, or undefined when the body does not have the
 * documented form (a 409 without its code, a body that is not a JSON object).
 */
export function apiErrorOf(status: number, body: unknown): ApiError<number, string, JsonObject> | undefined {
  if (!isJsonObject(body)) return undefined;
  const entries = payrollEntries(body);
  let code: string | undefined;
  if (typeof body.conflict === "string") code = body.conflict;
  else if (typeof body.error === "string") code = body.error;
  else if (status === 400 && entries) code = payrollCode(entries);
  else code = statusCodes[status];
  if (code === undefined) return undefined;
  const firstMessage = entries?.[0]?.errorMessage;
  const message = typeof body.message === "string" ? body.message
    : typeof firstMessage === "string" ? firstMessage
    : `HTTP ${status}`;
  return { status, code, message, body };
}
