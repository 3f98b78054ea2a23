// `--fixtures`: a server that knows only the consumers, bank accounts, service fees, store numbers
// and submerchant ids it enrolled is tested with those alone. The sandbox stands in for such a
// server after the test enrols the accounts (a first intent binds an account to its consumer, B-40).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { runConformance } from "../../conformance/runner.js";
import { payrollRequest } from "../../conformance/fixtures.js";
import type { Exchange } from "../../conformance/oracle/exchange.js";
import { Oracle } from "../../conformance/oracle/oracle.js";
import { promisedDeclineCode, readFixtures, sandboxFixtures, type Fixtures } from "../../conformance/fixtures-file.js";

const fixtures: Fixtures = {
  bank_accounts: [
    { id: "bank_account_Enrolled0001", consumer_id: "consumer_Enrolled01" },
    { id: "bank_account_Enrolled0002", consumer_id: "consumer_Enrolled01" },
    { id: "bank_account_Enrolled0003", consumer_id: "consumer_Enrolled02" },
    { id: "bank_account_Enrolled0004", consumer_id: "consumer_Enrolled03" },
  ],
  service_fees: ["service_fee_Accepted01", "service_fee_Accepted02"],
  store_numbers: ["0042", "0043"],
  submerchant_ids: { debit: ["7001"], credit: ["SUB-1"] },
  // Intents take other stores than credits here; the last is kept for the pagination scenario.
  intent_store_numbers: ["0051", "0052", "0053"],
  // Promised outcomes the sandbox's triggers make (conformance/fixtures-sandbox.json).
  inactive_store_numbers: ["0000"],
  declines: [{ amount: "40.07", response_code: "07", on: "authorize_and_capture" }, { amount: "40.12", response_code: "12", on: "authorize_and_capture" }],
  pending_credit_amounts: ["10.50"],
};

/** The scenarios a run without triggers makes from the fixtures' promised outcomes and kept store. */
const fromPromises = [
  "(none) -> POST create with action authorize_and_capture (declined, code 07) -> failed, HTTP 200, reduced object",
  "(none) -> POST create with action authorize_and_capture (declined, code 12) -> failed, HTTP 200, reduced object",
  "still_processing: cancelling a credit being processed gives 409",
  "(none) -> POST /api/credits unlinked (store number invalid) -> failed, 201; station_number null",
  "intents: pages of 2 over 5, the last page, a page past the last, newest first",
];

describe("readFixtures", () => {
  test("reads a well-formed file", () => assert.deepEqual(readFixtures(JSON.parse(JSON.stringify(fixtures))), fixtures));
  test("names every problem with its place", () => {
    assert.throws(() => readFixtures({ bank_accounts: [{ id: "acct_1", consumer_id: "consumer_A" }], colour: 1 }), (error: Error) =>
      /unknown member "colour"/.test(error.message) && /bank_accounts\[0\]\.id: "acct_1" is not a bank account id/.test(error.message) && /at least two consumers/.test(error.message));
    assert.throws(() => readFixtures([]), /expected a JSON object/);
    assert.throws(() => readFixtures({ service_fees: ["fee_1"] }), /service_fees: "fee_1" does not match/);
    assert.throws(() => readFixtures({ declines: [{ amount: "40.07" }, { bank_account: "bank_account_X1", response_code: "05" }] }), (error: Error) =>
      /declines\[0\]: expected/.test(error.message) && /declines\[1\]: expected/.test(error.message));
    assert.throws(() => readFixtures({ pending_credit_amounts: ["10,50"] }), /pending_credit_amounts: "10,50" does not match an amount/);
  });
  test("the sandbox's own fixtures are well-formed and name a promised input for every outcome its triggers make", () => {
    const own = sandboxFixtures();
    assert.deepEqual(own.declines?.map((d) => d.response_code), ["07", "12"]);
    assert.ok(own.pending_credit_amounts?.length && own.inactive_store_numbers?.length && own.declined_net_amounts?.length && own.refused_id_values?.length && own.micr_lines?.length);
  });
  test("a promised decline names its code for the authorizations it covers, and nothing else", () => {
    const codeOf = (cents: number, authorizeAndCapture: boolean, bankAccount?: string) =>
      promisedDeclineCode({ ...fixtures, declines: [...fixtures.declines!, { bank_account: "bank_account_Risky01", consumer_id: "consumer_Risky01", response_code: "05" }] }, { cents, bankAccount, authorizeAndCapture });
    assert.equal(codeOf(4007, true), "07");
    assert.equal(codeOf(4007, false), undefined, "on: authorize_and_capture covers no other authorization");
    assert.equal(codeOf(4008, true), undefined);
    assert.equal(codeOf(100, false, "bank_account_Risky01"), "05", "a bank account's decline covers every authorization");
  });
});

describe("the oracle demands a promised outcome for a promised input, and only there (no triggers)", () => {
  const now = Date.parse("2026-11-24T12:00:00Z");
  const check = (request: Record<string, any>, status: number, response: unknown): Exchange => ({
    service: "check-cashing", operationId: "submitPayrollCheck", method: "post", url: "http://127.0.0.1:1/v1/payroll",
    requestHeaders: { "content-type": "application/json" }, requestBody: JSON.stringify(request),
    sentAt: now, receivedAt: now + 50, status, contentType: "application/json", responseText: JSON.stringify(response), responseBody: response,
  });
  const approval = (request: Record<string, any>) => ({ trxID: request.trxID, trxRefID: "100001", approvalNum: "604213", aba: "011000015", accountLast4: "6789", checkType: "Y", checkNum: "1042" });
  const decline = (request: Record<string, any>, adverseAction: boolean) => ({ errors: [{ errorType: "declined", responseCode: "2007", adverseAction, errorMessage: "Check declined", trxID: request.trxID }] });
  const oracle = (promised: boolean) => new Oracle({ service: "check-cashing", triggers: false, fixtures: { ...sandboxFixtures(), ...(promised ? {} : { declined_net_amounts: [] }) } });

  test("a check of a promised net amount must be declined, with adverse action (C-7)", () => {
    const request = payrollRequest({ trxID: "PR-000001", netAmount: 812.07, account: { micrData: "T011000015T 123456789O 1042" } });
    assert.equal(oracle(true).observe(check(request, 400, decline(request, true))).ok, true);
    assert.equal(oracle(true).observe(check(request, 200, approval(request))).ok, false, "an approval of a promised decline passed");
    assert.equal(oracle(true).observe(check(request, 400, decline(request, false))).ok, false, "a decline without adverse action passed");
    assert.equal(oracle(false).observe(check(request, 200, approval(request))).ok, true, "without the promise, an approval is right");
  });
});

describe("the suite with fixtures, against a server that enrolled them", () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
    // Enrolment also leaves intents under the store kept for pagination, as an earlier run would.
    for (const account of fixtures.bank_accounts) {
      const response = await fetch(`${sandbox.bankUrl}/api/transaction-intents`, {
        method: "POST", headers: { Authorization: `Bearer ${sandbox.secretKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ amount: 1, bank_account: account.id, consumer_id: account.consumer_id, store_number: "0053", type: "bankpay" }),
      });
      assert.equal(response.status, 201, await response.text());
    }
  });
  after(async () => { await sandbox?.close(); });

  test("passes without triggers, runs the promised outcomes and the pagination scenario from them, and every intent it made uses an enrolled bank account with its consumer", async () => {
    const result = await runConformance({
      service: "bank-payments", baseUrl: sandbox.bankUrl, secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey,
      layers: ["dredd", "scenarios", "sequences"], sequences: { seed: 7, runs: 8 }, fixtures, triggers: false,
      settings: { linked_credit_submerchant_id: "prohibited" },
    });
    assert.deepEqual(result.checks.filter((c) => c.outcome === "failed").map((c) => `${c.name}: ${c.reason}`), []);
    for (const name of fromPromises) assert.equal(result.checks.find((c) => c.name === name)?.outcome, "passed", name);
    const owners = new Map(fixtures.bank_accounts.map((a) => [a.id, a.consumer_id]));
    const seen = new Set<string>();
    for (let page = 1; ; page += 1) {
      const response = await fetch(`${sandbox.bankUrl}/api/transaction-intents?per_page=100&page=${page}`, { headers: { Authorization: `Bearer ${sandbox.secretKey}` } });
      const body = await response.json() as { data: Array<{ bank_account_id: string; consumer_id: string; service_fee_id: string | null }>; meta: { last_page: number } };
      for (const intent of body.data) {
        seen.add(intent.bank_account_id);
        assert.ok(owners.has(intent.bank_account_id), `an intent with a bank account the fixtures do not name: ${intent.bank_account_id}`);
        assert.equal(intent.consumer_id, owners.get(intent.bank_account_id));
        if (intent.service_fee_id !== null) assert.ok(fixtures.service_fees.includes(intent.service_fee_id), `service fee ${intent.service_fee_id}`);
      }
      if (page >= body.meta.last_page) break;
    }
    assert.equal(seen.size, fixtures.bank_accounts.length, "every enrolled account was used");
  });
});
