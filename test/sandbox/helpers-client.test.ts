// The typed resource client of the test helpers (`createSandboxHelpers`, src/) against the real
// sandbox rather than Prism: each method reaches its helper, and the sandbox's errors come back as
// the client's documented error codes.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createSandboxHelpers, type SandboxHelpersApi } from "../../entry/index.js";
import type { Sandbox } from "../../sandbox/server.js";
import { bankClient, createIntent, startTestSandbox, type BankClient } from "./helpers.js";

let sandbox: Sandbox;
let bank: BankClient;
let helpers: SandboxHelpersApi;

before(async () => {
  sandbox = await startTestSandbox();
  bank = bankClient(sandbox, sandbox.secretKey);
  helpers = createSandboxHelpers({ baseUrl: sandbox.bankUrl, apiKey: sandbox.secretKey, retries: 0 });
});
after(() => sandbox.close());

describe("createSandboxHelpers against the sandbox", () => {
  test("intent helpers: accept the fee, move back, fail the next capture, return the debit", async () => {
    const id = await createIntent(bank, { amount: 50 });
    const accepted = await helpers.transactionIntents.acceptServiceFee(id);
    assert.equal(accepted.error, undefined, JSON.stringify(accepted.error));
    assert.equal(accepted.data!.status, "pending_authorization");
    const moved = await helpers.transactionIntents.setStatus(id, { status: "pending_service_fee" });
    assert.equal(moved.data!.status, "pending_service_fee");
    const arranged = await helpers.transactionIntents.failNextCapture(id, { captured_status: "printed" });
    assert.equal(arranged.response.status, 200);
    await helpers.transactionIntents.acceptServiceFee(id, { service_fee_id: "service_fee_Tz6Mq1PxR9bK3wLe" });
    await bank.PATCH("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: id } }, body: { action: "authorize" } });
    const failed = await bank.PATCH("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: id } }, body: { action: "capture", amount: 50 } });
    assert.equal((failed.data!.data as { captured_status: string }).captured_status, "printed");
    await bank.PATCH("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: id } }, body: { action: "capture", amount: 50 } });
    const returned = await helpers.transactionIntents.returnDebit(id);
    assert.match(returned.data!.reason ?? "", /response code 82/);
  });

  test("credit helpers: settle and fail a pending credit; invalid_state once it is not pending", async () => {
    const intent = await createIntent(bank, { amount: 60, action: "authorize_and_capture" });
    const ids: string[] = [];
    for (const amount of ["5.50", "6.50"]) {
      const { data } = await bank.POST("/api/credits", { body: { amount, transaction_intent_id: intent } });
      ids.push(data!.data.id);
    }
    assert.equal((await helpers.credits.settle(ids[0])).data!.status, "succeeded");
    assert.equal((await helpers.credits.fail(ids[1])).data!.status, "failed");
    const conflict = await helpers.credits.settle(ids[0]);
    assert.equal(conflict.error?.status, 409);
    assert.equal(conflict.error?.code, "invalid_state");
  });

  test("settings and reset; documented errors as codes", async () => {
    const updated = await helpers.settings.update({ capture_retries: 5, next_authorization_code: "21" });
    assert.deepEqual(updated.data, { credit_limit: null, capture_adjustment_limit: "0.00", capture_retries: 5, next_authorization_code: "21" });
    assert.equal((await helpers.settings.retrieve()).data!.capture_retries, 5);
    const invalid = await helpers.settings.update({ capture_retries: 50 });
    assert.equal(invalid.error?.status, 422);
    assert.equal(invalid.error?.code, "validation_error");
    const missing = await helpers.transactionIntents.returnDebit("transaction_intent_0000000000000000");
    assert.equal(missing.error?.code, "not_found");
    const publishable = createSandboxHelpers({ baseUrl: sandbox.bankUrl, apiKey: sandbox.publishableKey });
    assert.equal((await publishable.reset()).error?.code, "forbidden");
    const reset = await helpers.reset();
    assert.ok(reset.data!.transaction_intents >= 2);
    assert.equal((await helpers.settings.retrieve()).data!.capture_retries, 3);
  });
});
