// The resource client of the Check Cashing Service: `checkCashing.payroll.submit(check)`.
import type { operations } from "../../../generated/types/check-cashing.js";
import { createCheckCashingClient, type CheckCashingClient } from "../check-cashing.js";
import type { PayrollApproval, PayrollRequest } from "../models/check-cashing.js";
import { checkedBaseUrl } from "../base-url.js";
import { checkCashingAmountRule, withCheckedAmount } from "./amount.js";
import { call, wholeBody, type RequestOptions } from "./call.js";
import type { ApiResult, OperationError } from "./result.js";
import { checkCashingRoutes } from "./routes.js";
import { resilientFetch, type TransportOptions } from "./transport.js";

/** The documented errors of a payroll submission: 400 `declined`, `id_error` or `correction`; 500 `system_error`. */
export type CheckCashingError<Id extends keyof typeof checkCashingRoutes = "submitPayrollCheck"> = OperationError<operations[Id]>;

export interface CheckCashingOptions extends TransportOptions {
  /** The service's `{cashline_url}`, without `/v1`, e.g. the sandbox's `http://127.0.0.1:4021`. */
  baseUrl: string;
  /** Headers sent with every request (the contract declares no authentication). */
  headers?: Record<string, string>;
}

export interface PayrollResource {
  /**
   * Submits a check. `data` is the approval; `error` a decline (`code: "declined"`, adverse action
   * required), an identification error (`id_error`), a `correction` of the request, or a
   * `system_error` (500). The entries are in `error.body.errors`. `netAmount` is checked first
   * (a number or a decimal string, greater than 0, at most two decimals, at most 9999999.99): an
   * invalid one rejects with `AmountError` and nothing is sent.
   */
  submit(check: PayrollRequest, options?: RequestOptions): Promise<ApiResult<PayrollApproval, CheckCashingError>>;
}

/** The resource client of the Check Cashing Service. */
export interface CheckCashingApi {
  readonly payroll: PayrollResource;
  /** The low-level openapi-fetch client underneath. */
  readonly client: CheckCashingClient;
}

/** Creates the Check Cashing Service's resource client (results as `createBankPayments`). */
export function createCheckCashing(options: CheckCashingOptions): CheckCashingApi {
  const { baseUrl: givenUrl, headers, ...transport } = options;
  const baseUrl = checkedBaseUrl("createCheckCashing", givenUrl, "check-cashing");
  const client = createCheckCashingClient({ baseUrl, headers, fetch: resilientFetch(transport) });
  return {
    payroll: {
      // The contract takes `netAmount` as a number or a string: it is sent as given, once checked.
      submit: async (check, options) => {
        const body = withCheckedAmount(check, "netAmount", checkCashingAmountRule, "either", "payroll.submit");
        return call(client, checkCashingRoutes, "submitPayrollCheck", { body }, options, wholeBody);
      },
    },
    client,
  };
}
