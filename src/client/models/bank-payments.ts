// Named types of the Bank Payment Service, one per schema a merchant handles. Each is an interface
// extending the generated schema, so it cannot drift from the contract, and editors show its name
// (`TransactionIntent`) instead of the whole object.
import type { components, operations } from "../../../generated/types/bank-payments.js";
import type { QueryOf } from "../api/operation-types.js";
import type { Amount } from "../api/amount.js";
import type { JsonValue, KnownMembers } from "./known-members.js";

type Schemas = components["schemas"];
/** One generated schema, by name (an interface can extend an alias, not an indexed access). */
type Schema<Name extends keyof Schemas> = Schemas[Name];

/** A transaction intent as read with the secret key (full view), listed, or returned by an action. */
export interface TransactionIntent extends Schema<"TransactionIntent"> {}
/** A transaction intent as read with the publishable key (reduced view, with `is_mailable`). */
export interface TransactionIntentPublic extends Schema<"TransactionIntentPublic"> {}
/** The intent as the billing address update answers it: the reduced view, `is_mailable` only for the publishable key (bank doc 2.1, B-2). */
export interface TransactionIntentAddressUpdated extends Schema<"TransactionIntentAddressUpdated"> {}
/** Either view of a transaction intent, chosen by the key used to read it. */
export type TransactionIntentView = TransactionIntent | TransactionIntentPublic;
/** The reduced object a creation answers: identifiers, status and what was attached. */
export interface TransactionIntentCreated extends Schema<"TransactionIntentCreated"> {}
/** Status of a transaction intent. */
export type TransactionIntentStatus = Schemas["TransactionIntentStatus"];
/** `bankpay` or `bankpay_bnpl`. */
export type TransactionIntentType = Schemas["TransactionIntentType"];
/** Outcome of the latest capture attempt. */
export type CapturedStatus = Schemas["CapturedStatus"];
/** A two-digit transaction response code (section 7.4 of the API documentation). */
export type ResponseCode = Schemas["ResponseCode"];
/** One payment of a `bankpay_bnpl` schedule. */
export interface ScheduledPayment extends Schema<"ScheduledPayment"> {}
/** Custom values attached at creation: string keys, scalar values. */
export interface Extras extends Schema<"Extras"> {}

/** Create without an action: the intent awaits the consumer's acceptance of the service fee. */
export interface CreateTransactionIntentRequest extends Schema<"CreateTransactionIntentRequest"> {}
/** Create with `action: "authorize"` or `"authorize_and_capture"` (and the accepted `service_fee_id`). */
export interface CreateAndAuthorizeTransactionIntentRequest extends Schema<"CreateAndAuthorizeTransactionIntentRequest"> {}
/** The body of a creation: without or with an action. */
export type CreateTransactionIntentBody = CreateTransactionIntentRequest | CreateAndAuthorizeTransactionIntentRequest;
/** A billing address given at creation. */
export interface BillingAddressInput extends Schema<"BillingAddressInput"> {}
/** A new billing address. Further members may follow (the API documentation says so); they are ignored. */
export interface BillingAddressUpdate extends KnownMembers<Schema<"BillingAddressUpdate">> {
  [member: string]: JsonValue | undefined;
}
/**
 * A request body of the resource client with its `amount` widened to `Amount` (a number or a
 * decimal string); the client checks it and sends the form the operation's contract takes.
 */
export type WithAmount<Body> = Body extends unknown ? Omit<Body, "amount"> & { amount: Amount } : never;
/** What `transactionIntents.create` takes: a creation body whose amount is a number or a decimal string (sent as a JSON number). */
export type CreateTransactionIntentParams = WithAmount<CreateTransactionIntentBody>;
/** What a capture takes: the amount, a number or a decimal string (sent as given). */
export interface CaptureParams extends Omit<Schema<"CaptureAction">, "action" | "amount"> {
  amount: Amount;
}
/**
 * What a refund takes: optionally the amount, a number or a decimal string (sent as a JSON
 * number). Partial refunds are not enabled: without an amount the whole captured amount is refunded.
 */
export interface RefundParams extends Omit<Schema<"RefundAction">, "action" | "amount"> {
  amount?: Amount;
}
/** The filters of the transaction intent list, with `page` and `per_page`. */
export interface TransactionIntentListQuery extends QueryOf<operations["listTransactionIntents"]> {}

/** A credit: money paid to a consumer. */
export interface Credit extends Schema<"Credit"> {}
/** Status of a credit. */
export type CreditStatus = Schemas["CreditStatus"];
/** A credit linked to a transaction intent. */
export interface LinkedCreditRequest extends Schema<"LinkedCreditRequest"> {}
/** A credit to an enrolled bank account (integrator clients and their submerchants). */
export interface UnlinkedCreditRequest extends Schema<"UnlinkedCreditRequest"> {}
/** The body of a credit creation: linked or unlinked. */
export type CreateCreditBody = LinkedCreditRequest | UnlinkedCreditRequest;
/** What `credits.create` takes: a credit body whose amount is a number or a decimal string (sent as a decimal string). */
export type CreateCreditParams = WithAmount<CreateCreditBody>;
/** The filters of the credit list, with `page` and `per_page`. */
export interface CreditListQuery extends QueryOf<operations["listCredits"]> {}

/** Page URLs of a list answer. */
export interface PageLinks extends Schema<"PageLinks"> {}
/** Paging facts of a list answer. */
export interface PageMeta extends Schema<"PageMeta"> {}
/** A transaction intent in a list page: the full view, with `transaction_adverse_type` always present. */
export interface TransactionIntentListItem extends Schema<"TransactionIntentListItem"> {}
/** One page of transaction intents. */
export interface TransactionIntentPage extends Schema<"TransactionIntentListResponse"> {
  data: TransactionIntentListItem[];
  links: PageLinks;
  meta: PageMeta;
}
/** One page of credits. */
export interface CreditPage extends Schema<"CreditListResponse"> {
  data: Credit[];
  links: PageLinks;
  meta: PageMeta;
}

/** 401: a missing, malformed or unknown key. */
export interface UnauthenticatedError extends Schema<"UnauthenticatedError"> {}
/** 403: a valid key of the wrong kind. */
export interface ForbiddenError extends Schema<"ForbiddenError"> {}
/** 404: the identifier in the path (or the route) does not exist. */
export interface NotFoundError extends Schema<"NotFoundError"> {}
/** 422: `errors` maps each offending field to its problems (`invalid`, `missing`, ...). */
export interface ValidationError extends Schema<"ValidationError"> {}
/** 409 on a transaction intent: `conflict` is `already_occurred`, `not_ready` or `bank_account_conflict`. */
export interface IntentConflictError extends Schema<"IntentConflictError"> {}
/** The conflict codes of transaction intents. */
export type IntentConflictCode = Schemas["IntentConflictCode"];
/** 409 on a credit: `error` is `incompatible_status`, `no_reference_number`, `already_cancelled`, `still_processing` or `failed`. */
export interface CreditConflictError extends Schema<"CreditConflictError"> {}
/** The conflict codes of credits. */
export type CreditErrorCode = Schemas["CreditErrorCode"];
