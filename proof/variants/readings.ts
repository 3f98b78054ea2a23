// Valid variants for rows the documents let a server read two ways, where the suite accepts both
// (issue 23): the sandbox takes one reading, the proxy answers the other.
import { currentIntent, editJson, is, requestJson, secretKeyUsed, setOf } from "./rewrite.js";
import type { Exchange, RequestChange } from "../mutants/proxy.js";
import type { Variant } from "./variant.js";

/** B-28: a capture of an intent captured and then canceled is "already captured" (73), not "not captured" (76). */
const captureAfterCancelAlreadyOccurred: Variant = {
  id: "capture-after-cancel-already-occurred", decisions: ["B-28"], kind: "behaviour", services: ["bank-payments"], coverage: true,
  change: "capturing an intent that was captured and then canceled is refused 409 already_occurred (code 73), not not_ready (76)",
  allowedBy: "bank §7.4 code 73 \"Debit already captured\" is true of such an intent, and so is 76 of its canceled state; B-28 accepts both",
  // Rewrites the implementation's own 409 not_ready, so a request whose body is also wrong still gets
  // its 422 first (B-52's order), as any server reading B-28 this way would answer.
  async response(e, c) {
    if (e.status >= 200 && e.status < 300) {
      // Remembers every intent a response shows captured (a capture, an authorize_and_capture).
      editJson(e, (body) => {
        const items = Array.isArray(body?.data) ? body.data : body?.data ? [body.data] : [];
        for (const item of items) if (typeof item?.id === "string" && item.amount_captured != null) setOf(c.memory, "captured").add(item.id);
      });
      return;
    }
    if (e.status !== 409 || !is.action(e, "capture") || !secretKeyUsed(e, c.secretKey)) return;
    const id = e.url.pathname.split("/").pop() ?? "";
    if (!setOf(c.memory, "captured").has(id) || (await currentIntent(e, c))?.status !== "canceled") return;
    e.body = JSON.stringify({ conflict: "already_occurred", message: "The transaction intent is already captured (response code 73).", action: "capture" });
  },
};


const canadianProvinces = new Set(["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"]);

/** C-15: a Canadian province code in `address.state` processed like any state (the sandbox refuses it). */
const provinceStateProcessed: Variant = {
  id: "province-state-processed", decisions: ["C-15"], kind: "check cashing", services: ["check-cashing"], coverage: true,
  change: "a Canadian province code in address.state is processed like a US state, not refused",
  allowedBy: "cc §2 states only the zip's form (5 or 9 digits) for US addresses; nothing refuses a state code; C-15 open for state",
  request(e) {
    const body = requestJson(e);
    const state = body?.address?.state;
    if (typeof state !== "string" || !canadianProvinces.has(state.toUpperCase())) return;
    // The sandbox is asked with a US state in its place; nothing the answer carries names the state.
    return { forward: { body: JSON.stringify({ ...body, address: { ...body.address, state: "TX" } }) } };
  },
};

/** A written request (POST, PATCH) whose JSON object body `rewrite` changes, forwarded as changed; nothing when it does not. */
function forwardRewritten(e: Exchange, rewrite: (body: Record<string, any>) => Record<string, unknown> | undefined): RequestChange | undefined {
  if (e.method !== "POST" && e.method !== "PATCH") return undefined;
  const body = requestJson(e);
  if (body === null || typeof body !== "object" || Array.isArray(body)) return undefined;
  const changed = rewrite(body);
  return changed === undefined ? undefined : { forward: { body: JSON.stringify(changed) } };
}

/** The members of a bank request body without its empty strings, in the body and its billing address (B-62). */
function withoutEmptyStrings(body: Record<string, unknown>): { body: Record<string, unknown>; found: boolean } {
  let found = false;
  const drop = (object: Record<string, unknown>) => Object.fromEntries(Object.entries(object).filter(([, value]) => {
    if (value === "") found = true;
    return value !== "";
  }));
  const read = drop(body);
  const address = read.billing_address;
  if (address !== null && typeof address === "object" && !Array.isArray(address)) read.billing_address = drop(address as Record<string, unknown>);
  return { body: read, found };
}

/**
 * B-62: a Laravel application (issue 36's fourth implementation) reads an empty string as absent
 * (ConvertEmptyStringsToNull): a required member sent as "" is `missing`, an optional one is left out
 * (the address update's `line_2: ""` is accepted, a credit's `employee_number: ""` is echoed null).
 */
const emptyStringsAbsent: Variant = {
  id: "empty-strings-absent", decisions: ["B-62", "B-14", "B-48"], kind: "behaviour", services: ["bank-payments"], coverage: true,
  change: "an empty string in a request is read as absent (Laravel's ConvertEmptyStringsToNull): missing where required, left out where optional",
  allowedBy: "bank §7.1 gives the words \"invalid, or missing\" but not which an empty value gets, and states no minimum length for any member; B-62",
  request: (e) => forwardRewritten(e, (body) => {
    const read = withoutEmptyStrings(body);
    return read.found ? read.body : undefined;
  }),
};

/** The free-text members of the bank requests (`RequestText`), by object: the body's own, and a billing address's. */
const freeTexts = {
  body: ["store_number", "product_code", "product_subcode", "submerchant_id", "employee_number", "city", "line_1", "line_2", "state_province", "zipcode"],
  billing_address: ["city_locality", "line_1", "line_2", "state_province", "postal_code"],
};
/** What the sandbox is sent for an empty free text (it refuses ""), and shown back as "". */
const keptEmpty = "KEPT-EMPTY";

/** B-62, the other reading: an empty free text is a value like any other, kept and echoed as "". */
const emptyStringsKept: Variant = {
  id: "empty-strings-kept", decisions: ["B-62"], kind: "behaviour", services: ["bank-payments"], coverage: true,
  change: "an empty string in a free-text request member is a value: accepted, stored, and echoed as \"\"",
  allowedBy: "the bank documents state no minimum length for any request member; B-62",
  request: (e) => forwardRewritten(e, (body) => {
    let found = false;
    const keep = (object: Record<string, unknown>, names: string[]) => {
      for (const name of names) if (object[name] === "") { object[name] = keptEmpty; found = true; }
    };
    keep(body, freeTexts.body);
    if (body.billing_address !== null && typeof body.billing_address === "object") keep(body.billing_address, freeTexts.billing_address);
    return found ? body : undefined;
  }),
  response(e) {
    if (e.body.includes(`"${keptEmpty}"`)) e.body = e.body.split(`"${keptEmpty}"`).join('""');
  },
};

/**
 * B-2: the secret key processed on the billing address update (doc 4.2 says "auth P"; section 5
 * neither grants nor excludes S). Bank doc 2.1 returns `is_mailable` only to the publishable key,
 * so the answer to the secret key has none.
 */
const addressUpdateSecretKeyProcessed: Variant = {
  id: "address-update-secret-key-processed", decisions: ["B-2"], kind: "behaviour", services: ["bank-payments"],
  change: "the billing address update processes the secret key too, answering the reduced view without is_mailable",
  allowedBy: "bank §4.2 \"auth P\"; §5 neither grants nor excludes the secret key there; §2.1 is_mailable \"returned only when the publishable key is used\"; B-2 open",
  async response(e, c) {
    if (!is.addressUpdate(e) || e.status !== 403 || !secretKeyUsed(e, c.secretKey)) return;
    const answer = await c.forward("PATCH", e.url.pathname, { Authorization: `Bearer ${c.publishableKey}`, "Content-Type": "application/json", Accept: "application/json" }, e.requestBody);
    e.status = answer.status;
    e.body = answer.body;
    if (e.status === 200) editJson(e, (body) => { delete body.data.is_mailable; });
  },
};

export const readingVariants: Variant[] = [captureAfterCancelAlreadyOccurred, provinceStateProcessed, emptyStringsAbsent, emptyStringsKept, addressUpdateSecretKeyProcessed];
