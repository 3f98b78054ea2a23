// The size limits decided in the contract, enforced: identifiers of at most 255 characters,
// `extras` of at most 50 members with names of 1 to 40 characters and string values of at most
// 500, objects of at most 100 members; and the submerchant_id filter compared as digit strings.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { canonicalInteger, integerSpellings } from "../../sandbox/bank/digit-filter.js";
import type { Sandbox } from "../../sandbox/server.js";
import { bankClient, billingAddress, payrollRequest, raw, startTestSandbox, type BankClient } from "./helpers.js";

const json = { "Content-Type": "application/json" };

let sandbox: Sandbox;
let secret: BankClient;

before(async () => {
  sandbox = await startTestSandbox();
  secret = bankClient(sandbox, sandbox.secretKey);
});
after(() => sandbox.close());

async function totals() {
  const intents = await secret.GET("/api/transaction-intents", {});
  const credits = await secret.GET("/api/credits", {});
  return { intents: intents.data!.meta.total, credits: credits.data!.meta.total };
}

let accounts = 0;
function intent(overrides: Record<string, unknown> = {}) {
  accounts += 1;
  const n = String(accounts).padStart(4, "0");
  return { amount: 10, bank_account: `bank_account_Limit${n}`, consumer_id: `consumer_Limit${n}`, store_number: "0042", type: "bankpay", ...overrides };
}

function post(path: "/api/transaction-intents" | "/api/credits", body: unknown) {
  return raw("bank-payments", sandbox.bankUrl, "POST", path, {
    body: JSON.stringify(body),
    headers: { ...json, Authorization: `Bearer ${sandbox.secretKey}` },
    operationId: path === "/api/credits" ? "createCredit" : "createTransactionIntent",
  });
}

const extrasOf = (count: number, name = (i: number) => `k${i}`, value: unknown = "v") => Object.fromEntries(Array.from({ length: count }, (_, i) => [name(i), value]));

describe("limits at their edge: accepted on it, 422 one past it, nothing stored", () => {
  const rows: Array<{ name: string; ok: Record<string, unknown>; refused: Record<string, unknown>; errors: Record<string, string[]> }> = [
    { name: "bank_account of 255 / 256 characters", ok: { bank_account: `bank_account_${"A".repeat(242)}` }, refused: { bank_account: `bank_account_${"A".repeat(243)}` }, errors: { bank_account: ["invalid"] } },
    { name: "consumer_id of 255 / 256 characters", ok: { consumer_id: `consumer_${"C".repeat(246)}` }, refused: { consumer_id: `consumer_${"C".repeat(247)}` }, errors: { consumer_id: ["invalid"] } },
    { name: "extras of 50 / 51 members", ok: { extras: extrasOf(50) }, refused: { extras: extrasOf(51) }, errors: { extras: ["invalid"] } },
    { name: "extras names of 40 / 41 characters", ok: { extras: { ["n".repeat(40)]: "v" } }, refused: { extras: { ["n".repeat(41)]: "v" } }, errors: { extras: ["invalid"] } },
    { name: "extras names of 1 / 0 characters", ok: { extras: { n: "v" } }, refused: { extras: { "": "v" } }, errors: { extras: ["invalid"] } },
    { name: "extras string values of 500 / 501 characters", ok: { extras: { note: "x".repeat(500) } }, refused: { extras: { note: "x".repeat(501) } }, errors: { extras: ["invalid"] } },
  ];
  for (const row of rows) {
    test(`intent: ${row.name}`, async () => {
      const ok = await post("/api/transaction-intents", intent(row.ok));
      assert.equal(ok.status, 201, JSON.stringify(ok.body));
      const before = await totals();
      const refused = await post("/api/transaction-intents", intent(row.refused));
      assert.equal(refused.status, 422);
      assert.deepEqual(refused.body.errors, row.errors);
      assert.deepEqual(await totals(), before);
    });
  }

  test("intent: the largest extras (50 values of 500 characters) stays under 30 KB a stored object", async () => {
    const ok = await post("/api/transaction-intents", intent({ extras: extrasOf(50, (i) => `${"n".repeat(38)}${String(i).padStart(2, "0")}`, "x".repeat(500)) }));
    assert.equal(ok.status, 201);
    assert.ok(JSON.stringify(ok.body).length < 30_000);
  });

  test("credit: extras name of 41 characters and a transaction_intent_id of 256 are refused", async () => {
    const before = await totals();
    const name = await post("/api/credits", { amount: "5.00", creditable_id: "bank_account_Limit9999", store_number: "0042", submerchant_id: "1", extras: { ["n".repeat(41)]: "v" } });
    assert.equal(name.status, 422);
    assert.deepEqual(name.body.errors, { extras: ["invalid"] });
    const id = await post("/api/credits", { amount: "5.00", transaction_intent_id: `transaction_intent_${"T".repeat(237)}` });
    assert.equal(id.status, 422);
    assert.deepEqual(id.body.errors, { transaction_intent_id: ["invalid"] });
    assert.deepEqual(await totals(), before);
  });

  test("an object of 101 members anywhere in a body is refused whole: bank 422 body, check cashing one 1004 entry", async () => {
    const before = await totals();
    const bank = await post("/api/transaction-intents", intent({ billing_address: { ...billingAddress, ...extrasOf(95) } }));
    assert.equal(bank.status, 422);
    assert.deepEqual(bank.body.errors, { body: ["invalid"] });
    assert.deepEqual(await totals(), before);
    const payroll = await raw("check-cashing", sandbox.checkCashingUrl, "POST", "/v1/payroll", {
      body: JSON.stringify({ ...payrollRequest("LIM-0001"), name: { firstName: "A", lastName: "B", ...extrasOf(99) } }),
      headers: json,
      operationId: "submitPayrollCheck",
    });
    assert.equal(payroll.status, 400);
    assert.deepEqual(payroll.body.errors.map((e: { responseCode: string }) => e.responseCode), ["1004"]);
  });
});

describe("submerchant_id filter: integers compared as digit strings", () => {
  const created: Record<string, string> = {};
  before(async () => {
    for (const submerchant of ["9007199254740992", "9007199254740993", "0009007199254740993", "7001", "07001", "SUB-7001", "-7001", "0"]) {
      const { body } = await post("/api/transaction-intents", intent({ submerchant_id: submerchant }));
      created[submerchant] = body.data.id;
    }
  });

  const cases: Array<[string, string[]]> = [
    ["9007199254740993", ["9007199254740993", "0009007199254740993"]],
    ["9007199254740992", ["9007199254740992"]],
    ["0009007199254740992", ["9007199254740992"]],
    ["7001", ["7001", "07001"]],
    ["-7001", ["-7001"]],
    ["-0", ["0"]],
    ["7002", []],
  ];
  for (const [query, expected] of cases) {
    test(`submerchant_id=${query} lists ${expected.length ? expected.join(", ") : "nothing"}`, async () => {
      const { status, body } = await raw("bank-payments", sandbox.bankUrl, "GET", `/api/transaction-intents?per_page=100&submerchant_id=${query}`, {
        headers: { Authorization: `Bearer ${sandbox.secretKey}` },
        operationId: "listTransactionIntents",
      });
      assert.equal(status, 200);
      assert.deepEqual(new Set(body.data.map((i: { id: string }) => i.id)), new Set(expected.map((s) => created[s])));
      assert.match(body.links.first, new RegExp(`submerchant_id=${query}&`), "links repeat the filter as written");
    });
  }

  test("a filter that is not an integer is 422, as before", async () => {
    const { status, body } = await raw("bank-payments", sandbox.bankUrl, "GET", "/api/transaction-intents?submerchant_id=SUB-7001", {
      headers: { Authorization: `Bearer ${sandbox.secretKey}` },
      operationId: "listTransactionIntents",
    });
    assert.equal(status, 422);
    assert.deepEqual(body.errors, { submerchant_id: ["invalid"] });
  });

  test("canonicalInteger and integerSpellings", () => {
    assert.equal(canonicalInteger("0009007199254740993"), "9007199254740993");
    assert.equal(canonicalInteger("-000"), "0");
    assert.equal(canonicalInteger("-0012"), "-12");
    assert.equal(canonicalInteger("1e3"), undefined);
    assert.deepEqual(integerSpellings("12", 4), ["12", "012", "0012"]);
    assert.deepEqual(integerSpellings("-12", 4), ["-12", "-012"]);
    assert.deepEqual(integerSpellings("0", 2), ["0", "00", "-0"]);
    assert.deepEqual(integerSpellings("x", 4), []);
    assert.equal(integerSpellings("1", 255).length, 255);
  });
});
