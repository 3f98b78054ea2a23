// The full flow through the generated clients: create, authorize, capture, refund,
// cancel_refund, linked credit, cancel credit; a payroll approval and a decline.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Sandbox } from "../../sandbox/server.js";
import { bankClient, billingAddress, checkCashingClient, payrollRequest, seen, startTestSandbox } from "./helpers.js";

let sandbox: Sandbox;

before(async () => {
  sandbox = await startTestSandbox();
});
after(() => sandbox.close());

test("full bank flow", async () => {
  const secret = bankClient(sandbox, sandbox.secretKey);
  const publishable = bankClient(sandbox, sandbox.publishableKey);
  const created = await secret.POST("/api/transaction-intents", {
    body: { amount: 125, bank_account: "bank_account_Flow00000001", consumer_id: "consumer_Flow00000001", store_number: "0042", type: "bankpay", billing_address: billingAddress },
  });
  assert.equal(created.response.status, 201);
  const path = { params: { path: { transaction_intent_id: created.data!.data.id } } };
  const steps: Array<[any, string]> = [
    [{ action: "authorize" }, "pending_capture"],
    [{ action: "capture", amount: "125.00" }, "succeeded"],
    [{ action: "refund", amount: 125 }, "refunded"],
    [{ action: "cancel_refund" }, "succeeded"],
  ];
  for (const [body, status] of steps) {
    const { data, response } = await secret.PATCH("/api/transaction-intents/{transaction_intent_id}", { ...path, body });
    assert.equal(response.status, 200, body.action);
    assert.equal(data!.data.status, status, body.action);
  }
  const reduced = await publishable.GET("/api/transaction-intents/{transaction_intent_id}", path);
  assert.equal(reduced.data!.data.status, "succeeded");
  const credit = await secret.POST("/api/credits", { body: { amount: "25.00", transaction_intent_id: created.data!.data.id } });
  assert.equal(credit.response.status, 201);
  assert.equal(credit.data!.data.status, "succeeded");
  const cancelled = await secret.PATCH("/api/credits/{credit_id}", { params: { path: { credit_id: credit.data!.data.id } }, body: { action: "cancel" } });
  assert.equal(cancelled.response.status, 200);
  assert.equal(cancelled.data!.data.status, "cancelled");
});

test("payroll approval and decline", async () => {
  const client = checkCashingClient(sandbox);
  const approval = await client.POST("/v1/payroll", { body: payrollRequest("FLOW-APPROVE-1") });
  assert.equal(approval.response.status, 200);
  const decline = await client.POST("/v1/payroll", { body: { ...payrollRequest("FLOW-DECLINE-1"), netAmount: 40.07 } });
  assert.equal(decline.response.status, 400);
  assert.equal(decline.error!.errors[0].errorType, "declined");
});

test("every response of this file matched the contract", () => {
  assert.ok(seen.length >= 10);
  assert.deepEqual(seen.filter((s) => s.problems.length > 0), []);
});
