// Where each operation lives: method, path template and documented error statuses, keyed by
// operationId. The `satisfies` clauses make the compiler check every entry against the generated
// `paths` and `operations` (the method and path must lead to that very operation, the statuses must
// be documented by it) and require an entry for every operation. test/client/routes.test.ts
// compares the tables with the published documents, statuses included.
import type { operations as BankOperations, paths as BankPaths } from "../../../generated/types/bank-payments.js";
import type { operations as CheckCashingOperations, paths as CheckCashingPaths } from "../../../generated/types/check-cashing.js";
import type { operations as HelperOperations, paths as HelperPaths } from "../../../generated/types/sandbox-helpers.js";
import type { ErrorStatus, Same } from "./operation-types.js";

export type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/** One operation's place in its service. */
export interface Route {
  readonly method: HttpMethod;
  readonly path: string;
  readonly errors: readonly number[];
}

/** The routes that lead to operation `Op` in `Paths`, with its documented error statuses. */
type RouteOf<Paths, Op> = {
  [P in keyof Paths & string]: {
    [M in HttpMethod & keyof Paths[P]]: Same<Paths[P][M], Op> extends true
      ? { readonly method: M; readonly path: P; readonly errors: readonly ErrorStatus<Op>[] }
      : never;
  }[HttpMethod & keyof Paths[P]];
}[keyof Paths & string];

/** One route per operation of a service. */
type RouteTable<Paths, Operations> = { readonly [Id in keyof Operations]: RouteOf<Paths, Operations[Id]> };

export const bankRoutes = {
  createTransactionIntent: { method: "post", path: "/api/transaction-intents", errors: [401, 403, 409, 422] },
  listTransactionIntents: { method: "get", path: "/api/transaction-intents", errors: [401, 403, 422] },
  getTransactionIntent: { method: "get", path: "/api/transaction-intents/{transaction_intent_id}", errors: [401, 404] },
  updateTransactionIntent: { method: "patch", path: "/api/transaction-intents/{transaction_intent_id}", errors: [401, 403, 404, 409, 422] },
  updateTransactionIntentBillingAddress: {
    method: "patch", path: "/api/transaction-intents/{transaction_intent_id}/address", errors: [401, 403, 404, 422],
  },
  createCredit: { method: "post", path: "/api/credits", errors: [401, 403, 409, 422] },
  listCredits: { method: "get", path: "/api/credits", errors: [401, 403, 422] },
  getCredit: { method: "get", path: "/api/credits/{credit_id}", errors: [401, 403, 404] },
  cancelCredit: { method: "patch", path: "/api/credits/{credit_id}", errors: [401, 403, 404, 409, 422] },
} as const satisfies RouteTable<BankPaths, BankOperations>;

export const checkCashingRoutes = {
  submitPayrollCheck: { method: "post", path: "/v1/payroll", errors: [400, 500] },
} as const satisfies RouteTable<CheckCashingPaths, CheckCashingOperations>;

export const sandboxHelperRoutes = {
  acceptServiceFee: {
    method: "post", path: "/_sandbox/transaction-intents/{transaction_intent_id}/accept-service-fee", errors: [401, 403, 404, 409, 422],
  },
  setIntentStatus: {
    method: "post", path: "/_sandbox/transaction-intents/{transaction_intent_id}/status", errors: [401, 403, 404, 409, 422],
  },
  failNextCapture: {
    method: "post", path: "/_sandbox/transaction-intents/{transaction_intent_id}/fail-next-capture", errors: [401, 403, 404, 409, 422],
  },
  returnDebit: {
    method: "post", path: "/_sandbox/transaction-intents/{transaction_intent_id}/return-debit", errors: [401, 403, 404, 409],
  },
  settleCredit: { method: "post", path: "/_sandbox/credits/{credit_id}/settle", errors: [401, 403, 404, 409] },
  failCredit: { method: "post", path: "/_sandbox/credits/{credit_id}/fail", errors: [401, 403, 404, 409] },
  getSandboxSettings: { method: "get", path: "/_sandbox/settings", errors: [401, 403] },
  updateSandboxSettings: { method: "patch", path: "/_sandbox/settings", errors: [401, 403, 422] },
  resetSandbox: { method: "post", path: "/_sandbox/reset", errors: [401, 403] },
} as const satisfies RouteTable<HelperPaths, HelperOperations>;

export type BankOperationId = keyof typeof bankRoutes;
export type HelperOperationId = keyof typeof sandboxHelperRoutes;
