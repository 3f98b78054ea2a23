// The guide's invariants table (docs/conformance.md, "Invariants") says what the suite enforces,
// row by row and clause by clause: each row is an invariant of conformance/oracle/invariants.ts with
// its own description, and each clause of a description (split at "; ") is shown true here. A
// claim fails on a recorded exchange altered to break it, while the unaltered exchange passes; a
// permission ("may", "the server's choice") passes an exchange that uses it. A row that names a
// check that cannot fail, or a clause no case below shows, fails this test (issue 36, item 9).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import type { Exchange } from "../../conformance/oracle/exchange.js";
import { invariants, type Invariant, type InvariantMemory } from "../../conformance/oracle/invariants.js";

type Service = "bank-payments" | "check-cashing";

const recording = (service: Service): Exchange[] =>
  JSON.parse(readFileSync(new URL(`./recorded/${service}.json`, import.meta.url), "utf8")) as Exchange[];

// Exchanges of the bank recording (one pass of the reference sandbox over every operation).
const bank = {
  create: 0, read: 1, readBnplPublishable: 3, authorize: 4, capture: 5, refund: 6, cancelRefund: 7, createAuthorize: 9, cancel: 10,
  cancelAgain: 11, createDeclined: 12, readDeclined: 13, readCaptured: 15, updateAddress: 16, listPage: 17, createLinked: 19,
  createUnlinked: 20, cancelCredit: 21, listCredits: 23, notFound: 24, unauthenticated: 25, forbidden: 26, invalidAction: 27,
} as const;
// Exchanges of the check cashing recording.
const payroll = { approval: 0, repeated: 2, declined: 3, serverFailure: 5, correction: 6 } as const;

const keys = { secret: "sk_test_sandbox", publishable: "pk_test_sandbox" };

/** One recorded exchange, copied and changed by `alter` (its response body, or the whole exchange). */
function recorded(service: Service, index: number, alter: (body: any, exchange: Exchange) => void = () => {}): Exchange {
  const exchange = structuredClone(recording(service)[index]);
  alter(exchange.responseBody, exchange);
  exchange.responseText = JSON.stringify(exchange.responseBody);
  return exchange;
}

/**
 * One clause shown: `clause` is a piece of the description's clause it shows; a claim has `base`
 * (passes) and `broken` (fails), a permission has `allowed` (passes).
 */
type Case =
  | { clause: string; base: () => Exchange[]; broken: () => Exchange[] }
  | { clause: string; allowed: () => Exchange[] };

/** A claim on one recorded exchange: unaltered it passes, altered it fails. */
const claim = (clause: string, service: Service, index: number, alter: (body: any, exchange: Exchange) => void): Case =>
  ({ clause, base: () => [recorded(service, index)], broken: () => [recorded(service, index, alter)] });
/** A permission on one recorded exchange, altered to use it. */
const permits = (clause: string, service: Service, index: number, alter: (body: any, exchange: Exchange) => void): Case =>
  ({ clause, allowed: () => [recorded(service, index, alter)] });

const later = (time: string, ms: number) => new Date(Date.parse(time) + ms).toISOString().replace(/\.000Z$/, "Z");
const asSecret = (exchange: Exchange) => { exchange.requestHeaders.authorization = `Bearer ${keys.secret}`; };

const cases: Record<string, Case[]> = {
  "date-times": [
    claim("is null or an RFC 3339 date-time", "bank-payments", bank.capture, (b) => { b.data.captured_at = "yesterday"; }),
    permits("is null or an RFC 3339 date-time", "bank-payments", bank.capture, (b) => { b.data.captured_at = b.data.captured_at.replace("Z", "-00:00").replace(/T(\d\d)/, "T$1"); }),
    permits("is null or an RFC 3339 date-time", "bank-payments", bank.refund, (b) => { b.data.refund.created_at = "2026-11-24T08:38:53-05:00"; }),
    claim("`authorized_at`, the one the documents call UTC, is in UTC", "bank-payments", bank.authorize, (b) => { b.data.authorized_at = b.data.authorized_at.replace("Z", "+01:00"); }),
    permits("`authorized_at`, the one the documents call UTC, is in UTC (`Z` or `+00:00`)", "bank-payments", bank.authorize, (b) => { b.data.authorized_at = b.data.authorized_at.replace("Z", "+00:00"); }),
  ],
  "two-decimal-amounts": [
    claim("strings with two decimals", "bank-payments", bank.read, (b) => { b.data.amount_authorized = "40.0"; }),
    claim("`service_fee`", "bank-payments", bank.readCaptured, (b) => { b.data.service_fee = 2.5; }),
    claim("payments", "bank-payments", bank.readBnplPublishable, (b) => { b.data.payments[0].amount = 25.01; }),
    claim("`amount`", "bank-payments", bank.refund, (b) => { b.data.refund.amount = "40"; }),
    permits("or null where the field allows it", "bank-payments", bank.read, (b) => { b.data.amount_captured = null; }),
  ],
  "merchant-id-equals-chain-number": [
    claim("equals `chain_number`", "bank-payments", bank.read, (b) => { b.data.merchant_id = "CH0000"; }),
  ],
  "payments-only-for-bnpl": [
    claim("present exactly when", "bank-payments", bank.read, (b) => { b.data.payments = []; }),
    claim("present exactly when", "bank-payments", bank.readBnplPublishable, (b) => { delete b.data.payments; }),
  ],
  "bnpl-schedule": [
    claim("at least one payment", "bank-payments", bank.readBnplPublishable, (b) => { b.data.payments = []; }),
    claim("its amounts add up to `amount_authorized`", "bank-payments", bank.readBnplPublishable, (b) => { b.data.payments.pop(); }),
    claim("its dates never go back", "bank-payments", bank.readBnplPublishable, (b) => { b.data.payments[1].scheduled_for = "2000-01-01"; }),
    // Issue 36: three monthly payments of a 100.03 schedule are another server's choice (B-41).
    permits("how many payments and how far apart is the server's choice", "bank-payments", bank.readBnplPublishable, (b) => {
      const first = b.data.payments[0].scheduled_for as string;
      const month = (n: number) => new Date(Date.UTC(Number(first.slice(0, 4)), Number(first.slice(5, 7)) - 1 + n, Number(first.slice(8, 10)))).toISOString().slice(0, 10);
      b.data.payments = [{ amount: "33.35", scheduled_for: month(0) }, { amount: "33.34", scheduled_for: month(1) }, { amount: "33.34", scheduled_for: month(2) }];
    }),
  ],
  "fields-cleared-by-transitions": [
    claim("A cancelled intent shows no capture", "bank-payments", bank.cancel, (b) => { b.data.captured_status = "succeeded"; }),
    claim("a cancelled refund leaves `amount_refunded_total` null", "bank-payments", bank.cancelRefund, (b) => { b.data.amount_refunded_total = b.data.refund.amount; }),
    claim("the amount and time of a capture are set together", "bank-payments", bank.capture, (b) => { b.data.captured_at = null; }),
  ],
  "attempt-objects": [
    claim("complete attempt objects (the members of bank doc 2.2", "bank-payments", bank.refund, (b) => { delete b.data.refund.message; }),
    claim("a `response_code` of section 7.4", "bank-payments", bank.cancel, (b) => { b.data.cancel.response_code = "99"; }),
    claim("`status` `succeeded` or `cancelled`", "bank-payments", bank.cancelRefund, (b) => { b.data.refund.status = "canceled"; }),
    claim("a refunded intent has a succeeded refund of `amount_refunded_total`", "bank-payments", bank.refund, (b) => { b.data.amount_refunded_total = "39.99"; }),
    claim("whose code is an approval (08 or 21, B-29)", "bank-payments", bank.refund, (b) => { b.data.refund.response_code = "07"; }),
    // Issue 36: code 21, the documents' other "Approval", passes.
    permits("whose code is an approval (08 or 21, B-29)", "bank-payments", bank.refund, (b) => { b.data.refund.response_code = "21"; }),
    claim("a canceled one a succeeded cancel of code 29", "bank-payments", bank.cancel, (b) => { b.data.cancel.response_code = "31"; }),
  ],
  "status-fields": [
    claim("nothing authorized, captured or attempted while awaiting authorization", "bank-payments", bank.read, (b) => { b.data.authorized_at = "2026-11-22T10:00:00Z"; }),
    claim("nothing authorized, captured or attempted while awaiting authorization", "bank-payments", bank.read, (b) => { b.data.amount_captured = "40.00"; }),
    claim("nothing authorized, captured or attempted while awaiting authorization", "bank-payments", bank.read, (b, e) => {
      b.data.cancel = (recording("bank-payments")[bank.cancel].responseBody as any).data.cancel;
      e.operationId = "getTransactionIntent";
    }),
    // Issue 36: a reason and a reference set at creation are other servers' choices (B-36, B-37).
    permits("a `reason` or a `reference_id` may be set by then (B-36, B-37)", "bank-payments", bank.read, (b) => { b.data.reason = "Awaiting the service fee."; b.data.reference_id = "RF-EARLY001"; }),
    claim("`authorized_at` once authorized", "bank-payments", bank.authorize, (b) => { b.data.authorized_at = null; }),
    claim("a capture on succeeded and refunded intents", "bank-payments", bank.refund, (b) => { b.data.amount_captured = null; b.data.captured_at = null; }),
    claim("none on intents awaiting capture", "bank-payments", bank.authorize, (b) => { b.data.amount_captured = "40.00"; }),
  ],
  "adverse-action": [
    claim("is `failed`", "bank-payments", bank.readCaptured, (b) => { b.data.transaction_adverse_type = true; }),
    claim("carries the adverse action text (`reason`)", "bank-payments", bank.readDeclined, (b) => { b.data.reason = null; }),
    claim("a `reference_id` to show the consumer", "bank-payments", bank.readDeclined, (b) => { b.data.reference_id = null; }),
  ],
  "views-by-key": [
    claim("the full view to the secret key (no `is_mailable`)", "bank-payments", bank.read, (b) => { b.data.is_mailable = true; }),
    claim("the full view to the secret key", "bank-payments", bank.read, (b) => { delete b.data.extras; }),
    claim("the reduced view to the publishable key (`is_mailable`", "bank-payments", bank.readDeclined, (b) => { delete b.data.is_mailable; }),
    claim("none of `captured_at`", "bank-payments", bank.readDeclined, (b) => { b.data.captured_at = null; }),
    claim("an address update answers the reduced view", "bank-payments", bank.updateAddress, (b) => { b.data.extras = null; }),
    claim("with `is_mailable` for the publishable key only", "bank-payments", bank.updateAddress, (b) => { delete b.data.is_mailable; }),
    claim("with `is_mailable` for the publishable key only", "bank-payments", bank.updateAddress, (_, e) => asSecret(e)),
    permits("with `is_mailable` for the publishable key only (bank doc 2.1, B-2)", "bank-payments", bank.updateAddress, (b, e) => { asSecret(e); delete b.data.is_mailable; }),
  ],
  "credit-identifiers": [
    claim("`creditable_id`", "bank-payments", bank.cancelCredit, (b) => { b.data.creditable_id = "transaction_intent_Other0000000000"; }),
    claim("deprecated `transaction_intent_id`, where present, equal `creditable.id`", "bank-payments", bank.createLinked, (b) => { b.data.transaction_intent_id = "transaction_intent_Other0000000000"; }),
    claim("linked credits refer to a transaction intent", "bank-payments", bank.createUnlinked, (b) => { b.data.type = "linked"; b.data.transaction_intent_id = b.data.creditable.id; }),
    claim("and carry `transaction_intent_id`", "bank-payments", bank.createLinked, (b) => { delete b.data.transaction_intent_id; }),
    claim("unlinked ones refer to a bank account", "bank-payments", bank.createLinked, (b) => { b.data.type = "unlinked"; delete b.data.transaction_intent_id; }),
  ],
  "credit-fields": [
    claim("`updated_at` is not before `created_at`", "bank-payments", bank.cancelCredit, (b) => { b.data.updated_at = later(b.data.created_at, -1000); }),
    claim("a cancelled credit has a `cancel_message`", "bank-payments", bank.cancelCredit, (b) => { b.data.cancel_message = null; }),
    claim("a failed one no `station_number`", "bank-payments", bank.listCredits, (b) => { b.data[0].station_number = "0042"; }),
  ],
  "page-envelope": [
    claim("`meta` agrees with itself (`from`, `to`", "bank-payments", bank.listCredits, (b) => { b.data.pop(); }),
    claim("`meta` agrees with itself (`from`, `to`", "bank-payments", bank.listCredits, (b) => { b.meta.to += 1; }),
    claim("`last_page`", "bank-payments", bank.listCredits, (b) => { b.meta.last_page = 2; }),
    permits("on an empty page `from`/`to` null or a number, B-6", "bank-payments", bank.listCredits, (b) => {
      b.data = [];
      Object.assign(b.meta, { current_page: 2, from: 0, to: 0 });
      b.links.prev = b.links.first;
    }),
    claim("its links, absolute or relative, name the first, last, previous and next pages", "bank-payments", bank.listCredits, (b) => { b.links.next = b.links.first; }),
    permits("its links, absolute or relative", "bank-payments", bank.listCredits, (b) => { for (const name of ["first", "last"]) b.links[name] = new URL(b.links[name]).pathname + new URL(b.links[name]).search; }),
    claim("`prev`/`next` null exactly when there is none", "bank-payments", bank.listCredits, (b) => { b.links.prev = b.links.first; }),
    permits("`first`/`last` may be null", "bank-payments", bank.listCredits, (b) => { b.links.first = null; b.links.last = null; }),
  ],
  "credits-newest-first": [
    claim("ordered newest first", "bank-payments", bank.listCredits, (b) => { b.data[1].created_at = later(b.data[0].created_at, 60_000); b.data[1].updated_at = b.data[1].created_at; }),
  ],
  "error-bodies": [
    claim("401 and 403 a non-empty `message`", "bank-payments", bank.unauthenticated, (b) => { b.message = ""; }),
    claim("401 and 403 a non-empty `message`", "bank-payments", bank.forbidden, (b) => { b.error = "forbidden"; }),
    claim("404 `not_found`", "bank-payments", bank.notFound, (b) => { b.message = "Not Found"; }),
    claim("409 `conflict`/`message`(/`action`)", "bank-payments", bank.cancelAgain, (b) => { b.code = 31; }),
    claim("422 a non-empty `message`", "bank-payments", bank.invalidAction, (b) => { b.message = " "; }),
    claim("`errors` whose lists hold `invalid`, `missing`", "bank-payments", bank.invalidAction, (b) => { b.errors.action = ["required"]; }),
    claim("or (for `submerchant_id`) a sentence", "bank-payments", bank.invalidAction, (b) => { b.errors.action = ["The action is not known."]; }),
    permits("or (for `submerchant_id`) a sentence", "bank-payments", bank.invalidAction, (b) => { b.errors = { submerchant_id: ["The submerchant id is prohibited."] }; }),
    claim("a response code a message names is one of section 7.4", "bank-payments", bank.cancelAgain, (b) => { b.message = "Already cancelled (response code 99)."; }),
  ],
  "meta-type": [
    claim("`transaction_intent` on intent responses", "bank-payments", bank.read, (b) => { b.meta.type = "intent"; }),
    claim("`pending_capture` after the authorize action", "bank-payments", bank.authorize, (b) => { b.meta.type = "transaction_intent"; }),
    permits("a creation with `authorize` may show either", "bank-payments", bank.createAuthorize, (b) => { b.meta.type = "pending_capture"; }),
    claim("`credit` on credit responses", "bank-payments", bank.createLinked, (b) => { b.meta.type = "transaction_intent"; }),
  ],
  "unique-identifiers": [{
    clause: "no earlier response of the run showed for another creation",
    base: () => [recorded("bank-payments", bank.create), recorded("bank-payments", bank.createAuthorize)],
    broken: () => {
      const first = recorded("bank-payments", bank.create);
      return [first, recorded("bank-payments", bank.createAuthorize, (b) => { b.data.id = (first.responseBody as any).data.id; })];
    },
  }],
  "payroll-entries": [
    claim("`errorType` (1 to 20 characters)", "check-cashing", payroll.correction, (b) => { b.errors[0].errorType = "a correction of the request"; }),
    claim("a 4-digit `responseCode`", "check-cashing", payroll.correction, (b) => { b.errors[0].responseCode = 1001; }),
    claim("`adverseAction` (a boolean or", "check-cashing", payroll.declined, (b) => { b.errors[0].adverseAction = "yes"; }),
    permits("`adverseAction` (a boolean or `\"true\"`/`\"false\"`)", "check-cashing", payroll.declined, (b) => { b.errors[0].adverseAction = "true"; }),
    claim("an `errorMessage` of at most 200 characters", "check-cashing", payroll.correction, (b) => { delete b.errors[0].errorMessage; }),
    claim("`errorDate`, when present, is a date-time", "check-cashing", payroll.correction, (b) => { b.errors[0].errorDate = "24/11/2026"; }),
    permits("the other members of check cashing doc 2.3 may appear on any entry", "check-cashing", payroll.correction, (b) => { b.errors[0].customerCare = "800-555-0142"; b.errors[0].trxRefID = "12345"; }),
  ],
  "payroll-status": [
    claim("An approval is 200", "check-cashing", payroll.approval, (_, e) => { e.status = 201; }),
    claim("a decline or correction is 400 or 500 with at least one error entry", "check-cashing", payroll.declined, (b) => { b.errors = []; }),
    permits("a decline or correction is 400 or 500", "check-cashing", payroll.declined, (_, e) => { e.status = 500; }),
  ],
  "payroll-trxid-echo": [
    claim("The approval echoes `trxID`", "check-cashing", payroll.approval, (b) => { b.trxID = b.trxID.toLowerCase(); }),
    permits("a number sent may come back as its text, C-4", "check-cashing", payroll.approval, (b, e) => { e.requestBody = JSON.stringify({ ...JSON.parse(e.requestBody!), trxID: 42424242 }); b.trxID = "42424242"; }),
    claim("an error entry that carries `trxID` carries the request's", "check-cashing", payroll.correction, (b) => { b.errors[0].trxID = "CF-somebodyelse"; }),
    permits("(when it was a string of 4 to 20 characters)", "check-cashing", payroll.correction, (b, e) => { e.requestBody = JSON.stringify({ ...JSON.parse(e.requestBody!), trxID: "X" }); b.errors[0].trxID = "XXXX"; }),
  ],
};

/** The problems `invariant` finds on the last exchange, the earlier ones judged first (its memory of the run). */
function problemsOf(invariant: Invariant, exchanges: Exchange[]): string[] {
  const memory: InvariantMemory = { keys, createdIds: new Set() };
  let found: string[] = [];
  for (const exchange of exchanges) found = invariant.check(exchange, memory);
  return found;
}

/** A description's clauses: split at "; " outside parentheses. */
function clausesOf(description: string): string[] {
  const clauses: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < description.length; i++) {
    if (description[i] === "(") depth += 1;
    else if (description[i] === ")") depth -= 1;
    else if (depth === 0 && description.startsWith("; ", i)) {
      clauses.push(description.slice(start, i));
      start = i + 2;
    }
  }
  return [...clauses, description.slice(start)];
}

/** The rows of the guide's invariants table: name, service, what it checks. */
function tableRows(): Array<{ name: string; service: string; text: string }> {
  const guide = readFileSync(new URL("../../docs/conformance.md", import.meta.url), "utf8");
  const section = guide.slice(guide.indexOf("## Invariants"), guide.indexOf("\n## ", guide.indexOf("## Invariants") + 1));
  return section.split("\n").flatMap((line) => {
    const cells = /^\| `([^`]+)` \| ([^|]+) \| (.+) \|$/.exec(line);
    return cells ? [{ name: cells[1], service: cells[2].trim(), text: cells[3] }] : [];
  });
}

describe("the guide's invariants table says what the suite enforces (docs/conformance.md)", () => {
  test("one row per invariant, in order, each the invariant's own description", () => {
    const service = (name: string) => (name === "bank-payments" ? "bank" : "check cashing");
    assert.deepEqual(tableRows(), invariants.map((i) => ({ name: i.name, service: service(i.service), text: i.description })));
  });

  test("every invariant has cases, and no case names an invariant that is not there", () => {
    assert.deepEqual(Object.keys(cases).sort(), invariants.map((i) => i.name).sort());
  });

  for (const invariant of invariants) {
    describe(`${invariant.name}`, () => {
      const shown = cases[invariant.name] ?? [];
      for (const clause of clausesOf(invariant.description)) {
        test(`the clause "${clause}" is shown by a case`, () => {
          assert.ok(shown.some((c) => clause.includes(c.clause)), `no case shows "${clause}"`);
        });
      }
      for (const [n, c] of shown.entries()) {
        test(`case ${n + 1}: ${"allowed" in c ? "allowed" : "fails"}: ${c.clause}`, () => {
          assert.ok(clausesOf(invariant.description).some((clause) => clause.includes(c.clause)), `"${c.clause}" is in no clause of the description`);
          if ("allowed" in c) assert.deepEqual(problemsOf(invariant, c.allowed()), [], "a permission of the row must pass");
          else {
            assert.deepEqual(problemsOf(invariant, c.base()), [], "the unaltered exchange must pass");
            assert.notDeepEqual(problemsOf(invariant, c.broken()), [], "the altered exchange must fail this invariant");
          }
        });
      }
    });
  }
});
