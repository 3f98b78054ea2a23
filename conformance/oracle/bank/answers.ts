// The bank service's error bodies and response envelopes as predictions (bank doc 7; decisions B-1,
// B-2, B-13, B-14, B-30, B-39, B-60). Statuses, codes and members are pinned; every `message` is
// free text, which may name the response code of the refusal but must not name another.
import { array, exact, form, object, ruled, type Expected } from "../expect.js";
import { freeTextNaming, sentenceAbout } from "../forms.js";
import type { Prediction } from "../prediction.js";
import type { FieldErrors } from "./requests.js";

const message = (code?: string) => form(freeTextNaming(code));

export const unauthenticated = (): Prediction => ({ status: 401, rule: "B-1", body: object({ message: message() }) });
export const forbidden = (): Prediction => ({ status: 403, rule: "B-2", body: object({ message: message() }) });
export const notFound = (): Prediction => ({ status: 404, rule: "B-60", body: ruled("bank §7.3", object({ message: "not_found" })) });

const submerchantWords: Record<string, string> = { missing: "required", invalid: "invalid", prohibited: "prohibited" };

/**
 * A 422 whose `errors` have exactly the keys of `errors` and may have those of `optional` (problems
 * a server may refuse or accept, B-11, B-20, B-21); on credit bodies `submerchant_id` problems are
 * sentences (bank doc 7.1).
 */
export function invalid(errors: FieldErrors, code?: string, credit = false, optional: FieldErrors = {}): Prediction {
  const words = (key: string, problems: string[]): Expected =>
    array(problems.map((word) => (credit && key === "submerchant_id" ? form(sentenceAbout(submerchantWords[word] ?? word)) : ruled("B-14", exact(word)))));
  const members = Object.fromEntries(Object.entries(errors).map(([key, problems]) => [key, words(key, problems)]));
  const maybe = Object.fromEntries(Object.entries(optional).filter(([key]) => !Object.hasOwn(errors, key)).map(([key, problems]) => [key, words(key, problems)]));
  return { status: 422, rule: "bank §7.1", body: object({ message: ruled("B-13", message(code)), errors: object(members, maybe) }) };
}

/** A transaction intent 409: `conflict`, a free `message`, `action` echoed on actions (B-39). */
export function intentConflict(conflict: string, action: string | undefined, code?: string, echo: "always" | "optional" = "always"): Prediction {
  const echoed = action === undefined ? {} : { action: ruled("B-39", exact(action)) };
  return {
    status: 409,
    rule: "bank §7.2",
    body: object({ conflict, message: message(code), ...(echo === "always" ? echoed : {}) }, echo === "optional" ? echoed : {}),
  };
}

/** A credit 409: `error` and a free `message`. */
export function creditConflict(error: string, code?: string): Prediction {
  return { status: 409, rule: "bank §7.2", body: object({ error, message: message(code) }) };
}
