// A capture that failed is answered HTTP 200, so `if (error)` reads it as a success. isCaptured()
// and captureFailure() tell them apart, against the real reference sandbox: a failure arranged
// with the fail-next-capture helper (the intent stays pending_capture and may be captured again),
// and limit_exceeded reached the documented way, by captures over the amount authorized until the
// retries are used up (the intent becomes failed).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import {
  captureFailure,
  createBankPayments,
  createSandboxHelpers,
  isCaptured,
  isFullView,
  type BankPaymentsApi,
  type CaptureFailure,
  type SandboxHelpersApi,
} from "../../entry/index.js";
import { ok, payers, withActionOf } from "./sandbox-fixtures.js";

let sandbox: Sandbox;
let bank: BankPaymentsApi;
let helpers: SandboxHelpersApi;
const withAction = withActionOf(payers("Cap"));

before(async () => {
  sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
  bank = createBankPayments({ baseUrl: sandbox.bankUrl, apiKey: sandbox.secretKey });
  helpers = createSandboxHelpers({ baseUrl: sandbox.bankUrl, apiKey: sandbox.secretKey });
});

after(async () => {
  await sandbox?.close();
});

describe("isCaptured and captureFailure", () => {
  it("a successful capture: isCaptured, no failure, the amount captured a string", async () => {
    const intent = ok(await bank.transactionIntents.create(withAction(125, "authorize")));
    const captured = ok(await bank.transactionIntents.capture(intent.id, { amount: 125 }));
    assert.equal(isCaptured(captured), true);
    assert.equal(captureFailure(captured), undefined);
    assert.ok(isCaptured(captured));
    const amount: string = captured.amount_captured; // narrowed from string | null
    assert.equal(amount, "125.00");
  });

  it("nothing captured yet: not captured, and no failure either", async () => {
    const intent = ok(await bank.transactionIntents.create(withAction(126, "authorize")));
    const read = ok(await bank.transactionIntents.retrieve(intent.id));
    assert.ok(isFullView(read));
    assert.equal(isCaptured(read), false);
    assert.equal(captureFailure(read), undefined);
  });

  const failures: CaptureFailure[] = ["expired", "error", "error_cannot_confirm", "duplicate_request", "invalid_key_data", "printed"];
  for (const failure of failures) {
    it(`a capture that failed with ${failure}: HTTP 200 and no error, yet not captured; the intent may be captured again`, async () => {
      const intent = ok(await bank.transactionIntents.create(withAction(60, "authorize")));
      ok(await helpers.transactionIntents.failNextCapture(intent.id, { captured_status: failure }));
      const { data, error, response } = await bank.transactionIntents.capture(intent.id, { amount: 60 });
      assert.equal(response.status, 200);
      assert.equal(error, undefined);
      assert.ok(data);
      assert.equal(isCaptured(data), false);
      assert.equal(captureFailure(data), failure);
      assert.equal(data.status, "pending_capture");
      const again = ok(await bank.transactionIntents.capture(intent.id, { amount: 60 }));
      assert.equal(isCaptured(again), true);
      assert.equal(captureFailure(again), undefined);
    });
  }

  it("limit_exceeded: captures above the amount authorized are refused (422) until the retries are used up, then the intent fails", async () => {
    const intent = ok(await bank.transactionIntents.create(withAction(40, "authorize")));
    const refusals: number[] = [];
    let answer = await bank.transactionIntents.capture(intent.id, { amount: 41 });
    while (answer.error && refusals.length < 10) {
      refusals.push(answer.error.status);
      answer = await bank.transactionIntents.capture(intent.id, { amount: 41 });
    }
    assert.deepEqual(refusals, [422, 422, 422], "three refused captures (the sandbox's default retries)");
    const data = ok(answer);
    assert.equal(answer.response.status, 200);
    assert.equal(isCaptured(data), false);
    assert.equal(captureFailure(data), "limit_exceeded");
    assert.equal(data.status, "failed");
  });
});
