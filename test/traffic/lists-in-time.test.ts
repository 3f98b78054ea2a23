// Lists in traffic the judge did not generate: an item of an intent the judge learned from a read is
// judged against what the judge holds (it was checked against the filters only), and a total never
// shrinks from one page to a later page of the same filters (nothing is deleted in these APIs).
// Exchanges are recorded one at a time from the sandbox, then one answer is altered.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import type { RawExchange } from "../../conformance/traffic/exchange.js";
import { judgeTraffic } from "../../conformance/traffic/judge.js";

const payer = { bank_account: "bank_account_LiStInTiMe0000001", consumer_id: "consumer_LiStInTiMe0000001" };
const serviceFee = "service_fee_Tz6Mq1PxR9bK3wLe";

describe("lists in traffic, judged against what the judge holds and what it saw before", () => {
  let sandbox: Sandbox;
  const store = `LT${Date.now()}`;
  let learnedRead: RawExchange;
  let filtered: RawExchange;
  let pages: RawExchange[];

  /** One exchange with the secret key, recorded as a proxy records it. */
  async function record(method: string, path: string, body?: unknown): Promise<RawExchange> {
    const requestHeaders: Record<string, string> = { authorization: `Bearer ${sandbox.secretKey}`, ...(body ? { "content-type": "application/json" } : {}) };
    const sentAt = performance.timeOrigin + performance.now();
    const response = await fetch(`${sandbox.bankUrl}${path}`, { method, headers: requestHeaders, ...(body ? { body: JSON.stringify(body) } : {}) });
    const responseText = await response.text();
    return {
      method, url: `${sandbox.bankUrl}${path}`, requestHeaders, ...(body ? { requestBody: JSON.stringify(body) } : {}), sentAt,
      receivedAt: performance.timeOrigin + performance.now(), status: response.status, responseHeaders: { "content-type": response.headers.get("content-type") ?? "" }, responseText,
    };
  }
  const judge = (exchanges: RawExchange[]) => judgeTraffic({ service: "bank-payments", keys: { secret: sandbox.secretKey, publishable: sandbox.publishableKey }, exchanges, triggers: true });
  const altered = (exchange: RawExchange, edit: (body: any) => void): RawExchange => {
    const body = JSON.parse(exchange.responseText);
    edit(body);
    return { ...exchange, responseText: JSON.stringify(body) };
  };

  before(async () => {
    sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
    // Made before the traffic: two intents of one store, one authorized.
    const authorized = await record("POST", "/api/transaction-intents", { ...payer, store_number: store, amount: 50, action: "authorize", service_fee_id: serviceFee });
    await record("POST", "/api/transaction-intents", { ...payer, store_number: store, amount: 20, type: "bankpay" });
    const id = JSON.parse(authorized.responseText).data.id;
    // The traffic: a read of the authorized intent, then its store's list, then that list in pages of one.
    learnedRead = await record("GET", `/api/transaction-intents/${id}`);
    filtered = await record("GET", `/api/transaction-intents?station_number=${store}`);
    pages = [await record("GET", `/api/transaction-intents?station_number=${store}&per_page=1`), await record("GET", `/api/transaction-intents?station_number=${store}&per_page=1&page=2`)];
  });
  after(async () => { await sandbox?.close(); });

  test("as recorded, the read teaches the intent and every list judges clean", () => {
    const result = judge([learnedRead, filtered, ...pages]);
    assert.deepEqual(result.judgements.filter((j) => !j.ok).map((j) => j.problems[0]), []);
    assert.equal(result.judgements[0].judged, "learned");
  });

  test("a list item of an intent learned from a read, shown in a state the judge does not hold, fails", () => {
    const id = JSON.parse(learnedRead.responseText).data.id;
    const wrong = altered(filtered, (body) => {
      const item = body.data.find((i: any) => i.id === id);
      item.amount_authorized = "51.00";
    });
    const result = judge([learnedRead, wrong, ...pages]);
    const failed = result.judgements.filter((j) => !j.ok);
    assert.equal(failed.length, 1);
    assert.equal(failed[0].index, 2);
    assert.match(failed[0].problems.join("\n"), /amount_authorized: expected "50\.00", got "51\.00"/);
  });

  test("a total that shrinks from one page to a later one of the same filters fails", () => {
    assert.equal(JSON.parse(pages[0].responseText).meta.total, 2);
    const shrunk = altered(pages[1], (body) => {
      body.meta.total = 1;
      body.meta.last_page = 1;
    });
    const result = judge([learnedRead, filtered, pages[0], shrunk]);
    const failed = result.judgements.filter((j) => !j.ok);
    assert.deepEqual(failed.map((j) => j.index), [4]);
    assert.match(failed[0].problems.join("\n"), /meta\.total: expected <an integer, at least 2/);
  });
});
