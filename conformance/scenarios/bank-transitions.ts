// One scenario per row of the transition tables 3.1 (transaction intent) and 3.2 (credit) of the
// bank doc, and one per conflict code of 7.2, named after the row.
import { ids, intentBody, linkedCreditSubmerchant, promised, promiseLabel } from "../fixtures.js";
import { check, equal, type Scenario } from "./scenario.js";
import { act, capturedIntent, createCredit, createIntent, expectStatus, linkedCredit, readIntent } from "./steps.js";

const t31 = "transition 3.1";
const t32 = "transition 3.2";
const conflict = "conflict 7.2";

export const bankTransitionScenarios: Scenario[] = [
  {
    group: t31, name: "(none) -> POST create without action (bankpay) -> pending_service_fee_acceptance, 201",
    async run({ api }) {
      const response = await api.call("createTransactionIntent", { body: intentBody({ type: "bankpay" }), expect: 201 });
      expectStatus(response, 201, "create");
      equal(response.body.data.status, "pending_service_fee_acceptance", "status");
      equal(response.body.meta.type, "transaction_intent", "meta.type");
      const read = await readIntent(api, response.body.data.id);
      equal(read.type, "bankpay", "type");
      check(!("payments" in read), "a bankpay intent has no payments schedule");
    },
  },
  {
    group: t31, name: "(none) -> POST create without action (bankpay_bnpl) -> pending_service_fee_acceptance, 201, with a payments schedule",
    async run({ api }) {
      const response = await api.call("createTransactionIntent", { body: intentBody({ type: "bankpay_bnpl", amount: 100 }), expect: 201 });
      expectStatus(response, 201, "create");
      equal(response.body.data.status, "pending_service_fee_acceptance", "status");
      const read = await readIntent(api, response.body.data.id);
      equal(read.type, "bankpay_bnpl", "type");
      check(Array.isArray(read.payments) && read.payments.length > 0, "a bankpay_bnpl intent carries payments");
      const total = read.payments.reduce((sum: number, payment: { amount: string }) => sum + Number(payment.amount), 0);
      equal(total.toFixed(2), "100.00", "sum of the scheduled payments");
    },
  },
  {
    group: t31, name: "(none) -> POST create with action authorize -> pending_capture, 201",
    async run({ api }) {
      const body = intentBody({ action: "authorize" });
      const response = await api.call("createTransactionIntent", { body, expect: 201 });
      expectStatus(response, 201, "create");
      equal(response.body.data.status, "pending_capture", "status");
      equal(response.body.data.service_fee_id, body.service_fee_id, "service_fee_id echoed");
      check(response.body.data.billing_address?.id, "B-27: billing_address.id present when an address was given");
      check(["transaction_intent", "pending_capture"].includes(response.body.meta.type), `B-38: meta.type transaction_intent or pending_capture, got ${JSON.stringify(response.body.meta.type)}`);
    },
  },
  {
    group: t31, name: "(none) -> POST create with action authorize_and_capture (approved) -> succeeded, 201",
    async run({ api }) {
      const response = await api.call("createTransactionIntent", { body: intentBody({ action: "authorize_and_capture" }), expect: 201 });
      expectStatus(response, 201, "create");
      equal(response.body.data.status, "succeeded", "status");
      const read = await readIntent(api, response.body.data.id);
      equal(read.amount_captured, "40.00", "amount_captured");
      check(read.captured_at !== null, "captured_at set");
    },
  },
  ...(["07", "12"] as const).map((code): Scenario => ({
    group: t31, trigger: `authorize_and_capture with an amount ending in .${code} is declined`,
    name: `(none) -> POST create with action authorize_and_capture (declined, code ${code}) -> failed, HTTP 200, reduced object`,
    // Without triggers, from a decline with this code the fixtures promise (declines).
    fixturePromise: () => promiseLabel.decline(code),
    async run({ api }) {
      const input = promised.decline(code) ?? { amount: Number(`40.${code}`) };
      const response = await api.call("createTransactionIntent", { body: intentBody({ ...input, action: "authorize_and_capture" }), expect: 200 });
      expectStatus(response, 200, "declined create");
      equal(response.body.data.status, "failed", "status");
      const read = await readIntent(api, response.body.data.id, "publishable");
      equal(read.status, "failed", "status read with the publishable key");
      check(typeof read.reason === "string" && read.reason.length > 0, "reason carries the adverse action text");
      // B-26: outside lists it may be absent; present, it says the decline needs adverse action.
      check(read.transaction_adverse_type === undefined || read.transaction_adverse_type === true, `B-26: transaction_adverse_type absent or true, got ${JSON.stringify(read.transaction_adverse_type)}`);
    },
  })),
  {
    group: t31, name: "intent awaiting authorization -> PATCH action authorize -> pending_capture (sets authorized_at, amount_authorized, reason); or refused while the service fee is not accepted (B-28)",
    async run({ api }) {
      const id = await createIntent(api, { amount: 55.5 });
      const response = await act(api, id, { action: "authorize" }, 200);
      // B-28: the documents make an accepted service fee a prerequisite, and acceptance is not an API call.
      const refused = (response.status === 409 && response.body.conflict === "not_ready") || (response.status === 422 && "service_fee_id" in (response.body.errors ?? {}));
      if (refused) return;
      expectStatus(response, 200, "authorize");
      equal(response.body.data.status, "pending_capture", "status");
      equal(response.body.meta.type, "pending_capture", "meta.type of the authorize response");
      check(response.body.data.authorized_at !== null, "authorized_at set");
      equal(response.body.data.amount_authorized, "55.50", "amount_authorized");
      check(response.body.data.reason !== null, "reason set");
    },
  },
  {
    group: t31, name: "pending_capture -> PATCH action capture (amount given) -> succeeded (sets amount_captured, captured_at, captured_status, capture_reference_id)",
    async run({ api }) {
      const id = await createIntent(api, { action: "authorize", amount: 30 });
      const response = await act(api, id, { action: "capture", amount: "30.00" }, 200);
      expectStatus(response, 200, "capture");
      const data = response.body.data;
      equal(data.status, "succeeded", "status");
      equal(data.amount_captured, "30.00", "amount_captured");
      check(data.captured_at !== null, "captured_at set");
      equal(data.captured_status, "succeeded", "captured_status");
      check(data.capture_reference_id !== null, "capture_reference_id set");
      equal(response.body.meta.type, "transaction_intent", "meta.type");
    },
  },
  {
    group: t31, name: "captured intent -> PATCH action refund (ready for refund) -> refunded (sets refund object and amount_refunded_total)",
    async run({ api }) {
      const id = await capturedIntent(api, 25);
      const response = await act(api, id, { action: "refund", amount: 25 }, 200);
      expectStatus(response, 200, "refund");
      const data = response.body.data;
      equal(data.status, "refunded", "status");
      equal(data.amount_refunded_total, "25.00", "amount_refunded_total");
      check(data.refund !== null, "refund object set");
      equal(data.refund.status, "succeeded", "refund.status");
      check(["08", "21"].includes(data.refund.response_code), `B-29: refund.response_code 08 or 21 (Approval), got ${JSON.stringify(data.refund.response_code)}`);
      equal(data.refund.amount, "25.00", "refund.amount");
    },
  },
  {
    group: t31, name: "authorized intent -> PATCH action cancel (not already cancelled) -> canceled (sets cancel object; captured fields null)",
    async run({ api }) {
      const id = await createIntent(api, { action: "authorize", amount: 20 });
      const response = await act(api, id, { action: "cancel" }, 200);
      expectStatus(response, 200, "cancel");
      const data = response.body.data;
      equal(data.status, "canceled", "status");
      check(data.cancel !== null, "cancel object set");
      equal(data.cancel.response_code, "29", "cancel.response_code");
      equal(data.amount_captured, null, "amount_captured");
      equal(data.captured_at, null, "captured_at");
      equal(data.captured_status, null, "captured_status");
      equal(data.capture_reference_id, null, "capture_reference_id");
    },
  },
  {
    group: t31, name: "intent with a refund -> PATCH action cancel_refund (ready for refund cancel) -> succeeded (refund.status cancelled; amount_refunded_total null)",
    async run({ api }) {
      const id = await capturedIntent(api, 35);
      expectStatus(await act(api, id, { action: "refund", amount: 35 }, 200), 200, "refund");
      const response = await act(api, id, { action: "cancel_refund" }, 200);
      expectStatus(response, 200, "cancel_refund");
      equal(response.body.data.status, "succeeded", "status");
      equal(response.body.data.refund?.status, "cancelled", "refund.status");
      equal(response.body.data.amount_refunded_total, null, "amount_refunded_total");
    },
  },
  // 3.2 Credit
  {
    group: t32, name: "(none) -> POST /api/credits (approved) -> succeeded, 201",
    async run({ api }) {
      const intent = await createIntent(api, { action: "authorize_and_capture" });
      const response = await linkedCredit(api, { amount: "12.25", transaction_intent_id: intent, employee_number: "E-1", ...linkedCreditSubmerchant() });
      const data = response.body.data;
      equal(data.status, "succeeded", "status");
      equal(data.type, "linked", "type");
      equal(data.amount, "12.25", "amount");
      equal(data.creditable?.type, "transaction_intent", "creditable.type");
      equal(data.creditable?.id, intent, "creditable.id");
      equal(data.employee_number, "E-1", "employee_number");
      equal(response.body.meta.type, "credit", "meta.type");
    },
  },
  {
    group: t32, name: "(none) -> POST /api/credits unlinked (store number missing) -> failed, 201; reason explains; station_number null",
    async run({ api }) {
      const response = await api.call("createCredit", {
        body: { amount: "15.00", creditable_id: ids.bankAccount(), submerchant_id: ids.creditSubmerchant() }, expect: 201,
      });
      expectStatus(response, 201, "unlinked credit without store_number");
      equal(response.body.data.status, "failed", "status");
      equal(response.body.data.type, "unlinked", "type");
      check(typeof response.body.data.reason === "string" && response.body.data.reason.length > 0, "reason explains the inactive client account");
      equal(response.body.data.station_number ?? null, null, "station_number");
    },
  },
  {
    group: t32, trigger: "an unlinked credit with a store_number of only zeros is an inactive client account",
    name: "(none) -> POST /api/credits unlinked (store number invalid) -> failed, 201; station_number null",
    fixturePromise: () => promiseLabel.inactiveStore(),
    async run({ api }) {
      const store = promised.inactiveStoreNumber() ?? "0000";
      const response = await api.call("createCredit", {
        body: { amount: "15.00", creditable_id: ids.bankAccount(), submerchant_id: ids.creditSubmerchant(), store_number: store }, expect: 201,
      });
      expectStatus(response, 201, "unlinked credit with an inactive store");
      equal(response.body.data.status, "failed", "status");
      equal(response.body.data.station_number ?? null, null, "station_number");
    },
  },
  {
    group: t32, name: "succeeded -> PATCH action cancel (valid) -> cancelled, 200",
    async run({ api }) {
      const id = await createCredit(api);
      const response = await api.call("cancelCredit", { path: { credit_id: id }, body: { action: "cancel" }, expect: 200 });
      expectStatus(response, 200, "cancel credit");
      equal(response.body.data.status, "cancelled", "status");
      check(response.body.data.cancel_message !== null, "cancel_message set");
      const read = await api.call("getCredit", { path: { credit_id: id }, expect: 200 });
      check(["cancelled", "canceled"].includes(read.body.data.status), `B-42: status read back cancelled or canceled, got ${JSON.stringify(read.body.data.status)}`);
    },
  },
  // 7.2 conflicts
  {
    group: conflict, name: "already_occurred: authorize when already authorized gives 409 with action authorize",
    async run({ api }) {
      const id = await createIntent(api, { action: "authorize" });
      const response = await act(api, id, { action: "authorize" }, 409);
      expectStatus(response, 409, "second authorize");
      equal(response.body.conflict, "already_occurred", "conflict");
      equal(response.body.action, "authorize", "action echoed");
    },
  },
  {
    group: conflict, name: "already_occurred: cancel when already cancelled gives 409",
    async run({ api }) {
      const id = await createIntent(api, { action: "authorize" });
      expectStatus(await act(api, id, { action: "cancel" }, 200), 200, "first cancel");
      const response = await act(api, id, { action: "cancel" }, 409);
      expectStatus(response, 409, "second cancel");
      equal(response.body.conflict, "already_occurred", "conflict");
      equal(response.body.action, "cancel", "action echoed");
    },
  },
  {
    group: conflict, name: "not_ready: refund when not ready (intent not captured) gives 409",
    async run({ api }) {
      const id = await createIntent(api, { action: "authorize" });
      const response = await act(api, id, { action: "refund", amount: 40 }, 409);
      expectStatus(response, 409, "refund of an uncaptured intent");
      equal(response.body.conflict, "not_ready", "conflict");
      equal(response.body.action, "refund", "action echoed");
    },
  },
  {
    group: conflict, name: "not_ready: a second refund gives 409",
    async run({ api }) {
      const id = await capturedIntent(api, 45);
      expectStatus(await act(api, id, { action: "refund", amount: 45 }, 200), 200, "first refund");
      const response = await act(api, id, { action: "refund", amount: 45 }, 409);
      expectStatus(response, 409, "second refund");
      equal(response.body.conflict, "not_ready", "conflict");
      const read = await readIntent(api, id);
      equal(read.amount_refunded_total, "45.00", "amount_refunded_total unchanged by the refused refund");
    },
  },
  {
    group: conflict, trigger: "a refund of an intent whose amount ends in .80 is not sent for settlement",
    name: "not_ready: refund of a debit not sent for settlement gives 409 (code 80)",
    async run({ api }) {
      const id = await capturedIntent(api, 40.8);
      const response = await act(api, id, { action: "refund", amount: 40.8 }, 409);
      expectStatus(response, 409, "refund");
      equal(response.body.conflict, "not_ready", "conflict");
    },
  },
  {
    group: conflict, name: "not_ready: cancel_refund when not ready (no refund) gives 409",
    async run({ api }) {
      const id = await capturedIntent(api, 40);
      const response = await act(api, id, { action: "cancel_refund" }, 409);
      expectStatus(response, 409, "cancel_refund without a refund");
      equal(response.body.conflict, "not_ready", "conflict");
      equal(response.body.action, "cancel_refund", "action echoed");
    },
  },
  {
    group: conflict, name: "bank_account_conflict: a bank account used with another consumer gives 409",
    async run({ api }) {
      const bankAccount = ids.bankAccount();
      const owner = ids.ownerOf(bankAccount) ?? ids.consumer();
      await createIntent(api, { bankAccount, consumer: owner });
      const stranger = ids.otherConsumer(owner);
      const response = await api.call("createTransactionIntent", { body: intentBody({ bankAccount, consumer: stranger }), expect: 409 });
      expectStatus(response, 409, "create with the bank account of another consumer");
      equal(response.body.conflict, "bank_account_conflict", "conflict");
      const again = await api.call("createTransactionIntent", { body: intentBody({ bankAccount, consumer: stranger, action: "authorize" }), expect: 409 });
      expectStatus(again, 409, "create with an action");
      equal(again.body.conflict, "bank_account_conflict", "conflict on a creation with an action");
      check(again.body.action === undefined || again.body.action === "authorize", `B-39: action absent or authorize on a creation, got ${JSON.stringify(again.body.action)}`);
    },
  },
  {
    group: conflict, name: "incompatible_status: a linked credit on an intent that is not succeeded gives 409",
    async run({ api }) {
      const intent = await createIntent(api);
      const response = await api.call("createCredit", { body: { amount: "5.00", transaction_intent_id: intent, ...linkedCreditSubmerchant() }, expect: 409 });
      expectStatus(response, 409, "linked credit");
      equal(response.body.error, "incompatible_status", "error");
    },
  },
  {
    group: conflict, trigger: "an intent whose amount ends in .33 has no reference number",
    name: "no_reference_number: a linked credit on an intent without reference number gives 409",
    async run({ api }) {
      const intent = await createIntent(api, { action: "authorize_and_capture", amount: 40.33 });
      const response = await api.call("createCredit", { body: { amount: "5.00", transaction_intent_id: intent, ...linkedCreditSubmerchant() }, expect: 409 });
      expectStatus(response, 409, "linked credit");
      equal(response.body.error, "no_reference_number", "error");
    },
  },
  {
    group: conflict, name: "already_cancelled: cancelling a cancelled credit gives 409",
    async run({ api }) {
      const id = await createCredit(api);
      expectStatus(await api.call("cancelCredit", { path: { credit_id: id }, body: { action: "cancel" }, expect: 200 }), 200, "first cancel");
      const response = await api.call("cancelCredit", { path: { credit_id: id }, body: { action: "cancel" }, expect: 409 });
      expectStatus(response, 409, "second cancel");
      equal(response.body.error, "already_cancelled", "error");
    },
  },
  {
    group: conflict, trigger: "a credit amount ending in .50 stays pending",
    name: "still_processing: cancelling a credit being processed gives 409",
    // Without triggers, from an amount the fixtures promise stays pending (pending_credit_amounts).
    fixturePromise: () => promiseLabel.pendingCredit(),
    async run({ api }) {
      const id = await createCredit(api, { amount: promised.pendingCreditAmount() ?? "10.50" });
      const read = await api.call("getCredit", { path: { credit_id: id }, expect: 200 });
      equal(read.body.data.status, "pending", "status of the credit being processed");
      const response = await api.call("cancelCredit", { path: { credit_id: id }, body: { action: "cancel" }, expect: 409 });
      expectStatus(response, 409, "cancel");
      equal(response.body.error, "still_processing", "error");
    },
  },
  {
    group: conflict, name: "failed: cancelling a failed credit gives 409",
    async run({ api }) {
      const created = await api.call("createCredit", { body: { amount: "15.00", creditable_id: ids.bankAccount(), submerchant_id: ids.creditSubmerchant() }, expect: 201 });
      expectStatus(created, 201, "failed unlinked credit");
      equal(created.body.data.status, "failed", "status");
      const response = await api.call("cancelCredit", { path: { credit_id: created.body.data.id }, body: { action: "cancel" }, expect: 409 });
      expectStatus(response, 409, "cancel");
      equal(response.body.error, "failed", "error");
    },
  },
];
