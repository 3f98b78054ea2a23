// The package's entry point: the typed clients, their helpers, and the generated types.
export { createBankPaymentsClient } from "./client/bank-payments.js";
export type { BankPaymentsClient, BankPaymentsClientOptions } from "./client/bank-payments.js";
export { createCheckCashingClient } from "./client/check-cashing.js";
export type { CheckCashingClient, CheckCashingClientOptions } from "./client/check-cashing.js";
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
export type {
  CreditConflictError,
  CreditErrorCode,
  ForbiddenError,
  IntentConflictCode,
  IntentConflictError,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
} from "./client/errors.js";
export { isFullView, isPublishableView } from "./client/views.js";
export type { TransactionIntentFull, TransactionIntentPublic, TransactionIntentView } from "./client/views.js";
export {
  adverseActionOf,
  isPayrollErrorBody,
  payrollErrorsOfType,
  requiresAdverseAction,
} from "./client/payroll.js";
export type { AdverseActionFlag, PayrollError, PayrollErrorBody, PayrollErrorType } from "./client/payroll.js";
export {
  listAllCredits,
  listAllTransactionIntents,
  paginate,
  paginatePages,
  PaginationError,
} from "./client/pagination.js";
export type {
  ListErrorBody,
  ListItem,
  ListPage,
  ListPath,
  ListQuery,
  PaginateOptions,
} from "./client/pagination.js";

/** The openapi-typescript types of the Bank Payment Service: `paths`, `components`, `operations`. */
export type * as BankPayments from "../generated/types/bank-payments.js";
/** The openapi-typescript types of the Check Cashing Service: `paths`, `components`, `operations`. */
export type * as CheckCashing from "../generated/types/check-cashing.js";
