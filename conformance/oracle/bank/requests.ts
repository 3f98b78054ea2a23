// How the bank service must read a request: the key, the body and the problems a 422 must or may
// name, amounts and list filters. Member constraints come from the published schemas. Two lenses:
// the published request schemas (what a client may send, with the limits the contract decided for
// the sandbox) and the same schemas without the decided limits (what every server must refuse).
// A problem only the first lens finds is optional: a server may refuse it or accept the value
// (B-10, B-11, B-20, B-21, B-44); one the second finds is pinned.
import { pointerSegment, type OpenApiDocument } from "../../../src/openapi/documents.js";
import { OpenApiValidator, validatorFor, type SchemaError } from "../../../src/openapi/validator.js";
import type { SuiteSettings } from "../../settings.js";
import { hasOversizedObject, requestJson, type Exchange } from "../exchange.js";
import type { Prediction } from "../prediction.js";

export type KeyKind = "secret" | "publishable" | "none";

/** The kind of key a request carries: `none` for a missing, malformed or unknown one. */
export function keyKind(exchange: Exchange, keys: { secret?: string; publishable?: string }): KeyKind {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(exchange.requestHeaders.authorization ?? "");
  if (!match) return "none";
  if (match[1] === keys.secret) return "secret";
  if (match[1] === keys.publishable) return "publishable";
  return "none";
}

/**
 * One problem of a request: the 422 key it goes under, the words a server may use for it (bank doc
 * 7.1: `invalid`, `missing`), and whether every server must refuse it (`pinned`).
 */
export type Problem = { key: string; words: string[]; pinned: boolean };

/** The body of a request as the contract reads it. */
export type RequestBody =
  | { readable: false }
  | { readable: true; value: Record<string, unknown>; oversized: boolean };

/** The body: a JSON object (B-12: anything else is refused whole), and whether it is oversized (B-21). */
export function readBody(exchange: Exchange): RequestBody {
  const parsed = requestJson(exchange);
  if (!parsed.ok) return { readable: false };
  return { readable: true, value: parsed.value, oversized: hasOversizedObject(parsed.value) };
}

const strict = () => validatorFor("bank-payments");

/** Request schemas whose decided limits are lifted in the lenient lens (docs/contract-decisions.md). */
const decidedLimits = {
  /** B-21: text and `extras` lengths and counts; B-16: identifier lengths. */
  lengths: ["RequestText", "ExtrasText", "Extras", "TransactionIntentId", "BankAccountId", "ConsumerId", "AddressId", "ServiceFeeId", "CreditId"],
  /** B-10: which address members are required, and the country code's form. */
  addresses: ["BillingAddressInput", "BillingAddressUpdate"],
  /** B-11: unknown members. */
  closed: [
    "CreateTransactionIntentRequest", "CreateAndAuthorizeTransactionIntentRequest", "BillingAddressInput", "AuthorizeAction", "CaptureAction",
    "RefundAction", "CancelAction", "CancelRefundAction", "LinkedCreditRequest", "UnlinkedCreditRequest", "CancelCreditRequest",
  ],
};

/** The bank document without the limits the contract decided only for the sandbox. */
function lenientDocument(): OpenApiDocument {
  const document = structuredClone(strict().document) as OpenApiDocument & { components: { schemas: Record<string, any> } };
  const schemas = document.components.schemas;
  const dropLengths = (node: any) => {
    if (node === null || typeof node !== "object") return;
    for (const keyword of ["minLength", "maxLength", "maxProperties"]) delete node[keyword];
    for (const child of Object.values(node)) dropLengths(child);
  };
  for (const name of decidedLimits.lengths) dropLengths(schemas[name]);
  for (const name of decidedLimits.closed) {
    delete schemas[name].additionalProperties;
    for (const member of Object.values(schemas[name].properties ?? {})) dropLengths(member);
  }
  for (const name of decidedLimits.addresses) {
    delete schemas[name].required;
    delete schemas[name].properties.country_code.pattern;
  }
  // B-20: no ceiling on amounts; B-19 (two decimals, above zero) stays.
  delete schemas.AmountInput.maximum;
  schemas.AmountInputString.pattern = "^[0-9]+(\\.[0-9]{1,2})?$";
  // B-44: any unlinked store_number reaches the 201 `failed` answer.
  schemas.UnlinkedCreditRequest.properties.store_number = {};
  return document;
}

let lenientValidator: OpenApiValidator | undefined;
const lenient = () => (lenientValidator ??= new OpenApiValidator(lenientDocument(), "bank-payments-lenient"));

/**
 * The limits rule (docs/conformance.md, B-21): the documents bound no length or count of a request
 * value, so a server may refuse any value longer than the ones every client needs accepted, the
 * suite's ordinary values: identifiers of at most 64 characters (a 16-character token and its
 * prefix), free texts of at most 20 (a street line, a store number), `extras` of at most 10
 * members. Past these a refusal (422 on the member) is one allowed answer, acceptance the other.
 */
export const ordinaryLimits = { identifier: 64, text: 20, extrasMembers: 10 };

const identifierSchemas = ["TransactionIntentId", "BankAccountId", "ConsumerId", "AddressId", "ServiceFeeId", "CreditId"];

/** The bank document with every decided limit lowered to the ordinary values: what a server may refuse. */
function shortDocument(): OpenApiDocument {
  const document = structuredClone(strict().document) as OpenApiDocument & { components: { schemas: Record<string, any> } };
  const schemas = document.components.schemas;
  const lower = (node: any, length: number) => {
    if (node === null || typeof node !== "object") return;
    if (typeof node.maxLength === "number") node.maxLength = Math.min(node.maxLength, length);
    if (typeof node.maxProperties === "number") node.maxProperties = Math.min(node.maxProperties, ordinaryLimits.extrasMembers);
    for (const child of Object.values(node)) lower(child, length);
  };
  for (const name of identifierSchemas) lower(schemas[name], ordinaryLimits.identifier);
  for (const name of [...decidedLimits.lengths, ...decidedLimits.closed, ...decidedLimits.addresses]) {
    if (!identifierSchemas.includes(name)) lower(schemas[name], ordinaryLimits.text);
  }
  return document;
}

let shortValidator: OpenApiValidator | undefined;
const short = () => (shortValidator ??= new OpenApiValidator(shortDocument(), "bank-payments-short"));

export type KeyOptions = {
  /** Objects whose members are keyed in dot notation (`billing_address.line_1`). */
  nested?: string[];
  /** Keys the contract renames (the address update's `line_one`...). */
  rename?: Record<string, string>;
};

const segmentsOf = (error: SchemaError) => error.path.split("/").filter(Boolean).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));

/** The 422 keys and words of one lens's schema violations (never two words for one key). */
function violations(validator: OpenApiValidator, schemaName: string, body: unknown, options: KeyOptions): Map<string, string> {
  const result = validator.validate(`#/components/schemas/${pointerSegment(schemaName)}`, body);
  const found = new Map<string, string>();
  const keyOf = (segments: string[]) => {
    const key = segments.length >= 2 && options.nested?.includes(segments[0]) ? `${segments[0]}.${segments[1]}` : segments[0] ?? "body";
    return options.rename?.[key] ?? key;
  };
  for (const error of result.errors) {
    if (error.keyword === "required") found.set(keyOf([...segmentsOf(error), String(error.params.missingProperty)]), "missing");
    else if (error.keyword === "additionalProperties") found.set(keyOf([...segmentsOf(error), String(error.params.additionalProperty)]), "invalid");
    else {
      const key = keyOf(segmentsOf(error));
      if (!found.has(key)) found.set(key, "invalid");
    }
  }
  return found;
}

/**
 * The problems of a body against one request schema: pinned where the schema without the decided
 * limits refuses it too, optional otherwise. An optional missing member may be called `missing`
 * or `invalid`.
 */
export function bodyProblems(schemaName: string, body: unknown, options: KeyOptions = {}): Problem[] {
  const pinned = violations(lenient(), schemaName, body, options);
  const problems: Problem[] = [...pinned].map(([key, word]) => ({ key, words: [word], pinned: true }));
  for (const [key, word] of violations(strict(), schemaName, body, options)) {
    if (!pinned.has(key)) problems.push({ key, words: word === "missing" ? ["missing", "invalid"] : [word], pinned: false });
  }
  // The limits rule: past the ordinary values, any length or count may be refused.
  for (const [key, word] of violations(short(), schemaName, body, options)) addProblem(problems, key, word, false);
  return problems;
}

/** With fixtures, a string the fixtures do not name (`known`) may be refused as invalid (bank doc 1: enrolled objects only). */
export function notEnrolledProblem(problems: Problem[], key: string, value: unknown, known: string[]): void {
  if (typeof value === "string" && !known.includes(value)) addProblem(problems, key, "invalid", false);
}

/** Adds a problem unless its key already has one (a pinned one replaces an optional one). */
export function addProblem(problems: Problem[], key: string, word: string, pinned = true): void {
  const existing = problems.find((problem) => problem.key === key);
  if (!existing) problems.push({ key, words: [word], pinned });
  else if (pinned && !existing.pinned) Object.assign(existing, { words: [word], pinned: true });
}

/**
 * The limits rule applied to amounts (B-20): the documents state no ceiling for a debit, a capture,
 * a refund or a credit, so a server may refuse any amount past the suite's ordinary ones (at most
 * 10,000.00); the sandbox accepts up to 999999999.99. Past the ordinary amounts a 422 on `amount`
 * is one allowed answer, acceptance the other.
 */
const ordinaryAmountCents = 1_000_000;

/** `overCeiling`: past the ordinary amounts, where a server may refuse it. */
export type Amount = { cents: number; overCeiling: boolean };

/**
 * A request amount read exactly (B-19): a JSON number as the shortest decimal form of its double,
 * a string as written; more than two decimals, zero or negative is no amount (pinned). Past the
 * ordinary amounts it is an amount a server may refuse (B-20).
 */
export function amountOf(value: unknown, accept: { numbers: boolean; strings: boolean }): Amount | undefined {
  let text: string;
  if (typeof value === "number" && accept.numbers && Number.isFinite(value)) text = String(value);
  else if (typeof value === "string" && accept.strings) text = value;
  else return undefined;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const whole = match[1].replace(/^0+(?=\d)/, "");
  if (whole.length > 15) return { cents: Number.MAX_SAFE_INTEGER, overCeiling: true };
  const cents = Number(whole) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents > 0 ? { cents, overCeiling: cents > ordinaryAmountCents } : undefined;
}

/** The problems of a request amount: pinned when it is no amount, optional above the ceiling. */
export function amountProblems(problems: Problem[], amount: Amount | undefined, present: boolean): void {
  if (!present) return;
  if (amount === undefined) addProblem(problems, "amount", "invalid");
  else if (amount.overCeiling) addProblem(problems, "amount", "invalid", false);
}

/** `extras` member names of 1 to 40 characters (B-21, open; no OpenAPI 3.0 keyword states it). */
export function extrasNameProblems(problems: Problem[], extras: unknown): void {
  if (typeof extras !== "object" || extras === null || Array.isArray(extras)) return;
  if (!Object.keys(extras).every((name) => name.length >= 1 && name.length <= 40)) addProblem(problems, "extras", "invalid", false);
}

/** A body with an object of more than 100 members may be refused whole (B-21). */
export function oversizedProblem(problems: Problem[], body: RequestBody): void {
  if (body.readable && body.oversized) addProblem(problems, "body", "invalid", false);
}

/** The objects of a request body whose members the contract names: the body and its billing address (B-62). */
const namedObjects = ["billing_address"];

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * B-62: the documents state no minimum length for any bank request member, so an empty string may
 * be read as a value (refused `invalid`, or kept and echoed) or as absent (Laravel's
 * ConvertEmptyStringsToNull: `missing` where the member is required, nothing where it is optional,
 * and echoed as a member never given). The body as the second reading sees it, or undefined when it
 * has no empty member. Values inside `extras` are the client's data and stay as sent.
 */
export function emptyAsAbsent(request: RequestBody): RequestBody | undefined {
  if (!request.readable) return undefined;
  let found = false;
  const withoutEmpty = (object: Record<string, unknown>) => Object.fromEntries(Object.entries(object).filter(([, value]) => {
    if (value !== "") return true;
    found = true;
    return false;
  }));
  const value = withoutEmpty(request.value);
  for (const name of namedObjects) if (isPlainObject(value[name])) value[name] = withoutEmpty(value[name]);
  return found ? { ...request, value } : undefined;
}

/** The predictions of a request under each reading of its empty strings (B-62): a server takes one reading for the whole body. */
export function eitherReading(request: RequestBody, predict: (request: RequestBody) => Prediction[]): Prediction[] {
  const absent = emptyAsAbsent(request);
  return absent === undefined ? predict(request) : [...predict(request), ...predict(absent)];
}

type QuerySpec = { kind: "integer"; min: number; max: number } | { kind: "text" } | { kind: "enum"; values: readonly string[] };

const intentStatuses = ["succeeded", "failed", "refunded", "canceled", "pending_authorization", "pending_capture", "pending_service_fee", "pending_service_fee_acceptance"] as const;

/** The query parameters of the two lists (bank doc 4.4 and 4.8; `per_page` bounds from the settings, B-5). */
function listQueries(settings: SuiteSettings): Record<string, Record<string, QuerySpec>> {
  const paging: Record<string, QuerySpec> = {
    page: { kind: "integer", min: 1, max: 2 ** 31 - 1 },
    per_page: { kind: "integer", min: 1, max: settings.per_page_max },
  };
  return {
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
}

/**
 * Reads a list's query: declared parameters only (unknown ones are ignored, B-55), each at most
 * once; a bad one is `invalid` under its own name (bank doc 4.4). Free-text filters longer than
 * the ordinary values may be refused (the limits rule, B-21).
 */
export function readQuery(operationId: string, url: string, settings: SuiteSettings): { values: Record<string, string | number>; problems: Problem[] } {
  const search = new URL(url).searchParams;
  const values: Record<string, string | number> = {};
  const problems: Problem[] = [];
  for (const [name, spec] of Object.entries(listQueries(settings)[operationId])) {
    const given = search.getAll(name);
    if (given.length === 0) continue;
    const raw = given[0];
    let ok = given.length === 1;
    if (ok && spec.kind === "integer") ok = /^-?\d{1,18}$/.test(raw) && Number(raw) >= spec.min && Number(raw) <= spec.max;
    if (ok && spec.kind === "enum") ok = spec.values.includes(raw);
    if (ok && spec.kind === "text" && raw.length === 0) ok = false;
    if (!ok) addProblem(problems, name, "invalid");
    else {
      if (spec.kind === "text" && raw.length > ordinaryLimits.text) addProblem(problems, name, "invalid", false);
      values[name] = spec.kind === "integer" ? Number(raw) : raw;
    }
  }
  return { values, problems };
}
