// The oracle judged on recorded exchanges (test/conformance/recorded/, one pass of the reference
// sandbox over every operation): the recording passes whole, every invariant fails on a copy with
// one hand-made fault, and so do the predictions (echoes, held values, lists, error bodies).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import type { Exchange } from "../../conformance/oracle/exchange.js";
import { invariants } from "../../conformance/oracle/invariants.js";
import { Oracle, type Verdict } from "../../conformance/oracle/oracle.js";
import { anyOf, compare, exact, form, held, object, Slot, unordered } from "../../conformance/oracle/expect.js";
import { nonEmptyText } from "../../conformance/oracle/forms.js";

type Service = "bank-payments" | "check-cashing";

const recorded = (service: Service): Exchange[] =>
  JSON.parse(readFileSync(new URL(`./recorded/${service}.json`, import.meta.url), "utf8")) as Exchange[];

const keys = { secret: "sk_test_sandbox", publishable: "pk_test_sandbox" };

/** Replays a recording through a fresh oracle; returns each exchange's verdict. */
function replay(service: Service, exchanges: Exchange[]): Verdict[] {
  const oracle = new Oracle({ service, keys, isFresh: (value) => value.startsWith("REC") });
  return exchanges.map((exchange) => oracle.observe(exchange));
}

/** Which exchange of a recording: the nth (from 0) of an operation and status. */
type Pick = { service: Service; operationId: string; status: number; nth?: number; where?: (e: Exchange) => boolean };

function locate(exchanges: Exchange[], pick: Pick): number {
  const matching = exchanges.map((e, i) => ({ e, i })).filter(({ e }) => e.operationId === pick.operationId && e.status === pick.status && (pick.where?.(e) ?? true));
  const found = matching[pick.nth ?? 0];
  assert.ok(found, `no recorded ${pick.operationId} ${pick.status} #${pick.nth ?? 0}`);
  return found.i;
}

/** The recording with one exchange's body altered by hand. */
function altered(pick: Pick, alter: (body: any, exchanges: Exchange[]) => void): { exchanges: Exchange[]; index: number } {
  const exchanges = structuredClone(recorded(pick.service));
  const index = locate(exchanges, pick);
  alter(exchanges[index].responseBody, exchanges);
  exchanges[index].responseText = JSON.stringify(exchanges[index].responseBody);
  return { exchanges, index };
}

const requestOf = (e: Exchange) => JSON.parse(e.requestBody ?? "{}");
const later = (time: string, ms: number) => new Date(Date.parse(time) + ms).toISOString().replace(/\.000Z$/, "Z");

/** One hand-made fault per invariant, in an exchange the invariant looks at. */
const faults: Record<string, { pick: Pick; alter: (body: any, exchanges: Exchange[]) => void }> = {
  "date-times": { pick: { service: "bank-payments", operationId: "getTransactionIntent", status: 200, nth: 2 }, alter: (b) => { b.data.authorized_at = b.data.authorized_at.replace("Z", "+01:00"); } },
  "two-decimal-amounts": { pick: { service: "bank-payments", operationId: "getTransactionIntent", status: 200 }, alter: (b) => { b.data.amount_authorized = "40.0"; } },
  "merchant-id-equals-chain-number": { pick: { service: "bank-payments", operationId: "getTransactionIntent", status: 200 }, alter: (b) => { b.data.merchant_id = "CH0000"; } },
  "payments-only-for-bnpl": { pick: { service: "bank-payments", operationId: "getTransactionIntent", status: 200 }, alter: (b) => { b.data.payments = []; } },
  "bnpl-schedule": { pick: { service: "bank-payments", operationId: "getTransactionIntent", status: 200, nth: 1 }, alter: (b) => { b.data.payments[1].scheduled_for = "2000-01-01"; } },
  "fields-cleared-by-transitions": { pick: { service: "bank-payments", operationId: "updateTransactionIntent", status: 200, nth: 4 }, alter: (b) => { b.data.captured_status = "succeeded"; } },
  "attempt-objects": { pick: { service: "bank-payments", operationId: "updateTransactionIntent", status: 200, nth: 2 }, alter: (b) => { b.data.refund.response_code = "99"; } },
  "status-fields": { pick: { service: "bank-payments", operationId: "getTransactionIntent", status: 200 }, alter: (b) => { b.data.authorized_at = "2026-11-22T10:00:00Z"; } },
  "adverse-action": { pick: { service: "bank-payments", operationId: "getTransactionIntent", status: 200, nth: 3 }, alter: (b) => { b.data.reference_id = null; } },
  "views-by-key": { pick: { service: "bank-payments", operationId: "getTransactionIntent", status: 200, nth: 1 }, alter: (b) => { b.data.extras = null; } },
  "credit-identifiers": { pick: { service: "bank-payments", operationId: "createCredit", status: 201 }, alter: (b) => { b.data.transaction_intent_id = "transaction_intent_Other0000000000"; } },
  "credit-fields": { pick: { service: "bank-payments", operationId: "getCredit", status: 200 }, alter: (b) => { b.data.updated_at = later(b.data.created_at, -60_000); } },
  "page-envelope": { pick: { service: "bank-payments", operationId: "listTransactionIntents", status: 200 }, alter: (b) => { b.meta.to += 1; } },
  "credits-newest-first": { pick: { service: "bank-payments", operationId: "listCredits", status: 200 }, alter: (b) => { b.data.reverse(); } },
  "error-bodies": { pick: { service: "bank-payments", operationId: "getTransactionIntent", status: 404 }, alter: (b) => { b.id = "transaction_intent_x"; } },
  "meta-type": { pick: { service: "bank-payments", operationId: "updateTransactionIntent", status: 200 }, alter: (b) => { b.meta.type = "transaction_intent"; } },
  "unique-identifiers": { pick: { service: "bank-payments", operationId: "createTransactionIntent", status: 201, nth: 1 }, alter: (b, all) => { b.data.id = all[0].responseBody && (all[0].responseBody as any).data.id; } },
  "payroll-entries": { pick: { service: "check-cashing", operationId: "submitPayrollCheck", status: 400, where: (e) => e.responseText.includes('"correction"') }, alter: (b) => { b.errors[0].adverseAction = "yes"; } },
  "payroll-status": { pick: { service: "check-cashing", operationId: "submitPayrollCheck", status: 400, nth: 1 }, alter: (b) => { b.errors = []; } },
  "payroll-trxid-echo": { pick: { service: "check-cashing", operationId: "submitPayrollCheck", status: 200 }, alter: (b) => { b.trxID = "OTHER-0001"; } },
};

describe("the oracle on recorded exchanges", () => {
  for (const service of ["bank-payments", "check-cashing"] as const) {
    test(`the ${service} recording passes whole`, () => {
      const verdicts = replay(service, recorded(service));
      const failing = verdicts.map((v, i) => ({ v, i })).filter(({ v }) => !v.ok).map(({ v, i }) => `#${i}: ${JSON.stringify(v.differences)} ${JSON.stringify(v.invariantFailures)}`);
      assert.deepEqual(failing, []);
      assert.ok(verdicts.every((v) => v.fields > 1), "every response had fields compared");
    });
  }

  test("every invariant has a hand-made fault below", () => {
    assert.deepEqual(invariants.map((i) => i.name).filter((name) => !faults[name]), []);
  });

  for (const invariant of invariants) {
    test(`invariant ${invariant.name} fails on a hand-altered exchange`, () => {
      const fault = faults[invariant.name];
      const { exchanges, index } = altered(fault.pick, fault.alter);
      const verdict = replay(fault.pick.service, exchanges)[index];
      assert.ok(verdict.invariantFailures.some((f) => f.invariant === invariant.name), `${invariant.name} did not fire: ${JSON.stringify(verdict.invariantFailures)}`);
      assert.equal(verdict.ok, false);
    });
  }

  const predictions: Array<[string, Pick, (body: any, exchanges: Exchange[]) => void, RegExp]> = [
    ["a creation that echoes another consumer", { service: "bank-payments", operationId: "createTransactionIntent", status: 201 }, (b) => { b.data.consumer_id = "consumer_Other000000000000"; }, /^data\.consumer_id$/],
    ["a later read showing another reference_id than the first", { service: "bank-payments", operationId: "getTransactionIntent", status: 200, nth: 2 }, (b) => { b.data.reference_id = "RF-CHANGED0"; }, /^data\.reference_id$/],
    ["an authorization time outside the request's window", { service: "bank-payments", operationId: "updateTransactionIntent", status: 200 }, (b) => { b.data.authorized_at = "2001-01-01T00:00:00Z"; }, /^data\.authorized_at$/],
    ["a schedule starting before the creation date", { service: "bank-payments", operationId: "getTransactionIntent", status: 200, nth: 1 }, (b) => { for (const p of b.data.payments) p.scheduled_for = later(`${p.scheduled_for}T00:00:00Z`, -3 * 86_400_000).slice(0, 10); }, /^data\.payments/],
    ["a 409 without the action echo", { service: "bank-payments", operationId: "updateTransactionIntent", status: 409 }, (b) => { delete b.action; }, /^action$/],
    ["a 409 message naming another response code", { service: "bank-payments", operationId: "updateTransactionIntent", status: 409, where: (e) => /response code \d\d/.test(e.responseText) }, (b) => { b.message = b.message.replace(/response code \d\d/, "response code 29"); }, /^message$/],
    ["a 422 with an extra key", { service: "bank-payments", operationId: "createTransactionIntent", status: 422 }, (b) => { b.errors.amount = ["invalid"]; }, /^errors\.amount$/],
    ["a closed list page missing an item", { service: "bank-payments", operationId: "listTransactionIntents", status: 200, nth: 1 }, (b) => { b.data.pop(); }, /^data/],
    ["a credit list showing a stale status", { service: "bank-payments", operationId: "listCredits", status: 200 }, (b) => { for (const c of b.data) c.status = "succeeded"; }, /status$/],
    ["a decline whose entry has no trxRefID", { service: "check-cashing", operationId: "submitPayrollCheck", status: 400, where: (e) => e.responseText.includes('"declined"') }, (b) => { delete b.errors[0].trxRefID; }, /^errors\[0\]\.trxRefID$/],
    ["a correction whose errorDetails name another member", { service: "check-cashing", operationId: "submitPayrollCheck", status: 400, where: (e) => e.responseText.includes('"1006"') }, (b) => { b.errors[0].errorDetails = "trxID: unreadable"; }, /errorDetails$/],
    ["a repeated trxID approved", { service: "check-cashing", operationId: "submitPayrollCheck", status: 400, where: (e) => e.responseText.includes('"1005"') }, (b) => { b.errors[0].responseCode = "1001"; }, /responseCode$/],
  ];
  for (const [name, pick, alter, path] of predictions) {
    test(`the prediction catches ${name}`, () => {
      const { exchanges, index } = altered(pick, alter);
      const verdict = replay(pick.service, exchanges)[index];
      assert.ok(verdict.differences.some((d) => path.test(d.path)), `no difference at ${path}: ${JSON.stringify(verdict.differences)}`);
    });
  }
});

describe("the expectation language", () => {
  test("a closed object reports members missing and extra", () => {
    const result = compare(object({ a: 1, b: exact("x") }), { a: 1, c: true });
    assert.deepEqual(result.differences.map((d) => d.path), ["b", "c"]);
  });

  test("a slot is checked for form at first sight, bound, then held", () => {
    const slot = new Slot("reference", nonEmptyText);
    const first = compare(object({ r: held(slot) }), { r: "RF-1" });
    assert.equal(first.differences.length, 0);
    assert.equal(slot.bound, false, "nothing is bound before the prediction is accepted");
    for (const [s, v] of first.bindings) Object.assign(s, { bound: true, value: v });
    assert.equal(compare(object({ r: held(slot) }), { r: "RF-2" }).differences.length, 1);
    assert.equal(compare(object({ r: held(new Slot("r", nonEmptyText)) }), { r: "" }).differences.length, 1);
  });

  test("one slot seen twice in a response must show one value", () => {
    const slot = new Slot("chain", nonEmptyText);
    assert.equal(compare(object({ a: held(slot), b: held(slot) }), { a: "C1", b: "C2" }).differences.length, 1);
  });

  test("alternatives pick the closest; unordered entries match in any order", () => {
    assert.equal(compare(anyOf([exact(1), exact(2)]), 2).differences.length, 0);
    assert.equal(compare(unordered([exact("a"), form(nonEmptyText)]), ["z", "a"]).differences.length, 0);
    assert.equal(compare(unordered([exact("a"), exact("b")]), ["b", "c"]).differences.length, 1);
  });
});
