// The check cashing service over node:http: POST /v1/payroll answers an approval (200) or an
// errors list (cc §2.3). Every entry carries the support number, `adverseAction` is sent as the
// string "true" or "false" (the document says it may arrive so), `trxRefID` as a JSON number.
import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody, sendJson, widestObject } from "../http.js";
import { randomInt } from "node:crypto";
import { digits, isoTime } from "../wire.js";
import { readMicr } from "./micr.js";
import { problemsOf, type Problem } from "./request.js";
import type { Fault } from "../faults.js";

const route = "/v1/payroll";
const customerCare = "888-555-0199";

type Entry = Record<string, string>;

function entry(type: string, code: string, message: string, details: string, trxID: string | undefined): Entry {
  return {
    errorPath: `POST ${route}`,
    errorMessage: message,
    errorDetails: details.slice(0, 260),
    errorType: type,
    errorDate: isoTime(),
    ...(trxID ? { trxID } : {}),
    responseCode: code,
    adverseAction: "false",
    customerCare,
  };
}

function correction(problem: Problem, trxID: string | undefined): Entry {
  return problem.kind === "missing"
    ? entry("correction", "1002", "A required field is missing.", `Please supply "${problem.path}".`, trxID)
    : entry("correction", "1001", "A field does not meet its format.", `"${problem.path}" must be ${problem.rule}.`, trxID);
}

export function checkCashingApp(fault?: Fault) {
  /** Every trxID a request has carried: "not repeatable across requests" (cc §2.1), whatever the answer was. */
  const seenTrxIds = new Set<string>();
  let lastRefId = 0;
  /** A 12-digit reference, sent as a JSON number ("numeric, up to 15 digits", cc §2.2: exact in a double). */
  const nextRefId = () => {
    lastRefId += 1;
    return Number(`${randomInt(1, 10)}${digits(3)}${String(lastRefId).padStart(8, "0")}`);
  };

  const answer = async (request: IncomingMessage): Promise<{ status: number; body: unknown }> => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (request.method !== "POST" || path !== route) {
      return { status: 404, body: { errors: [entry("correction", "1404", "No such route.", `${request.method} ${path} is not served here.`, undefined)] } };
    }
    const read = await readBody(request);
    const isObject = read.kind === "json" && read.value !== null && typeof read.value === "object" && !Array.isArray(read.value);
    const body = (isObject ? read.value : {}) as Record<string, unknown>;
    // Echoed only when it is a well-formed trxID.
    const trxID = typeof body.trxID === "string" && /^[A-Za-z0-9-]{4,20}$/.test(body.trxID) ? body.trxID : undefined;
    if (!isObject || widestObject(body) > 100) {
      return { status: 400, body: { errors: [entry("correction", "1004", "The request could not be read.", "The body must be one JSON object of the documented fields.", trxID)] } };
    }
    const repeated = trxID !== undefined && seenTrxIds.has(trxID);
    if (trxID) seenTrxIds.add(trxID);

    const problems = problemsOf(body);
    if (problems.length > 0) {
      const unknown = problems.filter((p) => p.kind === "unknown").map((p) => p.path);
      const entries = problems.filter((p) => p.kind !== "unknown").map((p) => correction(p, trxID));
      if (unknown.length > 0) entries.push(entry("correction", "1003", "The request has fields this service does not take.", `Remove: ${unknown.join(", ")}`, trxID));
      return { status: 400, body: { errors: entries } };
    }
    const check = readMicr((body.account as { micrData: string }).micrData);
    if (!check) {
      return { status: 400, body: { errors: [entry("correction", "1006", "The MICR line could not be read.", "account.micrData needs a routing number, an account number and a check number.", trxID)] } };
    }
    if (repeated && fault !== "trxid-reuse-approved") {
      return { status: 400, body: { errors: [entry("correction", "1005", "This trxID was used before.", "Send each request with a new trxID.", trxID)] } };
    }
    const echoed = fault === "approval-trxid-not-echoed" ? `${trxID!.slice(0, -1)}${trxID!.endsWith("0") ? "1" : "0"}` : trxID;
    return { status: 200, body: { trxID: echoed, trxRefID: nextRefId(), approvalNum: digits(6), ...check } };
  };

  return async (request: IncomingMessage, response: ServerResponse) => {
    const reply = await answer(request);
    if (!request.complete) request.resume();
    sendJson(response, reply.status, fault === "response-code-three-digits" ? withShortCodes(reply.body) : reply.body);
  };
}

/** What a crash answers: a system error in the documented shape. */
export function checkCashingCrash(response: ServerResponse): void {
  sendJson(response, 500, { errors: [entry("system_error", "9999", "The service failed; try again.", "Internal error.", undefined)] });
}

/** The `response-code-three-digits` fault: every entry's responseCode loses its first digit. */
function withShortCodes(body: unknown): unknown {
  const errors = (body as { errors?: Entry[] }).errors;
  return errors ? { errors: errors.map((e) => ({ ...e, responseCode: e.responseCode.slice(1) })) } : body;
}
