// Objects made before the traffic began, learned from their first read: a recording that reads
// intents and a credit made before it, then acts on them, judges clean and counts those actions as
// judged in full; the same recording with a capture answered with the wrong amount, or a capture
// of an intent the read showed canceled answered 200, fails naming the rule; an action on an
// object never read stays against the schema only. The same with objects first seen as items of a
// list page: a later action on one is judged in full, and an altered answer to it fails naming the rule.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import type { RawExchange } from "../../conformance/traffic/exchange.js";
import { readHar } from "../../conformance/traffic/har.js";
import { judgeTraffic, trafficSummaryLine } from "../../conformance/traffic/judge.js";
import { startProxy } from "../../conformance/traffic/proxy.js";

const payer = { bank_account: "bank_account_LeArNeD0000000001", consumer_id: "consumer_LeArNeD0000000001", store_number: "L1" };
const serviceFee = "service_fee_Tz6Mq1PxR9bK3wLe";

/** One JSON call with the secret key. */
async function call(secretKey: string, base: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method, headers: { authorization: `Bearer ${secretKey}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: await response.json() as any };
}

// Each recording is the HAR the proxy wrote as the traffic passed.
const recordings = mkdtempSync(join(tmpdir(), "learned-"));
after(() => rmSync(recordings, { recursive: true, force: true }));

const judgeOn = (sandbox: Sandbox, exchanges: RawExchange[]) => judgeTraffic({
  service: "bank-payments", keys: { secret: sandbox.secretKey, publishable: sandbox.publishableKey }, exchanges, triggers: true,
  settings: { linked_credit_submerchant_id: "prohibited" },
});

/** A capture answer in the recording with another `amount_captured` than the server gave. */
function capturedAs(recording: RawExchange[], index: number, given: string, altered: string): RawExchange[] {
  const changed = recording.map((e, i) => (i === index ? { ...e, responseText: e.responseText.replace(`"amount_captured":"${given}"`, `"amount_captured":"${altered}"`) } : e));
  assert.notEqual(changed[index].responseText, recording[index].responseText);
  return changed;
}

describe("objects made before the traffic, learned from their first read", () => {
  let sandbox: Sandbox;
  let recording: RawExchange[];
  const keys = () => ({ secret: sandbox.secretKey, publishable: sandbox.publishableKey });
  const judge = (exchanges: RawExchange[]) => judgeOn(sandbox, exchanges);
  const at = (method: string, path: RegExp) => recording.findIndex((e) => e.method === method && path.test(new URL(e.url).pathname));

  before(async () => {
    sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
    // Made before the recording, straight at the sandbox.
    const direct = (method: string, path: string, body?: unknown) => call(sandbox.secretKey, sandbox.bankUrl, method, path, body);
    const authorized = (await direct("POST", "/api/transaction-intents", { ...payer, amount: 125, action: "authorize", service_fee_id: serviceFee })).body.data.id;
    const canceled = (await direct("POST", "/api/transaction-intents", { ...payer, amount: 60, action: "authorize_and_capture", service_fee_id: serviceFee })).body.data.id;
    assert.equal((await direct("PATCH", `/api/transaction-intents/${canceled}`, { action: "cancel" })).status, 200);
    const paid = (await direct("POST", "/api/transaction-intents", { ...payer, amount: 80, action: "authorize_and_capture", service_fee_id: serviceFee })).body.data.id;
    const credit = (await direct("POST", "/api/credits", { transaction_intent_id: paid, amount: "25.00" })).body.data.id;
    const neverRead = (await direct("POST", "/api/transaction-intents", { ...payer, amount: 30, action: "authorize", service_fee_id: serviceFee })).body.data.id;

    const proxy = await startProxy({ service: "bank-payments", upstream: sandbox.bankUrl, keys: keys(), triggers: true , record: join(recordings, "1.har") });
    const through = (method: string, path: string, body?: unknown) => call(sandbox.secretKey, proxy.url, method, path, body);
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
    recording = readHar(join(recordings, "1.har"));
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
    const result = judge(capturedAs(recording, index, "125.00", "120.00"));
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

describe("objects made before the traffic, learned from their first sight in a list", () => {
  let sandbox: Sandbox;
  let recording: RawExchange[];

  before(async () => {
    sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
    // Made before the recording, straight at the sandbox: two intents and a credit.
    const direct = (method: string, path: string, body?: unknown) => call(sandbox.secretKey, sandbox.bankUrl, method, path, body);
    const authorized = (await direct("POST", "/api/transaction-intents", { ...payer, amount: 140, action: "authorize", service_fee_id: serviceFee })).body.data.id;
    const paid = (await direct("POST", "/api/transaction-intents", { ...payer, amount: 90, action: "authorize_and_capture", service_fee_id: serviceFee })).body.data.id;
    const credit = (await direct("POST", "/api/credits", { transaction_intent_id: paid, amount: "15.00" })).body.data.id;

    const proxy = await startProxy({ service: "bank-payments", upstream: sandbox.bankUrl, keys: { secret: sandbox.secretKey, publishable: sandbox.publishableKey }, triggers: true , record: join(recordings, "2.har") });
    const through = (method: string, path: string, body?: unknown) => call(sandbox.secretKey, proxy.url, method, path, body);
    const listed = await through("GET", "/api/transaction-intents");
    assert.deepEqual(listed.body.data.map((item: any) => item.id).sort(), [authorized, paid].sort());
    assert.equal((await through("PATCH", `/api/transaction-intents/${authorized}`, { action: "capture", amount: 140 })).status, 200);
    await through("GET", "/api/transaction-intents?status=succeeded");
    await through("GET", "/api/credits");
    assert.equal((await through("PATCH", `/api/credits/${credit}`, { action: "cancel" })).status, 200);
    await through("GET", `/api/credits/${credit}`);
    await proxy.close();
    recording = readHar(join(recordings, "2.har"));
  });
  after(async () => { await sandbox?.close(); });

  test("judges clean: each list page teaches its items, the actions and later views of them are judged in full", () => {
    const result = judgeOn(sandbox, recording);
    assert.deepEqual(result.judgements.filter((j) => !j.ok).map((j) => `#${j.index} ${j.operationId}: ${j.problems[0]}`), []);
    assert.deepEqual(result.judgements.map((j) => j.judged), ["learned", "full", "full", "learned", "full", "full"]);
    assert.equal(trafficSummaryLine(result), "6 exchanges, 4 judged in full, 2 learned from a first read, 0 failed");
  });

  test("a capture of an intent first seen in a list, answered with another amount than asked, fails naming bank §3.1", () => {
    const index = recording.findIndex((e) => e.method === "PATCH" && /\/transaction-intents\//.test(e.url));
    const result = judgeOn(sandbox, capturedAs(recording, index, "140.00", "135.00"));
    assert.deepEqual(result.judgements.filter((j) => !j.ok).map((j) => [j.index, j.rules]), [[index + 1, ["bank §3.1"]]]);
    assert.match(result.judgements[index].problems.join("\n"), /amount_captured: expected "140\.00", got "135\.00"/);
  });

  test("a credit first seen in a list, read later with another reference number, fails naming the rule that holds it", () => {
    const index = recording.length - 1;
    const altered = recording.map((e, i) => (i === index ? { ...e, responseText: e.responseText.replace(/"reference_number":"[^"]+"/, '"reference_number":"CR-00000000"') } : e));
    assert.notEqual(altered[index].responseText, recording[index].responseText);
    const result = judgeOn(sandbox, altered);
    const failed = result.judgements.filter((j) => !j.ok);
    assert.deepEqual(failed.map((j) => [j.index, j.rules]), [[index + 1, ["bank §4.9"]]]);
    assert.match(failed[0].problems.join("\n"), /reference_number: expected "CR-\d+" \(held reference_number\), got "CR-00000000"/);
  });
});

describe("an intent made before the traffic, learned as a partial record from its first publishable read", () => {
  let sandbox: Sandbox;
  let recording: RawExchange[];

  before(async () => {
    sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
    const made = (await call(sandbox.secretKey, sandbox.bankUrl, "POST", "/api/transaction-intents", { ...payer, amount: 70, action: "authorize", service_fee_id: serviceFee, extras: { order: "P-1" } })).body.data.id;
    const proxy = await startProxy({ service: "bank-payments", upstream: sandbox.bankUrl, keys: { secret: sandbox.secretKey, publishable: sandbox.publishableKey }, triggers: true , record: join(recordings, "3.har") });
    assert.equal((await call(sandbox.publishableKey, proxy.url, "GET", `/api/transaction-intents/${made}`)).status, 200);
    assert.equal((await call(sandbox.secretKey, proxy.url, "PATCH", `/api/transaction-intents/${made}`, { action: "capture", amount: 70 })).status, 200);
    await call(sandbox.secretKey, proxy.url, "GET", `/api/transaction-intents/${made}`);
    await call(sandbox.publishableKey, proxy.url, "GET", `/api/transaction-intents/${made}`);
    await proxy.close();
    recording = readHar(join(recordings, "3.har"));
  });
  after(async () => { await sandbox?.close(); });

  test("judges clean: the reduced view teaches what it shows, the rest is held from the first full view", () => {
    const result = judgeOn(sandbox, recording);
    assert.deepEqual(result.judgements.filter((j) => !j.ok).map((j) => `#${j.index} ${j.operationId}: ${j.problems[0]}`), []);
    assert.deepEqual(result.judgements.map((j) => j.judged), ["learned", "full", "full", "full"]);
  });

  test("a capture answered with another amount than asked fails naming bank §3.1", () => {
    const result = judgeOn(sandbox, capturedAs(recording, 1, "70.00", "65.00"));
    assert.deepEqual(result.judgements.filter((j) => !j.ok).map((j) => [j.index, j.rules]), [[2, ["bank §3.1"]]]);
  });

  test("a later publishable read with another is_mailable than the first fails: the first read's value is held", () => {
    const last = recording.length - 1;
    const flipped = /"is_mailable":true/.test(recording[last].responseText) ? ['"is_mailable":true', '"is_mailable":false'] : ['"is_mailable":false', '"is_mailable":true'];
    const altered = recording.map((e, i) => (i === last ? { ...e, responseText: e.responseText.replace(flipped[0], flipped[1]) } : e));
    assert.notEqual(altered[last].responseText, recording[last].responseText);
    const result = judgeOn(sandbox, altered);
    assert.deepEqual(result.judgements.filter((j) => !j.ok).map((j) => j.index), [last + 1]);
    assert.match(result.judgements[last].problems.join("\n"), /is_mailable/);
  });
});
