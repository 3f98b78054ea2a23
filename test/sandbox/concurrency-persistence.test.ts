// Atomic state changes under parallel requests, and a restart with a file database.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import type { Sandbox } from "../../sandbox/server.js";
import { bankClient, capturedIntent, checkCashingClient, createIntent, payrollRequest, startTestSandbox } from "./helpers.js";

describe("concurrency", () => {
  let sandbox: Sandbox;
  after(() => sandbox?.close());

  test("10 parallel captures of one intent: exactly one 200, nine 409", async () => {
    sandbox = await startTestSandbox();
    const secret = bankClient(sandbox, sandbox.secretKey);
    const id = await createIntent(secret, { amount: 40, action: "authorize" });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => secret.PATCH("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: id } }, body: { action: "capture", amount: 40 } })),
    );
    const statuses = results.map((r) => r.response.status).sort();
    assert.deepEqual(statuses, [200, ...Array(9).fill(409)]);
    const references = new Set(results.filter((r) => r.data).map((r) => r.data!.data.capture_reference_id));
    assert.equal(references.size, 1);
  });

  test("10 parallel cancels of one intent and of one credit: one success each", async () => {
    const secret = bankClient(sandbox, sandbox.secretKey);
    const id = await capturedIntent(secret, 30);
    const cancels = await Promise.all(
      Array.from({ length: 10 }, () => secret.PATCH("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: id } }, body: { action: "cancel" } })),
    );
    assert.equal(cancels.filter((r) => r.response.status === 200).length, 1);
    assert.ok(cancels.every((r) => r.response.status === 200 || (r.error as any)?.conflict === "already_occurred"));
    const { data } = await secret.POST("/api/credits", { body: { amount: "2.00", creditable_id: "bank_account_Conc0001", store_number: "1", submerchant_id: "1" } });
    const creditCancels = await Promise.all(
      Array.from({ length: 10 }, () => secret.PATCH("/api/credits/{credit_id}", { params: { path: { credit_id: data!.data.id } }, body: { action: "cancel" } })),
    );
    assert.equal(creditCancels.filter((r) => r.response.status === 200).length, 1);
    assert.ok(creditCancels.every((r) => r.response.status === 200 || (r.error as any)?.error === "already_cancelled"));
  });

  test("10 parallel refunds: one refund, nine 409 not_ready", async () => {
    const secret = bankClient(sandbox, sandbox.secretKey);
    const id = await capturedIntent(secret, 20);
    const refunds = await Promise.all(
      Array.from({ length: 10 }, () => secret.PATCH("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: id } }, body: { action: "refund", amount: 20 } })),
    );
    assert.equal(refunds.filter((r) => r.response.status === 200).length, 1);
  });
});

describe("persistence", () => {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-db-"));
  const database = join(dir, "sandbox.db");
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("a restart with a file database keeps intents, credits, bank account owners and trxIDs", async () => {
    const first = await startTestSandbox({ database });
    let intentId: string;
    let creditId: string;
    let authorizedBefore: unknown;
    try {
      const secret = bankClient(first, first.secretKey);
      intentId = await capturedIntent(secret, 60);
      await secret.PATCH("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: intentId } }, body: { action: "refund", amount: 60 } });
      const { data } = await secret.POST("/api/credits", { body: { amount: "2.00", creditable_id: "bank_account_Persist0001", store_number: "1", submerchant_id: "1" } });
      creditId = data!.data.id;
      authorizedBefore = (await secret.GET("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: intentId } } })).data;
      await secret.POST("/api/transaction-intents", { body: { amount: 1, bank_account: "bank_account_Owned0001", consumer_id: "consumer_Owner0001", store_number: "1", type: "bankpay" } });
      const payroll = await checkCashingClient(first).POST("/v1/payroll", { body: payrollRequest("PERSIST-0001") });
      assert.equal(payroll.response.status, 200);
    } finally {
      await first.close();
    }

    const second = await startTestSandbox({ database });
    try {
      const secret = bankClient(second, second.secretKey);
      const read = await secret.GET("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: intentId } } });
      assert.deepEqual(read.data, authorizedBefore);
      assert.equal(read.data!.data.status, "refunded");
      assert.equal((await secret.GET("/api/credits/{credit_id}", { params: { path: { credit_id: creditId } } })).response.status, 200);
      const list = await secret.GET("/api/transaction-intents", {});
      assert.equal(list.data!.meta.total, 2);
      const conflict = await secret.POST("/api/transaction-intents", { body: { amount: 1, bank_account: "bank_account_Owned0001", consumer_id: "consumer_Other0001", store_number: "1", type: "bankpay" } });
      assert.equal(conflict.response.status, 409);
      const repeat = await checkCashingClient(second).POST("/v1/payroll", { body: payrollRequest("PERSIST-0001") });
      assert.equal(repeat.response.status, 400);
      assert.equal(repeat.error!.errors[0].errorType, "correction");
      // State keeps moving after the restart.
      const cancel = await secret.PATCH("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: intentId } }, body: { action: "cancel_refund" } });
      assert.equal(cancel.response.status, 200);
    } finally {
      await second.close();
    }
  });
});
