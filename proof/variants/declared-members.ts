// The members a request body may carry, read from the published OpenAPI document: for a server
// that ignores the others (a valid reading where the documents do not say unknown members are
// refused). A member is declared when any branch of the body's schema (oneOf, anyOf, allOf)
// declares it; an object some branch leaves open keeps every member.
import { loadDocument, operationsOf, type ServiceName } from "../../src/openapi/documents.js";

type Schema = Record<string, any>;

function resolve(document: Schema, schema: Schema | undefined): Schema {
  let current = schema ?? {};
  while (typeof current.$ref === "string") {
    current = current.$ref.slice(2).split("/").reduce((node: any, segment: string) => node?.[segment.replace(/~1/g, "/").replace(/~0/g, "~")], document) ?? {};
  }
  return current;
}

/** The object branches of a schema: itself, or each schema of its oneOf / anyOf / allOf, resolved. */
function branches(document: Schema, schema: Schema | undefined): Schema[] {
  const resolved = resolve(document, schema);
  const parts = [...(resolved.oneOf ?? []), ...(resolved.anyOf ?? []), ...(resolved.allOf ?? [])];
  return parts.length === 0 ? [resolved] : [resolved, ...parts.flatMap((part: Schema) => branches(document, part))];
}

/** Removes, in place, every member the schema declares nowhere; returns the dotted paths removed. */
function strip(document: Schema, schemas: Schema[], value: unknown, path: string): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
  const objects = schemas.flatMap((schema) => branches(document, schema)).filter((schema) => schema.properties || schema.additionalProperties !== undefined);
  if (objects.length === 0 || objects.some((schema) => schema.additionalProperties !== false)) return [];
  const removed: string[] = [];
  for (const name of Object.keys(value)) {
    const declaring = objects.filter((schema) => schema.properties && Object.hasOwn(schema.properties, name));
    const member = path === "" ? name : `${path}.${name}`;
    if (declaring.length === 0) {
      delete (value as Record<string, unknown>)[name];
      removed.push(member);
    } else {
      removed.push(...strip(document, declaring.map((schema) => schema.properties[name]), (value as Record<string, unknown>)[name], member));
    }
  }
  return removed;
}

const documents = new Map<ServiceName, Schema>();

/**
 * The request body without the members its operation's schema does not declare, or undefined when
 * nothing was removed (or the body is not a JSON object of a known operation).
 */
export function withoutUnknownMembers(service: ServiceName, method: string, pathname: string, body: string): string | undefined {
  if (!documents.has(service)) documents.set(service, loadDocument(service) as unknown as Schema);
  const document = documents.get(service)!;
  const operation = operationsOf(document as any).find((located) => located.method === method.toLowerCase() &&
    new RegExp(`^${located.path.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(pathname));
  const schema = operation?.operation.requestBody?.content?.["application/json"]?.schema;
  if (!schema) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  return strip(document, [schema as Schema], value, "").length > 0 ? JSON.stringify(value) : undefined;
}
