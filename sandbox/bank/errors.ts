// The bank API's error bodies, and Ajv errors turned into its 422 `errors` object.
import type { SchemaError } from "../../src/openapi/validator.js";
import type { KeyKind, KeyPolicy } from "../auth.js";
import { reply, type JsonReply } from "../http.js";

export const validationMessage = "The given data was invalid.";

export type FieldErrors = Record<string, string[]>;

/** What a member must be, for the 422 message (issue 16: an answer that says what to do). */
const expectedForms: Record<string, string> = {
  amount: "an amount above 0 with at most two decimals, at most 999999999.99",
  bank_account: "bank_account_<token>", consumer_id: "consumer_<token>", service_fee_id: "service_fee_<token>",
  transaction_intent_id: "transaction_intent_<token> of an intent of this account", creditable_id: "bank_account_<token>",
  action: "one of the actions this operation takes", type: "bankpay or bankpay_bnpl", status: "one of the documented statuses",
  per_page: "a whole number from 1 to 100", page: "a whole number from 1",
  body: "a JSON object sent as application/json, at most 1 MB, 100 members per object and 32 levels deep",
  extras: "a flat object of at most 50 members, names of 1 to 40 characters, strings of at most 500",
  country_code: "an ISO 3166-1 alpha-2 code such as US",
};

/** The default 422 message: the first problem, what the member must be, and how many more there are. */
export function describeProblems(errors: FieldErrors): string {
  const entries = Object.entries(errors);
  if (entries.length === 0) return validationMessage;
  const [field, [problem]] = entries[0];
  const form = expectedForms[field.split(".").at(-1) ?? field];
  const first = problem === "missing" ? `${field} is missing` : problem === "invalid" ? `${field} is invalid${form ? ` (expected ${form})` : ""}` : problem.replace(/\.$/, "");
  const more = entries.length > 1 ? `; ${entries.length - 1} more in errors` : "";
  return `${validationMessage.slice(0, -1)}: ${first}${more}.`;
}

export function validationError(errors: FieldErrors, message = describeProblems(errors)): JsonReply {
  return reply(422, { message, errors });
}

export const unauthenticated = (): JsonReply => reply(401, { message: "Unauthenticated." });

/** 401 for a new tenant's key past the tenant cap (--max-tenants): says so, and what to do. */
export function tenantCapReached(tenant: string, maxTenants: number): JsonReply {
  return reply(401, {
    message:
      `Unauthenticated. The sandbox already holds its maximum of ${maxTenants} tenants (--max-tenants), so the keys of the new tenant "${tenant}" ` +
      "cannot create one. Use the keys of an existing tenant, or restart the sandbox with a larger --max-tenants.",
  });
}

const keyNames: Record<KeyKind, string> = { secret: "the secret key", publishable: "the publishable key" };

/** 403: starts with the contract's sentence, then names the key the operation takes (issue 16). */
export function forbidden(operation: string, policy: KeyPolicy, carried: KeyKind): JsonReply {
  const takes = policy === "either" ? "either key" : keyNames[policy];
  return reply(403, { message: `This action is unauthorized. ${operation} takes ${takes}; the request carried ${keyNames[carried]}.` });
}
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
