// Type-level tests of the resource clients, the named types and the guards: every
// `@ts-expect-error` line must fail to compile (test/client/types.test.ts removes the directives
// and checks that each such line has an error), and every `Assert<...>` must hold.
import {
  createBankPayments,
  createCheckCashing,
  createBankPaymentsClient,
  createCheckCashingClient,
  createSandboxHelpers,
  isCreditConflict,
  isForbidden,
  isIntentConflict,
  isNotFound,
  isPayrollErrorBody,
  isUnauthenticated,
  isValidationError,
  isCaptured,
  captureFailure,
  PaginationError,
  type BankPaymentsError,
  type CaptureFailure,
  type CheckCashingError,
  type Credit,
  type ForbiddenError,
  type PayrollApproval,
  type SandboxSettings,
  type TransactionIntent,
  type TransactionIntentCreated,
  type TransactionIntentView,
  type UnauthenticatedError,
  type ValidationError,
} from "../../../entry/index.js";

type Assert<T extends true> = T;
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;

const bank = createBankPayments({ baseUrl: "http://127.0.0.1:4020", apiKey: "sk_test_sandbox" });
const cashing = createCheckCashing({ baseUrl: "http://127.0.0.1:4021" });
const helpers = createSandboxHelpers({ baseUrl: "http://127.0.0.1:4020", apiKey: "sk_test_sandbox" });
const id = "transaction_intent_x";

// @ts-expect-error the resource client needs a key
createBankPayments({ baseUrl: "http://127.0.0.1:4020" });

export async function namedResults() {
  const created = await bank.transactionIntents.create({ amount: 1, bank_account: "b", consumer_id: "c", store_number: "1", type: "bankpay" });
  type CreatedIsNamed = Assert<Equals<typeof created.data, TransactionIntentCreated | undefined>>;
  const read = await bank.transactionIntents.retrieve(id);
  type ReadIsNamed = Assert<Equals<typeof read.data, TransactionIntentView | undefined>>;
  const captured = await bank.transactionIntents.capture(id, { amount: "12.50" });
  type CapturedIsNamed = Assert<Equals<typeof captured.data, TransactionIntent | undefined>>;
  const credit = await bank.credits.retrieve("credit_x");
  type CreditIsNamed = Assert<Equals<typeof credit.data, Credit | undefined>>;
  const approval = await cashing.payroll.submit({} as Parameters<typeof cashing.payroll.submit>[0]);
  type ApprovalIsNamed = Assert<Equals<typeof approval.data, PayrollApproval | undefined>>;
  const settings = await helpers.settings.retrieve();
  type SettingsIsNamed = Assert<Equals<typeof settings.data, SandboxSettings | undefined>>;
  for await (const intent of bank.transactionIntents.list({ status: "succeeded" })) {
    type ItemIsNamed = Assert<Equals<typeof intent, TransactionIntent>>;
  }
  // @ts-expect-error the create response is the reduced object: no amount_authorized
  void created.data?.amount_authorized;
}

export async function wrongCalls() {
  // @ts-expect-error capture needs an amount
  await bank.transactionIntents.capture(id, {});
  // @ts-expect-error amounts are numbers or decimal strings, not booleans
  await bank.transactionIntents.refund(id, { amount: true });
  // @ts-expect-error wrong enum value in a list filter
  bank.transactionIntents.list({ status: "approved" });
  // @ts-expect-error a transaction intent filter is not a credit filter
  bank.credits.list({ type: "bankpay" });
  // @ts-expect-error a credit amount is a number or a decimal string, not a bigint
  await bank.credits.create({ amount: 25n, transaction_intent_id: id });
  // @ts-expect-error a creation's amount is required
  await bank.transactionIntents.create({ bank_account: "b", consumer_id: "c", store_number: "1", type: "bankpay" });
  // @ts-expect-error not a status the helper moves an intent into
  await helpers.transactionIntents.setStatus(id, { status: "succeeded" });
  // @ts-expect-error the billing address update needs the documented members
  await bank.transactionIntents.updateBillingAddress(id, { line_1: "1 Main St" });
  // @ts-expect-error further address members are JSON values, not functions
  await bank.transactionIntents.updateBillingAddress(id, { line_1: "l", city: "c", state_province: "s", zipcode: "z", country_code: "US", extra: () => 1 });
}

export async function oneMoneyType(intent: TransactionIntent, view: TransactionIntentView) {
  // Every request amount takes a number or a decimal string.
  await bank.transactionIntents.create({ amount: "125.00", bank_account: "b", consumer_id: "c", store_number: "1", type: "bankpay" });
  await bank.transactionIntents.capture(id, { amount: 125 });
  await bank.transactionIntents.refund(id, { amount: "125.00" });
  await bank.transactionIntents.refund(id);
  await bank.credits.create({ amount: 25, transaction_intent_id: id });
  await cashing.payroll.submit({ ...({} as Parameters<typeof cashing.payroll.submit>[0]), netAmount: "1250.75" });
  // @ts-expect-error a nullable amount is not an amount: amount_captured is null until captured (narrow with isCaptured)
  await bank.transactionIntents.refund(id, { amount: intent.amount_captured });
  if (isCaptured(intent)) {
    type AmountIsString = Assert<Equals<typeof intent.amount_captured, string>>;
    await bank.transactionIntents.refund(id, { amount: intent.amount_captured });
  } else {
    const failure = captureFailure(intent);
    type FailureIsTyped = Assert<Equals<typeof failure, CaptureFailure | undefined>>;
    // @ts-expect-error captureFailure never answers succeeded
    if (failure === "succeeded") return;
  }
  // @ts-expect-error isCaptured takes the full view: the publishable view has no captured_status
  isCaptured(view);
  // @ts-expect-error the low-level client stays exactly the contract's: a refund amount is a JSON number
  await low.PATCH("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: id } }, body: { action: "refund", amount: "125.00" } });
  // @ts-expect-error the low-level client stays exactly the contract's: a credit amount is a decimal string
  await low.POST("/api/credits", { body: { amount: 25, transaction_intent_id: id } });
  // @ts-expect-error the low-level client stays exactly the contract's: a creation amount is a JSON number
  await low.POST("/api/transaction-intents", { body: { amount: "1.00", bank_account: "b", consumer_id: "c", store_number: "1", type: "bankpay" } });
}

export async function switchNarrows() {
  const { error } = await bank.transactionIntents.capture(id, { amount: 10 });
  if (!error) return;
  switch (error.code) {
    case "not_ready": {
      type StatusIs409 = Assert<Equals<typeof error.status, 409>>;
      return error.body.conflict;
    }
    case "validation_error": {
      type BodyIsValidation = Assert<Equals<typeof error.body, ValidationError>>;
      return error.body.errors.amount;
    }
    case "unauthenticated":
    case "forbidden":
    case "not_found":
    case "already_occurred":
    case "bank_account_conflict":
      return error.message;
    default: {
      type Exhaustive = Assert<Equals<typeof error, never>>;
      return undefined;
    }
  }
}

export async function codesAreTheOperations() {
  const { error } = await bank.credits.cancel("credit_x");
  // @ts-expect-error an intent conflict code is never the code of a credit cancellation
  if (error?.code === "already_occurred") return;
  const payroll = await cashing.payroll.submit({} as Parameters<typeof cashing.payroll.submit>[0]);
  type PayrollCodes = Assert<Equals<NonNullable<typeof payroll.error>["code"], "declined" | "id_error" | "correction" | "system_error">>;
  type PayrollStatuses = Assert<Equals<CheckCashingError["status"], 400 | 500>>;
  type ReadStatuses = Assert<Equals<BankPaymentsError<"getTransactionIntent">["status"], 401 | 404>>;
}

export async function paginationErrorIsTyped(error: Error) {
  if (error instanceof PaginationError) {
    type BodyIsTyped = Assert<Equals<typeof error.body, UnauthenticatedError | ForbiddenError | ValidationError>>;
    type StatusIsTyped = Assert<Equals<typeof error.status, 401 | 403 | 422>>;
    return error.error.code;
  }
  return undefined;
}

const low = createBankPaymentsClient({ baseUrl: "http://127.0.0.1:4020", apiKey: "sk_test_sandbox" });
const lowCashing = createCheckCashingClient({ baseUrl: "http://127.0.0.1:4021" });

export async function guardsAcceptOnlyMatchableErrors() {
  const action = await low.PATCH("/api/transaction-intents/{transaction_intent_id}", {
    params: { path: { transaction_intent_id: id } }, body: { action: "authorize" },
  });
  const creditCancel = await low.PATCH("/api/credits/{credit_id}", { params: { path: { credit_id: "credit_x" } }, body: { action: "cancel" } });
  const read = await low.GET("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: id } } });
  const creation = await low.POST("/api/transaction-intents", {
    body: { amount: 1, bank_account: "b", consumer_id: "c", store_number: "1", type: "bankpay" },
  });
  const payroll = await lowCashing.POST("/v1/payroll", { body: {} as Parameters<typeof cashing.payroll.submit>[0] });

  isIntentConflict(action.error);
  // @ts-expect-error a credit cancellation never answers an intent conflict
  isIntentConflict(creditCancel.error);
  isCreditConflict(creditCancel.error, "still_processing");
  // @ts-expect-error an intent action never answers a credit conflict
  isCreditConflict(action.error);
  isValidationError(action.error);
  // @ts-expect-error reading an intent documents no 422
  isValidationError(read.error);
  isNotFound(read.error);
  // @ts-expect-error creating an intent documents no 404
  isNotFound(creation.error);
  isUnauthenticated(read.error, read.response);
  // @ts-expect-error the check cashing service documents no 401
  isUnauthenticated(payroll.error, payroll.response);
  isForbidden(creation.error, creation.response);
  // @ts-expect-error a guard needs the response: 401 and 403 bodies are alike (free text)
  isForbidden(creation.error);
  isPayrollErrorBody(payroll.error);
  // @ts-expect-error a bank error is never a payroll error body
  isPayrollErrorBody(action.error);
  // @ts-expect-error an unknown value can never be matched: narrow it yourself first
  isNotFound(JSON.parse("{}") as unknown);
}
