// The outcome of an authorization arranged with the `next_authorization_code` setting: any
// authorization response code of bank doc 7.4 (spec/sandbox-helpers/helpers.tsp, AuthorizationCode).
import { referenceNumber } from "../ids.js";
import type { IntentRecord } from "../bank/intent-record.js";
import { authorized, declined, type Transition } from "../bank/intent-transitions.js";
import { authorizationCodeMeanings, consumerDataRefusal } from "../bank/authorization-codes.js";
import type { AuthorizationCode } from "./settings.js";

export const approvalCodes: readonly AuthorizationCode[] = ["08", "21"];

export function isApproval(code: AuthorizationCode): boolean {
  return approvalCodes.includes(code);
}

/** An authorization answered with `code`: the 422 of a consumer data code, else the new intent. */
export function authorizeWithCode(intent: IntentRecord, code: AuthorizationCode, at: string): Transition {
  const refusal = consumerDataRefusal(code);
  return refusal ? { kind: "invalid", ...refusal } : { kind: "ok", intent: authorizationWithCode(intent, code, at) };
}

/**
 * The intent after an authorization answered with `code`: approved (reason naming the code), or
 * `failed` with a reference number, the adverse action text for 07 and 12 as the amount triggers
 * give, else the code's meaning. `authorized_at` stays null on a decline.
 */
export function authorizationWithCode(intent: IntentRecord, code: AuthorizationCode, at: string): IntentRecord {
  if (isApproval(code)) return { ...authorized(intent, at), reason: `Approved (response code ${code}).` };
  if (code === "07" || code === "12") return declined(intent, code);
  return {
    ...intent,
    status: "failed",
    reason: `${authorizationCodeMeanings[code]} (response code ${code}).`,
    reference_id: referenceNumber("RF", "alnum"),
    transaction_adverse_type: false,
  };
}
