// Transaction intents through the generated client: create variants, views, every transition row
// of bank doc 3.1, every conflict, the amount rules, bnpl schedules, the address update, triggers.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Sandbox } from "../../sandbox/server.js";
import { bankClient, billingAddress, capturedIntent, createIntent, party, startTestSandbox, type BankClient } from "./helpers.js";

let sandbox: Sandbox;
let secret: BankClient;
let publishable: BankClient;

before(async () => {
  sandbox = await startTestSandbox();
  secret = bankClient(sandbox, sandbox.secretKey);
  publishable = bankClient(sandbox, sandbox.publishableKey);
});
after(() => sandbox.close());

async function read(id: string) {
  const { data, response } = await secret.GET("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: id } } });
  assert.equal(response.status, 200);
  return data!.data as Record<string, any>;
}

async function act(id: string, body: any) {
  return secret.PATCH("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: id } }, body });
}

describe("create", () => {
  test("without action: 201, pending_service_fee_acceptance, reduced object", async () => {
    const p = party();
    const { data, response } = await secret.POST("/api/transaction-intents", {
      body: { amount: 125, ...p, store_number: "0042", type: "bankpay", billing_address: billingAddress, extras: { order_id: "A-1001" } },
    });
    assert.equal(response.status, 201);
    assert.equal(data!.data.status, "pending_service_fee_acceptance");
    assert.equal(data!.meta.type, "transaction_intent");
    assert.deepEqual(data!.data.extras, { order_id: "A-1001" });
    assert.match(data!.data.id, /^transaction_intent_[A-Za-z0-9]{16}$/);
    assert.match(data!.data.billing_address!.id, /^address_[A-Za-z0-9]{16}$/);
    assert.equal("service_fee_id" in data!.data, false);
    const full = await read(data!.data.id);
    assert.equal(full.amount_authorized, "125.00");
    assert.equal(full.authorized_at, null);
    assert.equal(full.reference_id, null);
    assert.equal(full.billing_address_id, data!.data.billing_address!.id);
  });

  test("without billing address: billing_address null", async () => {
    const { data } = await secret.POST("/api/transaction-intents", { body: { amount: 10, ...party(), store_number: "1", type: "bankpay" } });
    assert.equal(data!.data.billing_address, null);
    assert.equal(data!.data.extras, null);
  });

  test("with authorize: 201 pending_capture, service_fee_id echoed, authorization fields set", async () => {
    const id = await createIntent(secret, { amount: 125, action: "authorize" });
    const full = await read(id);
    assert.equal(full.status, "pending_capture");
    assert.equal(full.type, "bankpay");
    assert.equal(full.reason, "Approved");
    assert.ok(full.authorized_at);
    assert.match(full.reference_id, /^RF-/);
    assert.equal(full.service_fee_id, "service_fee_Tz6Mq1PxR9bK3wLe");
    assert.equal(full.amount_captured, null);
  });

  test("with authorize_and_capture approved: 201 succeeded with capture fields", async () => {
    const id = await createIntent(secret, { amount: 99.99, action: "authorize_and_capture" });
    const full = await read(id);
    assert.equal(full.status, "succeeded");
    assert.equal(full.amount_captured, "99.99");
    assert.equal(full.captured_status, "succeeded");
    assert.match(full.capture_reference_id, /^CAP-[0-9]{8}$/);
    assert.ok(full.captured_at);
  });

  for (const [amount, code] of [[80.07, "07"], [12.12, "12"]] as const) {
    test(`authorize_and_capture declined (amount ${amount}): HTTP 200, failed, code ${code}, adverse action`, async () => {
      const { data, response } = await secret.POST("/api/transaction-intents", {
        body: { amount, ...party(), store_number: "0042", action: "authorize_and_capture", service_fee_id: "service_fee_Tz6Mq1PxR9bK3wLe", billing_address: billingAddress },
      });
      assert.equal(response.status, 200);
      assert.equal(data!.data.status, "failed");
      const { data: view } = await publishable.GET("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: data!.data.id } } });
      const intent = view!.data as Record<string, any>;
      assert.equal(intent.transaction_adverse_type, true);
      assert.equal(intent.is_mailable, true);
      assert.match(intent.reason, new RegExp(`consumer reporting agency.*${code}`));
      assert.ok(intent.reference_id);
    });
  }

  test("the create table followed literally (authorize, no billing address): 201 pending_capture", async () => {
    for (const action of ["authorize", "authorize_and_capture"] as const) {
      const { data, response } = await secret.POST("/api/transaction-intents", {
        body: { amount: 5, ...party(), store_number: "1", action, service_fee_id: "service_fee_Tz6Mq1PxR9bK3wLe" },
      });
      assert.equal(response.status, 201);
      assert.equal(data!.data.status, action === "authorize" ? "pending_capture" : "succeeded");
      assert.equal(data!.data.billing_address, null);
    }
  });

  test("triggers .66, .70, .71 with an action: the authorize 422 of that response code, nothing stored", async () => {
    const expected: Record<string, Record<string, string[]>> = {
      "66": { line_one: ["invalid"], city_locality: ["invalid"], postal_code: ["invalid"] },
      "70": { first_name: ["invalid"], last_name: ["invalid"] },
      "71": { company_name: ["invalid"] },
    };
    const before = (await secret.GET("/api/transaction-intents", {})).data!.meta.total;
    for (const [code, errors] of Object.entries(expected)) {
      const { error, response } = await secret.POST("/api/transaction-intents", {
        body: { amount: Number(`5.${code}`), ...party(), store_number: "1", action: "authorize_and_capture", service_fee_id: "service_fee_Tz6Mq1PxR9bK3wLe", billing_address: billingAddress },
      });
      assert.equal(response.status, 422);
      assert.deepEqual((error as any).errors, errors);
      assert.match((error as any).message, new RegExp(`^The given data was invalid\\. .*\\(response code ${code}\\)\\.$`));
    }
    assert.equal((await secret.GET("/api/transaction-intents", {})).data!.meta.total, before);
  });

  test("bank account of another consumer: 409 bank_account_conflict echoing the action", async () => {
    const p = party();
    await secret.POST("/api/transaction-intents", { body: { amount: 1, ...p, store_number: "1", type: "bankpay" } });
    const { error, response } = await secret.POST("/api/transaction-intents", {
      body: { amount: 1, bank_account: p.bank_account, consumer_id: "consumer_Someoneelse01", store_number: "1", action: "authorize", service_fee_id: "service_fee_Tz6Mq1PxR9bK3wLe", billing_address: billingAddress },
    });
    assert.equal(response.status, 409);
    assert.deepEqual({ conflict: (error as any).conflict, action: (error as any).action }, { conflict: "bank_account_conflict", action: "authorize" });
    const same = await secret.POST("/api/transaction-intents", { body: { amount: 2, ...p, store_number: "1", type: "bankpay" } });
    assert.equal(same.response.status, 201, "the owner can reuse the account");
  });

  test("bankpay_bnpl: four payments two weeks apart from the creation date, cents adding up", async () => {
    const { data } = await secret.POST("/api/transaction-intents", { body: { amount: 100.03, ...party(), store_number: "1", type: "bankpay_bnpl" } });
    const full = await read(data!.data.id);
    const payments = full.payments as Array<{ amount: string; scheduled_for: string }>;
    assert.equal(payments.length, 4);
    const cents = payments.map((p) => Math.round(Number(p.amount) * 100));
    assert.equal(cents.reduce((a, b) => a + b, 0), 10003);
    assert.ok(Math.max(...cents) - Math.min(...cents) <= 1);
    const today = new Date().toISOString().slice(0, 10);
    const start = Date.parse(payments[0].scheduled_for + "T00:00:00Z");
    assert.ok(payments[0].scheduled_for === today || Date.parse(today + "T00:00:00Z") - start === 86_400_000, "first payment on the creation date");
    payments.forEach((p, i) => assert.equal(Date.parse(p.scheduled_for + "T00:00:00Z") - start, i * 14 * 86_400_000));
    const plain = await createIntent(secret, { amount: 10 });
    assert.equal("payments" in (await read(plain)), false, "no payments on a bankpay");
  });
});

describe("read", () => {
  test("secret key: full view without is_mailable; publishable key: reduced view with is_mailable", async () => {
    const id = await createIntent(secret, { amount: 42, action: "authorize_and_capture", extras: { k: "v" } });
    const full = await read(id);
    assert.equal("is_mailable" in full, false);
    assert.deepEqual(full.extras, { k: "v" });
    const { data } = await publishable.GET("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: id } } });
    const reduced = data!.data as Record<string, unknown>;
    for (const hidden of ["captured_at", "captured_status", "capture_reference_id", "extras", "service_fee_accepted_at"]) {
      assert.equal(hidden in reduced, false, hidden);
    }
    assert.equal(reduced.is_mailable, true);
  });

  test("unknown intent: 404 not_found", async () => {
    const { error, response } = await secret.GET("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: "transaction_intent_0000000000000000" } } });
    assert.equal(response.status, 404);
    assert.deepEqual(error, { message: "not_found" });
  });
});

describe("transitions (bank doc 3.1)", () => {
  test("pending_service_fee_acceptance --authorize--> pending_capture; meta.type pending_capture", async () => {
    const id = await createIntent(secret, { amount: 20 });
    const { data, response } = await act(id, { action: "authorize" });
    assert.equal(response.status, 200);
    assert.equal(data!.meta.type, "pending_capture");
    assert.equal(data!.data.status, "pending_capture");
    assert.ok(data!.data.authorized_at);
    assert.equal(data!.data.amount_authorized, "20.00");
    assert.equal(data!.data.reason, "Approved");
  });

  test("authorize when already authorized: 409 already_occurred", async () => {
    const id = await createIntent(secret, { amount: 20, action: "authorize" });
    const { error, response } = await act(id, { action: "authorize" });
    assert.equal(response.status, 409);
    assert.deepEqual({ ...(error as object), message: undefined }, { conflict: "already_occurred", action: "authorize", message: undefined });
  });

  test("captures over the amount authorized: three 422s (code 78), then the intent fails (code 79, limit_exceeded)", async () => {
    const id = await createIntent(secret, { amount: 20, action: "authorize" });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const { error, response } = await act(id, { action: "capture", amount: "20.01" });
      assert.equal(response.status, 422, `attempt ${attempt}`);
      assert.deepEqual((error as any).errors, { amount: ["invalid"] });
      assert.match((error as any).message, /\(response code 78\)\.$/);
      assert.equal((await read(id)).status, "pending_capture");
    }
    const { data, response } = await act(id, { action: "capture", amount: "20.01" });
    assert.equal(response.status, 200);
    assert.equal(data!.data.status, "failed");
    assert.equal(data!.data.captured_status, "limit_exceeded");
    assert.match(data!.data.capture_reference_id!, /^CAP-/);
    assert.equal(data!.data.amount_captured, null);
    assert.match(data!.data.reason!, /response code 79/);
    const again = await act(id, { action: "capture", amount: "20.00" });
    assert.equal(again.response.status, 409);
    assert.equal((again.error as any).conflict, "not_ready");
  });

  test("authorize without a billing address: 200 pending_capture", async () => {
    const id = await createIntent(secret, { amount: 20, billing: false });
    const { data, response } = await act(id, { action: "authorize" });
    assert.equal(response.status, 200);
    assert.equal(data!.data.status, "pending_capture");
    assert.equal(data!.data.billing_address_id, null);
  });

  test("authorize of an intent whose amount ends in .66: 422 keyed line_one, city_locality, postal_code (code 66); unchanged", async () => {
    const id = await createIntent(secret, { amount: 20.66 });
    const { error, response } = await act(id, { action: "authorize" });
    assert.equal(response.status, 422);
    assert.deepEqual((error as any).errors, { line_one: ["invalid"], city_locality: ["invalid"], postal_code: ["invalid"] });
    assert.match((error as any).message, /\(response code 66\)/);
    assert.equal((await read(id)).status, "pending_service_fee_acceptance");
  });

  test("pending_capture --capture--> succeeded with the capture fields (string or number amount)", async () => {
    for (const amount of ["30.00", 30] as const) {
      const id = await createIntent(secret, { amount: 30, action: "authorize" });
      const { data, response } = await act(id, { action: "capture", amount });
      assert.equal(response.status, 200);
      assert.equal(data!.meta.type, "transaction_intent");
      assert.equal(data!.data.status, "succeeded");
      assert.equal(data!.data.amount_captured, "30.00");
      assert.equal(data!.data.captured_status, "succeeded");
      assert.ok(data!.data.captured_at && data!.data.capture_reference_id);
    }
  });

  test("capture below the authorized amount is allowed; above it 422 amount (code 78)", async () => {
    const id = await createIntent(secret, { amount: 30, action: "authorize" });
    const over = await act(id, { action: "capture", amount: 30.01 });
    assert.equal(over.response.status, 422);
    assert.deepEqual((over.error as any).errors, { amount: ["invalid"] });
    assert.match((over.error as any).message, /78/);
    const under = await act(id, { action: "capture", amount: "12.50" });
    assert.equal(under.data!.data.amount_captured, "12.50");
  });

  test("capture: 409 already_occurred once captured, not_ready before authorization", async () => {
    const captured = await capturedIntent(secret, 10);
    assert.equal((await act(captured, { action: "capture", amount: 10 })).response.status, 409);
    assert.equal(((await act(captured, { action: "capture", amount: 10 })).error as any).conflict, "already_occurred");
    const pending = await createIntent(secret, { amount: 10 });
    assert.equal(((await act(pending, { action: "capture", amount: 10 })).error as any).conflict, "not_ready");
  });

  test("succeeded --refund--> refunded: refund attempt (code 08) and amount_refunded_total", async () => {
    const id = await capturedIntent(secret, 125);
    const { data, response } = await act(id, { action: "refund", amount: 125 });
    assert.equal(response.status, 200);
    assert.equal(data!.data.status, "refunded");
    assert.equal(data!.data.amount_refunded_total, "125.00");
    assert.equal(data!.data.refund!.response_code, "08");
    assert.equal(data!.data.refund!.status, "succeeded");
    assert.equal(data!.data.refund!.amount, "125.00");
  });

  test("refund: 422 above (75) and below (81) the captured amount; 409 not_ready when not captured or already refunded", async () => {
    const id = await capturedIntent(secret, 50);
    const above = await act(id, { action: "refund", amount: 50.01 });
    assert.equal(above.response.status, 422);
    assert.match((above.error as any).message, /75/);
    const below = await act(id, { action: "refund", amount: 49 });
    assert.equal(below.response.status, 422);
    assert.match((below.error as any).message, /81/);
    assert.equal((await act(id, { action: "refund", amount: 50 })).response.status, 200);
    const again = await act(id, { action: "refund", amount: 50 });
    assert.equal(again.response.status, 409);
    assert.equal((again.error as any).conflict, "not_ready");
    const authorizedOnly = await createIntent(secret, { amount: 50, action: "authorize" });
    assert.equal(((await act(authorizedOnly, { action: "refund", amount: 50 })).error as any).conflict, "not_ready");
  });

  test("trigger: refund of an intent whose amount ends in .80 gives 409 not_ready (code 80)", async () => {
    const id = await capturedIntent(secret, 10.8);
    const { error, response } = await act(id, { action: "refund", amount: 10.8 });
    assert.equal(response.status, 409);
    assert.equal((error as any).conflict, "not_ready");
    assert.match((error as any).message, /80/);
    assert.equal((await read(id)).status, "succeeded");
  });

  test("refunded --cancel_refund--> succeeded: refund.status cancelled, amount_refunded_total null", async () => {
    const id = await capturedIntent(secret, 70);
    await act(id, { action: "refund", amount: 70 });
    const { data, response } = await act(id, { action: "cancel_refund" });
    assert.equal(response.status, 200);
    assert.equal(data!.data.status, "succeeded");
    assert.equal(data!.data.refund!.status, "cancelled");
    assert.equal(data!.data.amount_refunded_total, null);
    const again = await act(id, { action: "cancel_refund" });
    assert.equal(again.response.status, 409);
    assert.equal((again.error as any).conflict, "not_ready");
  });

  test("authorized --cancel--> canceled: cancel attempt (code 29), captured fields null; second cancel 409 already_occurred", async () => {
    for (const id of [await createIntent(secret, { amount: 15, action: "authorize" }), await capturedIntent(secret, 15)]) {
      const { data, response } = await act(id, { action: "cancel" });
      assert.equal(response.status, 200);
      assert.equal(data!.data.status, "canceled");
      assert.equal(data!.data.cancel!.response_code, "29");
      assert.equal(data!.data.cancel!.amount, "15.00");
      assert.equal(data!.data.amount_captured, null);
      assert.equal(data!.data.captured_at, null);
      assert.equal(data!.data.captured_status, null);
      assert.equal(data!.data.capture_reference_id, null);
      const again = await act(id, { action: "cancel" });
      assert.equal(again.response.status, 409);
      assert.equal((again.error as any).conflict, "already_occurred");
    }
  });

  test("cancel before authorization or after a refund: 409 not_ready", async () => {
    const pending = await createIntent(secret, { amount: 15 });
    assert.equal(((await act(pending, { action: "cancel" })).error as any).conflict, "not_ready");
    const refunded = await capturedIntent(secret, 15);
    await act(refunded, { action: "refund", amount: 15 });
    assert.equal(((await act(refunded, { action: "cancel" })).error as any).conflict, "not_ready");
  });

  test("actions on an unknown intent: 404", async () => {
    const { response } = await act("transaction_intent_0000000000000000", { action: "cancel" });
    assert.equal(response.status, 404);
  });

  test("action validation: missing, unknown, prohibited member, amount with three decimals", async () => {
    const id = await createIntent(secret, { amount: 15, action: "authorize" });
    assert.deepEqual(((await act(id, {})).error as any).errors, { action: ["missing"] });
    assert.deepEqual(((await act(id, { action: "explode" })).error as any).errors, { action: ["invalid"] });
    assert.deepEqual(((await act(id, { action: "cancel", amount: 1 })).error as any).errors, { amount: ["invalid"] });
    assert.deepEqual(((await act(id, { action: "capture" })).error as any).errors, { amount: ["missing"] });
    assert.deepEqual(((await act(id, { action: "capture", amount: 1.005 })).error as any).errors, { amount: ["invalid"] });
    assert.deepEqual(((await act(id, { action: "capture", amount: -1 })).error as any).errors, { amount: ["invalid"] });
    assert.equal((await read(id)).status, "pending_capture");
  });
});

describe("billing address update", () => {
  const update = { city: "Austin", country_code: "US", line_1: "1 Main St", state_province: "TX", zipcode: "78701", further: "ignored" };

  test("publishable key: 200 reduced view with a new billing_address_id", async () => {
    const id = await createIntent(secret, { amount: 15 });
    const before = (await read(id)).billing_address_id;
    const { data, response } = await publishable.PATCH("/api/transaction-intents/{transaction_intent_id}/address", { params: { path: { transaction_intent_id: id } }, body: update });
    assert.equal(response.status, 200);
    assert.equal(data!.data.is_mailable, true);
    assert.notEqual(data!.data.billing_address_id, before);
    assert.equal((await read(id)).billing_address_id, data!.data.billing_address_id);
  });

  test("errors keyed line_one, city_locality, postal_code, state_province, country_code", async () => {
    const id = await createIntent(secret, { amount: 15 });
    const { error, response } = await publishable.PATCH("/api/transaction-intents/{transaction_intent_id}/address", {
      params: { path: { transaction_intent_id: id } },
      body: { city: "", country_code: "usa", state_province: "x".repeat(256), zipcode: 78701 } as any,
    });
    assert.equal(response.status, 422);
    assert.deepEqual((error as any).errors, { line_one: ["missing"], city_locality: ["invalid"], postal_code: ["invalid"], state_province: ["invalid"], country_code: ["invalid"] });
  });

  test("secret key: 403; unknown intent: 404", async () => {
    const id = await createIntent(secret, { amount: 15 });
    assert.equal((await secret.PATCH("/api/transaction-intents/{transaction_intent_id}/address", { params: { path: { transaction_intent_id: id } }, body: update })).response.status, 403);
    assert.equal((await publishable.PATCH("/api/transaction-intents/{transaction_intent_id}/address", { params: { path: { transaction_intent_id: "transaction_intent_nope" } }, body: update })).response.status, 404);
  });
});

describe("create validation", () => {
  test("variant A: missing, invalid, prohibited, nested billing_address keys", async () => {
    const { error, response } = await secret.POST("/api/transaction-intents", {
      body: { amount: "12" as any, bank_account: "acct", type: "bankpay", store_number: "", action_x: 1, billing_address: { ...billingAddress, country_code: "usa", line_1: undefined, extra: 1 } } as any,
    });
    assert.equal(response.status, 422);
    assert.deepEqual((error as any).errors, {
      amount: ["invalid"],
      bank_account: ["invalid"],
      consumer_id: ["missing"],
      store_number: ["invalid"],
      action_x: ["invalid"],
      "billing_address.country_code": ["invalid"],
      "billing_address.line_1": ["missing"],
      "billing_address.extra": ["invalid"],
    });
  });

  test("variant B: type prohibited, service_fee_id missing, action invalid", async () => {
    const { error } = await secret.POST("/api/transaction-intents", {
      body: { amount: 1, ...party(), store_number: "1", type: "bankpay", action: "capture" } as any,
    });
    assert.deepEqual((error as any).errors, { type: ["invalid"], service_fee_id: ["missing"], action: ["invalid"] });
  });

  test("extras: nested objects and arrays are invalid", async () => {
    const { error } = await secret.POST("/api/transaction-intents", {
      body: { amount: 1, ...party(), store_number: "1", type: "bankpay", extras: { nested: { a: 1 } } } as any,
    });
    assert.deepEqual((error as any).errors, { extras: ["invalid"] });
  });
});
