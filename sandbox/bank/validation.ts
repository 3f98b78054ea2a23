// Request validation of the bank API through the published document (src/openapi/validator.ts):
// bodies against the component schema of the variant the request chose, query parameters against
// the operation's parameter schemas.
import { validatorFor } from "../../src/openapi/validator.js";
import { pointerSegment } from "../../src/openapi/documents.js";
import { addError, fieldErrorsOf, type FieldErrors } from "./errors.js";

const validator = validatorFor("bank-payments");

export function schemaPointer(name: string): string {
  return `#/components/schemas/${pointerSegment(name)}`;
}

/**
 * Validates a body against one component schema (a oneOf variant, chosen by the caller so errors
 * name the right members), then against the operation's whole request body schema as a guard.
 */
export function validateBody(operationId: string, schemaName: string, body: unknown, nestedObjects?: readonly string[]): FieldErrors {
  const result = validator.validate(schemaPointer(schemaName), body);
  const errors = result.valid ? {} : fieldErrorsOf(result.errors, nestedObjects);
  if (hasExtrasKeyOutOfLength(body)) addError(errors, "extras", "invalid");
  if (hasErrors(errors)) return errors;
  if (!validator.validateRequestBody(operationId, body).valid) return { body: ["invalid"] };
  return {};
}

/** Length of an `extras` member name: 1 to 40 characters (README, "`extras` limits"; no schema keyword states it). */
export const extrasKeyLength = { min: 1, max: 40 } as const;

function hasExtrasKeyOutOfLength(body: unknown): boolean {
  const extras = (body as { extras?: unknown } | null)?.extras;
  if (typeof extras !== "object" || extras === null || Array.isArray(extras)) return false;
  return Object.keys(extras).some((name) => name.length < extrasKeyLength.min || name.length > extrasKeyLength.max);
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

type Parameter = { name: string; in: string; schema?: { type?: string } };

/** The query parameters an operation declares, with the pointer of each one's schema. */
function queryParameters(operationId: string): Array<{ parameter: Parameter; pointer: string }> {
  const { operation, pointer } = validator.operation(operationId);
  const parameters = (operation.parameters ?? []) as Array<Parameter & { $ref?: string }>;
  return parameters.flatMap((entry, index) => {
    if (entry.$ref) {
      const name = entry.$ref.split("/").pop() as string;
      const resolved = validator.document.components?.parameters?.[name] as Parameter;
      return resolved.in === "query" ? [{ parameter: resolved, pointer: `${entry.$ref}/schema` }] : [];
    }
    return entry.in === "query" ? [{ parameter: entry, pointer: `${pointer}/parameters/${index}/schema` }] : [];
  });
}

export type QueryValues = Record<string, string | number>;

/**
 * Reads and validates the declared query parameters (unknown ones are ignored, as Laravel does).
 * Integers must be written as integers; a repeated parameter is invalid.
 */
export function validateQuery(operationId: string, search: URLSearchParams): { values: QueryValues; errors: FieldErrors } {
  const values: QueryValues = {};
  const errors: FieldErrors = {};
  for (const { parameter, pointer } of queryParameters(operationId)) {
    const given = search.getAll(parameter.name);
    if (given.length === 0) continue;
    if (given.length > 1) {
      addError(errors, parameter.name, "invalid");
      continue;
    }
    const raw = given[0];
    let value: string | number = raw;
    if (parameter.schema?.type === "integer") {
      // Up to 18 significant digits (always inside int64); leading zeros are not significant.
      if (!/^-?0*[0-9]{1,18}$/.test(raw)) {
        addError(errors, parameter.name, "invalid");
        continue;
      }
      value = Number(raw);
    }
    if (!validator.validate(pointer, value).valid) {
      addError(errors, parameter.name, "invalid");
      continue;
    }
    values[parameter.name] = value;
  }
  return { values, errors };
}
