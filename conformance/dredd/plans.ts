// How each Dredd transaction (operation x documented status) is provoked. A plan builds the state
// the transaction needs through the API itself and shapes the request so that a correct
// implementation must answer that status.
import type { ApiClient, KeyChoice } from "../client.js";
import type { Rule } from "../rules.js";
import { ids, intentBody, linkedCreditSubmerchant, payrollRequest, addressUpdate, promised } from "../fixtures.js";
import { createCredit, createIntent, captureAmount } from "../scenarios/steps.js";

export type Plan = {
  path?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  key: KeyChoice;
  /** The plan depends on an implementation-specific trigger (README "Sandbox test triggers"). */
  trigger?: string;
  /** Other statuses the contract lets a correct server answer this request with, and the rule that does. */
  alternatives?: { statuses: number[]; rule: Rule };
};

type Planner = (api: ApiClient) => Promise<Plan>;

/** Plans keyed by `operationId status`. The mock profile uses the same shapes plus `Prefer`. */
export const bankPlans: Record<string, Planner> = {
  // createTransactionIntent
  "createTransactionIntent 201": async () => ({ key: "secret", body: intentBody() }),
  // Without triggers, from a decline the fixtures promise (any code: the 200 is the same).
  "createTransactionIntent 200": async () => {
    const promisedDecline = promised.decline();
    return promisedDecline
      ? { key: "secret", body: intentBody({ ...promisedDecline, action: "authorize_and_capture" }) }
      : { key: "secret", body: intentBody({ action: "authorize_and_capture", amount: 40.07 }), trigger: "authorize_and_capture with an amount ending in .07 is declined" };
  },
  "createTransactionIntent 401": async () => ({ key: "none", body: intentBody() }),
  "createTransactionIntent 403": async () => ({ key: "publishable", body: intentBody() }),
  "createTransactionIntent 409": async (api) => {
    const bankAccount = ids.bankAccount();
    const owner = ids.ownerOf(bankAccount) ?? ids.consumer();
    await createIntent(api, { bankAccount, consumer: owner });
    return { key: "secret", body: intentBody({ bankAccount, consumer: ids.otherConsumer(owner) }) };
  },
  "createTransactionIntent 422": async () => ({ key: "secret", body: { ...intentBody(), amount: -5 } }),
  // listTransactionIntents
  "listTransactionIntents 200": async () => ({ key: "secret", query: { per_page: 5 } }),
  "listTransactionIntents 401": async () => ({ key: "none" }),
  "listTransactionIntents 403": async () => ({ key: "publishable" }),
  "listTransactionIntents 422": async () => ({ key: "secret", query: { status: "bogus" } }),
  // getTransactionIntent
  "getTransactionIntent 200": async (api) => ({ key: "secret", path: { transaction_intent_id: await createIntent(api) } }),
  "getTransactionIntent 401": async (api) => ({ key: "none", path: { transaction_intent_id: await createIntent(api) } }),
  "getTransactionIntent 404": async () => ({ key: "secret", path: { transaction_intent_id: ids.unknownIntent() } }),
  // updateTransactionIntent
  "updateTransactionIntent 200": async (api) => {
    const id = await createIntent(api, { action: "authorize", amount: 40 });
    return { key: "secret", path: { transaction_intent_id: id }, body: { action: "capture", amount: captureAmount(40) } };
  },
  "updateTransactionIntent 401": async (api) => ({
    key: "none", path: { transaction_intent_id: await createIntent(api) }, body: { action: "authorize" },
  }),
  "updateTransactionIntent 403": async (api) => ({
    key: "publishable", path: { transaction_intent_id: await createIntent(api) }, body: { action: "authorize" },
  }),
  "updateTransactionIntent 404": async () => ({
    key: "secret", path: { transaction_intent_id: ids.unknownIntent() }, body: { action: "authorize" },
  }),
  "updateTransactionIntent 409": async (api) => ({
    key: "secret", path: { transaction_intent_id: await createIntent(api, { action: "authorize" }) }, body: { action: "authorize" },
  }),
  "updateTransactionIntent 422": async (api) => ({
    key: "secret", path: { transaction_intent_id: await createIntent(api, { action: "authorize" }) }, body: { action: "capture", amount: -3 },
  }),
  // updateTransactionIntentBillingAddress
  "updateTransactionIntentBillingAddress 200": async (api) => ({
    key: "publishable", path: { transaction_intent_id: await createIntent(api) }, body: addressUpdate(),
  }),
  "updateTransactionIntentBillingAddress 401": async (api) => ({
    key: "none", path: { transaction_intent_id: await createIntent(api) }, body: addressUpdate(),
  }),
  "updateTransactionIntentBillingAddress 403": async (api) => ({
    key: "secret", path: { transaction_intent_id: await createIntent(api) }, body: addressUpdate(),
    alternatives: { statuses: [200], rule: "B-2" },
  }),
  "updateTransactionIntentBillingAddress 404": async () => ({
    key: "publishable", path: { transaction_intent_id: ids.unknownIntent() }, body: addressUpdate(),
  }),
  // Which members are required is "not shown" (B-10); a member of the wrong type is refused by every reading.
  "updateTransactionIntentBillingAddress 422": async (api) => ({
    key: "publishable", path: { transaction_intent_id: await createIntent(api) }, body: { ...addressUpdate(), city: ["Austin"] },
  }),
  // createCredit
  "createCredit 201": async (api) => ({
    key: "secret", body: { amount: "10.00", transaction_intent_id: await createIntent(api, { action: "authorize_and_capture" }), ...linkedCreditSubmerchant() },
    // B-37: a captured intent may carry no reference, and its linked credit is then refused (409 no_reference_number, B-45).
    alternatives: { statuses: [409], rule: "B-37" },
  }),
  "createCredit 401": async () => ({ key: "none", body: { amount: "10.00", transaction_intent_id: ids.unknownIntent() } }),
  "createCredit 403": async () => ({ key: "publishable", body: { amount: "10.00", transaction_intent_id: ids.unknownIntent() } }),
  "createCredit 409": async (api) => ({
    key: "secret", body: { amount: "10.00", transaction_intent_id: await createIntent(api), ...linkedCreditSubmerchant() },
  }),
  "createCredit 422": async () => ({ key: "secret", body: { amount: "10.00" } }),
  // listCredits
  "listCredits 200": async () => ({ key: "secret", query: { per_page: 5 } }),
  "listCredits 401": async () => ({ key: "none" }),
  "listCredits 403": async () => ({ key: "publishable" }),
  "listCredits 422": async () => ({ key: "secret", query: { per_page: 0 } }),
  // getCredit
  "getCredit 200": async (api) => ({ key: "secret", path: { credit_id: await createCredit(api) } }),
  "getCredit 401": async (api) => ({ key: "none", path: { credit_id: await createCredit(api) } }),
  "getCredit 403": async (api) => ({ key: "publishable", path: { credit_id: await createCredit(api) } }),
  "getCredit 404": async () => ({ key: "secret", path: { credit_id: ids.unknownCredit() } }),
  // cancelCredit
  "cancelCredit 200": async (api) => ({ key: "secret", path: { credit_id: await createCredit(api) }, body: { action: "cancel" } }),
  "cancelCredit 401": async (api) => ({ key: "none", path: { credit_id: await createCredit(api) }, body: { action: "cancel" } }),
  "cancelCredit 403": async (api) => ({ key: "publishable", path: { credit_id: await createCredit(api) }, body: { action: "cancel" } }),
  "cancelCredit 404": async () => ({ key: "secret", path: { credit_id: ids.unknownCredit() }, body: { action: "cancel" } }),
  "cancelCredit 409": async (api) => {
    const id = await createCredit(api);
    const first = await api.call("cancelCredit", { path: { credit_id: id }, body: { action: "cancel" }, expect: 200 });
    if (first.status !== 200) throw new Error(`setup: cancelling a credit gave ${first.status}`);
    return { key: "secret", path: { credit_id: id }, body: { action: "cancel" } };
  },
  "cancelCredit 422": async (api) => ({ key: "secret", path: { credit_id: await createCredit(api) }, body: { action: "refund" } }),
};

export const checkCashingPlans: Record<string, Planner> = {
  // C-9: the MICR layout is not shown, a server may correct the line; C-8: errors come as 400 or 500.
  "submitPayrollCheck 200": async () => ({ key: "none", body: payrollRequest(), alternatives: { statuses: [400, 500], rule: "C-9" } }),
  "submitPayrollCheck 400": async () => ({ key: "none", body: payrollRequest({ ssn: "12345" }), alternatives: { statuses: [500], rule: "C-8" } }),
  "submitPayrollCheck 500": async () => ({
    key: "none",
    body: payrollRequest({ trxID: `E500-${ids.numeric(8)}` }),
    trigger: "trxID starting with E500 gives 500",
  }),
};
