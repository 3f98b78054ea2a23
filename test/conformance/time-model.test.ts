// The model of time (conformance/oracle/history.ts) on real answers: exchanges recorded one at a
// time from the sandbox are given to a fresh oracle as histories whose intervals this test chooses,
// so the same answers are right under one timing and wrong under another. An answer is accepted
// when some order that real time allows explains every answer; equal times order nothing; an
// error inside the oracle is the suite's, never a server failure.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { ApiClient } from "../../conformance/client.js";
import { intentBody, isFresh, token } from "../../conformance/fixtures.js";
import type { Exchange } from "../../conformance/oracle/exchange.js";
import { Oracle, type Verdict } from "../../conformance/oracle/oracle.js";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";

type Timed = { exchange: Exchange; start: number; end: number };

/**
 * Judges exchanges as the history their intervals make: requests begin and answers end in the order
 * of time (begins first at equal times). Intervals are in ms from when the first was really sent, so
 * that the times the server wrote stay inside each request's window.
 */
function judgeHistory(oracle: Oracle, history: Timed[]): Verdict[] {
  const verdicts: Verdict[] = [];
  const origin = Math.min(...history.map((item) => item.exchange.sentAt));
  const tickets = new Map<number, ReturnType<Oracle["begin"]>>();
  const events = history.flatMap((item, i) => [{ at: item.start, kind: 0, i }, { at: item.end, kind: 1, i }])
    .sort((a, b) => a.at - b.at || a.kind - b.kind || a.i - b.i);
  for (const event of events) {
    const item = history[event.i];
    const exchange = { ...item.exchange, sentAt: origin + item.start, receivedAt: origin + item.end };
    if (event.kind === 0) tickets.set(event.i, oracle.begin(exchange));
    else tickets.get(event.i)!.endWith(exchange, (verdict) => { verdicts[event.i] = verdict; });
  }
  oracle.finish();
  return verdicts;
}

const failed = (verdicts: Verdict[]) => verdicts.map((v, i) => (v.ok ? undefined : i)).filter((i) => i !== undefined);

describe("the model of time", () => {
  let sandbox: Sandbox;
  let api: ApiClient;
  const oracle = () => new Oracle({ service: "bank-payments", keys: { secret: sandbox.secretKey, publishable: sandbox.publishableKey }, isFresh });
  const last = () => api.exchanges[api.exchanges.length - 1];
  const record = async (operationId: string, options: Parameters<ApiClient["call"]>[1]) => {
    await api.call(operationId, options);
    return last();
  };

  before(async () => {
    sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
    // No oracle here: the answers are recorded one at a time, and judged below as the histories each test makes of them.
    api = new ApiClient("bank-payments", sandbox.bankUrl, { secret: sandbox.secretKey, publishable: sandbox.publishableKey }, "full", []);
  });
  after(async () => { await sandbox?.close(); });

  /** An authorized intent, two captures of it (the first applied, the second refused), and a read after both. */
  async function twoCaptures() {
    const create = await record("createTransactionIntent", { body: intentBody({ action: "authorize", store: `TM${token(8)}` }) });
    const id = create.responseBody && (create.responseBody as any).data.id;
    const applied = await record("updateTransactionIntent", { path: { transaction_intent_id: id }, body: { action: "capture", amount: 40 } });
    const refused = await record("updateTransactionIntent", { path: { transaction_intent_id: id }, body: { action: "capture", amount: 40 } });
    const read = await record("getTransactionIntent", { path: { transaction_intent_id: id } });
    assert.equal(applied.status, 200);
    assert.equal(refused.status, 409);
    return { create, applied, refused, read };
  }

  test("two overlapping captures: one applied and one refused is right whichever was answered first", async () => {
    const { create, applied, refused, read } = await twoCaptures();
    // The refusal answered first, while the applied capture was still in flight: the server applied the other first.
    const verdicts = judgeHistory(oracle(), [
      { exchange: create, start: 0, end: 1 },
      { exchange: applied, start: 2, end: 10 },
      { exchange: refused, start: 3, end: 5 },
      { exchange: read, start: 11, end: 12 },
    ]);
    assert.deepEqual(failed(verdicts), [], verdicts.map((v) => v.differences.map((d) => d.path).join()).join(" | "));
  });

  test("the same answers one after the other in the wrong order are flagged: a refusal answered before the capture it refers to was sent", async () => {
    const { create, applied, refused, read } = await twoCaptures();
    const verdicts = judgeHistory(oracle(), [
      { exchange: create, start: 0, end: 1 },
      { exchange: refused, start: 2, end: 3 },
      { exchange: applied, start: 4, end: 5 },
      { exchange: read, start: 6, end: 7 },
    ]);
    assert.ok(failed(verdicts).includes(1), "the refusal before any capture is wrong");
  });

  test("both overlapping captures applied (a racy server) is flagged, with the race drawn on a time line", async () => {
    const { create, applied, refused } = await twoCaptures();
    const twice: Exchange = { ...refused, status: applied.status, responseText: applied.responseText, responseBody: applied.responseBody };
    const verdicts = judgeHistory(oracle(), [
      { exchange: create, start: 0, end: 1 },
      { exchange: applied, start: 2, end: 10 },
      { exchange: twice, start: 3, end: 9 },
    ]);
    const wrong = verdicts.filter((v) => !v.ok);
    assert.equal(wrong.length, 1, "exactly one of the two captures cannot be explained");
    assert.ok(wrong[0].rules.length > 0, "it names a rule");
    assert.match((wrong[0].race ?? []).join("\n"), /no order of these 2 overlapping exchanges/);
    assert.match((wrong[0].race ?? []).join("\n"), /\|=+\|/);
  });

  test("a read overlapping a capture may show it before or after; a read sent after the capture was answered must show it after", async () => {
    const create = await record("createTransactionIntent", { body: intentBody({ action: "authorize", store: `TM${token(8)}` }) });
    const id = (create.responseBody as any).data.id;
    const before = await record("getTransactionIntent", { path: { transaction_intent_id: id } });
    const capture = await record("updateTransactionIntent", { path: { transaction_intent_id: id }, body: { action: "capture", amount: 40 } });
    const history = (readStart: number, readEnd: number) => judgeHistory(oracle(), [
      { exchange: create, start: 0, end: 1 },
      { exchange: capture, start: 2, end: 10 },
      { exchange: before, start: readStart, end: readEnd },
    ]);
    assert.deepEqual(failed(history(3, 4)), [], "overlapping: the state before the capture is one it may have seen");
    assert.deepEqual(failed(history(10, 12)), [], "equal times order nothing: a read sent the instant the capture was answered overlaps it");
    assert.deepEqual(failed(history(11, 12)), [2], "sent after the capture was answered: the state before it is stale");
  });

  test("a list overlapping a creation may or may not show it; one sent after the creation was answered must", async () => {
    const store = `TM${token(8)}`;
    const first = await record("createTransactionIntent", { body: intentBody({ store }) });
    const without = await record("listTransactionIntents", { query: { station_number: store } });
    const second = await record("createTransactionIntent", { body: intentBody({ store }) });
    const withBoth = await record("listTransactionIntents", { query: { station_number: store } });
    const history = (list: Exchange, start: number, end: number) => judgeHistory(oracle(), [
      { exchange: first, start: 0, end: 1 },
      { exchange: second, start: 10, end: 20 },
      { exchange: list, start, end },
    ]);
    assert.deepEqual(failed(history(without, 12, 15)), [], "overlapping: without the new intent");
    assert.deepEqual(failed(history(withBoth, 12, 15)), [], "overlapping: with it");
    assert.deepEqual(failed(history(without, 21, 22)), [2], "after the creation was answered: it must show");
    assert.deepEqual(failed(history(withBoth, 2, 5)), [2], "answered before the creation was sent: it must not show");
  });

  test("two creations at the same instant, then a list showing both in either order: equal times order nothing, and nothing crashes", async () => {
    const store = `TM${token(8)}`;
    const a = await record("createTransactionIntent", { body: intentBody({ store }) });
    const b = await record("createTransactionIntent", { body: intentBody({ store }) });
    const list = await record("listTransactionIntents", { query: { station_number: store } });
    const reversed: Exchange = { ...list, responseBody: structuredClone(list.responseBody) as any };
    (reversed.responseBody as any).data.reverse();
    reversed.responseText = JSON.stringify(reversed.responseBody);
    for (const shown of [list, reversed]) {
      const verdicts = judgeHistory(oracle(), [
        { exchange: a, start: 5, end: 5 },
        { exchange: b, start: 5, end: 5 },
        { exchange: shown, start: 6, end: 7 },
      ]);
      assert.deepEqual(failed(verdicts), []);
      assert.ok(verdicts.every((v) => !v.suiteError));
    }
  });

  test("an error inside the oracle is the suite's error on the verdict, never a server failure, and judging goes on", async () => {
    const create = await record("createTransactionIntent", { body: intentBody({ store: `TM${token(8)}` }) });
    const judge = oracle();
    const predict = judge.model.predict.bind(judge.model);
    judge.model.predict = () => { throw new Error("a defect of the model"); };
    const broken = judge.observe(create);
    assert.equal(broken.ok, true);
    assert.match(broken.suiteError ?? "", /a defect of the model/);
    assert.equal(judge.stats.suiteErrors, 1);
    judge.model.predict = predict;
    assert.equal(judge.observe({ ...create, sentAt: 10, receivedAt: 11 }).suiteError, undefined);
  });

  test("beyond the search bound, an order of answer that explains every answer is accepted and the object forgotten; its later exchanges are judged against the schema only", async () => {
    const create = await record("createTransactionIntent", { body: intentBody({ action: "authorize", store: `TM${token(8)}` }) });
    const id = (create.responseBody as any).data.id;
    const reads = await Promise.all(Array.from({ length: 3 }, () => record("getTransactionIntent", { path: { transaction_intent_id: id } })));
    const capture = await record("updateTransactionIntent", { path: { transaction_intent_id: id }, body: { action: "capture", amount: 40 } });
    const after = await record("getTransactionIntent", { path: { transaction_intent_id: id } });
    const judge = new Oracle({ service: "bank-payments", keys: { secret: sandbox.secretKey, publishable: sandbox.publishableKey }, isFresh, bounds: { clusterSize: 3, steps: 1000 } });
    const verdicts = judgeHistory(judge, [
      { exchange: create, start: 0, end: 1 },
      ...reads.map((exchange, i) => ({ exchange, start: 2 + i, end: 3 + i })),
      { exchange: capture, start: 2, end: 20 },
      { exchange: after, start: 21, end: 22 },
    ]);
    assert.deepEqual(failed(verdicts), []);
    assert.equal(judge.timeCounts.beyond, 4, "the four overlapping exchanges went past the bound of three");
    assert.equal(verdicts[5].judged, "schema", "the object's state after them is not known");
    assert.match(verdicts[5].why ?? "", /search bound/);
  });
});
