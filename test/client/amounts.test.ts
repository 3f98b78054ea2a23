// One money type in the resource clients, against the real reference sandbox (sandbox/server.ts,
// `:memory:`, free ports): every request amount takes a number or a decimal string, goes on the
// wire in its operation's contract form (create and refund a JSON number, capture as given, a
// credit a decimal string, `netAmount` as given), and a bad amount rejects with an AmountError
// whose message says what was wrong and what is expected, before anything is sent.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import {
  AmountError,
  createBankPayments,
  createCheckCashing,
  isCaptured,
  type Amount,
  type AmountProblem,
  type BankPaymentsApi,
  type CheckCashingApi,
  type PayrollRequest,
} from "../../entry/index.js";
import { ok, payers, recordingFetch, serviceFeeId, type WireRequest } from "./sandbox-fixtures.js";

let sandbox: Sandbox;
let bank: BankPaymentsApi;
let cashing: CheckCashingApi;
let sent: WireRequest[];
const party = payers("Amt");

before(async () => {
  sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
  const recording = recordingFetch();
  sent = recording.sent;
  bank = createBankPayments({ baseUrl: sandbox.bankUrl, apiKey: sandbox.secretKey, fetch: recording.fetch });
  cashing = createCheckCashing({ baseUrl: sandbox.checkCashingUrl, fetch: recording.fetch });
});

after(async () => {
  await sandbox?.close();
});

beforeEach(() => {
  sent.length = 0;
});

/** The amount member of the last request sent. */
const lastAmount = (field = "amount") => sent.at(-1)?.body?.[field];

/** An authorized intent of `amount`, ready to capture. */
async function authorized(amount: Amount) {
  return ok(await bank.transactionIntents.create({ amount, ...party(), action: "authorize", service_fee_id: serviceFeeId }));
}

const check = (trxID: string, netAmount: Amount): PayrollRequest => ({
  merchantID: "104233", trxID, dob: "1988-04-12", ssn: "123456789",
  name: { firstName: "Dana", lastName: "Whitfield" }, id: { idCode: "TX", idValue: "12345678" },
  integratorID: "INTG-0042", netAmount, account: { micrData: "T011000015T 123456789O 1042" },
});

describe("every request amount takes a number or a decimal string, sent in its contract form", () => {
  it("create: a decimal string goes as a JSON number", async () => {
    const created = await authorized("125.50");
    assert.equal(created.status, "pending_capture");
    assert.equal(lastAmount(), 125.5);
    const read = ok(await bank.transactionIntents.retrieve(created.id));
    assert.equal("amount_authorized" in read && read.amount_authorized, "125.50");
  });

  it("capture: a string goes as a string, a number as a number (the contract takes both)", async () => {
    const first = await authorized(60.5);
    const capturedFromText = ok(await bank.transactionIntents.capture(first.id, { amount: "60.50" }));
    assert.equal(lastAmount(), "60.50");
    assert.equal(capturedFromText.amount_captured, "60.50");
    const second = await authorized(61);
    ok(await bank.transactionIntents.capture(second.id, { amount: 61 }));
    assert.equal(lastAmount(), 61);
  });

  it("refund: the captured amount as the response gives it (a string) goes as a JSON number", async () => {
    const intent = await authorized(125);
    const captured = ok(await bank.transactionIntents.capture(intent.id, { amount: 125 }));
    assert.ok(isCaptured(captured), JSON.stringify(captured));
    const refunded = ok(await bank.transactionIntents.refund(intent.id, { amount: captured.amount_captured }));
    assert.deepEqual(sent.at(-1)?.body, { action: "refund", amount: 125 });
    assert.equal(refunded.status, "refunded");
    assert.equal(refunded.amount_refunded_total, "125.00");
  });

  it("credit: a number goes as a decimal string with two decimals, a string is written with two decimals", async () => {
    const intent = ok(await bank.transactionIntents.create({ amount: 90, ...party(), action: "authorize_and_capture", service_fee_id: serviceFeeId }));
    const fromNumber = ok(await bank.credits.create({ amount: 25, transaction_intent_id: intent.id }));
    assert.equal(lastAmount(), "25.00");
    assert.equal(fromNumber.amount, "25.00");
    ok(await bank.credits.create({ amount: "2.5", transaction_intent_id: intent.id }));
    assert.equal(lastAmount(), "2.50");
  });

  it("netAmount: a number or a string, each sent as given", async () => {
    ok(await cashing.payroll.submit(check("AMT-0001", 1250.75)));
    assert.equal(lastAmount("netAmount"), 1250.75);
    ok(await cashing.payroll.submit(check("AMT-0002", "1250.75")));
    assert.equal(lastAmount("netAmount"), "1250.75");
  });

  it("the documented maximum itself is accepted: 999999999.99 for the bank, 9999999.99 for check cashing", async () => {
    const created = await authorized("999999999.99");
    assert.equal(lastAmount(), 999999999.99);
    assert.equal(created.status, "pending_capture");
    ok(await cashing.payroll.submit(check("AMT-0003", 9999999.99)));
    assert.equal(lastAmount("netAmount"), 9999999.99);
  });
});

describe("refund(id) without an amount", () => {
  it("sends no amount (the whole captured amount is refunded)", async () => {
    const intent = await authorized(70);
    ok(await bank.transactionIntents.capture(intent.id, { amount: 70 }));
    sent.length = 0;
    await bank.transactionIntents.refund(intent.id);
    assert.deepEqual(sent.map((request) => request.body), [{ action: "refund" }]);
    await bank.transactionIntents.refund(intent.id, {});
    await bank.transactionIntents.refund(intent.id, { amount: undefined });
    assert.deepEqual(sent.map((request) => request.body), [{ action: "refund" }, { action: "refund" }, { action: "refund" }]);
  });
});

describe("a bad amount rejects with an AmountError before anything is sent", () => {
  const expected = 'Expected a number (12.5) or a decimal string ("12.50"): greater than 0, at most two decimals, at most 999999999.99. Nothing was sent.';
  const cases: [value: unknown, problem: AmountProblem, why: string][] = [
    [12.345, "too_many_decimals", "12.345 has more than two decimals"],
    ["12.345", "too_many_decimals", '"12.345" has more than two decimals'],
    [1e-7, "too_many_decimals", "1e-7 has more than two decimals"],
    [0, "not_positive", "0 is not greater than 0"],
    [-5, "not_positive", "-5 is not greater than 0"],
    ["0.00", "not_positive", '"0.00" is not greater than 0'],
    ["-5", "not_positive", '"-5" is not greater than 0'],
    [1_000_000_000, "above_maximum", "1000000000 is above the maximum, 999999999.99 (the contract's \"Amount ceiling\" decision)"],
    ["1000000000.00", "above_maximum", "\"1000000000.00\" is above the maximum, 999999999.99 (the contract's \"Amount ceiling\" decision)"],
    ["12,50", "not_an_amount", '"12,50" is not a decimal amount (digits, then an optional point and one or two decimals; no sign, spaces, commas or exponent)'],
    [" 12", "not_an_amount", '" 12" is not a decimal amount (digits, then an optional point and one or two decimals; no sign, spaces, commas or exponent)'],
    ["1e3", "not_an_amount", '"1e3" is not a decimal amount (digits, then an optional point and one or two decimals; no sign, spaces, commas or exponent)'],
    [Number.NaN, "not_an_amount", "NaN is not a finite number"],
    [Number.POSITIVE_INFINITY, "not_an_amount", "Infinity is not a finite number"],
    [true, "not_an_amount", "true is a boolean, not a number or a decimal string"],
    [null, "missing", "is null"],
    [undefined, "missing", "is missing"],
  ];

  for (const [value, problem, why] of cases) {
    it(`capture with ${typeof value === "string" ? JSON.stringify(value) : String(value)}: ${problem}`, async () => {
      await assert.rejects(bank.transactionIntents.capture("transaction_intent_NotSentAnyway", { amount: value as Amount }), (error: unknown) => {
        assert.ok(error instanceof AmountError);
        assert.equal(error.message, `transactionIntents.capture: amount ${why}. ${expected}`);
        assert.equal(error.problem, problem);
        assert.equal(error.operation, "transactionIntents.capture");
        assert.equal(error.field, "amount");
        assert.equal(error.maximum, "999999999.99");
        return true;
      });
      assert.deepEqual(sent, []);
    });
  }

  it("0.1 + 0.2 is not two decimals: the message says how to round, and nothing is sent", async () => {
    await assert.rejects(bank.transactionIntents.create({ amount: 0.1 + 0.2, ...party(), type: "bankpay" }), {
      name: "AmountError",
      message: "transactionIntents.create: amount 0.30000000000000004 has more than two decimals (a number is read as the " +
        "shortest decimal form of its double, and float arithmetic such as 0.1 + 0.2 gives 0.30000000000000004: round to " +
        'cents first, e.g. Math.round(amount * 100) / 100, or pass a decimal string such as "0.30"). ' + expected,
    });
    assert.deepEqual(sent, []);
  });

  it("every amount of every operation is checked, each error naming its operation", async () => {
    const calls: [string, () => Promise<object>][] = [
      ["transactionIntents.create", () => bank.transactionIntents.create({ amount: "1.001", ...party(), type: "bankpay" })],
      ["transactionIntents.capture", () => bank.transactionIntents.capture("transaction_intent_x", { amount: "1.001" })],
      ["transactionIntents.refund", () => bank.transactionIntents.refund("transaction_intent_x", { amount: "1.001" })],
      ["credits.create", () => bank.credits.create({ amount: "1.001", transaction_intent_id: "transaction_intent_x" })],
      ["payroll.submit", () => cashing.payroll.submit(check("AMT-0004", "1.001"))],
    ];
    for (const [operation, call] of calls) {
      await assert.rejects(call(), (error: unknown) => error instanceof AmountError && error.operation === operation &&
        error.problem === "too_many_decimals" && error.message.startsWith(`${operation}: `), operation);
    }
    assert.deepEqual(sent, []);
  });

  it("netAmount is checked against the check cashing maximum, 9999999.99", async () => {
    await assert.rejects(cashing.payroll.submit(check("AMT-0005", 10_000_000)), {
      name: "AmountError",
      message: "payroll.submit: netAmount 10000000 is above the maximum, 9999999.99 (the check cashing documentation, section 2.1). " +
        'Expected a number (12.5) or a decimal string ("12.50"): greater than 0, at most two decimals, at most 9999999.99. Nothing was sent.',
    });
    await assert.rejects(cashing.payroll.submit(check("AMT-0006", "10000000")), { name: "AmountError" });
    assert.deepEqual(sent, []);
  });

  it("rejects the promise (it does not throw synchronously), so await and .catch see it", async () => {
    let result: Promise<object> | undefined;
    assert.doesNotThrow(() => { result = bank.transactionIntents.capture("transaction_intent_x", { amount: -1 }); });
    await assert.rejects(result!, AmountError);
  });
});
