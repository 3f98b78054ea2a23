// The bank API's error bodies, and Ajv errors turned into its 422 `errors` object.
import type { SchemaError } from "../../src/openapi/validator.js";
import { reply, type JsonReply } from "../http.js";

export const validationMessage = "The given data was invalid.";

export type FieldErrors = Record<string, string[]>;

export function validationError(errors: FieldErrors, message = validationMessage): JsonReply {
  return reply(422, { message, errors });
}

export const unauthenticated = (): JsonReply => reply(401, { message: "Unauthenticated." });
export const forbidden = (): JsonReply => reply(403, { message: "This action is unauthorized." });
export const notFound = (): JsonReply => reply(404, { message: "not_found" });
export const bodyInvalid = (): JsonReply => validationError({ body: ["invalid"] });

/** Adds one problem to a field, once. */
export function addError(errors: FieldErrors, field: string, problem: string): void {
  // Member names come from the client: define own properties, so `__proto__` is just a name.
  if (!Object.hasOwn(errors, field)) {
    Object.defineProperty(errors, field, { value: [problem], enumerable: true, writable: true, configurable: true });
  } else if (!errors[field].includes(problem)) {
    errors[field].push(problem);
  }
}

/** How nested members are keyed: `billing_address.line_1` (Laravel's dot notation); others by top-level member. */
function fieldKey(segments: string[], nestedObjects: readonly string[]): string {
  if (segments.length >= 2 && nestedObjects.includes(segments[0])) return `${segments[0]}.${segments[1]}`;
  return segments[0] ?? "body";
}

function segmentsOf(path: string): string[] {
  return path
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * Ajv errors as the 422 `errors` object: `required` gives `missing`, `additionalProperties`
 * gives `invalid` (keyed by the refused member: bank doc 7.1 knows no other word), anything else `invalid`, keyed by the
 * top-level member (or `billing_address.<member>` inside the billing address).
 */
export function fieldErrorsOf(schemaErrors: SchemaError[], nestedObjects: readonly string[] = ["billing_address"]): FieldErrors {
  const errors: FieldErrors = {};
  const problems = new Map<string, string>();
  for (const error of schemaErrors) {
    const segments = segmentsOf(error.path);
    if (error.keyword === "required") {
      const key = fieldKey([...segments, String(error.params.missingProperty)], nestedObjects);
      problems.set(key, "missing");
    } else if (error.keyword === "additionalProperties") {
      const key = fieldKey([...segments, String(error.params.additionalProperty)], nestedObjects);
      problems.set(key, "invalid");
    } else {
      const key = fieldKey(segments, nestedObjects);
      // A member that is missing or unknown is reported once.
      if (!problems.has(key)) problems.set(key, "invalid");
    }
  }
  for (const [key, problem] of problems) addError(errors, key, problem);
  return errors;
}
