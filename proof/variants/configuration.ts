// Valid variants in what the documents leave to configuration, each told to the suite as settings
// (conformance/settings.ts): the sandbox configured through its helpers on a tenant of the
// variant's own, or the proxy where the sandbox has no such setting.
import { editJson, is, requestJson, secretKeyUsed } from "./rewrite.js";
import type { Variant } from "./variant.js";

const json = (value: unknown) => JSON.stringify(value);

const captureLimit5: Variant = {
  id: "capture-limit-5", decisions: ["B-34"], kind: "configuration", services: ["bank-payments"],
  change: "capture adjustment limit 5.00 with 1 retry (the sandbox configured so), told to the suite",
  allowedBy: "bank §8 \"capture adjustment ceilings exist (codes 78, 79); their values: not shown\"; issue 15 item 4",
  sandboxSettings: { capture_adjustment_limit: "5.00", capture_retries: 1 },
  settings: { capture_adjustment_limit: "5.00", capture_retries: 1 },
  // A capture above the amount authorized, within the limit, that succeeded; or the intent failed (79) after one refusal.
  evidence(e) {
    if (!is.action(e, "capture") || e.status !== 200) return false;
    try {
      const data = JSON.parse(e.body).data;
      return Number(data.amount_captured) > Number(data.amount_authorized) || data.captured_status === "limit_exceeded";
    } catch {
      return false;
    }
  },
};

const creditLimit100: Variant = {
  id: "credit-limit-100", decisions: ["B-46"], kind: "configuration", services: ["bank-payments"],
  change: "credit limit 100.00 (the sandbox configured so), told to the suite",
  allowedBy: "bank §8 \"Credit amount ... ceilings exist (code 74); their values: not shown\"; issue 15 item 4",
  sandboxSettings: { credit_limit: "100.00" },
  settings: { credit_limit: "100.00" },
  evidence: (e) => is.creditCreate(e) && e.status === 422 && e.body.includes("(response code 74)"),
};

const submerchantSentence = { required: "The submerchant id field is required." };

/** A linked credit's submerchant_id accepted (and with `required`, needed) instead of refused as prohibited. */
const linkedSubmerchant = (policy: "accepted" | "required", told: boolean): Variant => ({
  id: `linked-submerchant-${policy}${told ? "-told" : ""}`, decisions: ["B-47"], kind: "configuration", services: ["bank-payments"],
  change: `a linked credit's submerchant_id is ${policy === "accepted" ? "accepted" : "required (422 with a sentence when missing)"}${told ? ", told to the suite" : ", not told to the suite"}`,
  allowedBy: "bank §4.6 linked credit submerchant_id \"depends on client settings\", 422 \"when prohibited, invalid, or required but missing\"; issue 15 item 2",
  ...(told ? { settings: { linked_credit_submerchant_id: policy } } : {}),
  request(e, c) {
    const body = requestJson(e);
    if (!is.creditCreate(e) || !secretKeyUsed(e, c.secretKey) || typeof body?.transaction_intent_id !== "string" || "creditable_id" in body) return;
    if ("submerchant_id" in body) {
      if (typeof body.submerchant_id !== "string" || body.submerchant_id === "") return;
      const { submerchant_id: _given, ...rest } = body;
      return { forward: { body: json(rest) } };
    }
    if (policy !== "required") return;
    // Missing: the sandbox's 422 for a prohibited member lists the body's other problems too.
    e.notes.required = true;
    return { forward: { body: json({ ...body, submerchant_id: "S" }) } };
  },
  response(e) {
    if (e.notes.required && e.status === 422) editJson(e, (b) => { b.errors.submerchant_id = [submerchantSentence.required]; });
  },
});

const perPage25Max50: Variant = {
  id: "per-page-25-max-50", decisions: ["B-5"], kind: "configuration", services: ["bank-payments"],
  change: "lists default to 25 per page and allow at most 50 (51 gets 422), told to the suite",
  allowedBy: "bank §8 \"Default and maximum per_page: not shown\"; contract-audit §5",
  settings: { per_page_default: 25, per_page_max: 50 },
  request(e) {
    if (!is.list(e)) return;
    const query = new URLSearchParams(e.url.search);
    const given = query.get("per_page");
    if (given !== null && /^[0-9]+$/.test(given) && Number(given) > 50 && Number(given) <= 100) {
      // Over this server's maximum: the sandbox's own 422 for a per_page over its maximum, with the other filters' problems.
      query.set("per_page", "101");
      return { forward: { path: `${e.url.pathname}?${query}` } };
    }
    if (given !== null) return;
    query.set("per_page", "25");
    e.notes.defaulted = true;
    return { forward: { path: `${e.url.pathname}?${query}` } };
  },
  response(e) {
    if (!e.notes.defaulted || e.status !== 200) return;
    // The links repeat the query as the client sent it: without per_page.
    editJson(e, (body) => {
      for (const key of ["first", "last", "prev", "next"]) {
        if (typeof body.links?.[key] !== "string") continue;
        const url = new URL(body.links[key]);
        url.searchParams.delete("per_page");
        body.links[key] = url.href;
      }
    });
  },
};

export const configurationVariants: Variant[] = [
  captureLimit5, creditLimit100,
  linkedSubmerchant("accepted", false), linkedSubmerchant("accepted", true),
  // Not "required" untold: the suite's own linked credits need the submerchant id then, so such a
  // server must tell it (docs/conformance.md, Settings).
  linkedSubmerchant("required", true),
  perPage25Max50,
];
