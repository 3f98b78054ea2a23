// Valid variants in the form of values a client must not rely on: the alphabet of server-chosen
// identifiers and references, the offset of times, the media type's parameters, the order of
// members and unordered arrays, and free texts. Each is applied everywhere it applies, and mapped
// back where the client sends a value back (paths, bodies, query strings).
import { randomUUID } from "node:crypto";
import type { Exchange } from "../mutants/proxy.js";
import { editJson, eachObject, hash, mapQuery, mapResponseStrings, pageUrls, pathAndQuery, renamesOf, setOf, type Renames } from "./rewrite.js";
import type { Variant } from "./variant.js";

// The sandbox's identifiers: a prefix and 16 letters and digits (sandbox/ids.ts).
const sandboxId = /\b(transaction_intent|credit|address)_[A-Za-z0-9]{16}\b/g;
const uuidId = /\b(transaction_intent|credit|address)_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;

const idsWithUuidTokens: Variant = {
  id: "ids-uuid-tokens", decisions: ["B-16"], kind: "identifiers", services: ["bank-payments"],
  change: "server-chosen ids (transaction_intent_, credit_, address_) carry a UUID token (with dashes), mapped consistently",
  allowedBy: "bank §2.1 \"transaction_intent_<token>\" (the token is not specified); contract-audit row 12",
  request(e, c) {
    // An id the client made up in the sandbox's form stays as it is in answers too.
    for (const id of `${pathAndQuery(e)} ${e.requestBody}`.match(sandboxId) ?? []) setOf(c.memory, "client ids").add(id);
    const renames = uuidRenames(c.memory);
    const back = (text: string) => text.replace(uuidId, (id) => renames.back(id));
    return { forward: { path: back(pathAndQuery(e)), body: back(e.requestBody) } };
  },
  response(e, c) {
    const clientIds = setOf(c.memory, "client ids");
    const renames = uuidRenames(c.memory);
    e.body = e.body.replace(sandboxId, (id) => (clientIds.has(id) ? id : renames.show(id)));
  },
};

function uuidRenames(memory: Map<string, unknown>): Renames {
  return renamesOf(memory, "uuid ids", (id) => `${id.slice(0, id.lastIndexOf("_"))}_${randomUUID()}`);
}

// References the server chooses, each shown in another form of the same kind.
const referenceForms: Record<string, (count: number) => string> = {
  reference_id: (n) => String(4_000_000_000 + n * 7919),                            // letters and digits -> digits only
  capture_reference_id: (n) => `cap.${letters(n)}`,                                // digits -> lower-case letters
  reference_number: (n) => `${letters(n).toUpperCase()}${n}`,                      // digits -> letters then digits
  trxRefID: (n) => String(7_000_000 + n),                                          // 14-15 digits -> 7 digits
  approvalNum: (n) => String(999_999 - n).padStart(6, "0"),                        // other 6 digits
};

function letters(n: number): string {
  let out = "";
  for (let rest = n + 26 * 27; rest > 0; rest = Math.floor(rest / 26)) out = String.fromCharCode(97 + (rest % 26)) + out;
  return out;
}

const referenceTable = (memory: Map<string, unknown>, name: string) => renamesOf(memory, `references ${name}`, (_, n) => referenceForms[name](n));

const tokensInOtherAlphabet: Variant = {
  id: "tokens-other-alphabet", decisions: ["B-16", "B-37", "C-10"], kind: "identifiers", services: ["bank-payments", "check-cashing"],
  change: "server-chosen references (reference_id, capture_reference_id, attempt and credit reference_number, trxRefID, approvalNum) in another form of the same kind, mapped consistently (query strings too)",
  allowedBy: "bank §2.1/2.2/2.4 and cc §2.2/2.3 give these only as strings (trxRefID \"numeric, up to 15 digits\", approvalNum \"6 digits\"); contract-audit row 12",
  request(e, c) {
    if (e.url.search === "") return;
    // A filter names a reference as shown: ask the implementation with its own.
    const path = mapQuery(pathAndQuery(e), (name, value) => Object.keys(referenceForms).reduce((v, member) => referenceTable(c.memory, member).back(v), value));
    return { forward: { path } };
  },
  response(e, c) {
    editJson(e, (body) => {
      eachObject(body, (object) => {
        for (const member of Object.keys(referenceForms)) {
          if (typeof object[member] === "string" && object[member] !== "") object[member] = referenceTable(c.memory, member).show(object[member]);
        }
      });
      // Page links repeat the filters as the implementation read them.
      for (const [holder, name] of pageUrls(body)) {
        holder[name] = mapQuery(holder[name], (_, value) => Object.keys(referenceForms).reduce((v, member) => referenceTable(c.memory, member).shownIfKnown(v), value));
      }
    });
  },
};

const isoUtc = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?)Z$/;

const timesPlusZero: Variant = {
  id: "times-plus-00-00", decisions: ["B-17", "C-17"], kind: "times", services: ["bank-payments", "check-cashing"],
  change: "every UTC date-time written +00:00 instead of Z (Python's isoformat)",
  allowedBy: "ISO 8601 and RFC 3339 both write UTC as +00:00 too; issue 15 item 3; contract-audit §1 and row 23",
  response(e) { mapResponseStrings(e, (_, text) => text.replace(isoUtc, "$1+00:00")); },
};

/** The same instant written in local time at UTC-05:00, keeping the precision. */
function minusFive(text: string): string {
  const match = isoUtc.exec(text);
  if (!match) return text;
  const local = new Date(Date.parse(text) - 5 * 3_600_000).toISOString();
  return (match[1].includes(".") ? local.slice(0, -1) : local.slice(0, 19)) + "-05:00";
}

const timesOtherOffset: Variant = {
  id: "times-other-offset", decisions: ["B-17", "C-17"], kind: "times", services: ["bank-payments", "check-cashing"],
  change: "the same instants written at -05:00, except authorized_at (the one time the bank doc calls UTC); errorDate too",
  allowedBy: "bank §2.1-2.4: only authorized_at is \"ISO 8601 UTC\", the others \"datetime string\"; cc §2.3 errorDate \"ISO 8601\"; contract-audit row 23",
  response(e) { mapResponseStrings(e, (name, text) => (name === "authorized_at" ? text : minusFive(text))); },
};

const charset: Variant = {
  id: "charset-utf8", decisions: ["B-18"], kind: "media type", services: ["bank-payments", "check-cashing"],
  change: "Content-Type: application/json; charset=utf-8 on every response (what Express's res.json sends)",
  allowedBy: "media type parameters are legal (RFC 9110 §8.3) and RFC 8259 §11 says charset has no effect; issue 15 item 5",
  response(e) { if (/^application\/json\s*$/i.test(e.headers["content-type"] ?? "")) e.headers["content-type"] = "application/json; charset=utf-8"; },
};

/** A copy of a JSON value with every object's members in reverse order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([key, member]) => [key, reversed(member)]));
}

const membersReordered: Variant = {
  id: "members-reordered", decisions: ["B-61"], kind: "order", services: ["bank-payments", "check-cashing"],
  change: "every JSON object's members in reverse order, extras and 422 errors included",
  allowedBy: "RFC 8259 §4: an object is an unordered collection of members; issue 15 (\"members in another order\")",
  response(e) {
    try {
      e.body = JSON.stringify(reversed(JSON.parse(e.body)));
    } catch {
      // not JSON: nothing to reorder
    }
  },
};

const errorEntriesReordered: Variant = {
  id: "error-entries-reordered", decisions: ["C-18"], kind: "order", services: ["check-cashing"],
  change: "check cashing error entries in reverse order",
  allowedBy: "cc §2.3: \"errors, an array of objects\", no order stated; issue 15 (\"arrays in another order where the contract leaves order open\")",
  response(e) { editJson(e, (body) => { if (Array.isArray(body?.errors)) body.errors.reverse(); }); },
};

const rewordings = ["Please review this request", "See the details of this transaction", "Status updated", "Answer of the payment network", "Contact support with the reference"];

/** Another text for a free text, the same every time it is shown (held values stay held). */
export function reworded(text: string): string {
  const h = hash(text);
  return `${rewordings[h % rewordings.length]} [${h.toString(36)}]`;
}

// Bank free texts: the top-level message of 401, 403, 409 and 422 bodies (a 404's message is the
// documented value not_found), reasons, cancel messages and attempt messages.
const bankFreeTexts = new Set(["reason", "cancel_message"]);

function rewordFreeTexts(e: Exchange): void {
  editJson(e, (body) => {
    if (body === null || typeof body !== "object") return;
    if ([401, 403, 409, 422].includes(e.status) && typeof body.message === "string") body.message = reworded(body.message);
    eachObject(body, (object) => {
      for (const member of Object.keys(object)) {
        const value = object[member];
        if (typeof value !== "string") continue;
        if (bankFreeTexts.has(member) || member === "errorMessage" || member === "errorDetails") object[member] = reworded(value);
        // An attempt object's message (refund, cancel).
        if (member === "message" && "response_code" in object) object[member] = reworded(value);
      }
    });
  });
}

const freeTexts: Variant = {
  id: "free-texts", decisions: ["B-59", "B-1", "B-2", "B-13", "B-30", "B-36", "B-51", "C-6"], kind: "free text", services: ["bank-payments", "check-cashing"],
  change: "every free text rewritten (401/403/409/422 message, intent and credit reason, cancel_message, attempt message, errorMessage, errorDetails), naming no response code",
  allowedBy: "bank §7.1/7.2 \"message (string)\", §2.1 reason \"human-readable\", §7.4 (which error carries which code: not shown); cc §2.3 \"string up to 200/260 chars\"; contract-audit rows 1, 2, 5",
  response: rewordFreeTexts,
};

export const formVariants: Variant[] = [
  idsWithUuidTokens,
  tokensInOtherAlphabet,
  timesPlusZero, timesOtherOffset, charset, membersReordered, errorEntriesReordered, freeTexts,
];
