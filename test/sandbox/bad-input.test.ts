// Bad input: each gets the documented error, never a 500, and nothing is stored.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Sandbox } from "../../sandbox/server.js";
import { bankClient, billingAddress, createIntent, payrollRequest, raw, startTestSandbox, type BankClient } from "./helpers.js";

let trxCounter = 0;
const payroll = () => payrollRequest(`BI-${Date.now() % 100000}-${(trxCounter += 1)}`);

let sandbox: Sandbox;
let secret: BankClient;
let intentId: string;

before(async () => {
  sandbox = await startTestSandbox();
  secret = bankClient(sandbox, sandbox.secretKey);
  intentId = await createIntent(secret, { amount: 10, action: "authorize" });
});
after(() => sandbox.close());

async function totals() {
  const intents = await secret.GET("/api/transaction-intents", {});
  const credits = await secret.GET("/api/credits", {});
  return { intents: intents.data!.meta.total, credits: credits.data!.meta.total };
}

const valid = { amount: 125, bank_account: "bank_account_BadInput0001", consumer_id: "consumer_BadInput0001", store_number: "0042", type: "bankpay" };
const json = { "Content-Type": "application/json" };

type Row = {
  name: string;
  method: string;
  path: () => string;
  body: string;
  headers?: Record<string, string>;
  operationId: string | undefined;
  status: number;
  errors?: Record<string, string[]>;
};

const rows: Row[] = [
  { name: "broken JSON", method: "POST", path: () => "/api/transaction-intents", body: '{"amount": 12', operationId: "createTransactionIntent", status: 422, errors: { body: ["invalid"] } },
  { name: "empty body", method: "POST", path: () => "/api/transaction-intents", body: "", operationId: "createTransactionIntent", status: 422, errors: { body: ["invalid"] } },
  { name: "JSON array", method: "POST", path: () => "/api/transaction-intents", body: "[1,2]", operationId: "createTransactionIntent", status: 422, errors: { body: ["invalid"] } },
  { name: "JSON null", method: "POST", path: () => "/api/credits", body: "null", operationId: "createCredit", status: 422, errors: { body: ["invalid"] } },
  { name: "wrong content type", method: "POST", path: () => "/api/transaction-intents", body: JSON.stringify(valid), headers: { "Content-Type": "text/plain" }, operationId: "createTransactionIntent", status: 422, errors: { body: ["invalid"] } },
  { name: "no content type", method: "POST", path: () => "/api/credits", body: JSON.stringify({ amount: "1.00" }), headers: {}, operationId: "createCredit", status: 422, errors: { body: ["invalid"] } },
  { name: "form-encoded action", method: "PATCH", path: () => `/api/transaction-intents/${intentId}`, body: "action=cancel", headers: { "Content-Type": "application/x-www-form-urlencoded" }, operationId: "updateTransactionIntent", status: 422, errors: { body: ["invalid"] } },
  { name: "body over 1 MB", method: "POST", path: () => "/api/transaction-intents", body: JSON.stringify({ ...valid, extras: { pad: "x".repeat(1_100_000) } }), operationId: "createTransactionIntent", status: 422, errors: { body: ["invalid"] } },
  { name: "amount as a string on create", method: "POST", path: () => "/api/transaction-intents", body: JSON.stringify({ ...valid, amount: "125" }), operationId: "createTransactionIntent", status: 422, errors: { amount: ["invalid"] } },
  { name: "amount zero", method: "POST", path: () => "/api/transaction-intents", body: JSON.stringify({ ...valid, amount: 0 }), operationId: "createTransactionIntent", status: 422, errors: { amount: ["invalid"] } },
  { name: "amount huge", method: "POST", path: () => "/api/transaction-intents", body: JSON.stringify({ ...valid, amount: 1e300 }), operationId: "createTransactionIntent", status: 422, errors: { amount: ["invalid"] } },
  { name: "amount with three decimals", method: "POST", path: () => "/api/transaction-intents", body: JSON.stringify({ ...valid, amount: 1.234 }), operationId: "createTransactionIntent", status: 422, errors: { amount: ["invalid"] } },
  { name: "amount with three decimals above 100,000 (was rounded)", method: "POST", path: () => "/api/transaction-intents", body: JSON.stringify({ ...valid, amount: 123456789.125 }), operationId: "createTransactionIntent", status: 422, errors: { amount: ["invalid"] } },
  { name: "amount 5e-324", method: "POST", path: () => "/api/transaction-intents", body: '{"amount": 5e-324, "bank_account": "bank_account_X1", "consumer_id": "consumer_X1", "store_number": "1", "type": "bankpay"}', operationId: "createTransactionIntent", status: 422, errors: { amount: ["invalid"] } },
  { name: "amount 0.001 (rounds to zero)", method: "POST", path: () => "/api/transaction-intents", body: JSON.stringify({ ...valid, amount: 0.001 }), operationId: "createTransactionIntent", status: 422, errors: { amount: ["invalid"] } },
  { name: "an object of 101 members", method: "POST", path: () => "/api/transaction-intents", body: JSON.stringify({ ...valid, ...Object.fromEntries(Array.from({ length: 96 }, (_, i) => [`m${i}`, 1])) }), operationId: "createTransactionIntent", status: 422, errors: { body: ["invalid"] } },
  { name: "oversized string", method: "POST", path: () => "/api/transaction-intents", body: JSON.stringify({ ...valid, store_number: "9".repeat(256) }), operationId: "createTransactionIntent", status: 422, errors: { store_number: ["invalid"] } },
  { name: "unknown member", method: "POST", path: () => "/api/transaction-intents", body: JSON.stringify({ ...valid, admin: true }), operationId: "createTransactionIntent", status: 422, errors: { admin: ["invalid"] } },
  { name: "__proto__ member", method: "POST", path: () => "/api/transaction-intents", body: '{"amount":1,"bank_account":"bank_account_X1","consumer_id":"consumer_X1","store_number":"1","type":"bankpay","__proto__":{"x":1}}', operationId: "createTransactionIntent", status: 422, errors: JSON.parse('{"__proto__": ["invalid"]}') as Record<string, string[]> },
  { name: "wrong type of id", method: "POST", path: () => "/api/transaction-intents", body: JSON.stringify({ ...valid, consumer_id: 42 }), operationId: "createTransactionIntent", status: 422, errors: { consumer_id: ["invalid"] } },
  { name: "billing address not an object", method: "POST", path: () => "/api/transaction-intents", body: JSON.stringify({ ...valid, billing_address: "Austin" }), operationId: "createTransactionIntent", status: 422, errors: { billing_address: ["invalid"] } },
  { name: "billing address member too long", method: "POST", path: () => "/api/transaction-intents", body: JSON.stringify({ ...valid, billing_address: { ...billingAddress, city_locality: "c".repeat(300) } }), operationId: "createTransactionIntent", status: 422, errors: { "billing_address.city_locality": ["invalid"] } },
  { name: "credit amount as a number", method: "POST", path: () => "/api/credits", body: JSON.stringify({ amount: 5, creditable_id: "bank_account_X1", store_number: "1", submerchant_id: "1" }), operationId: "createCredit", status: 422, errors: { amount: ["invalid"] } },
  { name: "credit unknown member", method: "POST", path: () => "/api/credits", body: JSON.stringify({ amount: "5.00", creditable_id: "bank_account_X1", store_number: "1", submerchant_id: "1", force: 1 }), operationId: "createCredit", status: 422, errors: { force: ["invalid"] } },
  { name: "unknown route", method: "GET", path: () => "/api/nothing", body: "", operationId: undefined, status: 404 },
  { name: "wrong method", method: "DELETE", path: () => `/api/transaction-intents/${intentId}`, body: "", operationId: undefined, status: 404 },
  { name: "trailing slash", method: "GET", path: () => "/api/credits/", body: "", operationId: undefined, status: 404 },
  { name: "bad percent-encoding", method: "GET", path: () => "/api/credits/%E0%A4%A", body: "", operationId: undefined, status: 404 },
];

describe("bank: bad input table", () => {
  for (const row of rows.filter((r) => r.method !== "GET" || r.operationId === undefined)) {
    test(`${row.name}: ${row.status}`, async () => {
      const before = await totals();
      const headers = { ...(row.headers ?? json), Authorization: `Bearer ${sandbox.secretKey}` };
      const { status, body } = await raw("bank-payments", sandbox.bankUrl, row.method, row.path(), {
        body: row.body === "" && (row.method === "GET" || row.method === "DELETE") ? undefined : row.body,
        headers,
        operationId: row.operationId,
      });
      assert.equal(status, row.status);
      if (row.errors) assert.deepEqual(body.errors, row.errors);
      if (row.status === 404) assert.deepEqual(body, { message: "not_found" });
      assert.deepEqual(await totals(), before, "nothing stored");
    });
  }

  test("missing and invalid keys store nothing", async () => {
    const before = await totals();
    for (const authorization of [undefined, "Bearer nope", `Bearer ${sandbox.publishableKey}`]) {
      const { status } = await raw("bank-payments", sandbox.bankUrl, "POST", "/api/transaction-intents", {
        body: JSON.stringify(valid),
        headers: { ...json, ...(authorization ? { Authorization: authorization } : {}) },
        operationId: "createTransactionIntent",
      });
      assert.ok(status === 401 || status === 403);
    }
    assert.deepEqual(await totals(), before);
  });

  test("a refund of 999999.999 on 1,000,000.00 is refused and stores nothing", async () => {
    const id = await createIntent(secret, { amount: 1000000, action: "authorize_and_capture" });
    const { status, body } = await raw("bank-payments", sandbox.bankUrl, "PATCH", `/api/transaction-intents/${id}`, {
      body: JSON.stringify({ action: "refund", amount: 999999.999 }),
      headers: { ...json, Authorization: `Bearer ${sandbox.secretKey}` },
      operationId: "updateTransactionIntent",
    });
    assert.equal(status, 422);
    assert.deepEqual(body.errors, { amount: ["invalid"] });
    const after = await secret.GET("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: id } } });
    assert.equal(after.data!.data.status, "succeeded");
  });

  test("a rejected action leaves the intent unchanged", async () => {
    const before = await secret.GET("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: intentId } } });
    await raw("bank-payments", sandbox.bankUrl, "PATCH", `/api/transaction-intents/${intentId}`, {
      body: JSON.stringify({ action: "capture", amount: "1.234" }),
      headers: { ...json, Authorization: `Bearer ${sandbox.secretKey}` },
      operationId: "updateTransactionIntent",
    });
    const after = await secret.GET("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: intentId } } });
    assert.deepEqual(after.data, before.data);
  });
});

describe("check cashing: bad input", () => {
  for (const [name, body, headers] of [
    ["broken JSON", "{", json],
    ["wrong content type", "{}", { "Content-Type": "text/plain" }],
    ["JSON array", "[]", json],
    ["body over 1 MB", JSON.stringify({ pad: "x".repeat(1_100_000) }), json],
  ] as const) {
    test(`${name}: 400 correction`, async () => {
      const { status, body: answer } = await raw("check-cashing", sandbox.checkCashingUrl, "POST", "/v1/payroll", { body, headers, operationId: "submitPayrollCheck" });
      assert.equal(status, 400);
      assert.equal(answer.errors[0].errorType, "correction");
      assert.equal(answer.errors[0].adverseAction, false);
    });
  }

  test("netAmount 5e-324 and a 100,000-member body: one correction each, no amplification", async () => {
    const tiny = await raw("check-cashing", sandbox.checkCashingUrl, "POST", "/v1/payroll", {
      body: JSON.stringify({ ...payroll(), netAmount: 5e-324 }).replace('"netAmount":5e-324', '"netAmount":5e-324'),
      headers: json, operationId: "submitPayrollCheck",
    });
    assert.equal(tiny.status, 400);
    assert.deepEqual(tiny.body.errors.map((e: { errorDetails: string }) => e.errorDetails), ["netAmount: at most two decimals"]);
    const members = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`u${i}`, 1]));
    const big = await raw("check-cashing", sandbox.checkCashingUrl, "POST", "/v1/payroll", {
      body: JSON.stringify({ ...payroll(), ...members }), headers: json, operationId: "submitPayrollCheck",
    });
    assert.equal(big.status, 400);
    assert.equal(big.body.errors.length, 1);
    assert.equal(big.body.errors[0].responseCode, "1004");
    const some = await raw("check-cashing", sandbox.checkCashingUrl, "POST", "/v1/payroll", {
      body: JSON.stringify({ ...payroll(), ...Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`u${i}`, 1])) }), headers: json, operationId: "submitPayrollCheck",
    });
    assert.equal(some.status, 400);
    assert.equal(some.body.errors.length, 1, "all unknown members share one entry");
    assert.ok(some.body.errors[0].errorDetails.length <= 260);
  });

  test("unknown route and wrong method: 404 with the errors body", async () => {
    for (const [method, path] of [["GET", "/v1/payroll"], ["POST", "/v2/payroll"]]) {
      const { status, body } = await raw("check-cashing", sandbox.checkCashingUrl, method, path, { operationId: undefined });
      assert.equal(status, 404);
      assert.equal(body.errors.length, 1);
    }
  });
});
