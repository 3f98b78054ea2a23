// Credits through the generated client: linked and unlinked, the 201-failed outcome, every 409 of
// bank doc 3.2 and 7.2, the submerchant sentences, read, cancel.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Sandbox } from "../../sandbox/server.js";
import { bankClient, capturedIntent, createIntent, startTestSandbox, type BankClient } from "./helpers.js";

let sandbox: Sandbox;
let secret: BankClient;

before(async () => {
  sandbox = await startTestSandbox();
  secret = bankClient(sandbox, sandbox.secretKey);
});
after(() => sandbox.close());

const account = "bank_account_Vd93LmQa2XkP7rTe";

async function cancel(id: string) {
  return secret.PATCH("/api/credits/{credit_id}", { params: { path: { credit_id: id } }, body: { action: "cancel" } });
}

describe("create credit", () => {
  test("linked to a succeeded intent: 201 succeeded", async () => {
    const intent = await capturedIntent(secret, 100);
    const { data, response } = await secret.POST("/api/credits", {
      body: { amount: "25.00", transaction_intent_id: intent, employee_number: "E-117", extras: { ticket: "T-88" }, store_number: "0042" },
    });
    assert.equal(response.status, 201);
    const credit = data!.data;
    assert.equal(data!.meta.type, "credit");
    assert.match(credit.id, /^credit_[A-Za-z0-9]{16}$/);
    assert.equal(credit.status, "succeeded");
    assert.equal(credit.type, "linked");
    assert.deepEqual(credit.creditable, { type: "transaction_intent", id: intent });
    assert.equal(credit.transaction_intent_id, intent);
    assert.equal(credit.amount, "25.00");
    assert.equal(credit.station_number, "0042");
    assert.equal(credit.employee_number, "E-117");
    assert.match(credit.reference_number!, /^CR-/);
  });

  test("linked: 409 incompatible_status when the intent is not succeeded", async () => {
    const intent = await createIntent(secret, { amount: 10, action: "authorize" });
    const { error, response } = await secret.POST("/api/credits", { body: { amount: "5.00", transaction_intent_id: intent } });
    assert.equal(response.status, 409);
    assert.equal((error as any).error, "incompatible_status");
  });

  test("trigger: linked credit on an intent whose amount ends in .33: 409 no_reference_number", async () => {
    const intent = await capturedIntent(secret, 10.33);
    const { error, response } = await secret.POST("/api/credits", { body: { amount: "5.00", transaction_intent_id: intent } });
    assert.equal(response.status, 409);
    assert.equal((error as any).error, "no_reference_number");
  });

  test("linked: unknown intent 422 transaction_intent_id invalid; submerchant_id prohibited as a sentence", async () => {
    const unknown = await secret.POST("/api/credits", { body: { amount: "5.00", transaction_intent_id: "transaction_intent_0000000000000000" } });
    assert.equal(unknown.response.status, 422);
    assert.deepEqual((unknown.error as any).errors, { transaction_intent_id: ["invalid"] });
    const intent = await capturedIntent(secret, 10);
    const prohibited = await secret.POST("/api/credits", { body: { amount: "5.00", transaction_intent_id: intent, submerchant_id: "7001" } });
    assert.equal(prohibited.response.status, 422);
    assert.deepEqual((prohibited.error as any).errors, { submerchant_id: ["The submerchant id field is prohibited."] });
  });

  test("unlinked: 201 succeeded with creditable_id", async () => {
    const { data, response } = await secret.POST("/api/credits", { body: { amount: "40.00", creditable_id: account, store_number: "0042", submerchant_id: "7001" } });
    assert.equal(response.status, 201);
    assert.equal(data!.data.status, "succeeded");
    assert.equal(data!.data.type, "unlinked");
    assert.equal(data!.data.creditable_id, account);
    assert.deepEqual(data!.data.creditable, { type: "bank_account", id: account });
  });

  for (const store of ["0000", undefined]) {
    test(`trigger: unlinked with store_number ${store ?? "missing"}: 201 failed, station_number null`, async () => {
      const { data, response } = await secret.POST("/api/credits", {
        body: { amount: "40.00", creditable_id: account, submerchant_id: "7001", ...(store ? { store_number: store } : {}) },
      });
      assert.equal(response.status, 201);
      assert.equal(data!.data.status, "failed");
      assert.equal(data!.data.station_number, null);
      assert.match(data!.data.reason!, /inactive/);
      const { error } = await cancel(data!.data.id);
      assert.equal((error as any).error, "failed");
    });
  }

  test("unlinked: submerchant_id missing or invalid gives a sentence; neither target given", async () => {
    const missing = await secret.POST("/api/credits", { body: { amount: "1.00", creditable_id: account, store_number: "1" } as any });
    assert.deepEqual((missing.error as any).errors, { submerchant_id: ["The submerchant id field is required."] });
    const invalid = await secret.POST("/api/credits", { body: { amount: "1.00", creditable_id: account, store_number: "1", submerchant_id: "" } });
    assert.deepEqual((invalid.error as any).errors, { submerchant_id: ["The submerchant id is invalid."] });
    const neither = await secret.POST("/api/credits", { body: { amount: "1.00" } as any });
    assert.deepEqual((neither.error as any).errors, { transaction_intent_id: ["missing"], creditable_id: ["missing"] });
    const badAccount = await secret.POST("/api/credits", { body: { amount: "1.00", creditable_id: "consumer_x", store_number: "1", submerchant_id: "1" } });
    assert.deepEqual((badAccount.error as any).errors, { creditable_id: ["invalid"] });
    const badAmount = await secret.POST("/api/credits", { body: { amount: 1 as any, creditable_id: account, store_number: "1", submerchant_id: "1" } });
    assert.deepEqual((badAmount.error as any).errors, { amount: ["invalid"] });
  });
});

describe("cancel credit", () => {
  test("succeeded --cancel--> cancelled (200); again: 409 already_cancelled", async () => {
    const { data } = await secret.POST("/api/credits", { body: { amount: "40.00", creditable_id: account, store_number: "0042", submerchant_id: "7001" } });
    const { data: cancelled, response } = await cancel(data!.data.id);
    assert.equal(response.status, 200);
    assert.equal(cancelled!.data.status, "cancelled");
    assert.equal(cancelled!.data.cancel_message, "Credit cancelled");
    assert.equal(cancelled!.data.creditable_id, account);
    const again = await cancel(data!.data.id);
    assert.equal(again.response.status, 409);
    assert.equal((again.error as any).error, "already_cancelled");
  });

  test("trigger: amount ending in .50 stays pending: 409 still_processing", async () => {
    const { data } = await secret.POST("/api/credits", { body: { amount: "10.50", creditable_id: account, store_number: "0042", submerchant_id: "7001" } });
    assert.equal(data!.data.status, "pending");
    const { error, response } = await cancel(data!.data.id);
    assert.equal(response.status, 409);
    assert.equal((error as any).error, "still_processing");
  });

  test("action other than cancel: 422 action invalid; unknown credit: 404", async () => {
    const { data } = await secret.POST("/api/credits", { body: { amount: "4.00", creditable_id: account, store_number: "0042", submerchant_id: "7001" } });
    const bad = await secret.PATCH("/api/credits/{credit_id}", { params: { path: { credit_id: data!.data.id } }, body: { action: "refund" as any } });
    assert.equal(bad.response.status, 422);
    assert.deepEqual((bad.error as any).errors, { action: ["invalid"] });
    assert.equal((await cancel("credit_0000000000000000")).response.status, 404);
  });
});

describe("read credit", () => {
  test("200 with meta.type credit; unknown 404", async () => {
    const { data } = await secret.POST("/api/credits", { body: { amount: "4.00", creditable_id: account, store_number: "0042", submerchant_id: "7001" } });
    const read = await secret.GET("/api/credits/{credit_id}", { params: { path: { credit_id: data!.data.id } } });
    assert.equal(read.response.status, 200);
    assert.deepEqual(read.data!.data, data!.data);
    assert.equal((await secret.GET("/api/credits/{credit_id}", { params: { path: { credit_id: "credit_nope" } } })).response.status, 404);
  });
});
