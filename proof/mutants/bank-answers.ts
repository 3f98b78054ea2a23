// Faulty variants of the bank service's error bodies and reduced view, and faults on paths that
// only generated sequences reach (a second refund after a cancelled one, actions on failed or
// canceled intents, pending credits in lists...).
import { currentIntent, eachCredit, eachIntent, editJson, is, otherValue } from "./match.js";
import type { Exchange, Mutant, ProxyContext } from "./proxy.js";

const conflictOf = (e: Exchange) => {
  try {
    return JSON.parse(e.body)?.conflict as string | undefined;
  } catch {
    return undefined;
  }
};

const errorBodies: Mutant[] = [
  {
    id: "422-extra-key", service: "bank-payments", class: "error bodies", fault: "422 errors carry an extra key",
    response(e) { if (e.status === 422) editJson(e, (b) => { b.errors.debug = ["invalid"]; }); },
  },
  {
    id: "422-drops-key", service: "bank-payments", class: "error bodies", fault: "422 errors lose their last key when there are several",
    response(e) {
      if (e.status === 422) editJson(e, (b) => { const keys = Object.keys(b.errors); if (keys.length > 1) delete b.errors[keys[keys.length - 1]]; });
    },
  },
  {
    id: "409-action-missing", service: "bank-payments", class: "error bodies", fault: "intent 409s do not echo the action",
    response(e) { if (e.status === 409) editJson(e, (b) => { delete b.action; }); },
  },
  {
    id: "409-action-wrong", service: "bank-payments", class: "error bodies", fault: "intent 409s echo authorize whatever the action",
    response(e) { if (e.status === 409) editJson(e, (b) => { if (b.action) b.action = "authorize"; }); },
  },
  {
    id: "409-message-wrong-code", service: "bank-payments", class: "error bodies", fault: "409 messages name code 77 where 76 applies",
    response(e) { if (e.status === 409) e.body = e.body.replace(/\(response code 76\)/g, "(response code 77)"); },
  },
  {
    id: "422-missing-as-invalid", service: "bank-payments", class: "error bodies", fault: "a missing member is reported invalid",
    response(e) { if (e.status === 422) e.body = e.body.replace(/\["missing"\]/g, '["invalid"]'); },
  },
  {
    id: "403-as-401", service: "bank-payments", class: "error bodies", fault: "a key of the wrong kind gets 401",
    response(e) { if (e.status === 403) { e.status = 401; e.body = JSON.stringify({ message: "Unauthenticated." }); } },
  },
  {
    id: "404-extra-member", service: "bank-payments", class: "error bodies", fault: "404 bodies carry the path",
    response(e) { if (e.status === 404) editJson(e, (b) => { b.path = e.url.pathname; }); },
  },
  {
    id: "credit-409-code-swapped", service: "bank-payments", class: "error bodies", fault: "a credit being processed is reported already_cancelled",
    response(e) { if (e.status === 409) e.body = e.body.replace('"still_processing"', '"already_cancelled"'); },
  },
  {
    // B-15 leaves `billing_address.line_1`, `line_1` and doc 4.2's `line_one` open; another prefix is none of them.
    id: "billing-address-keys-misnamed", service: "bank-payments", class: "error bodies", fault: "billing address errors keyed under another object's name",
    response(e) { if (e.status === 422) e.body = e.body.replace(/"billing_address\.([a-z_0-9]+)"/g, '"address.$1"'); },
  },
  {
    id: "refund-codes-swapped", service: "bank-payments", class: "error bodies", fault: "refund 422 messages name 75 and 81 the wrong way round",
    response(e) {
      if (e.status === 422) e.body = e.body.replace(/\(response code 75\)|\(response code 81\)/g, (m) => (m.includes("75") ? "(response code 81)" : "(response code 75)"));
    },
  },
  {
    id: "capture-limit-never-fails", service: "bank-payments", class: "error bodies", fault: "captures over the limit are refused (78) forever: the fourth does not fail the intent (79)",
    response(e) {
      if (!is.action(e, "capture") || e.status !== 200) return;
      editJson(e, (b) => {
        if (b.data?.captured_status !== "limit_exceeded") return;
        e.status = 422;
        for (const key of Object.keys(b)) delete b[key];
        b.message = "The given data was invalid. Capture adjusted amount over the limit (response code 78).";
        b.errors = { amount: ["invalid"] };
      });
    },
  },
  {
    id: "submerchant-sentence-as-word", service: "bank-payments", class: "error bodies", fault: "submerchant_id problems are single words, not sentences",
    response(e) { if (is.creditCreate(e) && e.status === 422) editJson(e, (b) => { if (b.errors.submerchant_id) b.errors.submerchant_id = ["prohibited"]; }); },
  },
];

let mailableCalls = 0;

const reducedView: Mutant[] = [
  {
    id: "publishable-reason-hidden", service: "bank-payments", class: "reduced view", fault: "the publishable view hides reason",
    response(e, c) { if (is.intentRead(e) && is.publishable(e, c)) eachIntent(e, (i) => { i.reason = null; }); },
  },
  {
    id: "publishable-drops-payments", service: "bank-payments", class: "reduced view", fault: "the publishable view drops the payment schedule",
    response(e, c) { if (is.intentRead(e) && is.publishable(e, c)) eachIntent(e, (i) => { delete i.payments; }); },
  },
  {
    id: "publishable-reference-null", service: "bank-payments", class: "reduced view", fault: "the publishable view shows reference_id null",
    response(e, c) { if (is.intentRead(e) && is.publishable(e, c)) eachIntent(e, (i) => { i.reference_id = null; }); },
  },
  {
    id: "address-update-id-not-kept", service: "bank-payments", class: "reduced view", fault: "the address update answers a billing_address_id later reads do not show",
    response(e) { if (is.addressUpdate(e) && e.status === 200) eachIntent(e, (i) => { i.billing_address_id = otherValue(i.billing_address_id); }); },
  },
  {
    id: "publishable-adverse-false", service: "bank-payments", class: "reduced view", fault: "the publishable view hides the adverse action flag",
    response(e, c) { if (is.intentRead(e) && is.publishable(e, c)) eachIntent(e, (i) => { i.transaction_adverse_type = false; }); },
  },
  {
    id: "is-mailable-flips", service: "bank-payments", class: "reduced view", fault: "is_mailable changes from one publishable read to the next",
    response(e, c) {
      if (!is.intentRead(e) || !is.publishable(e, c)) return;
      mailableCalls += 1;
      if (mailableCalls % 2 === 0) eachIntent(e, (i) => { i.is_mailable = !i.is_mailable; });
    },
  },
];

/** Remembers the intents whose refund was cancelled (a later refund is a second refund). */
const refundCancelled = (c: ProxyContext) => {
  if (!c.memory.has("refund-cancelled")) c.memory.set("refund-cancelled", new Set<string>());
  return c.memory.get("refund-cancelled") as Set<string>;
};

const sequencesOnly: Mutant[] = [
  {
    id: "refund-after-cancel-refund-refused", service: "bank-payments", class: "sequences only", fault: "a refund after a cancelled refund is refused (409 not_ready)",
    response(e, c) {
      if (is.action(e, "cancel_refund") && e.status === 200) refundCancelled(c).add(e.url.pathname);
      if (is.action(e, "refund") && e.status === 200 && refundCancelled(c).has(e.url.pathname)) {
        e.status = 409;
        e.body = JSON.stringify({ conflict: "not_ready", message: "The transaction intent is already refunded.", action: "refund" });
      }
    },
  },
  {
    id: "second-refund-total-doubled", service: "bank-payments", class: "sequences only", fault: "a refund after a cancelled refund adds to amount_refunded_total",
    response(e, c) {
      if (is.action(e, "cancel_refund") && e.status === 200) refundCancelled(c).add(e.url.pathname);
      if (is.action(e, "refund") && e.status === 200 && refundCancelled(c).has(e.url.pathname)) {
        eachIntent(e, (i) => { i.amount_refunded_total = (2 * Number(i.amount_refunded_total)).toFixed(2); });
      }
    },
  },
  {
    id: "cancel-of-failed-accepted", service: "bank-payments", class: "sequences only", fault: "cancelling a failed intent is answered 200",
    async response(e, c) {
      if (!is.action(e, "cancel") || e.status !== 409) return;
      const intent = await currentIntent(e, c);
      if (intent?.status !== "failed") return;
      e.status = 200;
      e.body = JSON.stringify({ data: intent, meta: { type: "transaction_intent" } });
    },
  },
  {
    id: "cancel-refund-of-pending-accepted", service: "bank-payments", class: "sequences only", fault: "cancel_refund of an intent awaiting capture is answered 200",
    async response(e, c) {
      if (!is.action(e, "cancel_refund") || e.status !== 409) return;
      const intent = await currentIntent(e, c);
      if (intent?.status !== "pending_capture") return;
      e.status = 200;
      e.body = JSON.stringify({ data: intent, meta: { type: "transaction_intent" } });
    },
  },
  {
    id: "authorize-declined-not-ready", service: "bank-payments", class: "sequences only", fault: "authorizing a declined intent gives not_ready instead of already_occurred",
    async response(e, c) {
      if (!is.action(e, "authorize") || e.status !== 409 || conflictOf(e) !== "already_occurred") return;
      if ((await currentIntent(e, c))?.status === "failed") editJson(e, (b) => { b.conflict = "not_ready"; });
    },
  },
  {
    // No longer "sequences only": the race layer's cancel racing a capture meets it when the cancel goes first (issue 34).
    id: "capture-canceled-already-occurred", service: "bank-payments", class: "error bodies", fault: "capturing a canceled intent gives already_occurred instead of not_ready",
    async response(e, c) {
      if (!is.action(e, "capture") || e.status !== 409 || conflictOf(e) !== "not_ready") return;
      if ((await currentIntent(e, c))?.status === "canceled") editJson(e, (b) => { b.conflict = "already_occurred"; });
    },
  },
  {
    id: "refund-canceled-names-76", service: "bank-payments", class: "sequences only", fault: "refunding a canceled intent names code 76 instead of 77",
    response(e) { if (is.action(e, "refund") && e.status === 409) e.body = e.body.replace("(response code 77)", "(response code 76)"); },
  },
  {
    id: "pending-credit-listed-succeeded", service: "bank-payments", class: "sequences only", fault: "list pages show pending credits as succeeded",
    response(e) { if (is.creditList(e) && e.status === 200) eachCredit(e, (c) => { if (c.status === "pending") c.status = "succeeded"; }); },
  },
  {
    id: "bnpl-action-drops-payments", service: "bank-payments", class: "sequences only", fault: "action responses of bankpay_bnpl intents drop the schedule",
    response(e) { if (is.intentAction(e) && e.status === 200) eachIntent(e, (i) => { delete i.payments; }); },
  },
];

export const bankAnswerMutants: Mutant[] = [...errorBodies, ...reducedView, ...sequencesOnly];
