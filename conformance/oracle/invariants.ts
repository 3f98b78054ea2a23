// Invariants: properties the docs and the decisions state, checked on every object of every
// response whoever created it (the predictions cover only what this run created). Each is one
// named function, listed in README ("The oracle: invariants"), returning what it found wrong.
import type { ServiceName } from "../../src/openapi/documents.js";
import { requestJson, type Exchange } from "./exchange.js";
import { currencyPattern, isUtcDateTime } from "./forms.js";
import { keyKind } from "./bank/requests.js";
import { readMicrLine } from "./check-cashing/model.js";

/** What invariants know of the run: its keys, and the identifiers it was given so far. */
export type InvariantMemory = { keys: { secret?: string; publishable?: string }; createdIds: Set<string> };

export type Invariant = {
  name: string;
  service: ServiceName;
  description: string;
  check(exchange: Exchange, memory: InvariantMemory): string[];
};

const isObject = (value: unknown): value is Record<string, any> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Every object in a value, with its path. */
function* objects(value: unknown, path = ""): Generator<[string, Record<string, any>]> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) yield* objects(value[i], `${path}[${i}]`);
  } else if (isObject(value)) {
    yield [path || "(body)", value];
    for (const [key, member] of Object.entries(value)) yield* objects(member, path ? `${path}.${key}` : key);
  }
}

/** Transaction intent objects in a bank body (anything with `amount_authorized`). */
const intents = (body: unknown) => [...objects(body)].filter(([, o]) => "amount_authorized" in o);
/** Credit objects (anything with `creditable`). */
const credits = (body: unknown) => [...objects(body)].filter(([, o]) => "creditable" in o);

const cents = (amount: string) => Math.round(Number(amount) * 100);

const intentInvariants: Invariant[] = [
  {
    name: "utc-datetimes",
    service: "bank-payments",
    description: "Every date-time (`*_at`) is null or ISO 8601 in UTC (`Z`).",
    check(exchange) {
      const found: string[] = [];
      for (const [path, object] of objects(exchange.responseBody)) {
        for (const [key, value] of Object.entries(object)) {
          if (key.endsWith("_at") && value !== null && !isUtcDateTime(value)) found.push(`${path}.${key} ${JSON.stringify(value)} is not an ISO 8601 UTC date-time`);
        }
      }
      return found;
    },
  },
  {
    name: "two-decimal-amounts",
    service: "bank-payments",
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
    description: "The deprecated `merchant_id` equals `chain_number`.",
    check: (exchange) => intents(exchange.responseBody).filter(([, o]) => "merchant_id" in o && o.merchant_id !== o.chain_number)
      .map(([path, o]) => `${path}: merchant_id ${JSON.stringify(o.merchant_id)} differs from chain_number ${JSON.stringify(o.chain_number)}`),
  },
  {
    name: "payments-only-for-bnpl",
    service: "bank-payments",
    description: "`payments` is present exactly when `type` is `bankpay_bnpl`.",
    check: (exchange) => intents(exchange.responseBody).filter(([, o]) => "type" in o && ("payments" in o) !== (o.type === "bankpay_bnpl"))
      .map(([path, o]) => `${path}: a ${o.type} intent ${"payments" in o ? "carries" : "lacks"} payments`),
  },
  {
    name: "bnpl-schedule",
    service: "bank-payments",
    description: "A schedule has four payments two weeks apart adding up to `amount_authorized`, the remainder cents on the first ones.",
    check(exchange) {
      const found: string[] = [];
      for (const [path, o] of intents(exchange.responseBody)) {
        if (!Array.isArray(o.payments)) continue;
        const payments = o.payments as Array<{ amount: string; scheduled_for: string }>;
        if (payments.length !== 4) {
          found.push(`${path}: ${payments.length} payments, not 4`);
          continue;
        }
        const amounts = payments.map((p) => cents(p.amount));
        if (amounts.reduce((a, b) => a + b, 0) !== cents(o.amount_authorized)) found.push(`${path}: payments add up to ${amounts.reduce((a, b) => a + b, 0) / 100}, not ${o.amount_authorized}`);
        if (amounts.some((a, i) => i > 0 && (a > amounts[i - 1] || amounts[0] - a > 1))) found.push(`${path}: remainder cents not on the first payments (${payments.map((p) => p.amount).join(", ")})`);
        payments.forEach((p, i) => {
          if (i > 0 && Date.parse(`${p.scheduled_for}T00:00:00Z`) - Date.parse(`${payments[i - 1].scheduled_for}T00:00:00Z`) !== 14 * 86_400_000) {
            found.push(`${path}.payments[${i}].scheduled_for ${p.scheduled_for} is not two weeks after ${payments[i - 1].scheduled_for}`);
          }
        });
      }
      return found;
    },
  },
  {
    name: "fields-cleared-by-transitions",
    service: "bank-payments",
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
    description: "`refund` and `cancel` are null or complete attempt objects; a refunded intent has a succeeded refund (code 08) of `amount_refunded_total`; a canceled one a cancel with code 29.",
    check(exchange) {
      const found: string[] = [];
      const members = ["amount", "created_at", "message", "reference_number", "response_code", "status"];
      for (const [path, o] of intents(exchange.responseBody)) {
        for (const kind of ["refund", "cancel"] as const) {
          const attempt = o[kind];
          if (attempt === null || attempt === undefined) continue;
          const keys = Object.keys(attempt).sort().join(",");
          if (keys !== [...members].sort().join(",")) found.push(`${path}.${kind} has members ${keys}`);
          if (!/^[0-9]{2}$/.test(attempt.response_code)) found.push(`${path}.${kind}.response_code ${JSON.stringify(attempt.response_code)}`);
          if (!["succeeded", "cancelled"].includes(attempt.status)) found.push(`${path}.${kind}.status ${JSON.stringify(attempt.status)}`);
        }
        if (o.status === "refunded") {
          if (!o.refund || o.refund.status !== "succeeded" || o.refund.response_code !== "08") found.push(`${path}: a refunded intent without a succeeded refund of code 08`);
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
    description: "Fields agree with the status: nothing authorized, captured, reasoned or referenced while awaiting authorization (`reason` null until the first transition); `authorized_at` once authorized; a capture on succeeded and refunded intents.",
    check(exchange) {
      const found: string[] = [];
      for (const [path, o] of intents(exchange.responseBody)) {
        if (["pending_service_fee_acceptance", "pending_service_fee", "pending_authorization"].includes(o.status)) {
          for (const key of ["authorized_at", "amount_captured", "reason", "reference_id", "refund", "cancel"]) {
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
    description: "An intent with `transaction_adverse_type` true is `failed` and carries the adverse action text (`reason`) and a `reference_id` to show the consumer.",
    check: (exchange) => intents(exchange.responseBody)
      .filter(([, o]) => o.transaction_adverse_type === true && (o.status !== "failed" || !o.reason || !o.reference_id))
      .map(([path, o]) => `${path}: adverse action on a ${o.status} intent with reason ${JSON.stringify(o.reason)} and reference_id ${JSON.stringify(o.reference_id)}`),
  },
  {
    name: "views-by-key",
    service: "bank-payments",
    description: "A read shows the full view to the secret key (no `is_mailable`) and the reduced view to the publishable key (`is_mailable`, none of `captured_at`, `captured_status`, `capture_reference_id`, `extras`, `service_fee_accepted_at`).",
    check(exchange, memory) {
      if (!["getTransactionIntent", "updateTransactionIntentBillingAddress"].includes(exchange.operationId) || exchange.status !== 200) return [];
      const data = (exchange.responseBody as any)?.data;
      if (!isObject(data)) return ["no data object"];
      const secretOnly = ["captured_at", "captured_status", "capture_reference_id", "extras", "service_fee_accepted_at"];
      const publishable = exchange.operationId === "updateTransactionIntentBillingAddress" || keyKind(exchange, memory.keys) === "publishable";
      const found: string[] = [];
      if (publishable) {
        for (const key of secretOnly) if (key in data) found.push(`the reduced view shows ${key}`);
        if (typeof data.is_mailable !== "boolean") found.push("the reduced view lacks is_mailable");
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
    description: "A credit's `creditable_id` and deprecated `transaction_intent_id`, where present, equal `creditable.id`; linked credits refer to a transaction intent, unlinked ones to a bank account.",
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
    description: "A credit's `updated_at` is not before `created_at`; a cancelled credit has a `cancel_message`; a failed one no `station_number`.",
    check(exchange) {
      const found: string[] = [];
      for (const [path, o] of credits(exchange.responseBody)) {
        if (isUtcDateTime(o.created_at) && isUtcDateTime(o.updated_at) && Date.parse(o.updated_at) < Date.parse(o.created_at)) found.push(`${path}: updated_at ${o.updated_at} before created_at ${o.created_at}`);
        if ((o.status === "cancelled" || o.status === "canceled") && !o.cancel_message) found.push(`${path}: a cancelled credit without cancel_message`);
        if (o.status === "failed" && "station_number" in o && o.station_number !== null) found.push(`${path}: a failed credit with station_number ${o.station_number}`);
      }
      return found;
    },
  },
  {
    name: "page-envelope",
    service: "bank-payments",
    description: "A list page's `meta` agrees with itself (`from`, `to`, `last_page`, the number of items) and its links name the first, last, previous and next pages.",
    check(exchange) {
      if (!["listTransactionIntents", "listCredits"].includes(exchange.operationId) || exchange.status !== 200) return [];
      const { data, links, meta } = (exchange.responseBody ?? {}) as any;
      if (!Array.isArray(data) || !isObject(meta) || !isObject(links)) return ["not a page envelope"];
      const found: string[] = [];
      const lastPage = Math.max(1, Math.ceil(meta.total / meta.per_page));
      const count = Math.max(0, Math.min(meta.per_page, meta.total - (meta.current_page - 1) * meta.per_page));
      const from = count === 0 ? null : (meta.current_page - 1) * meta.per_page + 1;
      if (meta.last_page !== lastPage) found.push(`meta.last_page ${meta.last_page}, expected ${lastPage} for ${meta.total} by ${meta.per_page}`);
      if (data.length !== count) found.push(`${data.length} items on page ${meta.current_page} of ${meta.total} by ${meta.per_page}, expected ${count}`);
      if (meta.from !== from) found.push(`meta.from ${meta.from}, expected ${from}`);
      if (meta.to !== (from === null ? null : from + count - 1)) found.push(`meta.to ${meta.to}, expected ${from === null ? null : from + count - 1}`);
      const pageOf = (link: unknown) => (typeof link === "string" ? Number(new URL(link, exchange.url).searchParams.get("page") ?? "1") : null);
      const expected: Record<string, number | null> = {
        first: 1, last: lastPage,
        prev: meta.current_page > 1 ? meta.current_page - 1 : null,
        next: meta.current_page < lastPage ? meta.current_page + 1 : null,
      };
      for (const [name, page] of Object.entries(expected)) {
        if (pageOf(links[name]) !== page) found.push(`links.${name} points to page ${pageOf(links[name])}, expected ${page}`);
      }
      return found;
    },
  },
  {
    name: "credits-newest-first",
    service: "bank-payments",
    description: "A page of credits is ordered newest first (`created_at` never increases down the page).",
    check(exchange) {
      if (exchange.operationId !== "listCredits" || exchange.status !== 200) return [];
      const data = (exchange.responseBody as any)?.data;
      if (!Array.isArray(data)) return [];
      return data.flatMap((item, i) => (i > 0 && Date.parse(item.created_at) > Date.parse(data[i - 1].created_at) ? [`data[${i}] (${item.created_at}) is newer than data[${i - 1}] (${data[i - 1].created_at})`] : []));
    },
  },
  {
    name: "error-bodies",
    service: "bank-payments",
    description: "Error bodies have exactly their members: 401 `Unauthenticated.`, 403 `This action is unauthorized.`, 404 `not_found`, 409 `conflict`/`message`(/`action`) or `error`/`message`, 422 `message` starting `The given data was invalid.` and `errors` of non-empty string lists; a response code named in a message is one of section 7.4.",
    check(exchange) {
      const body = exchange.responseBody as any;
      const keys = isObject(body) ? Object.keys(body).sort().join(",") : String(body);
      const found: string[] = [];
      const named = typeof body?.message === "string" ? [...body.message.matchAll(/\(response code (\d+)\)/g)].map((m) => m[1]) : [];
      const codes = ["00", "01", "03", "04", "05", "06", "07", "08", "09", "11", "12", "13", "14", "15", "16", "17", "18", "19", "21", "22", "24", "25", "29", "30", "31", "32", "33", "34", "38", "66", "67", "68", "69", "70", "71", "72", "73", "74", "75", "76", "77", "78", "79", "80", "81", "82"];
      for (const code of named) if (!codes.includes(code)) found.push(`the message names response code ${code}, which section 7.4 does not list`);
      switch (exchange.status) {
        case 401: if (keys !== "message" || !String(body.message).startsWith("Unauthenticated.")) found.push(`401 body ${exchange.responseText.slice(0, 80)}`); break;
        case 403: if (keys !== "message" || !String(body.message).startsWith("This action is unauthorized.")) found.push(`403 body ${exchange.responseText.slice(0, 80)}`); break;
        case 404: if (keys !== "message" || body.message !== "not_found") found.push(`404 body ${exchange.responseText.slice(0, 80)}`); break;
        case 409:
          if (!["conflict,message", "action,conflict,message", "error,message"].includes(keys)) found.push(`409 members ${keys}`);
          break;
        case 422:
          if (keys !== "errors,message") found.push(`422 members ${keys}`);
          else {
            if (typeof body.message !== "string" || !body.message.startsWith("The given data was invalid.")) found.push(`422 message ${JSON.stringify(body.message)}`);
            if (!isObject(body.errors) || Object.keys(body.errors).length === 0) found.push("422 errors is empty");
            else for (const [key, list] of Object.entries(body.errors)) {
              if (!Array.isArray(list) || list.length === 0 || list.some((item) => typeof item !== "string" || item === "")) found.push(`errors.${key} is not a list of problems`);
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
    description: "`meta.type` is `transaction_intent` on intent responses, except `pending_capture` after the authorize action, and `credit` on credit responses.",
    check(exchange) {
      if (![200, 201].includes(exchange.status) || exchange.operationId.startsWith("list")) return [];
      const type = (exchange.responseBody as any)?.meta?.type;
      const authorize = exchange.operationId === "updateTransactionIntent" && parsedAction(exchange) === "authorize";
      const expected = exchange.operationId.includes("Credit") ? "credit" : authorize ? "pending_capture" : "transaction_intent";
      return type === expected ? [] : [`meta.type ${JSON.stringify(type)}, expected ${expected}`];
    },
  },
  {
    name: "unique-identifiers",
    service: "bank-payments",
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
    name: "payroll-entry-members",
    service: "check-cashing",
    description: "Each error entry has the members its `errorType` decides (errors.tsp table): `correction` 1001-1006 with `errorDetails`, `adverseAction` false, no `trxRefID` or `customerCare`; `declined` 2007, `adverseAction` true; `id_error` 3001, false; both with `trxRefID` and `customerCare`; `system_error` 9999, false, `customerCare`, no `trxRefID`; `errorPath` the route.",
    check(exchange) {
      const found: string[] = [];
      const rules: Record<string, { codes: string[]; adverse: boolean; trxRefID: boolean; customerCare: boolean; details: boolean }> = {
        correction: { codes: ["1001", "1002", "1003", "1004", "1005", "1006", "1404"], adverse: false, trxRefID: false, customerCare: false, details: true },
        declined: { codes: ["2007"], adverse: true, trxRefID: true, customerCare: true, details: false },
        id_error: { codes: ["3001"], adverse: false, trxRefID: true, customerCare: true, details: false },
        system_error: { codes: ["9999"], adverse: false, trxRefID: false, customerCare: true, details: false },
      };
      entries(exchange).forEach((entry, i) => {
        const rule = rules[entry.errorType];
        if (!rule) return void found.push(`errors[${i}].errorType ${JSON.stringify(entry.errorType)} is not decided`);
        if (!rule.codes.includes(entry.responseCode)) found.push(`errors[${i}]: responseCode ${entry.responseCode} for ${entry.errorType}`);
        if (entry.adverseAction !== rule.adverse && entry.adverseAction !== String(rule.adverse)) found.push(`errors[${i}]: adverseAction ${JSON.stringify(entry.adverseAction)} for ${entry.errorType}`);
        if (("trxRefID" in entry) !== rule.trxRefID) found.push(`errors[${i}]: trxRefID ${rule.trxRefID ? "missing" : "present"} on ${entry.errorType}`);
        if (("customerCare" in entry) !== rule.customerCare) found.push(`errors[${i}]: customerCare ${rule.customerCare ? "missing" : "present"} on ${entry.errorType}`);
        if (rule.details && typeof entry.errorDetails !== "string") found.push(`errors[${i}]: a correction without errorDetails`);
        if (entry.responseCode !== "1404" && entry.errorPath !== "/v1/payroll") found.push(`errors[${i}].errorPath ${JSON.stringify(entry.errorPath)}`);
        if (!isUtcDateTime(entry.errorDate)) found.push(`errors[${i}].errorDate ${JSON.stringify(entry.errorDate)} is not an ISO 8601 UTC date-time`);
      });
      return found;
    },
  },
  {
    name: "payroll-status-by-type",
    service: "check-cashing",
    description: "A 400 carries `correction`, `declined` or `id_error` entries, a 500 `system_error` ones; an approval is 200.",
    check(exchange) {
      const allowed = exchange.status === 400 ? ["correction", "declined", "id_error"] : exchange.status === 500 ? ["system_error"] : exchange.status === 404 ? ["correction"] : undefined;
      if (!allowed) return exchange.status === 200 ? [] : [`status ${exchange.status}`];
      const list = entries(exchange);
      if (list.length === 0) return [`a ${exchange.status} without error entries`];
      return list.filter((entry) => !allowed.includes(entry.errorType)).map((entry) => `a ${entry.errorType} entry in a ${exchange.status}`);
    },
  },
  {
    name: "payroll-trxid-echo",
    service: "check-cashing",
    description: "The approval echoes `trxID`; every error entry echoes it when the request's `trxID` is a string of 4 to 20 characters, and has none otherwise.",
    check(exchange) {
      const request = payrollRequest(exchange);
      const given = request?.trxID;
      const echoable = typeof given === "string" && given.length >= 4 && given.length <= 20 ? given : undefined;
      if (exchange.status === 200) return (exchange.responseBody as any)?.trxID === given ? [] : [`approval trxID ${JSON.stringify((exchange.responseBody as any)?.trxID)}, request ${JSON.stringify(given)}`];
      if (exchange.status === 404) return [];
      return entries(exchange).flatMap((entry, i) => (entry.trxID === echoable ? [] : [`errors[${i}].trxID ${JSON.stringify(entry.trxID)}, expected ${JSON.stringify(echoable)}`]));
    },
  },
  {
    name: "approval-reads-micr",
    service: "check-cashing",
    description: "An approval's `aba`, `accountLast4`, `checkNum` and `checkType` are read from the request's MICR line as decided (payroll.tsp).",
    check(exchange) {
      if (exchange.status !== 200) return [];
      const line = payrollRequest(exchange)?.account?.micrData;
      const reading = typeof line === "string" ? readMicrLine(line) : undefined;
      if (!reading) return ["an approval of a MICR line that cannot be read"];
      const body = exchange.responseBody as any;
      return (Object.keys(reading) as Array<keyof typeof reading>).filter((key) => body?.[key] !== reading[key])
        .map((key) => `${key} ${JSON.stringify(body?.[key])}, the MICR line gives ${JSON.stringify(reading[key])}`);
    },
  },
  {
    name: "one-entry-per-member",
    service: "check-cashing",
    description: "At most one correction per member (`errorDetails` starts with the member's dotted path) and one entry for all unknown members.",
    check(exchange) {
      const members = entries(exchange).filter((e) => e.errorType === "correction" && typeof e.errorDetails === "string")
        .map((e) => (e.responseCode === "1003" ? "(unknown members)" : e.errorDetails.split(":")[0]));
      return members.filter((m, i) => members.indexOf(m) !== i).map((m) => `more than one correction for ${m}`);
    },
  },
];

export const invariants: Invariant[] = [...intentInvariants, ...payrollInvariants];

export function invariantsFor(service: ServiceName): Invariant[] {
  return invariants.filter((invariant) => invariant.service === service);
}
