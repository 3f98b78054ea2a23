// Helper bodies validated as the bank API validates its own: against the published helpers
// document (generated/openapi/sandbox-helpers.json) through src/openapi/validator.ts.
import { validatorFor } from "../../src/openapi/validator.js";
import { objectBody, type BankContext } from "../bank/context.js";
import { fieldErrorsOf, validationError } from "../bank/errors.js";
import type { JsonReply } from "../http.js";
import { hasErrors, schemaPointer } from "../bank/validation.js";

const validator = validatorFor("sandbox-helpers");

/** The body as an object valid for the schema, else the bank's 422 (`{"body": ["invalid"]}` or per member). */
export function helperBody<T>(ctx: BankContext, schemaName: string): { value: T } | { reply: JsonReply } {
  const parsed = objectBody(ctx);
  if ("reply" in parsed) return parsed;
  const result = validator.validate(schemaPointer(schemaName), parsed.value);
  if (!result.valid) {
    const errors = fieldErrorsOf(result.errors, []);
    return { reply: validationError(hasErrors(errors) ? errors : { body: ["invalid"] }) };
  }
  return { value: parsed.value as T };
}
