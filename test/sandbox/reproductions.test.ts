// Issue 11, "Why": each measured fault under bad input, reproduced as it was reported, now gets a
// clear 4xx (or 503 for the lock) in the service's shape and leaves nothing stored.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import type { Sandbox } from "../../sandbox/server.js";
import { bankClient, billingAddress, createIntent, payrollRequest, raw, startTestSandbox, type BankClient } from "./helpers.js";
import { assertServiceShape, rawExchange } from "./raw-http.js";

const json = { "Content-Type": "application/json" };
let trxCounter = 0;
const trxId = () => `RP-${Date.now() % 100000}-${(trxCounter += 1)}`;

let sandbox: Sandbox;
let secret: BankClient;
let directory: string;

before(async () => {
  // A file database, so a second connection can hold its write lock (the lock reproduction).
  directory = mkdtempSync(join(tmpdir(), "sandbox-reproductions-"));
  sandbox = await startTestSandbox({ database: join(directory, "sandbox.db"), timeouts: { headersMs: 300, requestMs: 600 } });
  secret = bankClient(sandbox, sandbox.secretKey);
});
after(async () => {
  await sandbox.close();
  rmSync(directory, { recursive: true, force: true });
});

async function totals() {
  const intents = await secret.GET("/api/transaction-intents", {});
  const credits = await secret.GET("/api/credits", {});
  return { intents: intents.data!.meta.total, credits: credits.data!.meta.total };
}

function bankRaw(method: string, path: string, body: string) {
  return raw("bank-payments", sandbox.bankUrl, method, path, {
    body,
    headers: { ...json, Authorization: `Bearer ${sandbox.secretKey}` },
    operationId: method === "POST" ? "createTransactionIntent" : "updateTransactionIntent",
  });
}

function payrollRaw(body: string) {
  return raw("check-cashing", sandbox.checkCashingUrl, "POST", "/v1/payroll", { body, headers: json, operationId: "submitPayrollCheck" });
}

/** Whether a trxID is still unused: an approval with it succeeds. */
async function trxIdUnused(trxID: string): Promise<boolean> {
  const { status } = await payrollRaw(JSON.stringify(payrollRequest(trxID)));
  return status === 200;
}

const create = { amount: 125, bank_account: "bank_account_Repro0001", consumer_id: "consumer_Repro0001", store_number: "0042", type: "bankpay" };

describe("issue 11 reproductions: amounts", () => {
  test('{"amount": 123456789.125} create: 422 amount invalid (it was stored as 123456789.13)', async () => {
    const before = await totals();
    const { status, body } = await bankRaw("POST", "/api/transaction-intents", JSON.stringify({ ...create, amount: 123456789.125 }));
    assert.equal(status, 422);
    assert.deepEqual(body, { message: "The given data was invalid: amount is invalid (expected an amount above 0 with at most two decimals, at most 999999999.99).", errors: { amount: ["invalid"] } });
    assert.deepEqual(await totals(), before);
  });

  test("a refund of 999999.999 on 1,000,000.00: 422 and the intent unchanged (it succeeded)", async () => {
    const id = await createIntent(secret, { amount: 1000000, action: "authorize_and_capture" });
    const read = () => secret.GET("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: id } } });
    const before = (await read()).data;
    const { status, body } = await bankRaw("PATCH", `/api/transaction-intents/${id}`, JSON.stringify({ action: "refund", amount: 999999.999 }));
    assert.equal(status, 422);
    assert.deepEqual(body.errors, { amount: ["invalid"] });
    assert.deepEqual((await read()).data, before);
  });

  test("a netAmount of 5e-324: 400 correction on netAmount (it was approved), trxID not used up", async () => {
    const trxID = trxId();
    const text = JSON.stringify(payrollRequest(trxID)).replace('"netAmount":1250.75', '"netAmount":5e-324');
    assert.match(text, /5e-324/);
    const { status, body } = await payrollRaw(text);
    assert.equal(status, 400);
    assert.equal(body.errors.length, 1);
    assert.match(body.errors[0].errorDetails, /^netAmount: /);
    assert.ok(await trxIdUnused(trxID), "the refused request did not use up its trxID");
  });
});

describe("issue 11 reproductions: amplification and size", () => {
  test("a 0.9 MB payroll body of 100,000 unknown members: one bounded 400 entry, and the bank keeps answering", async () => {
    const trxID = trxId();
    // Short distinct names (`_0` to `_255r`) keep 100,000 members under the 1 MB body cap, as reported.
    const members = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`_${i.toString(36)}`, 1]));
    const text = JSON.stringify({ ...payrollRequest(trxID), ...members });
    assert.ok(text.length > 900_000 && text.length < 1024 * 1024, `body of ${text.length} bytes`);
    const bankAnswers: number[] = [];
    let payrollDone = false;
    const reading = (async () => {
      // Bank reads while the payroll body is sent and refused; each must come back promptly.
      while (!payrollDone) {
        const started = performance.now();
        const { response } = await secret.GET("/api/transaction-intents", { params: { query: { per_page: 1 } } });
        assert.equal(response.status, 200);
        bankAnswers.push(performance.now() - started);
      }
    })();
    const started = performance.now();
    const response = await fetch(`${sandbox.checkCashingUrl}/v1/payroll`, { method: "POST", headers: json, body: text });
    const answer = await response.text();
    const payrollMs = performance.now() - started;
    payrollDone = true;
    await reading;
    assert.equal(response.status, 400);
    assert.ok(answer.length < 2_000, `error body of ${answer.length} bytes (was 20 MB)`);
    const { errors } = JSON.parse(answer) as { errors: Array<{ responseCode: string; errorDetails: string }> };
    assert.equal(errors.length, 1);
    assert.equal(errors[0].responseCode, "1004");
    assert.match(errors[0].errorDetails, /more than 100 members/);
    assert.ok(bankAnswers.length > 0, "the bank answered while the payroll body was handled");
    assert.ok(Math.max(...bankAnswers) < 1_000, `slowest bank read ${Math.round(Math.max(...bankAnswers))} ms (payroll took ${Math.round(payrollMs)} ms)`);
    assert.ok(await trxIdUnused(trxID));
  });

  test("0.9 MB extras values: 422 extras invalid, nothing stored (a list page was 86 MB)", async () => {
    const before = await totals();
    const { status, body } = await bankRaw("POST", "/api/transaction-intents", JSON.stringify({ ...create, extras: { note: "x".repeat(900_000) } }));
    assert.equal(status, 422);
    assert.deepEqual(body.errors, { extras: ["invalid"] });
    const credit = await raw("bank-payments", sandbox.bankUrl, "POST", "/api/credits", {
      body: JSON.stringify({ amount: "5.00", creditable_id: "bank_account_Repro0001", store_number: "0042", submerchant_id: "1", extras: { note: "x".repeat(900_000) } }),
      headers: { ...json, Authorization: `Bearer ${sandbox.secretKey}` },
      operationId: "createCredit",
    });
    assert.equal(credit.status, 422);
    assert.deepEqual(credit.body.errors, { extras: ["invalid"] });
    assert.deepEqual(await totals(), before);
  });
});

/** The raw requests that Node's HTTP layer used to answer in plain text (or an empty body). */
const transportCases = [
  { name: "unknown method", bytes: "BREW /api/credits HTTP/1.1\r\nHost: sandbox\r\n\r\n", status: 404, bankMessage: "not_found", responseCode: "1404" },
  { name: "malformed request line", bytes: "GET /api/credits HTTP/9.7\r\nHost: sandbox\r\n\r\n", status: 400, bankMessage: "Bad Request", responseCode: "1400" },
  { name: "408 (headers never finished)", bytes: "GET /api/credits HTTP/1.1\r\nHost: sandbox\r\n", status: 408, bankMessage: "Request Timeout", responseCode: "1408" },
  {
    name: "408 (body never finished)",
    bytes: "POST /v1/payroll HTTP/1.1\r\nHost: sandbox\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    status: 408,
    bankMessage: "Request Timeout",
    responseCode: "1408",
  },
  { name: "431", bytes: `GET /api/credits HTTP/1.1\r\nHost: sandbox\r\nX-Padding: ${"a".repeat(20_000)}\r\n\r\n`, status: 431, bankMessage: "Request Header Fields Too Large", responseCode: "1431" },
  {
    name: "417",
    bytes: "POST /v1/payroll HTTP/1.1\r\nHost: sandbox\r\nExpect: 200-ok\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}",
    status: 417,
    bankMessage: "Expectation Failed",
    responseCode: "1417",
  },
];

describe("issue 11 reproductions: non-JSON answers, over raw sockets", () => {
  for (const service of ["bank", "check-cashing"] as const) {
    for (const row of transportCases) {
      test(`${service}: ${row.name} answers ${row.status} JSON in the service's shape, Connection: close`, async () => {
        const answer = await rawExchange(service === "bank" ? sandbox.bankUrl : sandbox.checkCashingUrl, row.bytes);
        assertServiceShape(service, answer, row);
        assert.equal(answer.headers.connection, "close");
        assert.ok(answer.closed, "the server closed the connection");
        if (row.status === 408) assert.ok(answer.ms >= 250 && answer.ms < 2_000, `408 after ${answer.ms} ms (limits 300/600 ms)`);
      });
    }
  }
});

describe("issue 11 reproductions: a write lock held for long", () => {
  test("503 with Retry-After in the service's shape after about a second, no stall, nothing stored", async () => {
    const before = await totals();
    const trxID = trxId();
    const locker = new Database(sandbox.database);
    let worstLagMs = 0;
    let last = performance.now();
    const lagProbe = setInterval(() => {
      const now = performance.now();
      worstLagMs = Math.max(worstLagMs, now - last - 10);
      last = now;
    }, 10);
    try {
      locker.exec("BEGIN IMMEDIATE");
      const started = performance.now();
      const [bank, payroll] = await Promise.all([
        fetch(`${sandbox.bankUrl}/api/transaction-intents`, { method: "POST", headers: { ...json, Authorization: `Bearer ${sandbox.secretKey}` }, body: JSON.stringify(create) }),
        fetch(`${sandbox.checkCashingUrl}/v1/payroll`, { method: "POST", headers: json, body: JSON.stringify(payrollRequest(trxID)) }),
      ]);
      const elapsed = performance.now() - started;
      assert.equal(bank.status, 503);
      assert.equal(bank.headers.get("retry-after"), "2");
      assert.deepEqual(await bank.json(), { message: "Service Unavailable" });
      assert.equal(payroll.status, 503);
      assert.equal(payroll.headers.get("retry-after"), "2");
      const { errors } = (await payroll.json()) as { errors: Array<{ errorType: string; responseCode: string }> };
      assert.equal(errors.length, 1);
      assert.equal(errors[0].errorType, "system_error");
      assert.equal(errors[0].responseCode, "9503");
      assert.ok(elapsed > 1_000 && elapsed < 3_000, `503 after ${Math.round(elapsed)} ms (it was a 500 after 5 s)`);
      assert.ok(worstLagMs < 150, `event loop stalled ${Math.round(worstLagMs)} ms`);
    } finally {
      clearInterval(lagProbe);
      if (locker.inTransaction) locker.exec("ROLLBACK");
      locker.close();
    }
    assert.deepEqual(await totals(), before, "nothing stored");
    assert.ok(await trxIdUnused(trxID), "the 503 did not use up the trxID");
  });
});

describe("issue 11 reproductions: submerchant_id above 2^53", () => {
  test("the filter tells 9007199254740993 from 9007199254740992", async () => {
    const ids: Record<string, string> = {};
    for (const submerchant of ["9007199254740992", "9007199254740993"]) {
      const { data, error } = await secret.POST("/api/transaction-intents", {
        body: { amount: 12, bank_account: "bank_account_Repro0002", consumer_id: "consumer_Repro0002", store_number: "0042", type: "bankpay", submerchant_id: submerchant, billing_address: billingAddress },
      });
      assert.equal(error, undefined);
      ids[submerchant] = data!.data.id;
    }
    for (const [submerchant, id] of Object.entries(ids)) {
      const { data } = await secret.GET("/api/transaction-intents", { params: { query: { submerchant_id: submerchant as unknown as number } } });
      assert.deepEqual(data!.data.map((intent) => intent.id), [id], `submerchant_id=${submerchant}`);
    }
  });
});
