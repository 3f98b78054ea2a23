// Objects made before the traffic began, learned from their first read: a recording that reads
// intents and a credit made before it, then acts on them, judges clean and counts those actions as
// judged in full; the same recording with a capture answered with the wrong amount, or a capture
// of an intent the read showed canceled answered 200, fails naming the rule; an action on an
// object never read stays against the schema only.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import type { RawExchange } from "../../conformance/traffic/exchange.js";
import { judgeTraffic, trafficSummaryLine } from "../../conformance/traffic/judge.js";
import { startProxy } from "../../conformance/traffic/proxy.js";

const payer = { bank_account: "bank_account_LeArNeD0000000001", consumer_id: "consumer_LeArNeD0000000001", store_number: "L1" };
const serviceFee = "service_fee_Tz6Mq1PxR9bK3wLe";

describe("objects made before the traffic, learned from their first read", () => {
  let sandbox: Sandbox;
  let recording: RawExchange[];
  const keys = () => ({ secret: sandbox.secretKey, publishable: sandbox.publishableKey });
  const judge = (exchanges: RawExchange[]) => judgeTraffic({ service: "bank-payments", keys: keys(), exchanges, triggers: true, settings: { linked_credit_submerchant_id: "prohibited" } });
  const call = async (base: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method, headers: { authorization: `Bearer ${sandbox.secretKey}`, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: await response.json() as any };
  };
  const at = (method: string, path: RegExp) => recording.findIndex((e) => e.method === method && path.test(new URL(e.url).pathname));

  before(async () => {
    sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
    // Made before the recording, straight at the sandbox.
    const direct = (method: string, path: string, body?: unknown) => call(sandbox.bankUrl, method, path, body);
    const authorized = (await direct("POST", "/api/transaction-intents", { ...payer, amount: 125, action: "authorize", service_fee_id: serviceFee })).body.data.id;
    const canceled = (await direct("POST", "/api/transaction-intents", { ...payer, amount: 60, action: "authorize_and_capture", service_fee_id: serviceFee })).body.data.id;
    assert.equal((await direct("PATCH", `/api/transaction-intents/${canceled}`, { action: "cancel" })).status, 200);
    const paid = (await direct("POST", "/api/transaction-intents", { ...payer, amount: 80, action: "authorize_and_capture", service_fee_id: serviceFee })).body.data.id;
    const credit = (await direct("POST", "/api/credits", { transaction_intent_id: paid, amount: "25.00" })).body.data.id;
    const neverRead = (await direct("POST", "/api/transaction-intents", { ...payer, amount: 30, action: "authorize", service_fee_id: serviceFee })).body.data.id;

    const proxy = await startProxy({ service: "bank-payments", upstream: sandbox.bankUrl, keys: keys(), triggers: true });
    const through = (method: string, path: string, body?: unknown) => call(proxy.url, method, path, body);
    await through("GET", `/api/transaction-intents/${authorized}`);
    assert.equal((await through("PATCH", `/api/transaction-intents/${authorized}`, { action: "capture", amount: 125 })).status, 200);
    await through("GET", `/api/transaction-intents/${authorized}`);
    assert.equal((await through("PATCH", `/api/transaction-intents/${authorized}`, { action: "refund", amount: 125 })).status, 200);
    await through("GET", `/api/transaction-intents/${canceled}`);
    assert.equal((await through("PATCH", `/api/transaction-intents/${canceled}`, { action: "capture", amount: 60 })).status, 409);
    await through("GET", `/api/credits/${credit}`);
    assert.equal((await through("PATCH", `/api/credits/${credit}`, { action: "cancel" })).status, 200);
    await through("GET", `/api/transaction-intents/${paid}`);
    assert.equal((await through("POST", "/api/credits", { transaction_intent_id: paid, amount: "10.00" })).status, 201);
    assert.equal((await through("PATCH", `/api/transaction-intents/${neverRead}`, { action: "capture", amount: 30 })).status, 200);
    await proxy.close();
    recording = proxy.exchanges();
  });
  after(async () => { await sandbox?.close(); });

  test("judges clean: the reads teach, the actions on what they taught are judged in full, the action on an object never read against the schema", () => {
    const result = judge(recording);
    assert.deepEqual(result.judgements.filter((j) => !j.ok).map((j) => `#${j.index} ${j.operationId}: ${j.problems[0]}`), []);
    assert.deepEqual(result.judgements.map((j) => j.judged), ["learned", "full", "full", "full", "learned", "full", "learned", "full", "learned", "full", "schema"]);
    assert.equal(trafficSummaryLine(result), "11 exchanges, 6 judged in full, 4 learned from a first read, 1 against the schema only: objects not seen before, 0 failed");
  });

  test("a capture answered with another amount than asked fails naming bank §3.1", () => {
    const index = at("PATCH", /\/transaction-intents\//);
    const altered = recording.map((e, i) => (i === index ? { ...e, responseText: e.responseText.replace('"amount_captured":"125.00"', '"amount_captured":"120.00"') } : e));
    assert.notEqual(altered[index].responseText, recording[index].responseText);
    const result = judge(altered);
    assert.deepEqual(result.judgements.filter((j) => !j.ok).map((j) => [j.index, j.rules]), [[index + 1, ["bank §3.1"]]]);
    assert.match(result.judgements[index].problems.join("\n"), /amount_captured: expected "125\.00", got "120\.00"/);
  });

  test("a capture of an intent the read showed canceled, answered 200, fails naming B-28", () => {
    const index = recording.findIndex((e) => e.method === "PATCH" && e.status === 409);
    const read = recording[index - 1];
    const succeeded = read.responseText.replace(/"status":"canceled"/, '"status":"succeeded"');
    const altered = recording.map((e, i) => (i === index ? { ...e, status: 200, responseText: succeeded } : e));
    const result = judge(altered);
    const failed = result.judgements.filter((j) => !j.ok);
    assert.deepEqual(failed.map((j) => j.index), [index + 1]);
    assert.ok(failed[0].rules.includes("B-28"), failed[0].rules.join(", "));
  });
});
