// Error bodies for answers no route gives (transport errors, a busy database, internal failures),
// in each service's own shape: the bank's `{"message": ...}`, check cashing's `errors` array.
import { entry, responseCodes } from "./check-cashing/errors.js";
import type { JsonReply } from "./http.js";

export type ServiceName = "bank" | "check-cashing";

/** Why the sandbox answers without a route: each has one status and one text. */
export const generalErrors = {
  malformed: { status: 400, text: "Bad Request" },
  unknownMethod: { status: 404, text: "not_found" },
  requestTimeout: { status: 408, text: "Request Timeout" },
  expectationFailed: { status: 417, text: "Expectation Failed" },
  headersTooLarge: { status: 431, text: "Request Header Fields Too Large" },
  internal: { status: 500, text: "Server Error" },
  busy: { status: 503, text: "Service Unavailable" },
} as const;

export type GeneralError = keyof typeof generalErrors;

/**
 * Check cashing codes of these answers: a refused request is a correction coded 1000 + status
 * (as 1404 for an unknown route); a server-side failure is a system error.
 */
function checkCashingEntry(kind: GeneralError) {
  const { status } = generalErrors[kind];
  switch (kind) {
    case "internal":
      return entry({ errorMessage: "System error, try again later", errorType: "system_error", responseCode: responseCodes.systemError });
    case "busy":
      return entry({ errorMessage: "System busy, try again later", errorDetails: "the database is busy", errorType: "system_error", responseCode: "9503" });
    case "unknownMethod":
      return entry({ errorMessage: "Route not found", errorType: "correction", responseCode: responseCodes.unknownRoute });
    default:
      return entry({ errorMessage: generalErrors[kind].text, errorType: "correction", responseCode: String(1000 + status) });
  }
}

/** The body of a general error in a service's shape. */
export function generalErrorBody(service: ServiceName, kind: GeneralError): unknown {
  return service === "bank" ? { message: generalErrors[kind].text } : { errors: [checkCashingEntry(kind)] };
}

/** A general error as a JSON answer of a service (status and body). */
export function generalErrorReply(service: ServiceName, kind: GeneralError): JsonReply {
  return { status: generalErrors[kind].status, body: generalErrorBody(service, kind) };
}
