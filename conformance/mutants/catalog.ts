// The faulty variants of the reference sandbox: each alters exactly one thing, black-box, through
// the proxy. The conformance suite must fail against every one of them.
import { editJson, type Exchange, type Mutant } from "./proxy.js";

const path = (e: Exchange) => e.url.pathname;
const isIntentRead = (e: Exchange) => e.method === "GET" && /^\/api\/transaction-intents\/[^/]+$/.test(path(e));
const isIntentAction = (e: Exchange) => e.method === "PATCH" && /^\/api\/transaction-intents\/[^/]+$/.test(path(e));
const isList = (e: Exchange) => e.method === "GET" && /^\/api\/(transaction-intents|credits)$/.test(path(e));
const requestJson = (e: Exchange): any => { try { return JSON.parse(e.requestBody); } catch { return undefined; } };

export const mutants: Mutant[] = [
  {
    id: "create-201-becomes-200", service: "bank-payments", fault: "wrong status code: a successful creation answers 200 instead of 201",
    response(e) { if (e.method === "POST" && path(e) === "/api/transaction-intents" && e.status === 201) e.status = 200; },
  },
  {
    id: "read-drops-chain-number", service: "bank-payments", fault: "missing required field: chain_number left out of intent reads",
    response(e) { if (isIntentRead(e) && e.status === 200) editJson(e, (b) => { delete b.data.chain_number; }); },
  },
  {
    id: "credit-amount-number", service: "bank-payments", fault: "wrong type: credit amount as a JSON number",
    response(e) { if (path(e).startsWith("/api/credits")) editJson(e, (b) => { if (b.data && !Array.isArray(b.data) && b.data.amount) b.data.amount = Number(b.data.amount); }); },
  },
  {
    id: "status-authorised", service: "bank-payments", fault: "undeclared enum value: status `authorised` instead of `pending_capture`",
    response(e) { if (path(e).startsWith("/api/transaction-intents")) e.body = e.body.replace(/"status":"pending_capture"/g, '"status":"authorised"'); },
  },
  {
    id: "conflict-code-swapped", service: "bank-payments", fault: "wrong conflict code: already_occurred reported as not_ready",
    response(e) { if (e.status === 409) e.body = e.body.replace(/"already_occurred"/g, '"not_ready"'); },
  },
  {
    id: "publishable-view-leaks-captured-at", service: "bank-payments", fault: "leaked secret field: captured_at in the publishable view",
    response(e, c) {
      if (isIntentRead(e) && e.status === 200 && e.requestHeaders.authorization === `Bearer ${c.publishableKey}`) {
        editJson(e, (b) => { b.data.captured_at = null; });
      }
    },
  },
  {
    id: "auth-not-enforced", service: "bank-payments", fault: "auth not enforced: a missing or unknown key is treated as the secret key",
    request(e, c) {
      const auth = e.requestHeaders.authorization;
      if (auth !== `Bearer ${c.secretKey}` && auth !== `Bearer ${c.publishableKey}`) e.requestHeaders.authorization = `Bearer ${c.secretKey}`;
    },
  },
  {
    id: "publishable-key-lists", service: "bank-payments", fault: "auth: the publishable key is accepted on the intent list",
    request(e, c) {
      if (isList(e) && path(e) === "/api/transaction-intents" && e.requestHeaders.authorization === `Bearer ${c.publishableKey}`) {
        e.requestHeaders.authorization = `Bearer ${c.secretKey}`;
      }
    },
  },
  {
    id: "second-refund-accepted", service: "bank-payments", fault: "a second refund is accepted (the 409 becomes a 200 with a plausible body)",
    async response(e, c) {
      if (!isIntentAction(e) || e.status !== 409 || requestJson(e)?.action !== "refund") return;
      const read = await c.forward("GET", path(e), { Authorization: `Bearer ${c.secretKey}`, Accept: "application/json" });
      if (read.status !== 200) return;
      const intent = JSON.parse(read.body).data;
      if (intent.status !== "refunded") return;
      e.status = 200;
      e.body = JSON.stringify({ data: intent, meta: { type: "transaction_intent" } });
    },
  },
  {
    id: "500-on-bad-input", service: "bank-payments", fault: "a 500 on bad input instead of the 422",
    response(e) { if (e.status === 422) { e.status = 500; e.body = JSON.stringify({ message: "Server Error" }); } },
  },
  {
    id: "pagination-total-off-by-one", service: "bank-payments", fault: "pagination meta off by one: total + 1",
    response(e) { if (isList(e) && e.status === 200) editJson(e, (b) => { b.meta.total += 1; }); },
  },
  {
    id: "last-page-has-next", service: "bank-payments", fault: "pagination links: the last page still links to a next page",
    response(e) { if (isList(e) && e.status === 200) editJson(e, (b) => { if (b.links.next === null && b.links.last) b.links.next = b.links.last; }); },
  },
  {
    id: "status-filter-ignored", service: "bank-payments", fault: "a list filter is ignored (status)",
    request(e) { if (isList(e)) e.url.searchParams.delete("status"); },
  },
  {
    id: "not-found-shape", service: "bank-payments", fault: "wrong error body shape: 404 as {error: not_found}",
    response(e) { if (e.status === 404) e.body = JSON.stringify({ error: "not_found" }); },
  },
  {
    id: "credit-content-type", service: "bank-payments", fault: "wrong content type: credit reads answered as text/plain",
    response(e) { if (e.method === "GET" && /^\/api\/credits\/[^/]+$/.test(path(e))) e.headers["content-type"] = "text/plain; charset=utf-8"; },
  },
  {
    id: "refund-response-code", service: "bank-payments", fault: "wrong response code: an approved refund reports 21 instead of 08",
    response(e) { if (isIntentAction(e) && e.status === 200) e.body = e.body.replace(/"response_code":"08"/g, '"response_code":"21"'); },
  },
  {
    id: "authorize-meta-type", service: "bank-payments", fault: "meta.type of the authorize action is transaction_intent instead of pending_capture",
    response(e) { if (isIntentAction(e) && e.status === 200) e.body = e.body.replace('"type":"pending_capture"', '"type":"transaction_intent"'); },
  },
  {
    id: "ssn-not-enforced", service: "check-cashing", fault: "check cashing constraint not enforced: a bad ssn is approved",
    response(e) {
      const request = requestJson(e);
      if (e.status !== 400 || !request || typeof request !== "object" || /^[0-9]{9}$/.test(String(request.ssn))) return;
      e.status = 200;
      e.body = JSON.stringify({ trxID: String(request.trxID ?? "0000").slice(0, 20).padEnd(4, "0"), trxRefID: "418220017", approvalNum: "604213", aba: "011000015", accountLast4: "6789", checkType: "Y", checkNum: "1042" });
    },
  },
  {
    id: "trxid-repeat-accepted", service: "check-cashing", fault: "a repeated trxID is accepted (the proxy makes every trxID unique)",
    request(e) {
      const request = requestJson(e);
      // Only well-formed trxIDs, so that the one fault is the uniqueness rule.
      if (!request || typeof request.trxID !== "string" || !/^[A-Za-z0-9-]{4,20}$/.test(request.trxID) || request.trxID.startsWith("E500")) return;
      e.requestHeaders["x-original-trxid"] = request.trxID;
      request.trxID = `U${Math.random().toString(36).slice(2, 12)}`;
      e.requestBody = JSON.stringify(request);
    },
    response(e) {
      const original = e.requestHeaders["x-original-trxid"];
      if (original) e.body = e.body.replace(/"trxID":"U[a-z0-9]+"/g, `"trxID":${JSON.stringify(original)}`);
    },
  },
  {
    id: "adverse-action-yes", service: "check-cashing", fault: "wrong type: adverseAction \"yes\"",
    response(e) { if (e.status >= 400) e.body = e.body.replace(/"adverseAction":(true|false|"true"|"false")/g, '"adverseAction":"yes"'); },
  },
  {
    id: "approval-201", service: "check-cashing", fault: "wrong status code: approval answered 201",
    response(e) { if (e.status === 200) e.status = 201; },
  },
];
