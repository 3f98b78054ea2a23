// The package's entry point: the resource clients, the named types, the low-level typed clients
// and their helpers, and the generated types.

// Resource clients: `bank.transactionIntents.capture(id, { amount })`, results `{ data, error, response }`.
export { createBankPayments } from "./client/api/bank-payments.js";
export type {
  BankPaymentsApi,
  BankPaymentsError,
  BankPaymentsOptions,
  CreditsResource,
  ListOptions,
  TransactionIntentsResource,
} from "./client/api/bank-payments.js";
export { createCheckCashing } from "./client/api/check-cashing.js";
export type { CheckCashingApi, CheckCashingError, CheckCashingOptions, PayrollResource } from "./client/api/check-cashing.js";
export { createSandboxHelpers } from "./client/api/sandbox-helpers.js";
export type {
  CreditHelpers,
  SandboxHelperError,
  SandboxHelpersApi,
  SandboxHelpersOptions,
  SettingsHelpers,
  TransactionIntentHelpers,
} from "./client/api/sandbox-helpers.js";
export type { RequestOptions } from "./client/api/call.js";
export { PaginationError } from "./client/api/list.js";
export type { ListError } from "./client/api/list.js";
export { UnexpectedResponseError } from "./client/api/result.js";
export { AmountError } from "./client/api/amount.js";
export type { Amount, AmountProblem } from "./client/api/amount.js";
export { ConnectionError } from "./client/api/connection-error.js";
export type { ConnectionFailure } from "./client/api/connection-error.js";
export { captureFailure, isCaptured } from "./client/capture.js";
export type { CaptureFailure, CapturedTransactionIntent } from "./client/capture.js";
export type { ApiError, ApiResult, PayrollBadRequestCode } from "./client/api/result.js";
export type { TransportOptions } from "./client/api/transport.js";

// Named types of the contract's schemas.
export type * from "./client/models/bank-payments.js";
export type * from "./client/models/check-cashing.js";
export type * from "./client/models/sandbox-helpers.js";
export type { JsonValue } from "./client/models/known-members.js";

// Low-level openapi-fetch clients, keyed by path templates.
export { createBankPaymentsClient } from "./client/bank-payments.js";
export type { BankPaymentsClient, BankPaymentsClientOptions } from "./client/bank-payments.js";
export { createCheckCashingClient } from "./client/check-cashing.js";
export type { CheckCashingClient, CheckCashingClientOptions } from "./client/check-cashing.js";
export { createSandboxHelpersClient } from "./client/sandbox-helpers.js";
export type { SandboxHelpersClient, SandboxHelpersClientOptions } from "./client/sandbox-helpers.js";
export { jsonHeadersMiddleware } from "./client/headers.js";
export {
  fieldErrors,
  isCreditConflict,
  isForbidden,
  isIntentConflict,
  isNotFound,
  isUnauthenticated,
  isValidationError,
} from "./client/errors.js";
export { isFullView, isPublishableView } from "./client/views.js";
export type { TransactionIntentFull } from "./client/views.js";
export {
  adverseActionOf,
  isPayrollErrorBody,
  payrollErrorsOfType,
  requiresAdverseAction,
} from "./client/payroll.js";
export type { PayrollErrorType } from "./client/payroll.js";
export {
  listAllCredits,
  listAllTransactionIntents,
  paginate,
  paginatePages,
} from "./client/pagination.js";
export type { ListErrorBody, ListItem, ListPage, ListPath, ListQuery, PaginateOptions } from "./client/pagination.js";

/** The openapi-typescript types of the Bank Payment Service: `paths`, `components`, `operations`. */
export type * as BankPayments from "../generated/types/bank-payments.js";
/** The openapi-typescript types of the Check Cashing Service: `paths`, `components`, `operations`. */
export type * as CheckCashing from "../generated/types/check-cashing.js";
/** The openapi-typescript types of the sandbox's test helpers: `paths`, `components`, `operations`. */
export type * as SandboxHelpers from "../generated/types/sandbox-helpers.js";
