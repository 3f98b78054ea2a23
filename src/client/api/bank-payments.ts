// The resource client of the Bank Payment Service: `bank.transactionIntents.capture(id, { amount })`
// instead of a path template, a method and nested `params`. Each method is one operation of
// api/routes.ts; its types are checked against the operation in api/contract-checks.ts.
import type { operations } from "../../../generated/types/bank-payments.js";
import { createBankPaymentsClient, type BankPaymentsClient } from "../bank-payments.js";
import type {
  BillingAddressUpdate,
  CaptureParams,
  CreateCreditParams,
  CreateTransactionIntentParams,
  Credit,
  CreditListQuery,
  CreditPage,
  RefundParams,
  TransactionIntent,
  TransactionIntentAddressUpdated,
  TransactionIntentCreated,
  TransactionIntentListQuery,
  TransactionIntentPage,
  TransactionIntentView,
} from "../models/bank-payments.js";
import { bankAmountRule, withCheckedAmount, type AmountForm } from "./amount.js";
import { call, wholeBody, type RequestOptions } from "./call.js";
import { checkedBaseUrl } from "../base-url.js";
import { itemsOf } from "./list.js";
import type { ApiResult, OperationError } from "./result.js";
import { bankRoutes, type BankOperationId } from "./routes.js";
import { resilientFetch, type TransportOptions } from "./transport.js";

/** The documented errors of one Bank Payment Service operation, e.g. `BankPaymentsError<"createCredit">`. */
export type BankPaymentsError<Id extends BankOperationId> = OperationError<operations[Id]>;

export interface BankPaymentsOptions extends TransportOptions {
  /** The service's `{base_url}`, without `/api`, e.g. the sandbox's `http://127.0.0.1:4020`. */
  baseUrl: string;
  /**
   * The secret key (create, list, actions, credits; server side only) or the publishable key (read
   * an intent in its reduced view, update its billing address).
   */
  apiKey: string;
  /** Headers sent with every request (they win over `Accept` and `Authorization`). */
  headers?: Record<string, string>;
}

/** Options of `list()`: where to start and how far to go. */
export interface ListOptions extends RequestOptions {
  /** A ceiling on the number of pages fetched. */
  maxPages?: number;
}

export interface TransactionIntentsResource {
  /**
   * Creates an intent: without an action (awaits the service fee), or with `authorize` or
   * `authorize_and_capture`. A declined `authorize_and_capture` is a success (HTTP 200) with status
   * `failed`. `amount` is a number or a decimal string (an invalid one rejects with `AmountError`).
   */
  create(body: CreateTransactionIntentParams, options?: RequestOptions): Promise<ApiResult<TransactionIntentCreated, BankPaymentsError<"createTransactionIntent">>>;
  /** Reads an intent: the full view with the secret key, the reduced view (`is_mailable`, no capture details) with the publishable key. */
  retrieve(id: string, options?: RequestOptions): Promise<ApiResult<TransactionIntentView, BankPaymentsError<"getTransactionIntent">>>;
  /** Every intent matching the filters, newest first, fetching page after page as you iterate. A failing page throws `PaginationError`. */
  list(query?: TransactionIntentListQuery, options?: ListOptions): AsyncIterable<TransactionIntent>;
  /** One page of intents, with its `links` and `meta`. */
  listPage(query?: TransactionIntentListQuery, options?: RequestOptions): Promise<ApiResult<TransactionIntentPage, BankPaymentsError<"listTransactionIntents">>>;
  /** Authorizes an intent awaiting authorization; it becomes `pending_capture`, or `failed` when declined. */
  authorize(id: string, options?: RequestOptions): Promise<ApiResult<TransactionIntent, BankPaymentsError<"updateTransactionIntent">>>;
  /**
   * Captures an authorized intent; it becomes `succeeded`. A capture that failed is answered HTTP
   * 200 too, the intent still `pending_capture` (or `failed`): tell them apart with `isCaptured(data)`.
   */
  capture(id: string, params: CaptureParams, options?: RequestOptions): Promise<ApiResult<TransactionIntent, BankPaymentsError<"updateTransactionIntent">>>;
  /**
   * Refunds a captured intent; it becomes `refunded`. Partial refunds are not enabled: without
   * `params.amount` no amount is sent and the whole captured amount is refunded.
   */
  refund(id: string, params?: RefundParams, options?: RequestOptions): Promise<ApiResult<TransactionIntent, BankPaymentsError<"updateTransactionIntent">>>;
  /** Cancels (voids) an authorized or captured intent; it becomes `canceled`. */
  cancel(id: string, options?: RequestOptions): Promise<ApiResult<TransactionIntent, BankPaymentsError<"updateTransactionIntent">>>;
  /** Cancels the latest refund; the intent is `succeeded` again. */
  cancelRefund(id: string, options?: RequestOptions): Promise<ApiResult<TransactionIntent, BankPaymentsError<"updateTransactionIntent">>>;
  /** Replaces the billing address (publishable key); answers the intent in its reduced view. */
  updateBillingAddress(id: string, address: BillingAddressUpdate, options?: RequestOptions): Promise<ApiResult<TransactionIntentAddressUpdated, BankPaymentsError<"updateTransactionIntentBillingAddress">>>;
}

export interface CreditsResource {
  /** Creates a credit, linked to a `succeeded` intent or to an enrolled bank account (unlinked). `amount` is a number or a decimal string. */
  create(body: CreateCreditParams, options?: RequestOptions): Promise<ApiResult<Credit, BankPaymentsError<"createCredit">>>;
  /** Reads a credit. */
  retrieve(id: string, options?: RequestOptions): Promise<ApiResult<Credit, BankPaymentsError<"getCredit">>>;
  /** Every credit matching the filters, newest first, page after page. A failing page throws `PaginationError`. */
  list(query?: CreditListQuery, options?: ListOptions): AsyncIterable<Credit>;
  /** One page of credits, with its `links` and `meta`. */
  listPage(query?: CreditListQuery, options?: RequestOptions): Promise<ApiResult<CreditPage, BankPaymentsError<"listCredits">>>;
  /** Cancels a `succeeded` credit; it becomes `cancelled`. */
  cancel(id: string, options?: RequestOptions): Promise<ApiResult<Credit, BankPaymentsError<"cancelCredit">>>;
}

/** The resource client of the Bank Payment Service. */
export interface BankPaymentsApi {
  readonly transactionIntents: TransactionIntentsResource;
  readonly credits: CreditsResource;
  /** The low-level openapi-fetch client underneath (same key, timeout and retries), for anything else. */
  readonly client: BankPaymentsClient;
}

/**
 * Creates the Bank Payment Service's resource client. Every method resolves to
 * `{ data, error, response }`: `data` is the resource, `error` one of the operation's documented
 * errors (`switch (error.code)` narrows it). What is not a documented answer rejects: an invalid
 * amount (`AmountError`, nothing sent), a network failure (`ConnectionError`), an undocumented
 * answer (`UnexpectedResponseError`). A base URL ending in `/api` or without a scheme throws here.
 */
export function createBankPayments(options: BankPaymentsOptions): BankPaymentsApi {
  const { baseUrl: givenUrl, apiKey, headers, ...transport } = options;
  const baseUrl = checkedBaseUrl("createBankPayments", givenUrl, "bank");
  const client = createBankPaymentsClient({ baseUrl, apiKey, headers, fetch: resilientFetch(transport) });
  const intentPath = (id: string) => ({ transaction_intent_id: id });
  const creditPath = (id: string) => ({ credit_id: id });
  const action = (id: string, body: object, options?: RequestOptions) =>
    call<TransactionIntent, BankPaymentsError<"updateTransactionIntent">>(client, bankRoutes, "updateTransactionIntent", { path: intentPath(id), body }, options);
  /** A body whose `amount` is checked and sent in `form`; an invalid amount rejects before anything is sent. */
  const amounted = <Body extends object>(body: Body, form: AmountForm, operation: string, optional = false) =>
    withCheckedAmount(body, "amount", bankAmountRule, form, operation, optional);

  const intentPage = (query: TransactionIntentListQuery = {}, options?: RequestOptions) =>
    call<TransactionIntentPage, BankPaymentsError<"listTransactionIntents">>(client, bankRoutes, "listTransactionIntents", { query }, options, wholeBody);
  const creditPage = (query: CreditListQuery = {}, options?: RequestOptions) =>
    call<CreditPage, BankPaymentsError<"listCredits">>(client, bankRoutes, "listCredits", { query }, options, wholeBody);

  const transactionIntents: TransactionIntentsResource = {
    // The contract's forms: create and refund take a JSON number, capture a number or a string.
    create: async (body, options) =>
      call(client, bankRoutes, "createTransactionIntent", { body: amounted(body, "number", "transactionIntents.create") }, options),
    retrieve: (id, options) =>
      call(client, bankRoutes, "getTransactionIntent", { path: intentPath(id) }, options),
    list: (query = {}, { maxPages, ...options } = {}) =>
      itemsOf((page) => intentPage({ ...query, page }, options), { startPage: query.page, maxPages }),
    listPage: intentPage,
    authorize: (id, options) => action(id, { action: "authorize" }, options),
    capture: async (id, params, options) =>
      action(id, amounted({ ...params, action: "capture" }, "either", "transactionIntents.capture"), options),
    refund: async (id, params = {}, options) =>
      action(id, amounted({ ...params, action: "refund" }, "number", "transactionIntents.refund", true), options),
    cancel: (id, options) => action(id, { action: "cancel" }, options),
    cancelRefund: (id, options) => action(id, { action: "cancel_refund" }, options),
    updateBillingAddress: (id, address, options) =>
      call(client, bankRoutes, "updateTransactionIntentBillingAddress",
        { path: intentPath(id), body: address }, options),
  };

  const credits: CreditsResource = {
    // The contract's form of a credit amount: a decimal string.
    create: async (body, options) =>
      call(client, bankRoutes, "createCredit", { body: amounted(body, "string", "credits.create") }, options),
    retrieve: (id, options) => call(client, bankRoutes, "getCredit", { path: creditPath(id) }, options),
    list: (query = {}, { maxPages, ...options } = {}) =>
      itemsOf((page) => creditPage({ ...query, page }, options), { startPage: query.page, maxPages }),
    listPage: creditPage,
    cancel: (id, options) =>
      call(client, bankRoutes, "cancelCredit", { path: creditPath(id), body: { action: "cancel" } }, options),
  };

  return { transactionIntents, credits, client };
}
