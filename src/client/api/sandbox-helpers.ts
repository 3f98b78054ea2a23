// The resource client of the reference sandbox's test helpers: what the public API cannot do
// (a consumer accepting the service fee, a failing capture, a returned debit, a pending credit
// settling or failing) and the tenant's settings. Only the sandbox serves them.
import type { operations } from "../../../generated/types/sandbox-helpers.js";
import type { Credit, TransactionIntent } from "../models/bank-payments.js";
import type {
  AcceptServiceFeeParams,
  FailNextCaptureParams,
  ResetSummary,
  SandboxSettings,
  SandboxSettingsUpdate,
  SetIntentStatusParams,
} from "../models/sandbox-helpers.js";
import { createSandboxHelpersClient, type SandboxHelpersClient } from "../sandbox-helpers.js";
import { checkedBaseUrl } from "../base-url.js";
import { call, type RequestOptions } from "./call.js";
import type { ApiResult, OperationError } from "./result.js";
import { sandboxHelperRoutes, type HelperOperationId } from "./routes.js";
import { resilientFetch, type TransportOptions } from "./transport.js";

/** The documented errors of one helper, e.g. `SandboxHelperError<"settleCredit">`. */
export type SandboxHelperError<Id extends HelperOperationId> = OperationError<operations[Id]>;

export interface SandboxHelpersOptions extends TransportOptions {
  /** The sandbox's bank payment service URL, e.g. `http://127.0.0.1:4020`. */
  baseUrl: string;
  /** The secret key of the tenant to act on. */
  apiKey: string;
  headers?: Record<string, string>;
}

export interface TransactionIntentHelpers {
  /** The consumer accepts the service fee: the intent becomes `pending_authorization`. */
  acceptServiceFee(id: string, params?: AcceptServiceFeeParams, options?: RequestOptions): Promise<ApiResult<TransactionIntent, SandboxHelperError<"acceptServiceFee">>>;
  /** Moves an intent awaiting authorization into `pending_authorization` or `pending_service_fee`. */
  setStatus(id: string, params: SetIntentStatusParams, options?: RequestOptions): Promise<ApiResult<TransactionIntent, SandboxHelperError<"setIntentStatus">>>;
  /** The next capture of the intent fails with the given `captured_status`. */
  failNextCapture(id: string, params: FailNextCaptureParams, options?: RequestOptions): Promise<ApiResult<TransactionIntent, SandboxHelperError<"failNextCapture">>>;
  /** The bank returns the debit of a captured intent: a refund is then refused (response code 82). */
  returnDebit(id: string, options?: RequestOptions): Promise<ApiResult<TransactionIntent, SandboxHelperError<"returnDebit">>>;
}

export interface CreditHelpers {
  /** A `pending` credit succeeds. */
  settle(id: string, options?: RequestOptions): Promise<ApiResult<Credit, SandboxHelperError<"settleCredit">>>;
  /** A `pending` credit fails. */
  fail(id: string, options?: RequestOptions): Promise<ApiResult<Credit, SandboxHelperError<"failCredit">>>;
}

export interface SettingsHelpers {
  /** The settings in force for the key's tenant. */
  retrieve(options?: RequestOptions): Promise<ApiResult<SandboxSettings, SandboxHelperError<"getSandboxSettings">>>;
  /** Changes the settings; answers the settings in force. */
  update(changes: SandboxSettingsUpdate, options?: RequestOptions): Promise<ApiResult<SandboxSettings, SandboxHelperError<"updateSandboxSettings">>>;
}

/** The resource client of the sandbox's test helpers. */
export interface SandboxHelpersApi {
  readonly transactionIntents: TransactionIntentHelpers;
  readonly credits: CreditHelpers;
  readonly settings: SettingsHelpers;
  /** Deletes the tenant's intents, credits and bank account bindings and restores the default settings. */
  reset(options?: RequestOptions): Promise<ApiResult<ResetSummary, SandboxHelperError<"resetSandbox">>>;
  /** The low-level openapi-fetch client underneath. */
  readonly client: SandboxHelpersClient;
}

/** Creates the resource client of the sandbox's test helpers (results as `createBankPayments`). */
export function createSandboxHelpers(options: SandboxHelpersOptions): SandboxHelpersApi {
  const { baseUrl: givenUrl, apiKey, headers, ...transport } = options;
  const baseUrl = checkedBaseUrl("createSandboxHelpers", givenUrl, "bank");
  const client = createSandboxHelpersClient({ baseUrl, apiKey, headers, fetch: resilientFetch(transport) });
  const intent = (id: string) => ({ transaction_intent_id: id });
  const credit = (id: string) => ({ credit_id: id });
  return {
    transactionIntents: {
      acceptServiceFee: (id, params = {}, options) =>
        call(client, sandboxHelperRoutes, "acceptServiceFee", { path: intent(id), body: params }, options),
      setStatus: (id, params, options) =>
        call(client, sandboxHelperRoutes, "setIntentStatus", { path: intent(id), body: params }, options),
      failNextCapture: (id, params, options) =>
        call(client, sandboxHelperRoutes, "failNextCapture", { path: intent(id), body: params }, options),
      returnDebit: (id, options) => call(client, sandboxHelperRoutes, "returnDebit", { path: intent(id) }, options),
    },
    credits: {
      settle: (id, options) => call(client, sandboxHelperRoutes, "settleCredit", { path: credit(id) }, options),
      fail: (id, options) => call(client, sandboxHelperRoutes, "failCredit", { path: credit(id) }, options),
    },
    settings: {
      retrieve: (options) => call(client, sandboxHelperRoutes, "getSandboxSettings", {}, options),
      update: (changes, options) => call(client, sandboxHelperRoutes, "updateSandboxSettings", { body: changes }, options),
    },
    reset: (options) => call(client, sandboxHelperRoutes, "resetSandbox", {}, options),
    client,
  };
}
