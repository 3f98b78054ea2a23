// The resource clients against the real reference sandbox (sandbox/server.ts) on free ports: every
// method of both services, its data, its documented errors (status and code, narrowed by a
// switch) and its response. The helpers' methods are in resources-helpers.test.ts (Prism).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import {
  createBankPayments,
  createCheckCashing,
  fieldErrors,
  isFullView,
  isPublishableView,
  PaginationError,
  requiresAdverseAction,
  type BankPaymentsApi,
  type CheckCashingApi,
  type PayrollRequest,
} from "../../entry/index.js";
import { ok, payers, withActionOf } from "./sandbox-fixtures.js";

let sandbox: Sandbox;
let bank: BankPaymentsApi;
let publishable: BankPaymentsApi;
let cashing: CheckCashingApi;

before(async () => {
  sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
  bank = createBankPayments({ baseUrl: sandbox.bankUrl, apiKey: sandbox.secretKey });
  publishable = createBankPayments({ baseUrl: sandbox.bankUrl, apiKey: sandbox.publishableKey });
  cashing = createCheckCashing({ baseUrl: sandbox.checkCashingUrl });
});

after(async () => {
  await sandbox?.close();
});

/** A fresh bank account and consumer, so that tests never share a bank account. */
const party = payers("Res");
const withAction = withActionOf(party);

describe("transactionIntents", () => {
  it("create without an action: 201, pending_service_fee_acceptance", async () => {
    const { data, response } = await bank.transactionIntents.create({ amount: 20, ...party(), type: "bankpay" });
    assert.equal(response.status, 201);
    assert.equal(data?.status, "pending_service_fee_acceptance");
    assert.match(data?.id ?? "", /^transaction_intent_/);
  });

  it("create with authorize, capture, refund, cancel the refund, cancel", async () => {
    const created = ok(await bank.transactionIntents.create(withAction(125, "authorize")));
    assert.equal(created.status, "pending_capture");
    const captured = ok(await bank.transactionIntents.capture(created.id, { amount: 125 }));
    assert.equal(captured.status, "succeeded");
    assert.equal(captured.amount_captured, "125.00");
    const refunded = ok(await bank.transactionIntents.refund(created.id, { amount: 125 }));
    assert.equal(refunded.status, "refunded");
    assert.equal(refunded.refund?.response_code, "08");
    const restored = ok(await bank.transactionIntents.cancelRefund(created.id));
    assert.equal(restored.status, "succeeded");
    assert.equal(restored.refund?.status, "cancelled");
    const cancelled = ok(await bank.transactionIntents.cancel(created.id));
    assert.equal(cancelled.status, "canceled");
  });

  it("authorize an intent created without an action", async () => {
    const created = ok(await bank.transactionIntents.create({ amount: 30, ...party(), type: "bankpay" }));
    const authorized = ok(await bank.transactionIntents.authorize(created.id));
    assert.equal(authorized.status, "pending_capture");
  });

  it("a declined authorize_and_capture is data (HTTP 200, failed), with the adverse action text on the publishable read", async () => {
    const { data, error, response } = await bank.transactionIntents.create(withAction(10.07, "authorize_and_capture"));
    assert.equal(error, undefined);
    assert.equal(response.status, 200);
    assert.equal(data?.status, "failed");
    const read = ok(await publishable.transactionIntents.retrieve(data!.id));
    assert.ok(isPublishableView(read));
    assert.equal(read.transaction_adverse_type, true);
    assert.match(read.reason ?? "", /07/);
    assert.ok(read.reference_id);
  });

  it("retrieve: the full view with the secret key", async () => {
    const created = ok(await bank.transactionIntents.create(withAction(40, "authorize_and_capture")));
    const read = ok(await bank.transactionIntents.retrieve(created.id));
    assert.ok(isFullView(read));
    assert.equal(read.captured_status, "succeeded");
  });

  it("updateBillingAddress with the publishable key: the reduced view with the new address", async () => {
    const created = ok(await bank.transactionIntents.create({ amount: 50, ...party(), type: "bankpay" }));
    const updated = ok(await publishable.transactionIntents.updateBillingAddress(created.id, {
      line_1: "1 Main St", city: "Austin", state_province: "TX", zipcode: "78701", country_code: "US",
    }));
    assert.equal(updated.id, created.id);
    assert.match(updated.billing_address_id ?? "", /^address_/);
    assert.equal(updated.is_mailable, true);
  });

  it("list pages on its own, with the filters on every page; listPage gives one page", async () => {
    const mine = party();
    const ids = [];
    for (const amount of [61, 62, 63, 64, 65]) {
      ids.push(ok(await bank.transactionIntents.create({ amount, ...mine, store_number: "7788", type: "bankpay_bnpl" })).id);
    }
    const listed = [];
    for await (const intent of bank.transactionIntents.list({ station_number: "7788", per_page: 2 })) listed.push(intent.id);
    assert.deepEqual(listed, ids.reverse());
    const page = ok(await bank.transactionIntents.listPage({ station_number: "7788", per_page: 2, page: 3 }));
    assert.equal(page.meta.total, 5);
    assert.equal(page.data.length, 1);
    assert.equal(page.links.next, null);
    const fromPage2 = [];
    for await (const intent of bank.transactionIntents.list({ station_number: "7788", per_page: 2, page: 2 }, { maxPages: 1 })) {
      fromPage2.push(intent.id);
    }
    assert.deepEqual(fromPage2, listed.slice(2, 4));
  });

  it("a failing page throws a PaginationError with the typed error", async () => {
    await assert.rejects(
      async () => { for await (const _ of bank.transactionIntents.list({ per_page: 500 })) void _; },
      (error: unknown) => {
        assert.ok(error instanceof PaginationError);
        assert.equal(error.error.code, "validation_error");
        assert.equal(error.status, 422);
        assert.equal(error.page, 1);
        assert.ok(error.error.status === 422, `expected a 422, got ${error.error.status}`);
        assert.deepEqual(fieldErrors(error.error.body, "per_page"), ["invalid"]);
        return true;
      },
    );
  });

  it("errors are discriminated by status and code: 409, 404, 401, 403, 422", async () => {
    const created = ok(await bank.transactionIntents.create(withAction(70, "authorize")));
    const again = await bank.transactionIntents.authorize(created.id);
    assert.equal(again.response.status, 409);
    switch (again.error?.code) {
      case "already_occurred":
        assert.equal(again.error.status, 409);
        assert.equal(again.error.body.action, "authorize");
        break;
      default:
        assert.fail(`expected already_occurred, got ${JSON.stringify(again.error)}`);
    }

    const missing = await bank.transactionIntents.retrieve("transaction_intent_Unknown000000");
    assert.equal(missing.error?.code, "not_found");
    assert.equal(missing.error?.status, 404);

    const stranger = createBankPayments({ baseUrl: sandbox.bankUrl, apiKey: "sk_live_nobody_knows" });
    const unknownKey = await stranger.transactionIntents.create({ amount: 1, ...party(), type: "bankpay" });
    assert.equal(unknownKey.error?.code, "unauthenticated");
    assert.equal(unknownKey.error?.message, "Unauthenticated.");

    const wrongKey = await publishable.transactionIntents.create({ amount: 1, ...party(), type: "bankpay" });
    assert.equal(wrongKey.error?.code, "forbidden");

    // Above the amount authorized (70.00), beyond the adjustment limit: 422 on amount, response code 78.
    const refused = await bank.transactionIntents.capture(created.id, { amount: 71 });
    assert.equal(refused.error?.code, "validation_error");
    assert.ok(refused.error?.status === 422, `expected a 422, got ${JSON.stringify(refused.error)}`);
    assert.deepEqual(fieldErrors(refused.error.body, "amount"), ["invalid"]);
    assert.match(refused.error.message, /response code 78/);
  });

  it("sends the per-call headers and honours the caller's signal", async () => {
    const seen: string[] = [];
    const recording = createBankPayments({
      baseUrl: sandbox.bankUrl,
      apiKey: sandbox.secretKey,
      fetch: (request) => {
        seen.push(request.headers.get("x-request-tag") ?? "");
        return fetch(request);
      },
    });
    await recording.transactionIntents.listPage({ per_page: 1 }, { headers: { "X-Request-Tag": "tagged" } });
    assert.deepEqual(seen, ["tagged"]);
    await assert.rejects(recording.transactionIntents.listPage({}, { signal: AbortSignal.abort() }), { name: "AbortError" });
  });
});

describe("credits", () => {
  it("create (linked), retrieve, list, cancel", async () => {
    const intent = ok(await bank.transactionIntents.create(withAction(90, "authorize_and_capture")));
    const credit = ok(await bank.credits.create({ amount: "25.00", transaction_intent_id: intent.id, employee_number: "E-9001" }));
    assert.equal(credit.status, "succeeded");
    assert.equal(credit.creditable.id, intent.id);
    const read = ok(await bank.credits.retrieve(credit.id));
    assert.equal(read.amount, "25.00");
    const listed = [];
    for await (const item of bank.credits.list({ employee_number: "E-9001" })) listed.push(item.id);
    assert.deepEqual(listed, [credit.id]);
    const page = ok(await bank.credits.listPage({ employee_number: "E-9001" }));
    assert.equal(page.meta.total, 1);
    const cancelled = ok(await bank.credits.cancel(credit.id));
    assert.equal(cancelled.status, "cancelled");
  });

  it("credit conflicts carry their code: still_processing, incompatible_status", async () => {
    const intent = ok(await bank.transactionIntents.create(withAction(91, "authorize_and_capture")));
    const pending = ok(await bank.credits.create({ amount: "10.50", transaction_intent_id: intent.id }));
    assert.equal(pending.status, "pending");
    const cancel = await bank.credits.cancel(pending.id);
    assert.equal(cancel.error?.status, 409);
    assert.equal(cancel.error?.code, "still_processing");

    const notCaptured = ok(await bank.transactionIntents.create(withAction(92, "authorize")));
    const linked = await bank.credits.create({ amount: "5.00", transaction_intent_id: notCaptured.id });
    assert.equal(linked.error?.code, "incompatible_status");
    assert.equal(linked.error?.body.error, "incompatible_status");
  });

  it("retrieve an unknown credit: not_found", async () => {
    const { error, response } = await bank.credits.retrieve("credit_Unknown0000000000");
    assert.equal(response.status, 404);
    assert.equal(error?.code, "not_found");
  });
});

describe("payroll", () => {
  const check = (trxID: string, netAmount: number, idValue = "12345678"): PayrollRequest => ({
    merchantID: "104233", trxID, dob: "1988-04-12", ssn: "123456789",
    name: { firstName: "Dana", lastName: "Whitfield" }, id: { idCode: "TX", idValue },
    integratorID: "INTG-0042", netAmount, account: { micrData: "T011000015T 123456789O 1042" },
  });

  it("submit: the approval", async () => {
    const { data, response } = await cashing.payroll.submit(check("RES-0001", 1250.75));
    assert.equal(response.status, 200);
    assert.equal(data?.trxID, "RES-0001");
    assert.equal(data?.aba, "011000015");
  });

  it("a decline (code declined, adverse action), an id_error, a correction and a system_error", async () => {
    const declined = await cashing.payroll.submit(check("RES-0002", 100.07));
    assert.equal(declined.error?.status, 400);
    assert.equal(declined.error?.code, "declined");
    assert.ok(declined.error && requiresAdverseAction(declined.error.body));

    const idError = await cashing.payroll.submit(check("RES-0003", 100, "********"));
    assert.equal(idError.error?.code, "id_error");

    const correction = await cashing.payroll.submit({ ...check("RES-0004", 100), ssn: "12" });
    assert.equal(correction.error?.code, "correction");
    assert.match(correction.error?.message ?? "", /\S/);

    const failure = await cashing.payroll.submit(check("E500-0005", 100));
    assert.equal(failure.error?.status, 500);
    assert.equal(failure.error?.code, "system_error");
  });
});
