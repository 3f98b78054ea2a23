// The check cashing service's error entries (check cashing doc 2.3 and README decisions).
import type { components } from "../../generated/types/check-cashing.js";
import type { SchemaError } from "../../src/openapi/validator.js";
import { nowIso } from "../ids.js";
import { reply, type JsonReply } from "../http.js";

export const payrollPath = "/v1/payroll";
export const customerCare = "800-555-0199";

/** Response codes the sandbox uses (the documentation does not list any). */
export const responseCodes = {
  fieldInvalid: "1001",
  fieldMissing: "1002",
  fieldUnknown: "1003",
  bodyInvalid: "1004",
  duplicateTrxId: "1005",
  micrUnreadable: "1006",
  unknownRoute: "1404",
  declined: "2007",
  idError: "3001",
  systemError: "9999",
} as const;

/** An entry of the 2.3 errors array, as the contract types it; the sandbox always sends a boolean flag. */
export type PayrollErrorEntry = Omit<components["schemas"]["PayrollError"], "adverseAction"> & { adverseAction: boolean };

export function entry(fields: Omit<PayrollErrorEntry, "errorPath" | "errorDate" | "adverseAction"> & { adverseAction?: boolean; errorPath?: string }): PayrollErrorEntry {
  return {
    errorPath: fields.errorPath ?? payrollPath,
    errorMessage: fields.errorMessage,
    ...(fields.errorDetails !== undefined ? { errorDetails: fields.errorDetails.slice(0, 260) } : {}),
    errorType: fields.errorType,
    errorDate: nowIso(),
    ...(fields.trxID !== undefined ? { trxID: fields.trxID } : {}),
    ...(fields.trxRefID !== undefined ? { trxRefID: fields.trxRefID } : {}),
    responseCode: fields.responseCode,
    adverseAction: fields.adverseAction ?? false,
    ...(fields.customerCare !== undefined ? { customerCare: fields.customerCare } : {}),
  };
}

export function errorsReply(status: 400 | 404 | 500, entries: PayrollErrorEntry[]): JsonReply {
  return reply(status, { errors: entries });
}

/** A correction entry for a request that broke a constraint. */
export function correction(errorMessage: string, errorDetails: string, responseCode: string, trxID: string | undefined): PayrollErrorEntry {
  return entry({ errorMessage, errorDetails, errorType: "correction", responseCode, trxID });
}

/** A member path such as `name.lastName` from a JSON pointer-style instance path. */
function memberOf(path: string, extra?: unknown): string {
  const segments = path.split("/").filter((s) => s !== "");
  if (extra !== undefined) segments.push(String(extra));
  return segments.join(".") || "body";
}

/**
 * One correction entry per violated member of the schema (several Ajv errors on one member
 * collapse into one), plus a single entry naming every unknown member: an answer never grows
 * with the number of members a request invents (README, "Error entry members").
 */
export function correctionsOf(schemaErrors: SchemaError[], trxID: string | undefined): PayrollErrorEntry[] {
  const byMember = new Map<string, PayrollErrorEntry>();
  const unknown: string[] = [];
  for (const error of schemaErrors) {
    if (error.keyword === "additionalProperties") {
      unknown.push(memberOf(error.path, error.params.additionalProperty));
      continue;
    }
    let member: string;
    let made: PayrollErrorEntry;
    if (error.keyword === "required") {
      member = memberOf(error.path, error.params.missingProperty);
      made = correction("Required field missing", `${member}: is required`, responseCodes.fieldMissing, trxID);
    } else {
      member = memberOf(error.path);
      made = correction("Request field invalid", `${member}: ${error.message}`, responseCodes.fieldInvalid, trxID);
    }
    if (!byMember.has(member)) byMember.set(member, made);
  }
  const entries = [...byMember.values()];
  if (unknown.length > 0) {
    entries.push(correction("Unknown field", `unknown members: ${[...new Set(unknown)].join(", ")}`, responseCodes.fieldUnknown, trxID));
  }
  return entries;
}
