// Every operation of both services, called through the typed clients against real Prism mocks
// (scripts/mock.mjs) on free ports: a happy path and an error path each, asserting data, error and
// response.status. Prism is stateless and answers the contract's examples; `Prefer: code=...,
// example=...` picks a documented response.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  createBankPaymentsClient,
  createCheckCashingClient,
  fieldErrors,
  isCreditConflict,
  isFullView,
  isIntentConflict,
  isNotFound,
  isPayrollErrorBody,
  isPublishableView,
  isForbidden,
  isUnauthenticated,
  isValidationError,
  payrollErrorsOfType,
  requiresAdverseAction,
  type BankPayments,
  type BankPaymentsClient,
  type CheckCashing,
  type CheckCashingClient,
} from "../../entry/index.js";
import { startMockOnFreePorts, type RunningMock } from "./mock-server.js";

type Schemas = BankPayments.components["schemas"];

const intentId = "transaction_intent_2Rb7YcM4nQ8wLx5K";
const creditId = "credit_Lm3Qx8RzT5vK2pWa";
const createBody: Schemas["CreateTransactionIntentRequest"] = {
  amount: 125, bank_account: "bank_account_Vd93LmQa2XkP7rTe", consumer_id: "consumer_Hq7Zx2LmN4pR8sTu",
  store_number: "0042", type: "bankpay",
};
const payrollBody: CheckCashing.components["schemas"]["PayrollRequest"] = {
  merchantID: "104233", trxID: "PR-20261105-0001", dob: "1988-04-12", ssn: "123456789",
  name: { firstName: "Dana", lastName: "Whitfield" }, id: { idCode: "TX", idValue: "12345678" },
  integratorID: "INTG-0042", netAmount: 1250.75, account: { micrData: "T011000015T 123456789O 1042" },
};

let mock: RunningMock;
let bank: BankPaymentsClient;
let publishable: BankPaymentsClient;
let cashing: CheckCashingClient;
const sentHeaders: Headers[] = [];

before(async () => {
  mock = await startMockOnFreePorts();
  const recordingFetch = (request: Request) => {
    sentHeaders.push(new Headers(request.headers));
    return fetch(request);
  };
  bank = createBankPaymentsClient({ baseUrl: mock.bankUrl, apiKey: "sk_test_secret", fetch: recordingFetch });
  publishable = createBankPaymentsClient({ baseUrl: mock.bankUrl, apiKey: "pk_test_publishable" });
  cashing = createCheckCashingClient({ baseUrl: mock.checkCashingUrl, fetch: recordingFetch });
});

after(async () => {
  await mock?.stop();
});

const prefer = (value: string) => ({ Prefer: value });

describe("headers", () => {
  it("sends Authorization: Bearer <key>, Accept and Content-Type JSON", async () => {
    sentHeaders.length = 0;
    const { response } = await bank.POST("/api/transaction-intents", { body: createBody, headers: prefer("code=201") });
    assert.equal(response.status, 201);
    const [headers] = sentHeaders;
    assert.equal(headers.get("authorization"), "Bearer sk_test_secret");
    assert.equal(headers.get("accept"), "application/json");
    assert.equal(headers.get("content-type"), "application/json");
  });

  it("sends no Authorization to the check cashing service, and JSON headers", async () => {
    sentHeaders.length = 0;
    await cashing.POST("/v1/payroll", { body: payrollBody });
    const [headers] = sentHeaders;
    assert.equal(headers.get("authorization"), null);
    assert.equal(headers.get("accept"), "application/json");
  });

  it("rejects an empty key at construction", () => {
    assert.throws(() => createBankPaymentsClient({ baseUrl: mock.bankUrl, apiKey: "" }), TypeError);
  });

  it("gets 401 from the mock without an Authorization header", async () => {
    const response = await fetch(`${mock.bankUrl}/api/transaction-intents`, { headers: { Accept: "application/json" } });
    const body = (await response.json()) as BankPayments.components["schemas"]["UnauthenticatedError"] | BankPayments.components["schemas"]["ForbiddenError"];
    assert.equal(response.status, 401);
    assert.ok(isUnauthenticated(body, response));
    assert.ok(!isForbidden(body, response));
  });
});

describe("createTransactionIntent", () => {
  it("201 with Prefer: code=201 (variant A)", async () => {
    const { data, error, response } = await bank.POST("/api/transaction-intents", { body: createBody, headers: prefer("code=201") });
    assert.equal(error, undefined);
    assert.equal(response.status, 201);
    assert.equal(data?.data.status, "pending_service_fee_acceptance");
    assert.equal(data?.meta.type, "transaction_intent");
  });

  it("201 create and authorize, picked by example name", async () => {
    const { type: _variantA, ...withoutType } = createBody;
    const { data, response } = await bank.POST("/api/transaction-intents", {
      body: { ...withoutType, action: "authorize", service_fee_id: "service_fee_Tz6Mq1PxR9bK3wLe" },
      headers: prefer("code=201, example=Create and authorize"),
    });
    assert.equal(response.status, 201);
    assert.equal(data?.data.status, "pending_capture");
  });

  it("without Prefer, Prism answers the lowest 2xx: the 200 declined example", async () => {
    const { data, response } = await bank.POST("/api/transaction-intents", { body: createBody });
    assert.equal(response.status, 200);
    assert.equal(data?.data.status, "failed");
  });

  it("409 bank_account_conflict", async () => {
    const { data, error, response } = await bank.POST("/api/transaction-intents", { body: createBody, headers: prefer("code=409") });
    assert.equal(data, undefined);
    assert.equal(response.status, 409);
    assert.ok(isIntentConflict(error, "bank_account_conflict"));
    assert.ok(!isIntentConflict(error, "not_ready"));
  });

  it("422 from Prism's own validation of a body that breaks the contract", async () => {
    const broken = { ...createBody, store_number: undefined } as unknown as Schemas["CreateTransactionIntentRequest"];
    const { data, error, response } = await bank.POST("/api/transaction-intents", { body: broken });
    assert.equal(data, undefined);
    assert.equal(response.status, 422);
    assert.ok(isValidationError(error));
    assert.ok(response.headers.get("sl-violations")?.includes("store_number"));
  });
});

describe("listTransactionIntents", () => {
  it("200 with a page envelope", async () => {
    const { data, error, response } = await bank.GET("/api/transaction-intents", { params: { query: { status: "succeeded", per_page: 15 } } });
    assert.equal(error, undefined);
    assert.equal(response.status, 200);
    assert.ok(data && data.data.length > 0);
    assert.equal(typeof data?.meta.last_page, "number");
    assert.ok(data && "next" in data.links);
  });

  it("422 for a filter value outside the contract (Prism validation)", async () => {
    const query = { status: "approved" } as unknown as { status: Schemas["TransactionIntentStatus"] };
    const { data, error, response } = await bank.GET("/api/transaction-intents", { params: { query } });
    assert.equal(data, undefined);
    assert.equal(response.status, 422);
    assert.ok(isValidationError(error));
  });
});

describe("getTransactionIntent", () => {
  it("200 full view (secret key example)", async () => {
    const { data, error, response } = await bank.GET("/api/transaction-intents/{transaction_intent_id}", {
      params: { path: { transaction_intent_id: intentId } },
    });
    assert.equal(error, undefined);
    assert.equal(response.status, 200);
    assert.ok(data && isFullView(data.data));
    assert.ok(data && !isPublishableView(data.data));
  });

  it("200 reduced view (publishable key example)", async () => {
    const { data, response } = await publishable.GET("/api/transaction-intents/{transaction_intent_id}", {
      params: { path: { transaction_intent_id: intentId } },
      headers: prefer("example=Publishable key: reduced view"),
    });
    assert.equal(response.status, 200);
    const intent = data?.data;
    assert.ok(intent && isPublishableView(intent));
    assert.equal(typeof intent.is_mailable, "boolean");
    assert.ok(!("captured_at" in intent));
  });

  it("404 not_found", async () => {
    const { data, error, response } = await bank.GET("/api/transaction-intents/{transaction_intent_id}", {
      params: { path: { transaction_intent_id: "transaction_intent_unknown" } },
      headers: prefer("code=404"),
    });
    assert.equal(data, undefined);
    assert.equal(response.status, 404);
    assert.ok(isNotFound(error));
  });
});

describe("updateTransactionIntent", () => {
  it("200 capture", async () => {
    const { data, error, response } = await bank.PATCH("/api/transaction-intents/{transaction_intent_id}", {
      params: { path: { transaction_intent_id: intentId } },
      body: { action: "capture", amount: "125.00" },
      headers: prefer("example=Capture"),
    });
    assert.equal(error, undefined);
    assert.equal(response.status, 200);
    assert.equal(data?.data.status, "succeeded");
    assert.equal(data?.data.captured_status, "succeeded");
  });

  it("409 already_occurred, echoing the action", async () => {
    const { data, error, response } = await bank.PATCH("/api/transaction-intents/{transaction_intent_id}", {
      params: { path: { transaction_intent_id: intentId } },
      body: { action: "authorize" },
      headers: prefer("code=409"),
    });
    assert.equal(data, undefined);
    assert.equal(response.status, 409);
    assert.ok(isIntentConflict(error, "already_occurred"));
    assert.equal(error.action, "authorize");
  });
});

describe("updateTransactionIntentBillingAddress", () => {
  const body: Schemas["BillingAddressUpdate"] = {
    city: "Austin", country_code: "US", line_1: "500 Congress Ave", state_province: "TX", zipcode: "78701",
  };

  it("200 reduced view with the new billing_address_id", async () => {
    const { data, error, response } = await publishable.PATCH("/api/transaction-intents/{transaction_intent_id}/address", {
      params: { path: { transaction_intent_id: intentId } },
      body,
    });
    assert.equal(error, undefined);
    assert.equal(response.status, 200);
    assert.equal(typeof data?.data.billing_address_id, "string");
    assert.equal(typeof data?.data.is_mailable, "boolean");
  });

  it("422 keyed by the documented address keys", async () => {
    const { data, error, response } = await publishable.PATCH("/api/transaction-intents/{transaction_intent_id}/address", {
      params: { path: { transaction_intent_id: intentId } },
      body,
      headers: prefer("code=422"),
    });
    assert.equal(data, undefined);
    assert.equal(response.status, 422);
    assert.ok(isValidationError(error));
    assert.ok(Object.keys(error.errors).length > 0);
    const [firstKey] = Object.keys(error.errors);
    assert.deepEqual(fieldErrors(error, firstKey), error.errors[firstKey]);
    assert.deepEqual(fieldErrors(error, "no_such_field"), []);
  });
});

describe("createCredit", () => {
  it("201 linked credit", async () => {
    const { data, error, response } = await bank.POST("/api/credits", {
      body: { amount: "25.00", transaction_intent_id: intentId, employee_number: "E-117" },
    });
    assert.equal(error, undefined);
    assert.equal(response.status, 201);
    assert.equal(data?.data.type, "linked");
    assert.equal(data?.meta.type, "credit");
  });

  it("409 incompatible_status", async () => {
    const { data, error, response } = await bank.POST("/api/credits", {
      body: { amount: "25.00", transaction_intent_id: intentId },
      headers: prefer("code=409"),
    });
    assert.equal(data, undefined);
    assert.equal(response.status, 409);
    assert.ok(isCreditConflict(error, "incompatible_status"));
  });
});

describe("listCredits", () => {
  it("200 with a page envelope", async () => {
    const { data, error, response } = await bank.GET("/api/credits", { params: { query: { creditable_type: "transaction_intent" } } });
    assert.equal(error, undefined);
    assert.equal(response.status, 200);
    assert.ok(data && data.data.length > 0);
    assert.equal(typeof data?.meta.current_page, "number");
  });

  it("422 invalid filter", async () => {
    const { data, error, response } = await bank.GET("/api/credits", { params: { query: { per_page: 15 } }, headers: prefer("code=422") });
    assert.equal(data, undefined);
    assert.equal(response.status, 422);
    assert.ok(isValidationError(error));
  });
});

describe("getCredit", () => {
  it("200", async () => {
    const { data, error, response } = await bank.GET("/api/credits/{credit_id}", { params: { path: { credit_id: creditId } } });
    assert.equal(error, undefined);
    assert.equal(response.status, 200);
    assert.match(data?.data.id ?? "", /^credit_/);
  });

  it("404 not_found", async () => {
    const { data, error, response } = await bank.GET("/api/credits/{credit_id}", {
      params: { path: { credit_id: "credit_unknown" } },
      headers: prefer("code=404"),
    });
    assert.equal(data, undefined);
    assert.equal(response.status, 404);
    assert.ok(isNotFound(error));
  });
});

describe("cancelCredit", () => {
  it("200 cancelled", async () => {
    const { data, error, response } = await bank.PATCH("/api/credits/{credit_id}", {
      params: { path: { credit_id: creditId } },
      body: { action: "cancel" },
    });
    assert.equal(error, undefined);
    assert.equal(response.status, 200);
    assert.equal(data?.data.status, "cancelled");
  });

  it("409 already_cancelled", async () => {
    const { data, error, response } = await bank.PATCH("/api/credits/{credit_id}", {
      params: { path: { credit_id: creditId } },
      body: { action: "cancel" },
      headers: prefer("code=409"),
    });
    assert.equal(data, undefined);
    assert.equal(response.status, 409);
    assert.ok(isCreditConflict(error, "already_cancelled"));
    assert.ok(!isCreditConflict(error, "still_processing"));
  });
});

describe("submitPayrollCheck", () => {
  it("200 approval", async () => {
    const { data, error, response } = await cashing.POST("/v1/payroll", { body: payrollBody });
    assert.equal(error, undefined);
    assert.equal(response.status, 200);
    assert.match(data?.approvalNum ?? "", /^\d{6}$/);
    assert.equal(data?.trxID, payrollBody.trxID);
  });

  it("400 declined, adverse action required", async () => {
    const { data, error, response } = await cashing.POST("/v1/payroll", { body: payrollBody, headers: prefer("code=400, example=Declined") });
    assert.equal(data, undefined);
    assert.equal(response.status, 400);
    assert.ok(isPayrollErrorBody(error));
    assert.equal(requiresAdverseAction(error), true);
    assert.equal(payrollErrorsOfType(error, "declined").length, 1);
  });

  it("400 id_error with adverseAction as the string \"false\"", async () => {
    const { error, response } = await cashing.POST("/v1/payroll", { body: payrollBody, headers: prefer("code=400, example=ID error") });
    assert.equal(response.status, 400);
    assert.ok(error);
    assert.equal(error.errors[0].adverseAction, "false");
    assert.equal(requiresAdverseAction(error.errors), false);
    assert.equal(payrollErrorsOfType(error, "id_error").length, 1);
  });

  it("400 correction from Prism's validation of a body that breaks a constraint", async () => {
    const { data, error, response } = await cashing.POST("/v1/payroll", { body: { ...payrollBody, ssn: "12-34" } });
    assert.equal(data, undefined);
    assert.equal(response.status, 400);
    assert.ok(isPayrollErrorBody(error));
    assert.ok(response.headers.get("sl-violations")?.includes("ssn"));
  });

  it("500 system error", async () => {
    const { data, error, response } = await cashing.POST("/v1/payroll", { body: payrollBody, headers: prefer("code=500") });
    assert.equal(data, undefined);
    assert.equal(response.status, 500);
    assert.ok(isPayrollErrorBody(error));
  });
});
