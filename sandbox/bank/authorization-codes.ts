// The authorization response codes of bank doc 7.4 as the sandbox words them, and the authorize
// 422 of bank doc 4.3 that the consumer data codes (66 to 72) answer: one table for the amount
// triggers (.66, .70, .71) and for the `next_authorization_code` setting of the test helpers.
import type { components } from "../../generated/types/sandbox-helpers.js";

export type AuthorizationCode = NonNullable<components["schemas"]["AuthorizationCode"]>;

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

