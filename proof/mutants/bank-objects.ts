// Faulty variants of the bank service's objects: statuses and shapes, echoes of the request,
// consistency between the responses that show one object, invariants, dates and schedules.
import { currentIntent, eachCredit, eachIntent, editJson, is, otherValue, shifted } from "./match.js";
import type { Mutant } from "./proxy.js";

const hour = 3_600_000;
const day = 24 * hour;

const statusAndShape: Mutant[] = [
  {
    id: "create-201-becomes-200", service: "bank-payments", class: "status and shape", fault: "a successful creation answers 200 instead of 201",
    response(e) { if (is.intentCreate(e) && e.status === 201) e.status = 200; },
  },
  {
    id: "read-drops-chain-number", service: "bank-payments", class: "status and shape", fault: "chain_number left out of intent reads",
    response(e) { if (is.intentRead(e) && e.status === 200) editJson(e, (b) => { delete b.data.chain_number; }); },
  },
  {
    id: "credit-amount-number", service: "bank-payments", class: "status and shape", fault: "credit amount as a JSON number",
    response(e) { if (e.url.pathname.startsWith("/api/credits")) eachCredit(e, (c) => { c.amount = Number(c.amount); }); },
  },
  {
    id: "status-authorised", service: "bank-payments", class: "status and shape", fault: "undeclared status `authorised` instead of `pending_capture`",
    response(e) { if (e.url.pathname.startsWith("/api/transaction-intents")) e.body = e.body.replace(/"status":"pending_capture"/g, '"status":"authorised"'); },
  },
  {
    id: "conflict-code-swapped", service: "bank-payments", class: "status and shape", fault: "already_occurred reported as not_ready",
    response(e) { if (e.status === 409) e.body = e.body.replace(/"already_occurred"/g, '"not_ready"'); },
  },
  {
    id: "publishable-view-leaks-captured-at", service: "bank-payments", class: "status and shape", fault: "captured_at in the publishable view",
    response(e, c) { if (is.intentRead(e) && e.status === 200 && is.publishable(e, c)) editJson(e, (b) => { b.data.captured_at = null; }); },
  },
  {
    id: "auth-not-enforced", service: "bank-payments", class: "status and shape", fault: "a missing or unknown key is treated as the secret key",
    async response(e, c) {
      if (e.status !== 401) return;
      const headers: Record<string, string> = { Authorization: `Bearer ${c.secretKey}` };
      if (e.requestHeaders["content-type"]) headers["Content-Type"] = e.requestHeaders["content-type"];
      const answer = await c.forward(e.method, e.url.pathname + e.url.search, headers, e.requestBody);
      e.status = answer.status;
      e.body = answer.body;
    },
  },
  {
    id: "publishable-key-lists", service: "bank-payments", class: "status and shape", fault: "the publishable key is accepted on the intent list",
    async response(e, c) {
      if (!is.intentList(e) || e.status !== 403 || !is.publishable(e, c)) return;
      const answer = await c.forward("GET", e.url.pathname + e.url.search, { Authorization: `Bearer ${c.secretKey}` });
      e.status = answer.status;
      e.body = answer.body;
    },
  },
  {
    id: "second-refund-accepted", service: "bank-payments", class: "status and shape", fault: "a second refund is accepted (the 409 becomes a 200 with a plausible body)",
    async response(e, c) {
      if (!is.action(e, "refund") || e.status !== 409) return;
      const intent = await currentIntent(e, c);
      if (intent?.status !== "refunded") return;
      e.status = 200;
      e.body = JSON.stringify({ data: intent, meta: { type: "transaction_intent" } });
    },
  },
  {
    id: "500-on-bad-input", service: "bank-payments", class: "status and shape", fault: "a 500 on bad input instead of the 422",
    response(e) { if (e.status === 422) { e.status = 500; e.body = JSON.stringify({ message: "Server Error" }); } },
  },
  {
    id: "pagination-total-off-by-one", service: "bank-payments", class: "status and shape", fault: "pagination meta.total + 1",
    response(e) { if (is.list(e) && e.status === 200) editJson(e, (b) => { b.meta.total += 1; }); },
  },
  {
    id: "last-page-has-next", service: "bank-payments", class: "status and shape", fault: "the last page still links to a next page",
    response(e) { if (is.list(e) && e.status === 200) editJson(e, (b) => { if (b.links.next === null && b.links.last) b.links.next = b.links.last; }); },
  },
  {
    id: "status-filter-ignored", service: "bank-payments", class: "status and shape", fault: "the status filter of the lists is ignored",
    async response(e, c) {
      if (!is.list(e) || e.status !== 200 || !e.url.searchParams.has("status")) return;
      const query = new URLSearchParams(e.url.search);
      query.delete("status");
      const answer = await c.forward("GET", `${e.url.pathname}?${query}`, { Authorization: `Bearer ${c.secretKey}` });
      e.body = answer.body;
    },
  },
  {
    id: "not-found-shape", service: "bank-payments", class: "status and shape", fault: "404 as {error: not_found}",
    response(e) { if (e.status === 404) e.body = JSON.stringify({ error: "not_found" }); },
  },
  {
    id: "credit-content-type", service: "bank-payments", class: "status and shape", fault: "credit reads answered as text/plain",
    response(e) { if (is.creditRead(e)) e.headers["content-type"] = "text/plain; charset=utf-8"; },
  },
  {
    id: "refund-response-code", service: "bank-payments", class: "status and shape", fault: "an approved refund reports code 21 instead of 08",
    response(e) { if (is.intentAction(e) && e.status === 200) e.body = e.body.replace(/"response_code":"08"/g, '"response_code":"21"'); },
  },
  {
    id: "authorize-meta-type", service: "bank-payments", class: "status and shape", fault: "meta.type of the authorize action is transaction_intent",
    response(e) { if (is.intentAction(e) && e.status === 200) e.body = e.body.replace('"type":"pending_capture"}', '"type":"transaction_intent"}'); },
  },
];

const echo: Mutant[] = [
  {
    id: "create-echoes-other-consumer", service: "bank-payments", class: "echo", fault: "the created intent names another consumer",
    response(e) { if (is.intentCreate(e) && e.status < 300) editJson(e, (b) => { b.data.consumer_id = otherValue(b.data.consumer_id); }); },
  },
  {
    id: "create-drops-service-fee-id", service: "bank-payments", class: "echo", fault: "the creation's service_fee_id is not echoed",
    response(e) { if (is.intentCreate(e) && e.status < 300) editJson(e, (b) => { delete b.data.service_fee_id; }); },
  },
  {
    id: "create-extras-null", service: "bank-payments", class: "echo", fault: "the creation's extras come back null",
    response(e) { if (is.intentCreate(e) && e.status < 300) editJson(e, (b) => { b.data.extras = null; }); },
  },
  {
    id: "create-billing-address-null", service: "bank-payments", class: "echo", fault: "the creation shows no billing address although one was given",
    response(e) { if (is.intentCreate(e) && e.status < 300) editJson(e, (b) => { b.data.billing_address = null; }); },
  },
  {
    id: "credit-employee-not-echoed", service: "bank-payments", class: "echo", fault: "a created credit's employee_number is null",
    response(e) { if (is.creditCreate(e) && e.status === 201) eachCredit(e, (c) => { c.employee_number = null; }); },
  },
  {
    id: "credit-amount-whole-units", service: "bank-payments", class: "echo", fault: "a created credit's amount loses its cents",
    response(e) { if (is.creditCreate(e) && e.status === 201) eachCredit(e, (c) => { c.amount = c.amount.replace(/\.\d\d$/, ".00"); }); },
  },
  {
    id: "partial-capture-records-authorized", service: "bank-payments", class: "echo", fault: "a partial capture answers amount_captured equal to the amount authorized",
    response(e) { if (is.action(e, "capture") && e.status === 200) eachIntent(e, (i) => { if (i.amount_captured !== null) i.amount_captured = i.amount_authorized; }); },
  },
];

const consistency: Mutant[] = [
  {
    id: "list-stale-status", service: "bank-payments", class: "consistency", fault: "list pages show succeeded intents as pending_capture",
    response(e) { if (is.intentList(e) && e.status === 200) eachIntent(e, (i) => { if (i.status === "succeeded") i.status = "pending_capture"; }); },
  },
  {
    id: "list-amount-off-by-cent", service: "bank-payments", class: "consistency", fault: "list pages show amount_authorized one cent higher than reads",
    response(e) {
      if (is.intentList(e) && e.status === 200) eachIntent(e, (i) => { i.amount_authorized = (Math.round(Number(i.amount_authorized) * 100 + 1) / 100).toFixed(2); });
    },
  },
  {
    id: "publishable-read-reference-changed", service: "bank-payments", class: "consistency", fault: "the publishable view shows another reference_id than the full view",
    response(e, c) { if (is.intentRead(e) && e.status === 200 && is.publishable(e, c)) eachIntent(e, (i) => { if (i.reference_id) i.reference_id = otherValue(i.reference_id); }); },
  },
  {
    id: "authorized-at-moves-on-reads", service: "bank-payments", class: "consistency", fault: "reads show authorized_at an hour after the authorization",
    response(e) { if (is.intentRead(e) && e.status === 200) eachIntent(e, (i) => { i.authorized_at = shifted(i.authorized_at, hour); }); },
  },
  {
    id: "read-billing-address-id-differs", service: "bank-payments", class: "consistency", fault: "reads show a billing_address_id other than the creation's billing_address.id",
    response(e) { if (is.intentRead(e) && e.status === 200) eachIntent(e, (i) => { if (i.billing_address_id) i.billing_address_id = otherValue(i.billing_address_id); }); },
  },
  {
    id: "list-captured-at-shifted", service: "bank-payments", class: "consistency", fault: "list pages show captured_at one second off",
    response(e) { if (is.intentList(e) && e.status === 200) eachIntent(e, (i) => { i.captured_at = shifted(i.captured_at, 1000); }); },
  },
  {
    id: "credit-read-updated-at-later", service: "bank-payments", class: "consistency", fault: "credit reads show updated_at an hour later",
    response(e) { if (is.creditRead(e) && e.status === 200) eachCredit(e, (c) => { c.updated_at = shifted(c.updated_at, hour); }); },
  },
  {
    id: "credit-list-station-null", service: "bank-payments", class: "consistency", fault: "credit list pages show station_number null",
    response(e) { if (is.creditList(e) && e.status === 200) eachCredit(e, (c) => { c.station_number = null; }); },
  },
  {
    id: "list-extras-dropped", service: "bank-payments", class: "consistency", fault: "list pages drop the intents' extras",
    response(e) { if (is.intentList(e) && e.status === 200) eachIntent(e, (i) => { i.extras = null; }); },
  },
  {
    id: "chain-number-varies", service: "bank-payments", class: "consistency", fault: "the publishable view shows another chain number (and merchant_id)",
    response(e, c) { if (is.intentRead(e) && e.status === 200 && is.publishable(e, c)) eachIntent(e, (i) => { i.chain_number = `${i.chain_number}9`; i.merchant_id = i.chain_number; }); },
  },
  {
    id: "credit-list-reference-changed", service: "bank-payments", class: "consistency", fault: "credit list pages show another reference_number than reads",
    response(e) { if (is.creditList(e) && e.status === 200) eachCredit(e, (c) => { if (c.reference_number) c.reference_number = otherValue(c.reference_number); }); },
  },
];

const invariants: Mutant[] = [
  {
    id: "merchant-id-differs", service: "bank-payments", class: "invariant", fault: "merchant_id differs from chain_number",
    response(e) { if (e.url.pathname.startsWith("/api/transaction-intents")) eachIntent(e, (i) => { i.merchant_id = `M-${i.chain_number}`; }); },
  },
  {
    id: "authorized-at-not-utc", service: "bank-payments", class: "invariant", fault: "authorized_at written in local time with a -05:00 offset (same instant; the one time bank doc 2.1 calls UTC)",
    response(e) {
      eachIntent(e, (i) => {
        if (typeof i.authorized_at === "string") i.authorized_at = new Date(Date.parse(i.authorized_at) - 5 * hour).toISOString().replace(/\.000Z$/, "-05:00");
      });
    },
  },
  {
    id: "refund-total-kept-after-cancel-refund", service: "bank-payments", class: "invariant", fault: "amount_refunded_total is kept after the refund is cancelled",
    response(e) { eachIntent(e, (i) => { if (i.refund?.status === "cancelled") i.amount_refunded_total = i.refund.amount; }); },
  },
  {
    id: "capture-kept-after-cancel", service: "bank-payments", class: "invariant", fault: "a canceled intent still shows captured_status succeeded",
    response(e) { eachIntent(e, (i) => { if (i.status === "canceled" && "captured_status" in i) i.captured_status = "succeeded"; }); },
  },
  {
    id: "refund-status-stays-succeeded", service: "bank-payments", class: "invariant", fault: "refund.status stays succeeded after cancel_refund",
    response(e) { eachIntent(e, (i) => { if (i.refund?.status === "cancelled") i.refund.status = "succeeded"; }); },
  },
  {
    id: "cancel-response-code-31", service: "bank-payments", class: "invariant", fault: "a successful cancel reports code 31 instead of 29",
    response(e) { eachIntent(e, (i) => { if (i.cancel?.response_code === "29") i.cancel.response_code = "31"; }); },
  },
  {
    id: "payments-on-bankpay", service: "bank-payments", class: "invariant", fault: "bankpay intents carry an empty payments list",
    response(e) { eachIntent(e, (i) => { if (i.type === "bankpay") i.payments = []; }); },
  },
  {
    id: "credit-intent-id-differs", service: "bank-payments", class: "invariant", fault: "a linked credit's transaction_intent_id names another intent",
    response(e) { eachCredit(e, (c) => { if (c.transaction_intent_id) c.transaction_intent_id = otherValue(c.transaction_intent_id); }); },
  },
  {
    id: "unlinked-credit-drops-creditable-id", service: "bank-payments", class: "invariant", fault: "unlinked credits lack creditable_id",
    response(e) { eachCredit(e, (c) => { if (c.type === "unlinked") delete c.creditable_id; }); },
  },
  {
    id: "declined-without-reference", service: "bank-payments", class: "invariant", fault: "a declined intent shows no reference_id",
    response(e) { if (is.intentRead(e)) eachIntent(e, (i) => { if (i.transaction_adverse_type) i.reference_id = null; }); },
  },
  {
    id: "declined-adverse-flag-false", service: "bank-payments", class: "invariant", fault: "a declined intent shows transaction_adverse_type false",
    response(e) { eachIntent(e, (i) => { if (i.status === "failed") i.transaction_adverse_type = false; }); },
  },
];

const schedule = (edit: (payments: Array<{ amount: string; scheduled_for: string }>) => void) => (e: Parameters<Mutant["response"]>[0]) =>
  eachIntent(e, (i) => { if (Array.isArray(i.payments) && i.payments.length > 0) edit(i.payments); });
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * day).toISOString().slice(0, 10);

const dates: Mutant[] = [
  {
    id: "schedule-three-payments", service: "bank-payments", class: "dates and schedules", fault: "a payment dropped from the schedule (the rest no longer adds up to the amount)",
    response: schedule((p) => { p.pop(); }),
  },
  {
    id: "schedule-sum-off", service: "bank-payments", class: "dates and schedules", fault: "the first payment is one cent too high",
    response: schedule((p) => { p[0].amount = (Math.round(Number(p[0].amount) * 100 + 1) / 100).toFixed(2); }),
  },
  {
    id: "credit-created-in-future", service: "bank-payments", class: "dates and schedules", fault: "credits are dated a day ahead",
    response(e) { eachCredit(e, (c) => { c.created_at = shifted(c.created_at, day); c.updated_at = shifted(c.updated_at, day); }); },
  },
  {
    id: "attempt-created-at-epoch", service: "bank-payments", class: "dates and schedules", fault: "cancel attempts are dated 1970-01-01",
    response(e) { eachIntent(e, (i) => { if (i.cancel) i.cancel.created_at = "1970-01-01T00:00:00Z"; }); },
  },
  {
    id: "authorized-at-yesterday", service: "bank-payments", class: "dates and schedules", fault: "the authorize action answers authorized_at a day early",
    response(e) { if (is.action(e, "authorize") && e.status === 200) eachIntent(e, (i) => { i.authorized_at = shifted(i.authorized_at, -day); }); },
  },
];

export const bankObjectMutants: Mutant[] = [...statusAndShape, ...echo, ...consistency, ...invariants, ...dates];
