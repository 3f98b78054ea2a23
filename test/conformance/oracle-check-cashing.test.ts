// The check cashing oracle on hand-made exchanges, one block per row of docs/contract-decisions.md
// that leaves a choice open: an answer in another valid form passes, an answer that is still wrong
// fails and names the rule it breaks.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Exchange } from "../../conformance/oracle/exchange.js";
import { Oracle, type Verdict } from "../../conformance/oracle/oracle.js";
import { payrollRequest } from "../../conformance/fixtures.js";

const now = Date.parse("2026-11-24T12:00:00Z");
const stamp = "2026-11-24T12:00:00Z";
let serial = 0;

/** A fresh trxID per request: no test reuses one by accident. */
const fresh = () => `T-${String((serial += 1)).padStart(6, "0")}`;

function exchange(request: unknown, status: number, response: unknown, raw?: string): Exchange {
  const responseText = JSON.stringify(response);
  return {
    service: "check-cashing", operationId: "submitPayrollCheck", method: "post", url: "http://127.0.0.1:1/v1/payroll",
    requestHeaders: { "content-type": "application/json" }, requestBody: raw ?? JSON.stringify(request),
    sentAt: now, receivedAt: now + 50, status, contentType: "application/json", responseText, responseBody: response,
  };
}

const oracle = () => new Oracle({ service: "check-cashing", triggers: true });

const request = (overrides: Record<string, unknown> = {}) => payrollRequest({ trxID: fresh(), ...overrides });

const approval = (body: Record<string, any>, overrides: Record<string, unknown> = {}) => ({
  trxID: body.trxID, trxRefID: String(100000 + serial), approvalNum: "604213", aba: "011000015", accountLast4: "6789", checkType: "Y", checkNum: "1042", ...overrides,
});

/** The sandbox's correction entry; `overrides` edit it (undefined removes a member). */
function correction(body: Record<string, any>, overrides: Record<string, unknown> = {}) {
  const entry: Record<string, unknown> = {
    errorPath: "/v1/payroll", errorMessage: "Request field invalid", errorDetails: "ssn: invalid", errorType: "correction",
    errorDate: stamp, trxID: body.trxID, responseCode: "1001", adverseAction: false, ...overrides,
  };
  for (const [name, value] of Object.entries(entry)) if (value === undefined) delete entry[name];
  return entry;
}

const decision = (body: Record<string, any>, errorType: string, overrides: Record<string, unknown> = {}) =>
  correction(body, { errorType, responseCode: errorType === "declined" ? "2007" : "3001", adverseAction: errorType === "declined", trxRefID: String(200000 + serial), customerCare: "800-555-0199", errorDetails: "Check declined", ...overrides });

const passes = (verdict: Verdict) => assert.ok(verdict.ok, JSON.stringify({ differences: verdict.differences, invariants: verdict.invariantFailures }));

function failsNaming(verdict: Verdict, rule: string) {
  assert.equal(verdict.ok, false, "the wrong answer passed");
  assert.ok(verdict.rules.includes(rule), `expected the rule ${rule}, got ${JSON.stringify(verdict.rules)}: ${JSON.stringify(verdict.differences)}`);
}

/** A request answered both ways, each with a fresh oracle: both pass. */
function eitherPasses(body: Record<string, any>, refusedStatus = 400) {
  passes(oracle().observe(exchange(body, 200, approval(body))));
  passes(oracle().observe(exchange(body, refusedStatus, { errors: [correction(body)] })));
}

describe("check cashing: every reading the decisions leave open passes, a wrong answer names its rule", () => {
  test("C-3: netAmount 0 or with a third decimal may be processed or refused; commas may not", () => {
    for (const netAmount of [0, "0.00", 12.345, "12.345"]) eitherPasses(request({ netAmount }));
    const commas = request({ netAmount: "1,250.00" });
    failsNaming(oracle().observe(exchange(commas, 200, approval(commas))), "cc §2.1");
    const over = request({ netAmount: 10000000 });
    failsNaming(oracle().observe(exchange(over, 200, approval(over))), "cc §2.1");
  });

  test("C-4: another JSON type meeting the constraint as text, and an empty \"up to N\" member, either way", () => {
    eitherPasses(request({ merchantID: 104233 }));
    eitherPasses(request({ address: { city: "" } }));
    eitherPasses(request({ id: { idCode: "TX", idValue: 12345678 } }));
    const number = request({ trxID: 12345678 });
    passes(oracle().observe(exchange(number, 200, approval(number, { trxID: "12345678" }))));
    const short = request({ ssn: 12345 });
    failsNaming(oracle().observe(exchange(short, 200, approval(short))), "cc §2.1");
  });

  test("C-6: every doc 2.3 member may appear on any entry, in free text; the four a client acts on stay", () => {
    const body = request({ ssn: "12" });
    const every = correction(body, { errorPath: "payroll route", errorDetails: "the ssn is short", trxRefID: 42, customerCare: "1-800-5550199" });
    passes(oracle().observe(exchange(body, 400, { errors: [every] })));
    passes(oracle().observe(exchange(body, 400, { errors: [correction(body, { errorPath: undefined, errorDate: undefined, errorDetails: undefined, trxID: undefined })] })));
    failsNaming(oracle().observe(exchange(body, 400, { errors: [correction(body, { responseCode: undefined })] })), "C-6");
    failsNaming(oracle().observe(exchange(body, 400, { errors: [correction(body, { adverseAction: true })] })), "C-6");
    failsNaming(oracle().observe(exchange(body, 400, { errors: [correction(body, { errorDetails: "x".repeat(261) })] })), "C-6");
    failsNaming(oracle().observe(exchange(body, 400, { errors: [correction(body, { trxID: "OTHER-0001" })] })), "cc §2.3");
  });

  test("C-7: codes and the names of other types are free; declined and id_error are pinned", () => {
    const body = request({ ssn: "12" });
    passes(oracle().observe(exchange(body, 400, { errors: [correction(body, { errorType: "invalid_request", responseCode: "4242" })] })));
    failsNaming(oracle().observe(exchange(body, 400, { errors: [correction(body, { errorType: "declined" })] })), "C-7");
    const declined = request({ netAmount: 812.07 });
    passes(oracle().observe(exchange(declined, 400, { errors: [decision(declined, "declined", { responseCode: "5100" })] })));
    // Once the line was read, a decline answered under another name is wrong (a first-seen line may be corrected, C-9).
    const o = oracle();
    const first = request();
    passes(o.observe(exchange(first, 200, approval(first))));
    failsNaming(o.observe(exchange(declined, 400, { errors: [decision(declined, "rejected", { adverseAction: true })] })), "C-7");
    const unverified = request({ id: { idCode: "TX", idValue: "****" } });
    failsNaming(oracle().observe(exchange(unverified, 400, { errors: [decision(unverified, "declined", { adverseAction: false })] })), "C-7");
  });

  test("C-8: 400 or 500 for any error entry; another status is wrong", () => {
    const declined = request({ netAmount: 812.07 });
    passes(oracle().observe(exchange(declined, 500, { errors: [decision(declined, "declined")] })));
    const body = request({ ssn: "12" });
    passes(oracle().observe(exchange(body, 500, { errors: [correction(body)] })));
    failsNaming(oracle().observe(exchange(body, 422, { errors: [correction(body)] })), "cc §2.1");
    failsNaming(oracle().observe(exchange(declined, 422, { errors: [decision(declined, "declined")] })), "C-8");
  });

  test("C-9: another reading of the MICR line, or a correction for a line the sandbox reads; one reading per line", () => {
    const first = request();
    passes(oracle().observe(exchange(first, 400, { errors: [correction(first, { errorDetails: "account.micrData: layout not recognised" })] })));
    const o = oracle();
    const one = request();
    passes(o.observe(exchange(one, 200, approval(one, { aba: "123456789", accountLast4: "1042", checkNum: 15, checkType: "G" }))));
    const again = request();
    failsNaming(o.observe(exchange(again, 200, approval(again, { aba: "011000015", accountLast4: "1042", checkNum: 15, checkType: "G" }))), "C-9");
    const refusedNow = request();
    failsNaming(o.observe(exchange(refusedNow, 400, { errors: [correction(refusedNow)] })), "C-2");
    const bad = request();
    failsNaming(oracle().observe(exchange(bad, 200, approval(bad, { aba: "01100001" }))), "C-9");
    const unreadable = request({ account: { micrData: "T0110T 12O 1042" } });
    passes(oracle().observe(exchange(unreadable, 200, approval(unreadable))));
  });

  test("C-10: trxRefID and checkNum as digit strings or JSON integers; anything else is wrong", () => {
    const body = request();
    passes(oracle().observe(exchange(body, 200, approval(body, { trxRefID: 418220017, checkNum: 1042 }))));
    const declined = request({ netAmount: 812.07 });
    passes(oracle().observe(exchange(declined, 400, { errors: [decision(declined, "declined", { trxRefID: 418220018 })] })));
    failsNaming(oracle().observe(exchange(body, 200, approval(body, { trxRefID: "41822-0017" }))), "C-10");
    failsNaming(oracle().observe(exchange(body, 200, approval(body, { checkNum: 10.5 }))), "C-10");
  });

  test("C-11: a trxID reused after a correction may be refused or processed; after an approval it is refused", () => {
    for (const second of ["approved", "refused"] as const) {
      const o = oracle();
      const corrected = request({ ssn: "12" });
      passes(o.observe(exchange(corrected, 400, { errors: [correction(corrected)] })));
      const reused = { ...request(), trxID: corrected.trxID };
      passes(o.observe(second === "approved" ? exchange(reused, 200, approval(reused)) : exchange(reused, 400, { errors: [correction(reused, { responseCode: "1005" })] })));
    }
    const o = oracle();
    const body = request();
    passes(o.observe(exchange(body, 200, approval(body))));
    failsNaming(o.observe(exchange(body, 200, approval(body, { trxRefID: "999" }))), "C-11");
  });

  // bench/flake.ts, seeds 7 and 8 of trxid-used-by-corrections: the reuse of an E500 trxID (the
  // sandbox's server failure trigger) after a correction may be refused before the trigger.
  test("C-11: an E500 trxID reused after a correction may be the server failure or refused as used; not approved", () => {
    for (const second of ["failure", "refused"] as const) {
      const o = oracle();
      const corrected = request({ trxID: `E500-${fresh()}`, ssn: "12" });
      passes(o.observe(exchange(corrected, 400, { errors: [correction(corrected)] })));
      const reused = { ...request(), trxID: corrected.trxID };
      passes(o.observe(second === "failure"
        ? exchange(reused, 500, { errors: [correction(reused, { errorType: "system_error", responseCode: "9999", errorMessage: "System error" })] })
        : exchange(reused, 400, { errors: [correction(reused, { responseCode: "1005" })] })));
    }
    const o = oracle();
    const corrected = request({ trxID: `E500-${fresh()}`, ssn: "12" });
    passes(o.observe(exchange(corrected, 400, { errors: [correction(corrected)] })));
    const reused = { ...request(), trxID: corrected.trxID };
    assert.equal(o.observe(exchange(reused, 200, approval(reused))).ok, false, "an approval of the triggered server failure passed");
  });

  test("C-13: unknown members refused or ignored; broken JSON is refused", () => {
    eitherPasses(request({ tip: "5" }));
    eitherPasses(request({ name: { lastName: "Whitfield", middleName: "Q" } }));
    const broken = exchange(undefined, 200, approval({ trxID: "X-0001" }), "{\"trxID\": ");
    failsNaming(oracle().observe(broken), "cc §2.1");
  });

  test("C-15: a Canadian province code may be refused or processed; a Canadian postal code is refused", () => {
    eitherPasses(request({ address: { state: "ON" } }));
    const postal = request({ address: { zip: "K1A 0B1" } });
    failsNaming(oracle().observe(exchange(postal, 200, approval(postal))), "cc §2.1");
  });

  test("C-17: errorDate with any offset, within the request's window", () => {
    const body = request({ ssn: "12" });
    passes(oracle().observe(exchange(body, 400, { errors: [correction(body, { errorDate: "2026-11-24T14:00:00+02:00" })] })));
    failsNaming(oracle().observe(exchange(body, 400, { errors: [correction(body, { errorDate: "2026-11-24T14:00:00Z" })] })), "C-17");
  });

  test("C-18: error entries in any order and number; a decision among a correction's entries is wrong", () => {
    const body = request({ ssn: "12", dob: "12/04/1988" });
    const dob = correction(body, { errorDetails: "dob: invalid" });
    passes(oracle().observe(exchange(body, 400, { errors: [dob, correction(body)] })));
    passes(oracle().observe(exchange(body, 400, { errors: [correction(body, { errorDetails: "ssn and dob are invalid" })] })));
    failsNaming(oracle().observe(exchange(body, 400, { errors: [dob, decision(body, "declined")] })), "C-7");
    failsNaming(oracle().observe(exchange(body, 400, { errors: [] })), "C-8");
  });
});
