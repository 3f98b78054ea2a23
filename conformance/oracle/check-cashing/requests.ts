// How the check cashing service must read a request. Two lenses, as on the bank side: the
// published request schema (what the sandbox accepts) and the same schema without what the
// decisions leave open (what every server must refuse). A request only the first lens refuses may be
// refused or processed: 0 or a third decimal in `netAmount` (C-3), a value of another JSON type that
// meets its member's constraint as text and an empty "up to N" member (C-4), unknown members and
// objects of more than 100 members (C-13).
import type { OpenApiDocument } from "../../../src/openapi/documents.js";
import { OpenApiValidator, validatorFor, type SchemaError } from "../../../src/openapi/validator.js";
import type { Rule } from "../../rules.js";
import { hasOversizedObject } from "../exchange.js";

const operationId = "submitPayrollCheck";
const maxCents = 999_999_999;

/** The request's amount in cents as a server may read it, and whether only the lenient lens reads it (C-3). */
export type AmountReading = { cents: number; lenient: boolean };

/** `netAmount` read strictly (at most two decimals, above zero) or leniently (also 0 and a third decimal, C-3). */
export function readNetAmount(value: unknown): AmountReading | undefined {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value : undefined;
  const match = text === undefined ? null : /^(\d{1,7})(?:\.(\d{1,3}))?$/.exec(text);
  if (!match) return undefined;
  const decimals = match[2] ?? "";
  const cents = Number(match[1]) * 100 + Number(decimals.slice(0, 2).padEnd(2, "0"));
  const thousandths = Number(match[1]) * 1000 + Number(decimals.padEnd(3, "0"));
  if (thousandths > maxCents * 10) return undefined;
  return { cents, lenient: decimals.length === 3 || thousandths === 0 };
}

/** The "up to N characters" members an empty string may be processed for (C-4). */
const upToMembers: Array<[schema: string, member: string]> = [["PayrollAddress", "city"], ["PayrollAccount", "micrData"], ["PayrollId", "idValue"]];
const closedSchemas = ["PayrollRequest", "PayrollName", "PayrollAddress", "PayrollId", "PayrollAccount"];

function lenientDocument(): OpenApiDocument {
  const document = structuredClone(validatorFor("check-cashing").document) as OpenApiDocument & { components: { schemas: Record<string, any> } };
  const schemas = document.components.schemas;
  for (const [schema, member] of upToMembers) {
    const property = schemas[schema].properties[member];
    property.pattern = String(property.pattern).replace(/\{1,(\d+)\}\$$/, "{0,$1}$");
  }
  for (const name of closedSchemas) delete schemas[name].additionalProperties;
  // C-3: the amount's own reading (readNetAmount) decides; the schema keeps only its JSON types.
  schemas.NetAmountNumber = { type: "number" };
  schemas.NetAmountString = { type: "string" };
  return document;
}

let lenientValidator: OpenApiValidator | undefined;
const lenient = () => (lenientValidator ??= new OpenApiValidator(lenientDocument(), "check-cashing-lenient"));

const segments = (error: SchemaError) => error.path.split("/").filter(Boolean);

/** A copy where string members sent as numbers or booleans are their text (C-4: a server may coerce them). */
function coerced(body: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(body);
  for (const error of lenient().validateRequestBody(operationId, copy).errors) {
    if (error.keyword !== "type" || error.params.type !== "string") continue;
    const path = segments(error);
    const parent = path.slice(0, -1).reduce<any>((node, key) => node?.[key], copy);
    const value = parent?.[path[path.length - 1]];
    if (typeof value === "number" || typeof value === "boolean") parent[path[path.length - 1]] = String(value);
  }
  return copy;
}

/** A request every constraint of which a server may read as met, as that server reads it. */
export type ProcessableRequest = {
  trxID: string;
  netAmount: AmountReading;
  id: { idValue: string };
  account: { micrData: string };
  address?: { state?: string };
};

export type RequestReading =
  /** Every server refuses it. */
  | { refused: true }
  /** `mayRefuse`: the sandbox refuses it, another server may process it as `request`, by that rule (C-3, C-4, C-13). */
  | { refused: false; mayRefuse?: Rule; request: ProcessableRequest };

/** The request body (a JSON object) as the contract reads it. */
export function readRequest(body: Record<string, unknown>): RequestReading {
  const strictErrors = validatorFor("check-cashing").validateRequestBody(operationId, body).errors;
  const value = coerced(body);
  const amount = readNetAmount(value.netAmount);
  if (!amount || lenient().validateRequestBody(operationId, value).errors.length > 0) return { refused: true };
  const strictAmount = typeof body.netAmount === "number" || typeof body.netAmount === "string" ? readNetAmount(body.netAmount) : undefined;
  const unknown = strictErrors.some((error) => error.keyword === "additionalProperties") || hasOversizedObject(body);
  const mayRefuse = !strictAmount || strictAmount.lenient ? "C-3" : unknown ? "C-13" : strictErrors.length > 0 ? "C-4" : undefined;
  return { refused: false, mayRefuse, request: { ...(value as Omit<ProcessableRequest, "netAmount">), netAmount: amount } };
}
