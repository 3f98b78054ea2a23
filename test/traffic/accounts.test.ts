// Each key is an account: traffic under a key the judge was not told is another merchant's (the
// sandbox opens a tenant for any `sk_test_` key, as a server with many merchants would), judged in
// an open world of its own, never "expected 401"; a 401 for a key the server does not know is right
// too. Given no keys at all, every key is an account of its own and the summary says what that
// costs. Recorded one exchange at a time from the sandbox, masked as the proxy masks keys.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { maskKey, type RawExchange } from "../../conformance/traffic/exchange.js";
import { judgeTraffic, trafficSummaryLine, untoldKeysLine } from "../../conformance/traffic/judge.js";

const serviceFee = "service_fee_Tz6Mq1PxR9bK3wLe";
const other = { secret: "sk_test_another-merchant", publishable: "pk_test_another-merchant" };

describe("keys the judge was not told belong to accounts it knows nothing of", () => {
  let sandbox: Sandbox;
  let recording: RawExchange[];

  async function record(key: string, method: string, path: string, body?: unknown): Promise<RawExchange> {
    const requestHeaders: Record<string, string> = { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) };
    const sentAt = performance.timeOrigin + performance.now();
    const response = await fetch(`${sandbox.bankUrl}${path}`, { method, headers: requestHeaders, ...(body ? { body: JSON.stringify(body) } : {}) });
    const responseText = await response.text();
    // As the proxy records it: the credential masked to its kind and fingerprint.
    return {
      method, url: `${sandbox.bankUrl}${path}`, requestHeaders: { ...requestHeaders, authorization: `Bearer ${maskKey(key)}` }, ...(body ? { requestBody: JSON.stringify(body) } : {}), sentAt,
      receivedAt: performance.timeOrigin + performance.now(), status: response.status, responseHeaders: { "content-type": response.headers.get("content-type") ?? "" }, responseText,
    };
  }

  before(async () => {
    sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
    const intent = (consumer: string) => ({ bank_account: `bank_account_AcCoUnT${consumer}`, consumer_id: `consumer_AcCoUnT${consumer}`, store_number: "A1", amount: 30, action: "authorize", service_fee_id: serviceFee });
    recording = [];
    const mine = await record(sandbox.secretKey, "POST", "/api/transaction-intents", intent("0000000001"));
    recording.push(mine);
    const theirs = await record(other.secret, "POST", "/api/transaction-intents", intent("0000000002"));
    recording.push(theirs);
    const theirId = JSON.parse(theirs.responseText).data.id;
    recording.push(await record(other.secret, "GET", `/api/transaction-intents/${theirId}`));
    recording.push(await record(other.publishable, "GET", `/api/transaction-intents/${theirId}`));
    recording.push(await record(other.secret, "PATCH", `/api/transaction-intents/${theirId}`, { action: "capture", amount: 30 }));
    // Our keys on their intent: not found in our account.
    recording.push(await record(sandbox.secretKey, "GET", `/api/transaction-intents/${theirId}`));
    // A key the server does not know at all.
    recording.push(await record("sk_live_unknown-to-everyone", "GET", "/api/transaction-intents"));
    recording.push(await record(sandbox.publishableKey, "GET", `/api/transaction-intents/${JSON.parse(mine.responseText).data.id}`));
    assert.deepEqual(recording.map((e) => e.status), [201, 201, 200, 200, 200, 404, 401, 200]);
  });
  after(async () => { await sandbox?.close(); });

  test("with the merchant's keys told, another account's traffic is judged in a world of its own and judges clean; a 401 for an unknown key is right", () => {
    const result = judgeTraffic({ service: "bank-payments", keys: { secret: sandbox.secretKey, publishable: sandbox.publishableKey }, exchanges: recording, triggers: true });
    assert.deepEqual(result.judgements.filter((j) => !j.ok).map((j) => `#${j.index}: ${j.problems[0]}`), []);
    assert.deepEqual(result.judgements.map((j) => j.account !== undefined), [false, true, true, true, true, false, true, false]);
    assert.ok(result.judgements[4].judged === "full", "their capture is judged in full: their world saw the intent created");
    assert.deepEqual(result.untold, { exchanges: 5, keys: 3 });
    assert.ok(!JSON.stringify(result).includes(other.secret), "no key in the clear");
  });

  test("a wrong answer in another account's traffic is still caught", () => {
    const capture = recording[4];
    const wrong = { ...capture, responseText: capture.responseText.replace('"amount_captured":"30.00"', '"amount_captured":"31.00"') };
    assert.notEqual(wrong.responseText, capture.responseText);
    const result = judgeTraffic({ service: "bank-payments", keys: { secret: sandbox.secretKey, publishable: sandbox.publishableKey }, exchanges: recording.map((e, i) => (i === 4 ? wrong : e)), triggers: true });
    assert.deepEqual(result.judgements.filter((j) => !j.ok).map((j) => j.index), [5]);
  });

  test("given no keys, the proxy's masked recording is judged key by key, never 401 for every request, and the summary says what that costs", () => {
    const result = judgeTraffic({ service: "bank-payments", exchanges: recording, triggers: true });
    assert.deepEqual(result.judgements.filter((j) => !j.ok).map((j) => `#${j.index}: ${j.problems[0]}`), []);
    assert.ok(result.full + result.learned > result.exchanges / 2, trafficSummaryLine(result));
    assert.match(untoldKeysLine(result) ?? "", /8 exchanges used 5 keys the judge was not told: each key was judged as an account of its own/);
  });
});
