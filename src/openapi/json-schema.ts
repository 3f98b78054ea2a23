// OpenAPI 3.0 Schema Objects -> JSON Schema (draft-07) as Ajv reads them.
//
// Two differences matter. OpenAPI 3.0 states exclusive bounds draft-04 style (`minimum: 0,
// exclusiveMinimum: true`); draft-07 wants the bound itself (`exclusiveMinimum: 0`).
// And `nullable: true`. OpenAPI 3.0.3 lets it widen `type` only, so a
// nullable `$ref`, `allOf` or `enum` would still reject null under a literal reading; the
// documents avoid those forms, and every consumer (openapi-typescript included) reads `nullable`
// as "this schema, or null". The conversion says exactly that: `anyOf: [schema, {type: "null"}]`.
// Checked libraries (openapi-schema-to-json-schema) drop `nullable` beside `allOf`, so this stays
// a small function of our own.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Keywords that annotate a schema but never constrain it. */
const annotations = new Set(["example", "examples", "externalDocs", "xml", "discriminator", "deprecated"]);

export function toJsonSchema(node: unknown): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (node === null || typeof node !== "object") return node as Json;
  const out: { [key: string]: Json } = {};
  let nullable = false;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key === "nullable") {
      nullable = value === true;
    } else if (annotations.has(key) || key.startsWith("x-")) {
      continue;
    } else if (key === "properties" || key === "patternProperties" || key === "definitions") {
      // Members of these are schemas keyed by name: convert each, keep the names.
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, schema]) => [name, toJsonSchema(schema)]),
      );
    } else {
      out[key] = toJsonSchema(value);
    }
  }
  for (const [flag, bound] of [["exclusiveMinimum", "minimum"], ["exclusiveMaximum", "maximum"]] as const) {
    if (typeof out[flag] === "boolean") {
      if (out[flag] === true) out[flag] = out[bound];
      else delete out[flag];
      if (out[flag] !== undefined) delete out[bound];
    }
  }
  return nullable ? { anyOf: [out, { type: "null" }] } : out;
}
