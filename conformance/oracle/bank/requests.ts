// How the bank service must read a request: the key, the body (and the 422 `errors` it deserves),
// amounts and list filters. Written from README "Contract decisions" (error keys, amounts, members
// per object, query parameters); member constraints come from the published schemas, the contract.
import { pointerSegment } from "../../../src/openapi/documents.js";
import { validatorFor, type SchemaError } from "../../../src/openapi/validator.js";
import { hasOversizedObject, requestJson, type Exchange } from "../exchange.js";

export type KeyKind = "secret" | "publishable" | "none";

/** The kind of key a request carries: `none` for a missing, malformed or unknown one. */
export function keyKind(exchange: Exchange, keys: { secret?: string; publishable?: string }): KeyKind {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(exchange.requestHeaders.authorization ?? "");
  if (!match) return "none";
  if (match[1] === keys.secret) return "secret";
  if (match[1] === keys.publishable) return "publishable";
  return "none";
}

/** 422 `errors`: field to the problems with it (words, or sentences for `submerchant_id`). */
export type FieldErrors = Record<string, string[]>;

function addProblem(errors: FieldErrors, key: string, problem: string): void {
  const list = Object.hasOwn(errors, key) ? errors[key] : (errors[key] = []);
  if (!list.includes(problem)) list.push(problem);
}

/** The body as a JSON object, or undefined when the contract refuses it whole (`body: invalid`). */
export function bodyObject(exchange: Exchange): Record<string, unknown> | undefined {
  const parsed = requestJson(exchange);
  return parsed.ok && !hasOversizedObject(parsed.value) ? parsed.value : undefined;
}

const validator = () => validatorFor("bank-payments");

/**
 * Schema violations of a body against one component schema, keyed as decided: `missing` for an
 * absent required member, `invalid` otherwise, an unknown member included (bank doc 7.1; never two words
 * for one key); nested members of `nested` objects in dot notation, anything deeper by its
 * top-level member (`extras`).
 */
export function schemaProblems(schemaName: string, body: unknown, options: { nested?: string[]; rename?: Record<string, string> } = {}): FieldErrors {
  const result = validator().validate(`#/components/schemas/${pointerSegment(schemaName)}`, body);
  const found = new Map<string, string>();
  const keyOf = (segments: string[]) => {
    const key = segments.length >= 2 && options.nested?.includes(segments[0]) ? `${segments[0]}.${segments[1]}` : segments[0] ?? "body";
    return options.rename?.[key] ?? key;
  };
  const segmentsOf = (error: SchemaError) => error.path.split("/").filter(Boolean).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  for (const error of result.errors) {
    if (error.keyword === "required") found.set(keyOf([...segmentsOf(error), String(error.params.missingProperty)]), "missing");
    else if (error.keyword === "additionalProperties") found.set(keyOf([...segmentsOf(error), String(error.params.additionalProperty)]), "invalid");
    else {
      const key = keyOf(segmentsOf(error));
      if (!found.has(key)) found.set(key, "invalid");
    }
  }
  const errors: FieldErrors = {};
  for (const [key, problem] of found) addProblem(errors, key, problem);
  return errors;
}

export function addError(errors: FieldErrors, key: string, problem: string): void {
  if (!Object.hasOwn(errors, key)) addProblem(errors, key, problem);
}

/** The largest request amount: 999999999.99 (README, "Amount ceiling"). */
const maxCents = 99_999_999_999;

/**
 * Cents of a request amount read exactly (README, "Amounts"): a JSON number as the shortest
 * decimal form of its double, a string as written; more than two decimals, zero, negative or
 * above the ceiling is no amount.
 */
export function amountCents(value: unknown, accept: { numbers: boolean; strings: boolean }): number | undefined {
  let text: string;
  if (typeof value === "number" && accept.numbers && Number.isFinite(value)) text = String(value);
  else if (typeof value === "string" && accept.strings) text = value;
  else return undefined;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match || match[1].replace(/^0+/, "").length > 9) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents > 0 && cents <= maxCents ? cents : undefined;
}

/** `extras` member names of 1 to 40 characters (README, "extras limits"; no schema keyword can say it). */
export function extrasNamesValid(extras: unknown): boolean {
  if (typeof extras !== "object" || extras === null || Array.isArray(extras)) return true;
  return Object.keys(extras).every((name) => name.length >= 1 && name.length <= 40);
}

type QuerySpec = { kind: "integer"; min: number; max: number } | { kind: "text" } | { kind: "enum"; values: readonly string[] };

const intentStatuses = ["succeeded", "failed", "refunded", "canceled", "pending_authorization", "pending_capture", "pending_service_fee", "pending_service_fee_acceptance"] as const;
const paging: Record<string, QuerySpec> = {
  page: { kind: "integer", min: 1, max: 2 ** 31 - 1 },
  per_page: { kind: "integer", min: 1, max: 100 },
};

/** The query parameters of the two lists (bank doc 4.4 and 4.8, README "per_page"). */
export const listQueries: Record<string, Record<string, QuerySpec>> = {
  listTransactionIntents: {
    ...paging,
    reference_number: { kind: "text" },
    station_number: { kind: "text" },
    status: { kind: "enum", values: intentStatuses },
    submerchant_id: { kind: "integer", min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
    type: { kind: "enum", values: ["bankpay", "bankpay_bnpl"] },
  },
  listCredits: {
    ...paging,
    creditable_type: { kind: "enum", values: ["transaction_intent", "bank_account"] },
    creditable_id: { kind: "text" },
    employee_number: { kind: "text" },
    reference_number: { kind: "text" },
    station_number: { kind: "text" },
    status: { kind: "enum", values: ["pending", "failed", "succeeded", "canceled", "cancelled"] },
  },
};

/**
 * Reads a list's query: declared parameters only (unknown ones are ignored), each at most once
 * (README, "Query parameters"); a bad one is `invalid` under its own name.
 */
export function readQuery(operationId: string, url: string): { values: Record<string, string | number>; errors: FieldErrors } {
  const search = new URL(url).searchParams;
  const values: Record<string, string | number> = {};
  const errors: FieldErrors = {};
  for (const [name, spec] of Object.entries(listQueries[operationId])) {
    const given = search.getAll(name);
    if (given.length === 0) continue;
    const raw = given[0];
    let ok = given.length === 1;
    if (ok && spec.kind === "integer") ok = /^-?\d{1,18}$/.test(raw) && Number(raw) >= spec.min && Number(raw) <= spec.max;
    if (ok && spec.kind === "text") ok = raw.length >= 1 && raw.length <= 255;
    if (ok && spec.kind === "enum") ok = spec.values.includes(raw);
    if (!ok) addProblem(errors, name, "invalid");
    else values[name] = spec.kind === "integer" ? Number(raw) : raw;
  }
  return { values, errors };
}
