// Walks schemas of a published OpenAPI document: follows $ref and allOf, lists oneOf/anyOf variants.
import type { OpenApiDocument } from "../../src/openapi/documents.js";

export type Schema = {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  items?: Schema;
  enum?: unknown[];
  additionalProperties?: boolean | Schema;
  nullable?: boolean;
  deprecated?: boolean;
  description?: string;
  pattern?: string;
  [key: string]: unknown;
};

/**
 * Follows `$ref` chains within the document, and the one-member `allOf` wrappers TypeSpec emits
 * to attach a description to a reference.
 */
export function deref<T extends { $ref?: string }>(document: OpenApiDocument, schema: T): T {
  let current = schema as Schema;
  for (;;) {
    if (current.$ref) {
      const path = current.$ref.replace(/^#\//, "").split("/").map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
      current = path.reduce<any>((node, key) => node[key], document) as Schema;
    } else if (current.allOf?.length === 1 && !current.properties && !current.nullable) {
      current = current.allOf[0];
    } else {
      return current as T;
    }
  }
}

/** Properties of an object schema, with those of its allOf members merged in. */
export function propertiesOf(document: OpenApiDocument, schema: Schema): Record<string, Schema> {
  const resolved = deref(document, schema);
  const merged: Record<string, Schema> = {};
  for (const member of resolved.allOf ?? []) Object.assign(merged, propertiesOf(document, member));
  return Object.assign(merged, resolved.properties ?? {});
}

/** Required property names of an object schema, allOf members included. */
export function requiredOf(document: OpenApiDocument, schema: Schema): string[] {
  const resolved = deref(document, schema);
  return [...(resolved.allOf ?? []).flatMap((member) => requiredOf(document, member)), ...(resolved.required ?? [])];
}

/** The alternatives of a oneOf/anyOf schema, or the schema itself. */
export function variantsOf(document: OpenApiDocument, schema: Schema): Schema[] {
  const resolved = deref(document, schema);
  const variants = resolved.oneOf ?? resolved.anyOf;
  return variants ? variants.map((variant) => deref(document, variant)) : [resolved];
}

/** Enum values of a schema, following $ref and allOf. */
export function enumOf(document: OpenApiDocument, schema: Schema): unknown[] {
  const resolved = deref(document, schema);
  if (resolved.enum) return resolved.enum;
  return [...(resolved.allOf ?? []), ...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])].flatMap((member) => enumOf(document, member));
}
