// Valid variants of the bank service's behaviour: readings of the documents that the sandbox does
// not take, answered by the proxy (asking the sandbox what it needs to know).
import { withoutUnknownMembers } from "./declared-members.js";
import { currentIntent, eachIntent, editJson, is, mapOf, requestJson, secretKeyUsed } from "./rewrite.js";
import type { Variant } from "./variant.js";

const json = (value: unknown) => JSON.stringify(value);

const authorizeNeedsAcceptedFee: Variant = {
  id: "authorize-needs-accepted-fee", decisions: ["B-28"], kind: "behaviour", services: ["bank-payments"],
  change: "authorize of an intent awaiting service fee acceptance is refused (409 not_ready)",
  allowedBy: "bank §1: a service fee the consumer accepts is a prerequisite; §3.1 transitions out of pending_service_fee_acceptance not shown; contract-audit row 3",
  async request(e, c) {
    const body = requestJson(e);
    if (!is.action(e, "authorize") || !secretKeyUsed(e, c.secretKey) || Object.keys(body ?? {}).length !== 1) return;
    if ((await currentIntent(e, c))?.status !== "pending_service_fee_acceptance") return;
    return { answer: { status: 409, body: json({ conflict: "not_ready", message: "The consumer has not accepted the service fee.", action: "authorize" }) } };
  },
};

const cents = (amount: unknown) => Math.round(Number(amount) * 100);

const refundBaseAuthorized: Variant = {
  id: "refund-base-authorized", decisions: ["B-35"], kind: "behaviour", services: ["bank-payments"],
  change: "after a partial capture, a refund of the captured amount is refused: less than the purchase amount (422, code 81)",
  allowedBy: "bank §8 \"may not exceed the approved debit (code 75)\", §7.4 code 81 \"less than purchase amount\"; contract-audit row 26",
  async request(e, c) {
    const amount = requestJson(e)?.amount;
    if (!is.action(e, "refund") || !secretKeyUsed(e, c.secretKey) || !Number.isFinite(Number(amount)) || typeof amount === "boolean") return;
    const intent = await currentIntent(e, c);
    if (intent?.status !== "succeeded" || intent.refund !== null || intent.amount_captured === null) return;
    if (!(cents(intent.amount_captured) < cents(intent.amount_authorized) && cents(amount) < cents(intent.amount_authorized) && cents(amount) > 0)) return;
    return {
      answer: {
        status: 422,
        body: json({ message: "The given data was invalid. Refund amount less than purchase amount; partial refunds not enabled (response code 81).", errors: { amount: ["invalid"] } }),
      },
    };
  },
};

const unknownMembersIgnored: Variant = {
  id: "unknown-members-ignored", decisions: ["B-11", "C-13"], kind: "behaviour", services: ["bank-payments", "check-cashing"],
  change: "members a request body does not declare are ignored, not refused",
  allowedBy: "bank §7.1 member strings are \"invalid, or missing, or a sentence\" (no word for an unknown member); neither document says unknown members are refused; contract-audit §5",
  request(e) {
    const body = withoutUnknownMembers(e.url.pathname.startsWith("/v1/") ? "check-cashing" : "bank-payments", e.method, e.url.pathname, e.requestBody);
    if (body !== undefined) return { forward: { body } };
  },
};

/**
 * A member the sandbox defaults, refused as missing instead: the proxy sends an invalid value in
 * its place, so that the sandbox's 422 lists every other problem too, and renames the entry.
 */
const requiredMember = (id: string, decisions: string[], member: string, applies: (e: Parameters<NonNullable<Variant["request"]>>[0], body: any) => boolean, change: string, allowedBy: string): Variant => ({
  id, decisions, kind: "behaviour", services: ["bank-payments"], change, allowedBy,
  request(e) {
    const body = requestJson(e);
    if (body === null || typeof body !== "object" || Array.isArray(body) || member in body || !applies(e, body)) return;
    e.notes.missing = true;
    return { forward: { body: json({ ...body, [member]: [] }) } };
  },
  response(e) {
    if (!e.notes.missing || e.status !== 422) return;
    e.body = e.body.replace(new RegExp(`"${member}":\\[[^\\]]*\\]`), `"${member}":["missing"]`);
  },
});

/** B-53: a declined intent shows when the authorization was attempted, held in every later read. */
const declineAuthorizedAtSet: Variant = {
  id: "decline-authorized-at-set", decisions: ["B-53"], kind: "behaviour", services: ["bank-payments"],
  change: "a declined intent's authorized_at is the time of the declined attempt, not null",
  allowedBy: "bank §2.1 authorized_at \"ISO 8601 UTC\" with no word on declines; §3.1 a decline sets status failed and reason; B-53",
  response(e, c) {
    const attempted = mapOf<string>(c.memory, "declined-at");
    eachIntent(e, (intent) => {
      if (intent.status !== "failed" || intent.authorized_at !== null || typeof intent.id !== "string") return;
      if (!attempted.has(intent.id)) attempted.set(intent.id, new Date().toISOString().replace(/\.\d{3}Z$/, "Z"));
      intent.authorized_at = attempted.get(intent.id);
    });
  },
};

/** B-12: a body that is not a JSON object read as an empty one (Laravel's reading): the members it then lacks are missing. */
const unparsedBodyAsEmpty: Variant = {
  id: "unparsed-body-as-empty", decisions: ["B-12"], kind: "behaviour", services: ["bank-payments"],
  change: "a creation whose body is not a JSON object is refused as missing its required members, not on body",
  allowedBy: "bank §7.1 gives no key for an unreadable body; Laravel reads one as empty; B-12",
  response(e) {
    if (e.status !== 422 || !is.intentCreate(e)) return;
    const body = requestJson(e);
    if (body !== null && typeof body === "object" && !Array.isArray(body)) return;
    editJson(e, (answer) => {
      if (JSON.stringify(answer.errors) !== JSON.stringify({ body: ["invalid"] })) return;
      answer.errors = { amount: ["missing"], bank_account: ["missing"], consumer_id: ["missing"], store_number: ["missing"] };
    });
  },
};

export const behaviourVariants: Variant[] = [
  authorizeNeedsAcceptedFee, refundBaseAuthorized, unknownMembersIgnored, declineAuthorizedAtSet, unparsedBodyAsEmpty,
  requiredMember("type-required", ["B-23"], "type", (e, body) => is.intentCreate(e) && body.action === undefined,
    "a creation without action and without type is refused (422 type missing), not defaulted to bankpay",
    "bank §4.1 variant A: type \"Y\" (required) and \"default bankpay\"; contract-audit row 25"),
  requiredMember("refund-amount-required", ["B-35"], "amount", (e) => is.action(e, "refund"),
    "a refund without amount is refused (422 amount missing), not a full refund",
    "bank §4.3 refund \"amount (number)\" (required not stated; capture's is); contract-audit row 25"),
];
