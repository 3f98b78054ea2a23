// Valid variants of the bank service's objects: what an intent, a credit or a page may show where
// the documents allow more than one answer, or leave the value to the server.
import { editJson, eachCredit, eachIntent, is, mapOf, requestJson, setOf } from "./rewrite.js";
import type { Variant } from "./variant.js";

const awaiting = ["pending_service_fee_acceptance", "pending_service_fee", "pending_authorization"];

const reasonBeforeAuthorization: Variant = {
  id: "reason-before-authorization", decisions: ["B-36", "B-37"], kind: "objects", services: ["bank-payments"],
  change: "reason and reference_id set at creation (the reference then kept for good)",
  allowedBy: "bank §2.1 reason \"reason for the status\", reference_id \"string or null\"; contract-audit row 10",
  request(e, c) {
    // An amount ending .33 is the sandbox's trigger for an intent without a reference: leave those alone.
    if (is.intentCreate(e) && /\.33$/.test(String(requestJson(e)?.amount ?? ""))) e.notes.noReference = true;
    const created = c.memory.get("created references") as Map<string, string> | undefined;
    if (!is.intentList(e) || !created || !e.url.searchParams.has("reference_number")) return;
    const asked = e.url.searchParams.get("reference_number")!;
    const original = [...mapOf<string>(c.memory, "reference pairs")].find(([, shown]) => shown === asked)?.[0];
    if (original === undefined) return;
    const query = new URLSearchParams(e.url.search);
    query.set("reference_number", original);
    return { forward: { path: `${e.url.pathname}?${query}` } };
  },
  response(e, c) {
    const noReference = e.notes.noReference === true;
    const created = mapOf<string>(c.memory, "created references");
    const pairs = mapOf<string>(c.memory, "reference pairs");
    const skipped = setOf(c.memory, "no reference");
    if (is.intentCreate(e) && noReference) editJson(e, (b) => { if (b?.data?.id) skipped.add(b.data.id); });
    eachIntent(e, (intent) => {
      if (awaiting.includes(intent.status) && intent.reason === null) intent.reason = "Awaiting the consumer's acceptance of the service fee";
      if (skipped.has(intent.id)) return;
      if (awaiting.includes(intent.status) && intent.reference_id === null && !created.has(intent.id)) created.set(intent.id, `RF-C${created.size + 100000}`);
      const shown = created.get(intent.id);
      if (shown === undefined) return;
      if (intent.reference_id !== null && intent.reference_id !== shown) pairs.set(intent.reference_id, shown);
      if ("reference_id" in intent || awaiting.includes(intent.status)) intent.reference_id = shown;
    });
    // Create responses are reduced objects without reference_id: nothing else to show there.
    editJson(e, (body) => {
      for (const key of ["first", "last", "prev", "next"]) {
        const link = body?.links?.[key];
        if (typeof link === "string") for (const [original, shown] of pairs) body.links[key] = body.links[key].replace(`reference_number=${original}`, `reference_number=${shown}`);
      }
    });
  },
};

const creditReasonOnCancel: Variant = {
  id: "credit-reason-changes-on-cancel", decisions: ["B-50"], kind: "credits", services: ["bank-payments"],
  change: "a cancelled credit's reason says it was cancelled (not the reason it had before)",
  allowedBy: "bank §2.4 reason \"Reason for the status\", and cancelling changes the status; issue 15 item 1",
  response(e) { eachCredit(e, (credit) => { if (credit.status === "cancelled" || credit.status === "canceled") credit.reason = "Cancelled at the merchant's request"; }); },
};

const creditCanceledInReads: Variant = {
  id: "credit-canceled-in-reads", decisions: ["B-42"], kind: "credits", services: ["bank-payments"],
  change: "reads and lists spell a cancelled credit's status canceled; the cancel response says cancelled",
  allowedBy: "bank §2.4 \"canceled (cancel responses show the spelling cancelled)\"; issue 15 item 7",
  response(e) {
    if (is.creditRead(e) || is.creditList(e)) eachCredit(e, (credit) => { if (credit.status === "cancelled") credit.status = "canceled"; });
  },
};

const stationNumberWithoutStore: Variant = {
  id: "station-number-without-store", decisions: ["B-49"], kind: "credits", services: ["bank-payments"],
  change: "a linked credit created without store_number shows a station number (the account's default, 0001)",
  allowedBy: "bank §2.4 station_number \"string or null\", §4.6 store_number optional on a linked credit; issue 15 item 6",
  request(e, c) {
    const body = requestJson(e);
    e.notes.linkedWithoutStore = is.creditCreate(e) && typeof body?.transaction_intent_id === "string" && body.store_number === undefined;
  },
  response(e, c) {
    const credits = setOf(c.memory, "without store");
    if (is.creditCreate(e) && e.status === 201 && e.notes.linkedWithoutStore) eachCredit(e, (credit) => credits.add(credit.id));
    eachCredit(e, (credit) => { if (credits.has(credit.id) && credit.status !== "failed" && credit.station_number === null) credit.station_number = "0001"; });
  },
};

const metaPathRelative: Variant = {
  id: "meta-path-relative", decisions: ["B-54"], kind: "pages", services: ["bank-payments"],
  change: "meta.path is the route path (/api/credits), not a URL",
  allowedBy: "bank §2.5 meta.path \"string (route path)\"; issue 15 item 6",
  response(e) { if (is.list(e) && e.status === 200) editJson(e, (body) => { body.meta.path = new URL(body.meta.path, "http://x").pathname; }); },
};

const linksRelative: Variant = {
  id: "links-relative", decisions: ["B-54"], kind: "pages", services: ["bank-payments"],
  change: "page links are relative URLs (/api/credits?page=2)",
  allowedBy: "bank §2.5 \"string or null (page URLs)\"; a relative reference is a URL reference (RFC 3986 §4.1); contract-audit row 13",
  response(e) {
    if (!is.list(e) || e.status !== 200) return;
    editJson(e, (body) => {
      for (const key of ["first", "last", "prev", "next"]) {
        if (typeof body.links[key] === "string") { const url = new URL(body.links[key]); body.links[key] = url.pathname + url.search; }
      }
    });
  },
};

const emptyPageZero: Variant = {
  id: "empty-page-zero", decisions: ["B-6"], kind: "pages", services: ["bank-payments"],
  change: "from and to are 0 on an empty page",
  allowedBy: "bank §2.5 from, to \"number\" (not \"or null\"); contract-audit row 13",
  response(e) {
    if (is.list(e) && e.status === 200) editJson(e, (body) => { if (body.data.length === 0) { body.meta.from = 0; body.meta.to = 0; } });
  },
};

const addressUpdateSameId: Variant = {
  id: "address-update-same-id", decisions: ["B-9"], kind: "objects", services: ["bank-payments"],
  change: "the billing address updated in place keeps its id",
  allowedBy: "bank §4.2 \"Update billing address\", success response not shown; contract-audit row 19",
  response(e, c) {
    const first = mapOf<string>(c.memory, "first address");
    if (is.intentCreate(e)) editJson(e, (b) => { if (b?.data?.billing_address?.id) first.set(b.data.id, b.data.billing_address.id); });
    eachIntent(e, (intent) => {
      if (typeof intent.billing_address_id !== "string") return;
      if (!first.has(intent.id)) first.set(intent.id, intent.billing_address_id);
      intent.billing_address_id = first.get(intent.id);
    });
  },
};

const absentNotNull: Variant = {
  id: "absent-not-null", decisions: ["B-27", "B-48"], kind: "objects", services: ["bank-payments"],
  change: "employee_number and the create response's billing_address absent, not null, when not given",
  allowedBy: "bank §2.4 employee_number \"string\" (not \"or null\"); §2.1 create responses list billing_address only as an object; contract-audit row 20",
  response(e) {
    eachCredit(e, (credit) => { if (credit.employee_number === null) delete credit.employee_number; });
    if (is.intentCreate(e)) editJson(e, (b) => { if (b?.data && b.data.billing_address === null) delete b.data.billing_address; });
  },
};

const adverseTypeOnlyInLists: Variant = {
  id: "adverse-type-only-in-lists", decisions: ["B-26"], kind: "objects", services: ["bank-payments"],
  change: "transaction_adverse_type appears in list items only",
  allowedBy: "bank §2.1 transaction_adverse_type \"(appears in list output)\"; contract-audit row 15",
  response(e) { if (!is.intentList(e)) eachIntent(e, (intent) => { delete intent.transaction_adverse_type; }); },
};

const refundCode21: Variant = {
  id: "refund-code-21", decisions: ["B-29"], kind: "objects", services: ["bank-payments"],
  change: "approved refunds show response code 21",
  allowedBy: "bank §7.4: 08 and 21 both mean Approval; contract-audit row 16",
  response(e) { eachIntent(e, (intent) => { if (intent.refund?.response_code === "08") intent.refund.response_code = "21"; }); },
};

const conflictActionAbsentOnCreate: Variant = {
  id: "conflict-action-absent-on-create", decisions: ["B-39"], kind: "objects", services: ["bank-payments"],
  change: "a creation's 409 carries no action member",
  allowedBy: "bank §7.2 \"for actions the field action echoing the action\" (a creation is not an action); contract-audit row 8",
  response(e) { if (is.intentCreate(e) && e.status === 409) editJson(e, (body) => { delete body.action; }); },
};

const addressKeys = (id: string, change: string, key: (member: string) => string): Variant => ({
  id, decisions: ["B-15"], kind: "objects", services: ["bank-payments"], change,
  allowedBy: "bank §4.1 \"errors keyed by field, including ... address/name members\"; §4.2 shows line_one, city_locality, postal_code; contract-audit row 9",
  response(e) {
    if (!is.intentCreate(e) || e.status !== 422) return;
    editJson(e, (body) => {
      body.errors = Object.fromEntries(Object.entries(body.errors).map(([name, words]) => {
        const nested = /^billing_address\.(.+)$/.exec(name);
        return [nested ? key(nested[1]) : name, words];
      }));
    });
  },
});

const docAddressKeys: Record<string, string> = { line_1: "line_one", line_2: "line_two" };

const metaTypeOnCreateAuthorize: Variant = {
  id: "meta-type-on-create-authorize", decisions: ["B-38"], kind: "objects", services: ["bank-payments"],
  change: "meta.type is pending_capture on a creation with action authorize",
  allowedBy: "bank §2.5 \"the authorize response shows the status value pending_capture as meta.type\"; contract-audit row 21",
  response(e) {
    if (is.intentCreate(e) && e.status === 201 && requestJson(e)?.action === "authorize") editJson(e, (body) => { body.meta.type = "pending_capture"; });
  },
};

// Rows of docs/sandbox.md "Sandbox behaviour the contract leaves open".
const serviceFeeOther: Variant = {
  id: "service-fee-other", decisions: [], sandboxRow: "Service fee", kind: "objects", services: ["bank-payments"],
  change: "the service fee is 1.95, not 2.50",
  allowedBy: "bank §2.1 service_fee \"currency amount of the service fee\" (its value: the service fee record, not shown)",
  response(e) { eachIntent(e, (intent) => { if (intent.service_fee === "2.50") intent.service_fee = "1.95"; }); },
};

const chainNumberOther: Variant = {
  id: "chain-number-other", decisions: [], sandboxRow: "Other fields", kind: "objects", services: ["bank-payments"],
  change: "another client chain number (merchant_id equal to it)",
  allowedBy: "bank §2.1 chain_number \"client chain number\", merchant_id \"equals the chain number\"",
  response(e) {
    eachIntent(e, (intent) => {
      if (typeof intent.chain_number === "string") intent.chain_number = "7781-0042";
      if (typeof intent.merchant_id === "string") intent.merchant_id = "7781-0042";
    });
  },
};

const isMailableFalse: Variant = {
  id: "is-mailable-false", decisions: [], sandboxRow: "Other fields", kind: "objects", services: ["bank-payments"],
  change: "is_mailable is false (the adverse action e-mail cannot be sent)",
  allowedBy: "bank §2.1 is_mailable \"boolean\", whether the e-mail can be sent",
  response(e) { eachIntent(e, (intent) => { if (intent.is_mailable === true) intent.is_mailable = false; }); },
};

/** A date some whole months later, on the same day or the month's last. */
function monthsLater(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString().slice(0, 10);
}

const bnplScheduleMonthly: Variant = {
  id: "bnpl-schedule-monthly", decisions: ["B-41"], kind: "objects", services: ["bank-payments"],
  change: "bankpay_bnpl schedules of three payments a month apart, starting a month after creation (the sum unchanged)",
  allowedBy: "bank §2.1 payments \"payment schedule\", each an amount and a date (count and spacing not shown); contract-audit §5",
  response(e) {
    eachIntent(e, (intent) => {
      if (!Array.isArray(intent.payments) || intent.payments.length === 0) return;
      const cents = intent.payments.reduce((sum: number, p: { amount: string }) => sum + Math.round(Number(p.amount) * 100), 0);
      const start = intent.payments[0].scheduled_for as string;
      intent.payments = [0, 1, 2].map((i) => ({
        amount: ((Math.floor(cents / 3) + (i < cents % 3 ? 1 : 0)) / 100).toFixed(2),
        scheduled_for: monthsLater(start, i + 1),
      }));
    });
  },
};

export const objectVariants: Variant[] = [
  reasonBeforeAuthorization, creditReasonOnCancel, creditCanceledInReads, stationNumberWithoutStore,
  metaPathRelative, linksRelative, emptyPageZero, addressUpdateSameId, absentNotNull, adverseTypeOnlyInLists,
  refundCode21, conflictActionAbsentOnCreate,
  addressKeys("billing-address-keys-bare", "422 keys of billing address members are the bare member names (line_1)", (member) => member),
  addressKeys("billing-address-keys-doc-names", "422 keys of billing address members are the doc's names (line_one, city_locality, postal_code)", (member) => docAddressKeys[member] ?? member),
  metaTypeOnCreateAuthorize, serviceFeeOther, chainNumberOther, isMailableFalse, bnplScheduleMonthly,
];
