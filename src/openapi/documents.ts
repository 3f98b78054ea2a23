// The published OpenAPI documents, loaded from generated/openapi/ (the JSON twins of the YAML):
// OpenAPI 3.0 in generated/openapi/, the 3.1 twins in generated/openapi/3.1/.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The two APIs this package describes, by their published file names. */
export type ServiceName = "bank-payments" | "check-cashing";

export const serviceNames: readonly ServiceName[] = ["bank-payments", "check-cashing"];

/** Every published OpenAPI document: the two APIs and the reference sandbox's test helpers. */
export type DocumentName = ServiceName | "sandbox-helpers";

export const documentNames: readonly DocumentName[] = [...serviceNames, "sandbox-helpers"];

/** The OpenAPI versions each document is published in, from the same TypeSpec source. */
export type OpenApiVersion = "3.0" | "3.1";

export const openapiVersions: readonly OpenApiVersion[] = ["3.0", "3.1"];

/** A parsed OpenAPI 3.0 or 3.1 document; kept loose because it is walked generically. */
export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation | unknown>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
};

export type OpenApiOperation = {
  operationId: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: unknown; $ref?: string }>;
  requestBody?: { content: Record<string, { schema: unknown; examples?: Record<string, { value: unknown }> }> };
  responses: Record<string, { content?: Record<string, { schema: unknown; examples?: Record<string, { value: unknown }> }> }>;
  security?: Array<Record<string, string[]>>;
  [key: string]: unknown;
};

/** The package root: the nearest folder above this module holding generated/openapi (source or dist). */
function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "generated", "openapi", "bank-payments.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("generated/openapi not found above " + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}

export const packageRoot = findPackageRoot();

/** Absolute path of a published document (OpenAPI 3.0 unless another version is asked for). */
export function documentPath(service: DocumentName, format: "json" | "yaml" = "json", version: OpenApiVersion = "3.0"): string {
  const folder = version === "3.0" ? join(packageRoot, "generated", "openapi") : join(packageRoot, "generated", "openapi", version);
  return join(folder, `${service}.${format}`);
}

/** Reads a published document afresh (callers may mutate their copy). */
export function loadDocument(service: DocumentName, version: OpenApiVersion = "3.0"): OpenApiDocument {
  return JSON.parse(readFileSync(documentPath(service, "json", version), "utf8")) as OpenApiDocument;
}

const methods = ["get", "put", "post", "patch", "delete", "head", "options"] as const;

/** One operation of a document with where it lives. */
export type LocatedOperation = {
  method: (typeof methods)[number];
  path: string;
  pointer: string;
  operation: OpenApiOperation;
};

/** Escapes a JSON pointer segment (RFC 6901). */
export function pointerSegment(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Every operation of a document, in document order. */
export function operationsOf(document: OpenApiDocument): LocatedOperation[] {
  const found: LocatedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const operation = item[method] as OpenApiOperation | undefined;
      if (operation) {
        found.push({ method, path, operation, pointer: `#/paths/${pointerSegment(path)}/${method}` });
      }
    }
  }
  return found;
}
