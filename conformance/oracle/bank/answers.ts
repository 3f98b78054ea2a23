// The bank service's error bodies and response envelopes as predictions (bank doc 7; decisions B-1,
// B-2, B-13, B-14, B-30, B-39, B-60). Statuses, codes and members are pinned; every `message` is
// free text, which may name the response code of the refusal but must not name another.
import { anyOf, array, exact, form, object, ruled, type Expected } from "../expect.js";
import { codesNamedIn, freeTextNaming, named, sentenceAbout } from "../forms.js";
import type { Prediction } from "../prediction.js";
import type { Problem } from "./requests.js";

/** 422 keys as a list of problems: key to its words. */
export type FieldErrors = Record<string, string[]>;

// A message naming a response code must name the refusal's (B-30). `none`: no code applies to this
// answer (authentication, plain validation), so it names none; a conflict whose code the model does
// not know may name any.
const message = (code?: string, none = false) =>
  form(code || !none ? freeTextNaming(code) : named("non-empty text (naming no response code)", (v) => freeTextNaming(undefined).test(v) && codesNamedIn(v as string).length === 0, "B-30"));

export const unauthenticated = (): Prediction => ({ status: 401, rule: "B-1", body: object({ message: message(undefined, true) }) });
export const forbidden = (): Prediction => ({ status: 403, rule: "B-2", body: object({ message: message(undefined, true) }) });
export const notFound = (): Prediction => ({ status: 404, rule: "B-60", body: ruled("bank §7.3", object({ message: "not_found" })) });

const submerchantWords: Record<string, string> = { missing: "required", invalid: "invalid", prohibited: "prohibited" };

/**
 * A 422 whose `errors` have exactly the keys of `errors` and may have those of `optional` (problems
 * a server may refuse or accept, B-11, B-20, B-21); on credit bodies `submerchant_id` problems are
 * sentences (bank doc 7.1).
 */
export function invalid(errors: FieldErrors, code?: string, credit = false, optional: FieldErrors = {}): Prediction {
  const members = Object.fromEntries(Object.entries(errors).map(([key, problems]) => [key, wordsOf(key, problems, credit)]));
  const maybe = Object.fromEntries(Object.entries(optional).filter(([key]) => !Object.hasOwn(errors, key)).map(([key, problems]) => [key, anyWordOf(key, problems, credit)]));
  return { status: 422, rule: "bank §7.1", body: object({ message: ruled("B-13", message(code, true)), errors: object(members, maybe) }) };
}

/**
 * The exact list of words of a pinned problem. `submerchant_id` problems are sentences (doc 7.1,
 * B-14): on credits always; on intents the word or a sentence (the sandbox writes the word there).
 */
function wordsOf(key: string, words: string[], credit: boolean): Expected {
  const one = (word: string): Expected => {
    if (key !== "submerchant_id") return ruled("B-14", exact(word));
    const sentence = form(sentenceAbout(submerchantWords[word] ?? word));
    return credit ? sentence : anyOf([ruled("B-14", exact(word)), sentence]);
  };
  return array(words.map(one));
}

/** A non-empty list of any of these words: a problem a server may name in its own words of doc 7.1. */
function anyWordOf(key: string, words: string[], credit: boolean): Expected {
  if (words.length === 1) return wordsOf(key, words, credit);
  return form(named(`a list of ${words.join(" or ")}`, (value) => Array.isArray(value) && value.length > 0 && value.every((item) => words.includes(item as string)), "B-14"));
}

/** The ways a server may spell 422 keys, one function each (B-15: billing address members on creation). */
export type KeySpellings = Array<(key: string) => string>;

/**
 * The 422 of a request's problems (bank doc 7.1): `must` when a pinned problem obliges every server
 * to refuse it; otherwise the refusal is one answer and accepting the request the other. Keys that
 * may be spelled otherwise are tried in each spelling, all keys of one answer alike.
 */
export function refusal(problems: Problem[], options: { code?: string; credit?: boolean; spellings?: KeySpellings } = {}): { must: boolean; prediction?: Prediction } {
  if (problems.length === 0) return { must: false };
  const styles = options.spellings ?? [(key: string) => key];
  const predictions = styles.map((spell) => {
    const pinned: FieldErrors = {};
    const optional: FieldErrors = {};
    for (const problem of problems) (problem.pinned ? pinned : optional)[spell(problem.key)] = problem.words;
    return invalid(pinned, options.code, options.credit, optional);
  });
  const prediction = predictions.length === 1 ? predictions[0] : { ...predictions[0], body: anyOf(predictions.map((p) => p.body as Expected)) };
  return { must: problems.some((problem) => problem.pinned), prediction };
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
