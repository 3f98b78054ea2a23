// The package's entry point: the resource clients, the named types, the low-level typed clients
// and their helpers, and the generated types.

// Resource clients: `bank.transactionIntents.capture(id, { amount })`, results `{ data, error, response }`.
export { createBankPayments } from "../src/client/api/bank-payments.js";
export type {
  BankPaymentsApi,
  BankPaymentsError,
  BankPaymentsOptions,
  CreditsResource,
  ListOptions,
  TransactionIntentsResource,
} from "../src/client/api/bank-payments.js";
export { createCheckCashing } from "../src/client/api/check-cashing.js";
export type { CheckCashingApi, CheckCashingError, CheckCashingOptions, PayrollResource } from "../src/client/api/check-cashing.js";
export { createSandboxHelpers } from "../src/client/api/sandbox-helpers.js";
export type {
  CreditHelpers,
  SandboxHelperError,
  SandboxHelpersApi,
  SandboxHelpersOptions,
  SettingsHelpers,
  TransactionIntentHelpers,
} from "../src/client/api/sandbox-helpers.js";
export type { RequestOptions } from "../src/client/api/call.js";
export { PaginationError } from "../src/client/api/list.js";
export type { ListError } from "../src/client/api/list.js";
export { UnexpectedResponseError } from "../src/client/api/result.js";
export { AmountError } from "../src/client/api/amount.js";
export type { Amount, AmountProblem } from "../src/client/api/amount.js";
export { ConnectionError } from "../src/client/api/connection-error.js";
export type { ConnectionFailure } from "../src/client/api/connection-error.js";
export { captureFailure, isCaptured } from "../src/client/capture.js";
export type { CaptureFailure, CapturedTransactionIntent } from "../src/client/capture.js";
export type { ApiError, ApiResult, PayrollBadRequestCode } from "../src/client/api/result.js";
export type { TransportOptions } from "../src/client/api/transport.js";

// Named types of the contract's schemas.
export type * from "../src/client/models/bank-payments.js";
export type * from "../src/client/models/check-cashing.js";
export type * from "../src/client/models/sandbox-helpers.js";
export type { JsonValue } from "../src/client/models/known-members.js";

// Low-level openapi-fetch clients, keyed by path templates.
export { createBankPaymentsClient } from "../src/client/bank-payments.js";
export type { BankPaymentsClient, BankPaymentsClientOptions } from "../src/client/bank-payments.js";
export { createCheckCashingClient } from "../src/client/check-cashing.js";
export type { CheckCashingClient, CheckCashingClientOptions } from "../src/client/check-cashing.js";
export { createSandboxHelpersClient } from "../src/client/sandbox-helpers.js";
export type { SandboxHelpersClient, SandboxHelpersClientOptions } from "../src/client/sandbox-helpers.js";
export { jsonHeadersMiddleware } from "../src/client/headers.js";
export {
  fieldErrors,
  isCreditConflict,
  isForbidden,
  isIntentConflict,
  isNotFound,
  isUnauthenticated,
  isValidationError,
} from "../src/client/errors.js";
export { isFullView, isPublishableView } from "../src/client/views.js";
export type { TransactionIntentFull } from "../src/client/views.js";
export {
  adverseActionOf,
  isPayrollErrorBody,
  payrollErrorsOfType,
  requiresAdverseAction,
} from "../src/client/payroll.js";
export type { PayrollErrorType } from "../src/client/payroll.js";
export {
  listAllCredits,
  listAllTransactionIntents,
  paginate,
  paginatePages,
} from "../src/client/pagination.js";
export type { ListErrorBody, ListItem, ListPage, ListPath, ListQuery, PaginateOptions } from "../src/client/pagination.js";

/** The openapi-typescript types of the Bank Payment Service: `paths`, `components`, `operations`. */
export type * as BankPayments from "../generated/types/bank-payments.js";
/** The openapi-typescript types of the Check Cashing Service: `paths`, `components`, `operations`. */
export type * as CheckCashing from "../generated/types/check-cashing.js";
/** The openapi-typescript types of the sandbox's test helpers: `paths`, `components`, `operations`. */
export type * as SandboxHelpers from "../generated/types/sandbox-helpers.js";
