// Type-level tests of the consumer kit: every `@ts-expect-error` line must fail to compile.
// test/client/types.test.ts compiles this file (and `npx tsc -p tsconfig.json` does too), then
// compiles it again without the directives and checks that each of those lines has an error.
import {
  createBankPaymentsClient,
  createCheckCashingClient,
  isCreditConflict,
  isFullView,
  isIntentConflict,
  isPublishableView,
  isValidationError,
  listAllCredits,
  listAllTransactionIntents,
  paginate,
  requiresAdverseAction,
  type BankPayments,
  type CheckCashing,
} from "../../../entry/index.js";

type Assert<T extends true> = T;
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;

const bank = createBankPaymentsClient({ baseUrl: "http://127.0.0.1:4010", apiKey: "sk_test" });
const cashing = createCheckCashingClient({ baseUrl: "http://127.0.0.1:4011" });

// @ts-expect-error apiKey is required by the bank client
createBankPaymentsClient({ baseUrl: "http://127.0.0.1:4010" });

export async function createIntent() {
  const { data, error } = await bank.POST("/api/transaction-intents", {
    body: { amount: 125, bank_account: "bank_account_x", consumer_id: "consumer_x", store_number: "0042", type: "bankpay" },
  });
  if (data) {
    const status: BankPayments.components["schemas"]["TransactionIntentStatus"] = data.data.status;
    // @ts-expect-error the create response is the reduced object: no amount_authorized
    void data.data.amount_authorized;
    return status;
  }
  if (isIntentConflict(error, "bank_account_conflict")) {
    type Check = Assert<Equals<typeof error.conflict, "bank_account_conflict">>;
    return error.message;
  }
  if (isValidationError(error)) return error.errors.amount?.[0];
  // @ts-expect-error a credit conflict code is not an intent conflict code
  isIntentConflict(error, "still_processing");
  return undefined;
}

export async function wrongCalls() {
  await bank.POST("/api/transaction-intents", {
    // @ts-expect-error wrong enum value for type
    body: { amount: 125, bank_account: "b", consumer_id: "c", store_number: "1", type: "credit_card" },
  });
  await bank.POST("/api/transaction-intents", {
    // @ts-expect-error missing required body field (store_number)
    body: { amount: 125, bank_account: "b", consumer_id: "c", type: "bankpay" },
  });
  await bank.POST("/api/transaction-intents", {
    // @ts-expect-error wrong field type: amount is a number in requests
    body: { amount: "125.00", bank_account: "b", consumer_id: "c", store_number: "1", type: "bankpay" },
  });
  // @ts-expect-error missing path parameter
  await bank.GET("/api/transaction-intents/{transaction_intent_id}", { params: { path: {} } });
  // @ts-expect-error missing params altogether on a path with a parameter
  await bank.GET("/api/credits/{credit_id}");
  // @ts-expect-error unknown path
  await bank.GET("/api/refunds");
  // @ts-expect-error wrong method on a path (no DELETE on credits)
  await bank.DELETE("/api/credits/{credit_id}", { params: { path: { credit_id: "credit_x" } } });
  await bank.PATCH("/api/transaction-intents/{transaction_intent_id}", {
    params: { path: { transaction_intent_id: "transaction_intent_x" } },
    // @ts-expect-error capture needs an amount
    body: { action: "capture" },
  });
  await bank.PATCH("/api/credits/{credit_id}", {
    params: { path: { credit_id: "credit_x" } },
    // @ts-expect-error the only credit action is cancel
    body: { action: "refund" },
  });
  await bank.GET("/api/transaction-intents", {
    // @ts-expect-error wrong enum value in a filter
    params: { query: { status: "approved" } },
  });
  await bank.GET("/api/credits", {
    // @ts-expect-error wrong filter type: page is a number
    params: { query: { page: "2" } },
  });
  await cashing.POST("/v1/payroll", {
    body: {
      merchantID: "104233", trxID: "PR-1", dob: "1988-04-12", ssn: "123456789",
      // @ts-expect-error missing required nested field (name.lastName)
      name: { firstName: "Dana" },
      id: { idCode: "TX", idValue: "1" }, integratorID: "INTG", netAmount: 10, account: { micrData: "T1" },
    },
  });
}

export async function readIntent() {
  const { data } = await bank.GET("/api/transaction-intents/{transaction_intent_id}", {
    params: { path: { transaction_intent_id: "transaction_intent_x" } },
  });
  if (!data) return;
  const intent = data.data;
  // @ts-expect-error captured_at is secret-only: the union must be narrowed first
  void intent.captured_at;
  // @ts-expect-error is_mailable is publishable-only: the union must be narrowed first
  void intent.is_mailable;
  if (isFullView(intent)) {
    const capturedAt: string | null = intent.captured_at;
    // @ts-expect-error the full view has no is_mailable
    void intent.is_mailable;
    return capturedAt;
  }
  if (isPublishableView(intent)) {
    const mailable: boolean = intent.is_mailable;
    return mailable;
  }
  return undefined;
}

export async function credits() {
  const { error } = await bank.PATCH("/api/credits/{credit_id}", {
    params: { path: { credit_id: "credit_x" } },
    body: { action: "cancel" },
  });
  if (isCreditConflict(error, "still_processing")) {
    type Check = Assert<Equals<typeof error.error, "still_processing">>;
  }
  // @ts-expect-error an intent conflict code is not a credit error code
  isCreditConflict(error, "not_ready");
}

export async function pages() {
  for await (const intent of listAllTransactionIntents(bank, { status: "succeeded", per_page: 50 })) {
    type Check = Assert<Equals<typeof intent, BankPayments.components["schemas"]["TransactionIntent"]>>;
  }
  for await (const credit of paginate(bank, "/api/credits", { query: { creditable_type: "bank_account" } })) {
    type Check = Assert<Equals<typeof credit, BankPayments.components["schemas"]["Credit"]>>;
  }
  // @ts-expect-error a transaction intent filter is not a credit filter
  listAllCredits(bank, { type: "bankpay" });
  // @ts-expect-error only the list endpoints paginate
  paginate(bank, "/api/credits/{credit_id}");
}

export async function payroll(body: CheckCashing.components["schemas"]["PayrollRequest"]) {
  const { data, error, response } = await cashing.POST("/v1/payroll", { body });
  if (data) return data.approvalNum;
  if (response.status === 400 && requiresAdverseAction(error)) return "adverse action";
  // @ts-expect-error the payroll error entries have no `message`
  void error.errors[0].message;
  return error.errors[0].errorType;
}
