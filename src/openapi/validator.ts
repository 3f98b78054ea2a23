// Validates JSON values against the schemas of a published OpenAPI document with Ajv.
// One source of truth: the sandbox (requests), the conformance suite (responses) and the
// project's tests (examples) all validate through this module.
//
// Either version of a document: OpenAPI 3.0 schemas are converted to JSON Schema (json-schema.ts)
// for Ajv's default draft-07; OpenAPI 3.1 schemas are JSON Schema 2020-12 already and go to Ajv's
// 2020 class as they are (its keywords such as `propertyNames` and `type` arrays included).
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { createRequire } from "node:module";
import {
  loadDocument, operationsOf, pointerSegment, type DocumentName, type LocatedOperation, type OpenApiDocument, type OpenApiVersion,
} from "./documents.js";
import { toJsonSchema } from "./json-schema.js";

// ajv-formats is CommonJS with a default export that ESM type resolution cannot call; require it.
const addFormats = createRequire(import.meta.url)("ajv-formats") as (ajv: Ajv) => Ajv;

/** A validation failure, with where in the value it happened. */
export type SchemaError = { path: string; message: string; keyword: string; params: Record<string, unknown> };

export type ValidationResult = { valid: true; errors: [] } | { valid: false; errors: SchemaError[] };

const int32 = { type: "number", validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 } as const;
const int64 = { type: "number", validate: (n: number) => Number.isInteger(n) } as const;
const anyNumber = { type: "number", validate: () => true } as const;

function toSchemaErrors(errors: ErrorObject[] | null | undefined): SchemaError[] {
  return (errors ?? []).map((error) => ({
    path: error.instancePath || "/",
    message: error.message ?? error.keyword,
    keyword: error.keyword,
    params: error.params as Record<string, unknown>,
  }));
}

/** The OpenAPI version of a parsed document, from its `openapi` member. */
export function openapiVersionOf(document: OpenApiDocument): OpenApiVersion {
  if (/^3\.0\.\d+$/.test(document.openapi)) return "3.0";
  if (/^3\.1\.\d+$/.test(document.openapi)) return "3.1";
  throw new Error(`OpenAPI ${document.openapi} is not supported (3.0 and 3.1 are)`);
}

/** Ajv for one OpenAPI version: draft-07 for 3.0 (after json-schema.ts), 2020-12 for 3.1. */
function ajvFor(version: OpenApiVersion): Ajv {
  const options = { strict: false, allErrors: true, validateSchema: false } as const;
  const ajv = version === "3.0" ? new Ajv(options) : (new Ajv2020(options) as unknown as Ajv);
  addFormats(ajv);
  ajv.addFormat("int32", int32);
  ajv.addFormat("int64", int64);
  ajv.addFormat("double", anyNumber);
  ajv.addFormat("float", anyNumber);
  return ajv;
}

/** Ajv bound to one OpenAPI document, compiling (and caching) validators by JSON pointer. */
export class OpenApiValidator {
  readonly document: OpenApiDocument;
  readonly version: OpenApiVersion;
  readonly operations: LocatedOperation[];
  private readonly ajv: Ajv;
  private readonly id: string;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument, id = "openapi-document") {
    this.document = document;
    this.version = openapiVersionOf(document);
    this.operations = operationsOf(document);
    this.id = id;
    this.ajv = ajvFor(this.version);
    const schema = this.version === "3.0" ? (toJsonSchema(document) as object) : document;
    this.ajv.addSchema({ ...schema, $id: id });
  }

  /** Validates a value against the schema at a JSON pointer of the document (`#/...`). */
  validate(pointer: string, value: unknown): ValidationResult {
    let check = this.compiled.get(pointer);
    if (check === undefined) {
      check = this.ajv.compile({ $ref: `${this.id}${pointer}` });
      this.compiled.set(pointer, check);
    }
    return check(value) ? { valid: true, errors: [] } : { valid: false, errors: toSchemaErrors(check.errors) };
  }

  /** The operation with this operationId. */
  operation(operationId: string): LocatedOperation {
    const found = this.operations.find((located) => located.operation.operationId === operationId);
    if (!found) throw new Error(`No operation ${operationId} in the document`);
    return found;
  }

  /** Pointer of an operation's JSON request body schema, or undefined when it takes no body. */
  requestBodyPointer(operationId: string): string | undefined {
    const { pointer, operation } = this.operation(operationId);
    return operation.requestBody ? `${pointer}/requestBody/content/application~1json/schema` : undefined;
  }

  /** Pointer of the JSON schema of one declared response, or undefined when not declared. */
  responsePointer(operationId: string, status: number | string): string | undefined {
    const { pointer, operation } = this.operation(operationId);
    const response = operation.responses[String(status)];
    if (!response?.content?.["application/json"]) return undefined;
    return `${pointer}/responses/${pointerSegment(String(status))}/content/application~1json/schema`;
  }

  /** Validates a response body against the operation's declared response for that status. */
  validateResponse(operationId: string, status: number, body: unknown): ValidationResult {
    const pointer = this.responsePointer(operationId, status);
    if (!pointer) {
      return {
        valid: false,
        errors: [{ path: "/", keyword: "status", params: { status }, message: `status ${status} is not declared for ${operationId}` }],
      };
    }
    return this.validate(pointer, body);
  }

  /** Validates a request body against the operation's request body schema. */
  validateRequestBody(operationId: string, body: unknown): ValidationResult {
    const pointer = this.requestBodyPointer(operationId);
    if (!pointer) throw new Error(`${operationId} takes no request body`);
    return this.validate(pointer, body);
  }
}

const shared = new Map<string, OpenApiValidator>();

/** The validator of a published document (OpenAPI 3.0 unless 3.1 is asked for), built once per process. */
export function validatorFor(service: DocumentName, version: OpenApiVersion = "3.0"): OpenApiValidator {
  const key = `${version}/${service}`;
  let validator = shared.get(key);
  if (!validator) {
    validator = new OpenApiValidator(loadDocument(service, version), key);
    shared.set(key, validator);
  }
  return validator;
}
