// The outcome of an authorization arranged with the `next_authorization_code` setting: any
// authorization response code of bank doc 7.4 (spec/sandbox-helpers/helpers.tsp, AuthorizationCode).
import { referenceNumber } from "../ids.js";
import type { IntentRecord } from "../bank/intent-record.js";
import { authorized, declined, type Transition } from "../bank/intent-transitions.js";
import type { AuthorizationCode } from "./settings.js";

/** Meanings as bank doc 7.4 words them; the `reason` of the outcome names them. */
export const authorizationCodeMeanings: Record<AuthorizationCode, string> = {
  "00": "Invalid driver licence or state ID",
  "01": "ID and date of birth mismatch",
  "03": "Invalid SSN or ITIN",
  "04": "Invalid service type for client account",
  "05": "Invalid device ID",
  "06": "ID type restricted",
  "07": "Decline (negative); adverse action required",
  "08": "Approval",
  "09": "Invalid routing or account number",
  "11": "Invalid account type",
  "12": "Decline (high risk); adverse action required",
  "13": "Edit errors, required field missing",
  "14": "Invalid station number (client account missing or deactivated)",
  "15": "System error",
  "16": "Phone number missing",
  "17": "Phone number invalid",
  "18": "Invalid e-mail address",
  "19": "Driver licence and date of birth must be supplied",
  "21": "Approval",
  "22": "Decline, account not ACH capable",
  "24": "Check not eligible for conversion",
  "25": "Decline, unable to determine ACH capability",
  "32": "Duplicate transaction",
  "34": "Too late to void (already in ACH network)",
  "38": "Invalid check type",
  "66": "Invalid consumer billing address",
  "67": "Invalid billing address and account not ACH capable",
  "68": "Invalid shipping address",
  "69": "Invalid shipping address and account not ACH capable",
  "70": "Invalid consumer or ship-to first and last name",
  "71": "Invalid consumer or ship-to company name",
  "72": "Invalid consumer or ship-to address data",
};

export const approvalCodes: readonly AuthorizationCode[] = ["08", "21"];

export function isApproval(code: AuthorizationCode): boolean {
  return approvalCodes.includes(code);
}

/** The keys of the authorize 422 (bank doc 4.3) that each consumer data code answers. */
const consumerDataKeys: Partial<Record<AuthorizationCode, string[]>> = {
  "66": ["line_one", "city_locality", "postal_code"],
  "67": ["line_one", "city_locality", "postal_code"],
  "68": ["line_one", "city_locality", "postal_code"],
  "69": ["line_one", "city_locality", "postal_code"],
  "70": ["first_name", "last_name"],
  "71": ["company_name"],
  "72": ["line_one", "city_locality", "postal_code"],
};

/** The 422 of a consumer data code, as the amount triggers word theirs; undefined for other codes. */
export function consumerDataRefusal(code: AuthorizationCode): { errors: Record<string, string[]>; message: string } | undefined {
  const keys = consumerDataKeys[code];
  if (keys === undefined) return undefined;
  return {
    errors: Object.fromEntries(keys.map((key) => [key, ["invalid"]])),
    message: `The given data was invalid. ${authorizationCodeMeanings[code]} (response code ${code}).`,
  };
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
