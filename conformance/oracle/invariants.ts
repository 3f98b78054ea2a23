// Invariants: properties the documents and the decisions state, checked on every object of every
// response whoever created it (the predictions cover only what this run created). Each is one
// named function with the rule it enforces (conformance/rules.ts), listed in docs/conformance.md,
// returning what it found wrong. None demands more than its rule states: free texts, token
// alphabets, time offsets and the order of unordered things are left alone.
import type { ServiceName } from "../../src/openapi/documents.js";
import type { Rule } from "../rules.js";
import { requestJson, type Exchange } from "./exchange.js";
import { codesNamedIn, compareInstants, currencyPattern, isDateTime, isUtcDateTime } from "./forms.js";
import { keyKind } from "./bank/requests.js";

/** What invariants know of the run: its keys, and the identifiers it was given so far. */
export type InvariantMemory = { keys: { secret?: string; publishable?: string }; createdIds: Set<string> };

export type Invariant = {
  name: string;
  service: ServiceName;
  /** The rule of the contract it enforces (conformance/rules.ts). */
  rule: Rule;
  description: string;
  check(exchange: Exchange, memory: InvariantMemory): string[];
};

const isObject = (value: unknown): value is Record<string, any> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Every object in a value, with its path, walked without recursion: a response is the server's
 * input to us, and a deeply nested one must not overflow the suite's stack.
 */
function* objects(value: unknown): Generator<[string, Record<string, any>]> {
  const stack: Array<[string, unknown]> = [["", value]];
  while (stack.length > 0) {
    const [path, node] = stack.pop()!;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i -= 1) stack.push([`${path}[${i}]`, node[i]]);
    } else if (isObject(node)) {
      yield [path || "(body)", node];
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i -= 1) stack.push([path ? `${path}.${entries[i][0]}` : entries[i][0], entries[i][1]]);
    }
  }
}

/** Transaction intent objects in a bank body (anything with `amount_authorized`). */
const intents = (body: unknown) => [...objects(body)].filter(([, o]) => "amount_authorized" in o);
/** Credit objects (anything with `creditable`). */
const credits = (body: unknown) => [...objects(body)].filter(([, o]) => "creditable" in o);

const cents = (amount: string) => Math.round(Number(amount) * 100);

/** The transaction response codes of bank doc 7.4. */
const responseCodes = new Set(["00", "01", "03", "04", "05", "06", "07", "08", "09", "11", "12", "13", "14", "15", "16", "17", "18", "19", "21", "22", "24", "25", "29", "30", "31", "32", "33", "34", "38", "66", "67", "68", "69", "70", "71", "72", "73", "74", "75", "76", "77", "78", "79", "80", "81", "82"]);

const approvalCodes = ["08", "21"];

const intentInvariants: Invariant[] = [
  {
    name: "date-times",
    service: "bank-payments",
    rule: "B-17",
    description: "Every date-time (`*_at`) is null or an RFC 3339 date-time; `authorized_at`, the one the documents call UTC, is in UTC (`Z` or `+00:00`).",
    check(exchange) {
      const found: string[] = [];
      for (const [path, object] of objects(exchange.responseBody)) {
        for (const [key, value] of Object.entries(object)) {
          if (!key.endsWith("_at") || value === null) continue;
          if (!isDateTime(value)) found.push(`${path}.${key} ${JSON.stringify(value)} is not an RFC 3339 date-time`);
          else if (key === "authorized_at" && !isUtcDateTime(value)) found.push(`${path}.authorized_at ${JSON.stringify(value)} is not in UTC (bank doc 2.1: "ISO 8601 UTC")`);
        }
      }
      return found;
    },
  },
  {
    name: "two-decimal-amounts",
    service: "bank-payments",
    rule: "B-19",
    description: "Amounts (`amount`, `amount_*`, `service_fee`, payments) are strings with two decimals, or null where the field allows it.",
    check(exchange) {
      const found: string[] = [];
      if (exchange.status >= 300) return found;
      for (const [path, object] of objects(exchange.responseBody)) {
        for (const [key, value] of Object.entries(object)) {
          if ((key === "amount" || key.startsWith("amount_") || key === "service_fee") && value !== null && !(typeof value === "string" && currencyPattern.test(value))) {
            found.push(`${path}.${key} ${JSON.stringify(value)} is not an amount with two decimals`);
          }
        }
      }
      return found;
    },
  },
  {
    name: "merchant-id-equals-chain-number",
    service: "bank-payments",
    rule: "bank §2.1",
    description: "The deprecated `merchant_id` equals `chain_number`.",
    check: (exchange) => intents(exchange.responseBody).filter(([, o]) => "merchant_id" in o && o.merchant_id !== o.chain_number)
      .map(([path, o]) => `${path}: merchant_id ${JSON.stringify(o.merchant_id)} differs from chain_number ${JSON.stringify(o.chain_number)}`),
  },
  {
    name: "payments-only-for-bnpl",
    service: "bank-payments",
    rule: "bank §2.1",
    description: "`payments` is present exactly when `type` is `bankpay_bnpl`.",
    check: (exchange) => intents(exchange.responseBody).filter(([, o]) => "type" in o && ("payments" in o) !== (o.type === "bankpay_bnpl"))
      .map(([path, o]) => `${path}: a ${o.type} intent ${"payments" in o ? "carries" : "lacks"} payments`),
  },
  {
    name: "bnpl-schedule",
    service: "bank-payments",
    rule: "B-41",
    description: "A schedule has at least one payment, its amounts add up to `amount_authorized`, and its dates never go back; how many payments and how far apart is the server's choice.",
    check(exchange) {
      const found: string[] = [];
      for (const [path, o] of intents(exchange.responseBody)) {
        if (!Array.isArray(o.payments)) continue;
        const payments = o.payments as Array<{ amount: string; scheduled_for: string }>;
        if (payments.length === 0) {
          found.push(`${path}: an empty payment schedule`);
          continue;
        }
        const total = payments.reduce((sum, p) => sum + cents(p.amount), 0);
        if (typeof o.amount_authorized === "string" && total !== cents(o.amount_authorized)) found.push(`${path}: payments add up to ${(total / 100).toFixed(2)}, not ${o.amount_authorized}`);
        payments.forEach((p, i) => {
          if (i > 0 && p.scheduled_for < payments[i - 1].scheduled_for) found.push(`${path}.payments[${i}].scheduled_for ${p.scheduled_for} is before ${payments[i - 1].scheduled_for}`);
        });
      }
      return found;
    },
  },
  {
    name: "fields-cleared-by-transitions",
    service: "bank-payments",
    rule: "bank §3.1",
    description: "A cancelled intent shows no capture (amount, time, status, reference); a cancelled refund leaves `amount_refunded_total` null; the amount and time of a capture are set together.",
    check(exchange) {
      const found: string[] = [];
      for (const [path, o] of intents(exchange.responseBody)) {
        if (o.status === "canceled") {
          for (const key of ["amount_captured", "captured_at", "captured_status", "capture_reference_id"]) {
            if (key in o && o[key] !== null) found.push(`${path}: ${key} is ${JSON.stringify(o[key])} on a canceled intent`);
          }
        }
        if (o.refund?.status === "cancelled" && o.amount_refunded_total !== null) found.push(`${path}: amount_refunded_total ${JSON.stringify(o.amount_refunded_total)} after the refund was cancelled`);
        if ("captured_at" in o && (o.amount_captured === null) !== (o.captured_at === null)) found.push(`${path}: amount_captured and captured_at are not set together`);
      }
      return found;
    },
  },
  {
    name: "attempt-objects",
    service: "bank-payments",
    rule: "bank §2.2",
    description: "`refund` and `cancel` are null or complete attempt objects (the members of bank doc 2.2, a `response_code` of section 7.4, `status` `succeeded` or `cancelled`); a refunded intent has a succeeded refund of `amount_refunded_total` whose code is an approval (08 or 21, B-29); a canceled one a succeeded cancel of code 29.",
    check(exchange) {
      const found: string[] = [];
      const members = ["amount", "created_at", "message", "reference_number", "response_code", "status"];
      for (const [path, o] of intents(exchange.responseBody)) {
        for (const kind of ["refund", "cancel"] as const) {
          const attempt = o[kind];
          if (attempt === null || attempt === undefined) continue;
          const keys = Object.keys(attempt).sort().join(",");
          if (keys !== [...members].sort().join(",")) found.push(`${path}.${kind} has members ${keys}`);
          if (!responseCodes.has(attempt.response_code)) found.push(`${path}.${kind}.response_code ${JSON.stringify(attempt.response_code)} is not a code of bank doc 7.4`);
          if (!["succeeded", "cancelled"].includes(attempt.status)) found.push(`${path}.${kind}.status ${JSON.stringify(attempt.status)}`);
        }
        if (o.status === "refunded") {
          if (!o.refund || o.refund.status !== "succeeded" || !approvalCodes.includes(o.refund.response_code)) found.push(`${path}: a refunded intent without a succeeded refund of an approval code (08, 21)`);
          else if (o.refund.amount !== o.amount_refunded_total) found.push(`${path}: refund.amount ${o.refund.amount} differs from amount_refunded_total ${o.amount_refunded_total}`);
        }
        if (o.status === "canceled" && (!o.cancel || o.cancel.response_code !== "29" || o.cancel.status !== "succeeded")) found.push(`${path}: a canceled intent without a succeeded cancel of code 29`);
      }
      return found;
    },
  },
  {
    name: "status-fields",
    service: "bank-payments",
    rule: "bank §3.1",
    description: "Fields agree with the status: nothing authorized, captured or attempted while awaiting authorization; a `reason` or a `reference_id` may be set by then (B-36, B-37); `authorized_at` once authorized; a capture on succeeded and refunded intents and none on intents awaiting capture.",
    check(exchange) {
      const found: string[] = [];
      for (const [path, o] of intents(exchange.responseBody)) {
        if (["pending_service_fee_acceptance", "pending_service_fee", "pending_authorization"].includes(o.status)) {
          for (const key of ["authorized_at", "amount_captured", "refund", "cancel"]) {
            if (key in o && o[key] !== null) found.push(`${path}: ${key} is ${JSON.stringify(o[key])} while ${o.status}`);
          }
        }
        if (["pending_capture", "succeeded", "refunded"].includes(o.status) && "authorized_at" in o && o.authorized_at === null) found.push(`${path}: authorized_at null on a ${o.status} intent`);
        if (["succeeded", "refunded"].includes(o.status) && "amount_captured" in o && o.amount_captured === null) found.push(`${path}: amount_captured null on a ${o.status} intent`);
        if (o.status === "pending_capture" && "amount_captured" in o && o.amount_captured !== null) found.push(`${path}: amount_captured set on a pending_capture intent`);
      }
      return found;
    },
  },
  {
    name: "adverse-action",
    service: "bank-payments",
    rule: "bank §7.4",
    description: "An intent with `transaction_adverse_type` true is `failed` and carries the adverse action text (`reason`) and a `reference_id` to show the consumer.",
    check: (exchange) => intents(exchange.responseBody)
      .filter(([, o]) => o.transaction_adverse_type === true && (o.status !== "failed" || !o.reason || !o.reference_id))
      .map(([path, o]) => `${path}: adverse action on a ${o.status} intent with reason ${JSON.stringify(o.reason)} and reference_id ${JSON.stringify(o.reference_id)}`),
  },
  {
    name: "views-by-key",
    service: "bank-payments",
    rule: "B-4",
    description: "A read shows the full view to the secret key (no `is_mailable`) and the reduced view to the publishable key (`is_mailable`, none of `captured_at`, `captured_status`, `capture_reference_id`, `extras`, `service_fee_accepted_at`); an address update answers the reduced view, with `is_mailable` for the publishable key only (bank doc 2.1, B-2).",
    check(exchange, memory) {
      if (!["getTransactionIntent", "updateTransactionIntentBillingAddress"].includes(exchange.operationId) || exchange.status !== 200) return [];
      const data = (exchange.responseBody as any)?.data;
      if (!isObject(data)) return ["no data object"];
      const secretOnly = ["captured_at", "captured_status", "capture_reference_id", "extras", "service_fee_accepted_at"];
      const kind = keyKind(exchange, memory.keys);
      const found: string[] = [];
      if (exchange.operationId === "updateTransactionIntentBillingAddress" || kind === "publishable") {
        for (const key of secretOnly) if (key in data) found.push(`the reduced view shows ${key}`);
        if (kind === "publishable" && typeof data.is_mailable !== "boolean") found.push("the reduced view lacks is_mailable");
        if (kind === "secret" && "is_mailable" in data) found.push("is_mailable shown to the secret key (bank doc 2.1: only when the publishable key is used)");
      } else {
        for (const key of secretOnly) if (!(key in data)) found.push(`the full view lacks ${key}`);
        if ("is_mailable" in data) found.push("the full view shows is_mailable");
      }
      return found;
    },
  },
  {
    name: "credit-identifiers",
    service: "bank-payments",
    rule: "bank §2.4",
    description: "A credit's `creditable_id` and deprecated `transaction_intent_id`, where present, equal `creditable.id`; linked credits refer to a transaction intent and carry `transaction_intent_id`, unlinked ones refer to a bank account.",
    check(exchange) {
      const found: string[] = [];
      for (const [path, o] of credits(exchange.responseBody)) {
        if ("creditable_id" in o && o.creditable_id !== o.creditable?.id) found.push(`${path}: creditable_id ${o.creditable_id} differs from creditable.id ${o.creditable?.id}`);
        if ("transaction_intent_id" in o && (o.transaction_intent_id !== o.creditable?.id || o.creditable?.type !== "transaction_intent")) found.push(`${path}: transaction_intent_id ${o.transaction_intent_id} does not name the credited intent`);
        if ((o.type === "linked") !== (o.creditable?.type === "transaction_intent")) found.push(`${path}: a ${o.type} credit refers to a ${o.creditable?.type}`);
        if (o.type === "linked" && !("transaction_intent_id" in o)) found.push(`${path}: a linked credit without transaction_intent_id`);
      }
      return found;
    },
  },
  {
    name: "credit-fields",
    service: "bank-payments",
    rule: "bank §2.4",
    description: "A credit's `updated_at` is not before `created_at`; a cancelled credit has a `cancel_message`; a failed one no `station_number` (bank doc 3.2).",
    check(exchange) {
      const found: string[] = [];
      for (const [path, o] of credits(exchange.responseBody)) {
        if (isDateTime(o.created_at) && isDateTime(o.updated_at) && compareInstants(o.updated_at, o.created_at) < 0) found.push(`${path}: updated_at ${o.updated_at} before created_at ${o.created_at}`);
        if ((o.status === "cancelled" || o.status === "canceled") && !o.cancel_message) found.push(`${path}: a cancelled credit without cancel_message`);
        if (o.status === "failed" && "station_number" in o && o.station_number !== null) found.push(`${path}: a failed credit with station_number ${o.station_number}`);
      }
      return found;
    },
  },
  {
    name: "page-envelope",
    service: "bank-payments",
    rule: "B-54",
    description: "A list page's `meta` agrees with itself (`from`, `to`, `last_page`, the number of items; on an empty page `from`/`to` null or a number, B-6) and its links, absolute or relative, name the first, last, previous and next pages (`prev`/`next` null exactly when there is none; `first`/`last` may be null).",
    check(exchange) {
      if (!["listTransactionIntents", "listCredits"].includes(exchange.operationId) || exchange.status !== 200) return [];
      const { data, links, meta } = (exchange.responseBody ?? {}) as any;
      if (!Array.isArray(data) || !isObject(meta) || !isObject(links)) return ["not a page envelope"];
      const found: string[] = [];
      const lastPage = Math.max(1, Math.ceil(meta.total / meta.per_page));
      const count = Math.max(0, Math.min(meta.per_page, meta.total - (meta.current_page - 1) * meta.per_page));
      const from = count === 0 ? null : (meta.current_page - 1) * meta.per_page + 1;
      if (meta.last_page !== lastPage && !(meta.total === 0 && meta.last_page === 0)) found.push(`meta.last_page ${meta.last_page}, expected ${lastPage} for ${meta.total} by ${meta.per_page}`);
      if (data.length !== count) found.push(`${data.length} items on page ${meta.current_page} of ${meta.total} by ${meta.per_page}, expected ${count}`);
      if (from === null) {
        for (const key of ["from", "to"]) if (meta[key] !== null && !Number.isInteger(meta[key])) found.push(`meta.${key} ${JSON.stringify(meta[key])} on an empty page: null or a number`);
      } else {
        if (meta.from !== from) found.push(`meta.from ${meta.from}, expected ${from}`);
        if (meta.to !== from + count - 1) found.push(`meta.to ${meta.to}, expected ${from + count - 1}`);
      }
      const pageOf = (link: unknown) => {
        if (typeof link !== "string") return null;
        try {
          return Number(new URL(link, exchange.url).searchParams.get("page") ?? "1");
        } catch {
          return NaN;
        }
      };
      const expected: Record<string, number | null> = {
        first: 1, last: lastPage,
        prev: meta.current_page > 1 ? meta.current_page - 1 : null,
        next: meta.current_page < lastPage ? meta.current_page + 1 : null,
      };
      for (const [name, page] of Object.entries(expected)) {
        const given = pageOf(links[name]);
        if ((name === "first" || name === "last") && given === null) continue;
        if (given !== page) found.push(`links.${name} points to page ${given}, expected ${page}`);
      }
      return found;
    },
  },
  {
    name: "credits-newest-first",
    service: "bank-payments",
    rule: "B-7",
    description: "A page of credits is ordered newest first (`created_at` never increases down the page).",
    check(exchange) {
      if (exchange.operationId !== "listCredits" || exchange.status !== 200) return [];
      const data = (exchange.responseBody as any)?.data;
      if (!Array.isArray(data)) return [];
      return data.flatMap((item, i) => (i > 0 && isDateTime(item?.created_at) && isDateTime(data[i - 1]?.created_at) && compareInstants(item.created_at, data[i - 1].created_at) > 0
        ? [`data[${i}] (${item.created_at}) is newer than data[${i - 1}] (${data[i - 1].created_at})`] : []));
    },
  },
  {
    name: "error-bodies",
    service: "bank-payments",
    rule: "bank §7",
    description: "Error bodies have exactly their members: 401 and 403 a non-empty `message`, 404 `not_found`, 409 `conflict`/`message`(/`action`) or `error`/`message`, 422 a non-empty `message` and `errors` whose lists hold `invalid`, `missing` or (for `submerchant_id`) a sentence; a response code a message names is one of section 7.4.",
    check(exchange) {
      const body = exchange.responseBody as any;
      const keys = isObject(body) ? Object.keys(body).sort().join(",") : String(body);
      const found: string[] = [];
      const named = typeof body?.message === "string" ? codesNamedIn(body.message) : [];
      for (const code of named) if (!responseCodes.has(code)) found.push(`the message names response code ${code}, which section 7.4 does not list`);
      const text = (value: unknown) => typeof value === "string" && value.trim() !== "";
      switch (exchange.status) {
        case 401:
        case 403: if (keys !== "message" || !text(body.message)) found.push(`${exchange.status} body ${exchange.responseText.slice(0, 80)}`); break;
        case 404: if (keys !== "message" || body.message !== "not_found") found.push(`404 body ${exchange.responseText.slice(0, 80)}`); break;
        case 409:
          if (!["conflict,message", "action,conflict,message", "error,message"].includes(keys)) found.push(`409 members ${keys}`);
          break;
        case 422:
          if (keys !== "errors,message") found.push(`422 members ${keys}`);
          else {
            if (!text(body.message)) found.push(`422 message ${JSON.stringify(body.message)}`);
            if (!isObject(body.errors) || Object.keys(body.errors).length === 0) found.push("422 errors is empty");
            else for (const [key, list] of Object.entries(body.errors)) {
              // Bank doc 7.1: "the word invalid, or missing, or a sentence for submerchant_id problems".
              const word = (item: unknown) => item === "invalid" || item === "missing" || (key === "submerchant_id" && typeof item === "string" && /\s/.test(item.trim()));
              if (!Array.isArray(list) || list.length === 0 || !list.every(word)) found.push(`errors.${key} ${JSON.stringify(list)} is not a list of invalid, missing or (for submerchant_id) a sentence`);
            }
          }
          break;
      }
      return found;
    },
  },
  {
    name: "meta-type",
    service: "bank-payments",
    rule: "B-38",
    description: "`meta.type` is `transaction_intent` on intent responses, `pending_capture` after the authorize action (a creation with `authorize` may show either), and `credit` on credit responses.",
    check(exchange) {
      if (![200, 201].includes(exchange.status) || exchange.operationId.startsWith("list")) return [];
      const type = (exchange.responseBody as any)?.meta?.type;
      const action = parsedAction(exchange);
      const expected = exchange.operationId.includes("Credit") ? ["credit"]
        : exchange.operationId === "updateTransactionIntent" && action === "authorize" ? ["pending_capture"]
          : exchange.operationId === "createTransactionIntent" && action === "authorize" ? ["transaction_intent", "pending_capture"]
            : ["transaction_intent"];
      return expected.includes(type) ? [] : [`meta.type ${JSON.stringify(type)}, expected ${expected.join(" or ")}`];
    },
  },
  {
    name: "unique-identifiers",
    service: "bank-payments",
    rule: "B-16",
    description: "Every creation gets an identifier no earlier response of the run showed for another creation.",
    check(exchange, memory) {
      if (!["createTransactionIntent", "createCredit"].includes(exchange.operationId) || ![200, 201].includes(exchange.status)) return [];
      const id = (exchange.responseBody as any)?.data?.id;
      if (typeof id !== "string") return [];
      if (memory.createdIds.has(id)) return [`the new object got the identifier ${id}, already given to an earlier creation`];
      memory.createdIds.add(id);
      return [];
    },
  },
];

function parsedAction(exchange: Exchange): unknown {
  const parsed = requestJson(exchange);
  return parsed.ok ? parsed.value.action : undefined;
}

/** The check cashing request, when it was a JSON object. */
const payrollRequest = (exchange: Exchange): Record<string, any> | undefined => {
  const parsed = requestJson(exchange);
  return parsed.ok ? parsed.value : undefined;
};

const entries = (exchange: Exchange): Array<Record<string, any>> => {
  const list = (exchange.responseBody as any)?.errors;
  return Array.isArray(list) ? list.filter(isObject) : [];
};

const payrollInvariants: Invariant[] = [
  {
    name: "payroll-entries",
    service: "check-cashing",
    rule: "C-6",
    description: "Each error entry has `errorType` (1 to 20 characters), a 4-digit `responseCode`, `adverseAction` (a boolean or `\"true\"`/`\"false\"`) and an `errorMessage` of at most 200 characters; `errorDate`, when present, is a date-time; the other members of check cashing doc 2.3 may appear on any entry (their forms are the oracle's, C-6).",
    check(exchange) {
      const found: string[] = [];
      const upTo = (value: unknown, max: number) => typeof value === "string" && value.length <= max;
      entries(exchange).forEach((entry, i) => {
        const at = `errors[${i}]`;
        if (!upTo(entry.errorType, 20) || entry.errorType === "") found.push(`${at}.errorType ${JSON.stringify(entry.errorType)}`);
        if (typeof entry.responseCode !== "string" || !/^[0-9]{4}$/.test(entry.responseCode)) found.push(`${at}.responseCode ${JSON.stringify(entry.responseCode)} is not 4 digits`);
        if (![true, false, "true", "false"].includes(entry.adverseAction)) found.push(`${at}.adverseAction ${JSON.stringify(entry.adverseAction)}`);
        if (!upTo(entry.errorMessage, 200)) found.push(`${at}.errorMessage ${JSON.stringify(entry.errorMessage)}`);
        if ("errorDate" in entry && !isDateTime(entry.errorDate)) found.push(`${at}.errorDate ${JSON.stringify(entry.errorDate)} is not an ISO 8601 date-time`);
      });
      return found;
    },
  },
  {
    name: "payroll-status",
    service: "check-cashing",
    rule: "C-8",
    description: "An approval is 200; a decline or correction is 400 or 500 with at least one error entry.",
    check(exchange) {
      if (exchange.status === 200) return [];
      if (exchange.status !== 400 && exchange.status !== 500) return [`status ${exchange.status}`];
      return entries(exchange).length === 0 ? [`a ${exchange.status} without error entries`] : [];
    },
  },
  {
    name: "payroll-trxid-echo",
    service: "check-cashing",
    rule: "cc §2.2",
    description: "The approval echoes `trxID` (a number sent may come back as its text, C-4); an error entry that carries `trxID` carries the request's (when it was a string of 4 to 20 characters).",
    check(exchange) {
      const given = payrollRequest(exchange)?.trxID;
      // A trxID sent as a number may be read as its text (C-4).
      const echoed = (exchange.responseBody as any)?.trxID;
      if (exchange.status === 200) return echoed === given || (typeof given === "number" && echoed === String(given)) ? [] : [`approval trxID ${JSON.stringify((exchange.responseBody as any)?.trxID)}, request ${JSON.stringify(given)}`];
      const echoable = typeof given === "string" && given.length >= 4 && given.length <= 20 ? given : undefined;
      if (echoable === undefined) return [];
      return entries(exchange).flatMap((entry, i) => ("trxID" in entry && entry.trxID !== echoable ? [`errors[${i}].trxID ${JSON.stringify(entry.trxID)}, expected ${JSON.stringify(echoable)}`] : []));
    },
  },
];

export const invariants: Invariant[] = [...intentInvariants, ...payrollInvariants];

export function invariantsFor(service: ServiceName): Invariant[] {
  return invariants.filter((invariant) => invariant.service === service);
}
