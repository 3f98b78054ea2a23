// POST /v1/payroll: validation through the published document, test triggers, approvals.
import type { IncomingMessage } from "node:http";
import { validatorFor } from "../../src/openapi/validator.js";
import { digits, nowIso } from "../ids.js";
import { drain, isPlainObject, jsonLimits, maxBodyBytes, readJsonBody, reply, type BodyProblem, type JsonReply } from "../http.js";
import type { Store } from "../store.js";
import { correction, correctionsOf, customerCare, entry, errorsReply, payrollPath, responseCodes, type PayrollErrorEntry } from "./errors.js";
import { readMicr } from "./micr.js";
import { centsOf, decimalText } from "../money.js";

const validator = validatorFor("check-cashing");

/** Canadian province and territory codes, refused in `address.state` (US addresses only). */
const canadianProvinces = new Set(["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"]);

/** The request's trxID when it can be echoed in an error entry (4 to 20 characters). */
function echoableTrxId(body: unknown): string | undefined {
  const trxID = isPlainObject(body) ? body.trxID : undefined;
  return typeof trxID === "string" && trxID.length >= 4 && trxID.length <= 20 ? trxID : undefined;
}

/** Cents of a netAmount with at most two decimals, read exactly (README, "netAmount"), else undefined. */
function netAmountCents(value: unknown): number | undefined {
  const text = decimalText(value);
  return text === undefined ? undefined : centsOf(text, 7);
}

/** Constraints the document cannot state: two decimals on a numeric netAmount, no Canadian province. */
function extraCorrections(body: Record<string, unknown>, trxID: string | undefined): PayrollErrorEntry[] {
  const found: PayrollErrorEntry[] = [];
  if (typeof body.netAmount === "number" && netAmountCents(body.netAmount) === undefined) {
    found.push(correction("Request field invalid", "netAmount: at most two decimals", responseCodes.fieldInvalid, trxID));
  }
  const address = isPlainObject(body.address) ? body.address : undefined;
  if (typeof address?.state === "string" && canadianProvinces.has(address.state.toUpperCase())) {
    found.push(correction("Request field invalid", "address.state: US addresses only", responseCodes.fieldInvalid, trxID));
  }
  return found;
}

export type PayrollRequestBody = {
  trxID: string;
  netAmount: number | string;
  id: { idCode: string; idValue: string };
  account: { micrData: string };
};

export function submitPayroll(body: unknown, store: Store): JsonReply {
  const trxID = echoableTrxId(body);
  if (!isPlainObject(body)) {
    return errorsReply(400, [correction("Request body invalid", "body: must be a JSON object", responseCodes.bodyInvalid, undefined)]);
  }
  const result = validator.validateRequestBody("submitPayrollCheck", body);
  const corrections = result.valid ? [] : correctionsOf(result.errors, trxID);
  for (const extra of extraCorrections(body, trxID)) {
    const member = (extra.errorDetails ?? "").split(":")[0];
    if (!corrections.some((c) => (c.errorDetails ?? "").split(":")[0] === member)) corrections.push(extra);
  }
  if (corrections.length > 0) return errorsReply(400, corrections);

  const request = body as unknown as PayrollRequestBody;
  if (request.trxID.startsWith("E500")) {
    // A system error does not consume the trxID: the request was not processed.
    return errorsReply(500, [
      entry({ errorMessage: "System error, try again later", errorType: "system_error", responseCode: responseCodes.systemError, trxID, customerCare }),
    ]);
  }
  const micr = readMicr(request.account.micrData);
  if (!micr) {
    return errorsReply(400, [correction("Request field invalid", "account.micrData: routing, account and check numbers not found", responseCodes.micrUnreadable, trxID)]);
  }
  const at = nowIso();
  const trxRefID = String(1 + Number(digits(14)));
  const idOnlyAsterisks = /^[*]+$/.test(request.id.idValue.replace(/[ -]/g, ""));
  const outcome: JsonReply = idOnlyAsterisks
    ? errorsReply(400, [
        entry({ errorMessage: "ID could not be verified", errorDetails: "Identification rejected", errorType: "id_error", trxID, trxRefID, responseCode: responseCodes.idError, customerCare }),
      ])
    : (netAmountCents(request.netAmount) as number) % 100 === 7
      ? errorsReply(400, [
          entry({
            errorMessage: "Check declined",
            errorDetails: "Adverse action required: provide the consumer the adverse action notice.",
            errorType: "declined",
            trxID,
            trxRefID,
            responseCode: responseCodes.declined,
            adverseAction: true,
            customerCare,
          }),
        ])
      : reply(200, { trxID: request.trxID, trxRefID, approvalNum: digits(6), ...micr });

  if (!store.claimTrxId(request.trxID, JSON.stringify(outcome), at)) {
    return errorsReply(400, [correction("Duplicate transaction", "trxID: already used by an earlier request", responseCodes.duplicateTrxId, trxID)]);
  }
  return outcome;
}

/** A body the service does not read, as a correction's `errorDetails`. */
const bodyProblemDetails: Record<BodyProblem, string> = {
  content_type: "body: Content-Type must be application/json",
  too_large: `body: larger than ${maxBodyBytes / (1024 * 1024)} MB`,
  malformed: "body: not valid JSON",
  empty: "body: empty",
  too_deep: `body: objects and arrays nested more than ${jsonLimits.depth} levels deep`,
  too_many_members: `body: an object has more than ${jsonLimits.members} members`,
};

/** The methods the check cashing service serves at a path, for CORS preflights. */
export function checkCashingMethodsAt(pathname: string): string[] {
  return pathname === payrollPath ? ["POST"] : [];
}

/** Handles one check cashing request; unknown routes get 404 with the same errors body. */
export async function handleCheckCashing(req: IncomingMessage, store: Store): Promise<JsonReply> {
  const path = (req.url ?? "/").split("?")[0];
  if (req.method !== "POST" || path !== payrollPath) {
    await drain(req);
    return errorsReply(404, [entry({ errorPath: path.slice(0, 200), errorMessage: "Route not found", errorType: "correction", responseCode: responseCodes.unknownRoute })]);
  }
  const body = await readJsonBody(req);
  // A body refused for its shape was parsed: its top-level trxID is echoed, as on any other correction.
  if (!body.ok) return errorsReply(400, [correction("Request body invalid", bodyProblemDetails[body.reason], responseCodes.bodyInvalid, echoableTrxId(body.parsed))]);
  return submitPayroll(body.value, store);
}
