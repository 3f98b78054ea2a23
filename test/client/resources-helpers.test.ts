// The sandbox helpers' resource client against Prism serving the published helpers document
// (generated/openapi/sandbox-helpers.yaml) on a free port: every method's request is valid for
// the contract (Prism refuses it otherwise) and its answers come back as data or as documented
// errors. `Prefer: code=...` picks the documented error responses.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startDocumentMock } from "../../scripts/mock.mjs";
import { createSandboxHelpers, type SandboxHelpersApi } from "../../entry/index.js";

let mock: { url: string; stop(): Promise<void> };
let helpers: SandboxHelpersApi;
const intentId = "transaction_intent_2Rb7YcM4nQ8wLx5K";
const creditId = "credit_Lm3Qx8RzT5vK2pWa";
const prefer = (code: number) => ({ headers: { Prefer: `code=${code}` } });

before(async () => {
  mock = await startDocumentMock("sandbox-helpers", { port: 0 });
  helpers = createSandboxHelpers({ baseUrl: mock.url, apiKey: "sk_test_sandbox" });
});

after(async () => {
  await mock?.stop();
});

describe("sandbox helpers (Prism)", () => {
  it("transactionIntents.acceptServiceFee, setStatus, failNextCapture, returnDebit answer the intent", async () => {
    const results = [
      await helpers.transactionIntents.acceptServiceFee(intentId),
      await helpers.transactionIntents.acceptServiceFee(intentId, { service_fee_id: "service_fee_Tz6Mq1PxR9bK3wLe" }),
      await helpers.transactionIntents.setStatus(intentId, { status: "pending_authorization" }),
      await helpers.transactionIntents.failNextCapture(intentId, { captured_status: "expired" }),
      await helpers.transactionIntents.returnDebit(intentId),
    ];
    for (const { data, error, response } of results) {
      assert.equal(error, undefined, JSON.stringify(error));
      assert.equal(response.status, 200);
      assert.match(data?.id ?? "", /^transaction_intent_/);
    }
  });

  it("credits.settle and credits.fail answer the credit", async () => {
    for (const { data, response } of [await helpers.credits.settle(creditId), await helpers.credits.fail(creditId)]) {
      assert.equal(response.status, 200);
      assert.match(data?.id ?? "", /^credit_/);
    }
  });

  it("settings.retrieve, settings.update and reset", async () => {
    const settings = await helpers.settings.retrieve();
    assert.equal(typeof settings.data?.capture_retries, "number");
    const updated = await helpers.settings.update({ capture_retries: 5, next_authorization_code: "07" });
    assert.equal(updated.response.status, 200);
    assert.ok(updated.data && "capture_adjustment_limit" in updated.data);
    const reset = await helpers.reset();
    assert.equal(typeof reset.data?.transaction_intents, "number");
  });

  it("a helper that cannot act answers invalid_state (409); a bad request validation_error (422)", async () => {
    const conflict = await helpers.credits.settle(creditId, prefer(409));
    assert.equal(conflict.error?.status, 409);
    assert.equal(conflict.error?.code, "invalid_state");
    const invalid = await helpers.settings.update({ capture_retries: 5 }, prefer(422));
    assert.equal(invalid.error?.code, "validation_error");
    const missing = await helpers.transactionIntents.returnDebit(intentId, prefer(404));
    assert.equal(missing.error?.code, "not_found");
    const forbidden = await helpers.reset(prefer(403));
    assert.equal(forbidden.error?.code, "forbidden");
  });

  it("a request the contract refuses does not reach a success (Prism validates it)", async () => {
    // @ts-expect-error not a capture failure of the contract
    const { error, response } = await helpers.transactionIntents.failNextCapture(intentId, { captured_status: "succeeded" });
    assert.equal(response.status, 422);
    assert.equal(error?.code, "validation_error");
  });
});
