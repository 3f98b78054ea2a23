// `--fixtures`: a server that knows only the consumers, bank accounts, service fees, store numbers
// and submerchant ids it enrolled is tested with those alone. The sandbox stands in for such a
// server after the test enrols the accounts (a first intent binds an account to its consumer, B-40).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { runConformance } from "../../conformance/runner.js";
import { readFixtures, type Fixtures } from "../../conformance/fixtures-file.js";

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
};

describe("readFixtures", () => {
  test("reads a well-formed file", () => assert.deepEqual(readFixtures(JSON.parse(JSON.stringify(fixtures))), fixtures));
  test("names every problem with its place", () => {
    assert.throws(() => readFixtures({ bank_accounts: [{ id: "acct_1", consumer_id: "consumer_A" }], colour: 1 }), (error: Error) =>
      /unknown member "colour"/.test(error.message) && /bank_accounts\[0\]\.id: "acct_1" is not a bank account id/.test(error.message) && /at least two consumers/.test(error.message));
    assert.throws(() => readFixtures([]), /expected a JSON object/);
    assert.throws(() => readFixtures({ service_fees: ["fee_1"] }), /service_fees: "fee_1" does not match/);
  });
});

describe("the suite with fixtures, against a server that enrolled them", () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
    for (const account of fixtures.bank_accounts) {
      const response = await fetch(`${sandbox.bankUrl}/api/transaction-intents`, {
        method: "POST", headers: { Authorization: `Bearer ${sandbox.secretKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ amount: 1, bank_account: account.id, consumer_id: account.consumer_id, store_number: "0042", type: "bankpay" }),
      });
      assert.equal(response.status, 201, await response.text());
    }
  });
  after(async () => { await sandbox?.close(); });

  test("passes, and every intent it made uses an enrolled bank account with its consumer", async () => {
    const result = await runConformance({
      service: "bank-payments", baseUrl: sandbox.bankUrl, secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey,
      layers: ["dredd", "scenarios", "sequences"], sequences: { seed: 7, runs: 8 }, fixtures,
      settings: { linked_credit_submerchant_id: "prohibited" },
    });
    assert.deepEqual(result.checks.filter((c) => c.outcome === "failed").map((c) => `${c.name}: ${c.reason}`), []);
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
