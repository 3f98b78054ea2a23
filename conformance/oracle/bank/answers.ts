// The bank service's error bodies and response envelopes as predictions (bank doc 7, README
// "Contract decisions": 401, 403, 404, 422 message, 409 members).
import { array, exact, form, object, type Expected, type Form } from "../expect.js";
import { messageNamingCode, named, nonEmptyText, sentenceAbout } from "../forms.js";
import type { Prediction } from "../prediction.js";
import type { FieldErrors } from "./requests.js";

/** A 401/403 message: free text that starts with the contract's sentence (the spec's ForbiddenError). */
const startingWith = (sentence: string) => form(named(`text starting "${sentence}"`, (value) => typeof value === "string" && value.startsWith(sentence)));
export const unauthenticated = (): Prediction => ({ status: 401, body: object({ message: startingWith("Unauthenticated.") }) });
export const forbidden = (): Prediction => ({ status: 403, body: object({ message: startingWith("This action is unauthorized.") }) });
export const notFound = (): Prediction => ({ status: 404, body: object({ message: "not_found" }) });

export const validationMessage = "The given data was invalid.";

/** Meanings of the response codes a 422 names (bank doc 7.4), written after the message. */
const meanings: Record<string, string> = {
  "66": "Invalid consumer billing address",
  "70": "Invalid consumer or ship-to first and last name",
  "71": "Invalid consumer or ship-to company name",
  "74": "Credit amount over the limit",
  "75": "Refund amount exceeds the debit amount",
  "78": "Capture adjusted amount over the limit",
  "81": "Refund amount less than purchase amount; partial refunds not enabled",
};

/** The 422 message: the fixed sentence, then the code's meaning and "(response code NN)" where one applies. */
export const messageFor = (code?: string) => (code ? `${validationMessage} ${meanings[code]} (response code ${code}).` : validationMessage);

const submerchantWords: Record<string, string> = { missing: "required", invalid: "invalid", prohibited: "prohibited" };

/** A 422 with exactly these keys; on credit bodies `submerchant_id` problems are sentences (bank doc 7.1). */
export function invalid(errors: FieldErrors, code?: string, credit = false): Prediction {
  const expected: Record<string, Expected> = {};
  for (const [key, problems] of Object.entries(errors)) {
    expected[key] = array(problems.map((word) => (credit && key === "submerchant_id" ? form(sentenceAbout(submerchantWords[word] ?? word)) : exact(word))));
  }
  return { status: 422, body: object({ message: messageFor(code), errors: object(expected) }) };
}

const conflictMessage = (code?: string): Form => (code ? messageNamingCode(code) : nonEmptyText);

/** A transaction intent 409: `conflict`, `message` (naming the code where decided), `action` echoed. */
export function intentConflict(conflict: string, action: string | undefined, code?: string): Prediction {
  return {
    status: 409,
    body: object({ conflict, message: form(conflictMessage(code)), ...(action === undefined ? {} : { action }) }),
  };
}

/** A credit 409: `error` and `message`. */
export function creditConflict(error: string, code?: string): Prediction {
  return { status: 409, body: object({ error, message: form(conflictMessage(code)) }) };
}
