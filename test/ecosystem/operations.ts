// Every operation x documented status of a published document (OpenAPI 3.0 or 3.1), as a request
// a stock tool can send (path parameters and body from the document's own examples) and the
// documented answer.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./tools.js";

export const publishedDocuments = ["bank-payments", "check-cashing", "sandbox-helpers"] as const;
export type PublishedDocument = (typeof publishedDocuments)[number];

/** The published OpenAPI versions and the folder of each (3.0 where it always was). */
export const publishedVersions = ["3.0", "3.1"] as const;
export type PublishedVersion = (typeof publishedVersions)[number];

/** Path of a published document of one version and format. */
export function documentFile(name: PublishedDocument, version: PublishedVersion = "3.0", format: "json" | "yaml" = "json"): string {
  return join(root, "generated/openapi", version === "3.0" ? "" : version, `${name}.${format}`);
}

type Media = { examples?: Record<string, { value: unknown }>; example?: unknown };
type Operation = {
  operationId: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; example?: unknown; examples?: Record<string, { value: unknown }> }>;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};

export type Exchange = {
  operationId: string;
  status: number;
  method: string;
  /** The request path with every path parameter (and required query parameter) filled from its example. */
  path: string;
  requestBody?: unknown;
  /** The first documented example of that status. */
  responseBody: unknown;
};

export function loadDocument(name: PublishedDocument, version: PublishedVersion = "3.0"): { paths: Record<string, Record<string, unknown>> } {
  return JSON.parse(readFileSync(documentFile(name, version), "utf8"));
}

/** A parameter's example: its `example` (3.0), else its first named example (3.1). */
function parameterExample(parameter: NonNullable<Operation["parameters"]>[number]): unknown {
  return parameter.example !== undefined ? parameter.example : Object.values(parameter.examples ?? {})[0]?.value;
}

function firstExample(media: Media | undefined, where: string): unknown {
  if (media?.example !== undefined) return media.example;
  const first = Object.values(media?.examples ?? {})[0];
  if (first === undefined) throw new Error(`${where}: no example`);
  return first.value;
}

export function exchangesOf(name: PublishedDocument, version: PublishedVersion = "3.0"): Exchange[] {
  const out: Exchange[] = [];
  for (const [template, item] of Object.entries(loadDocument(name, version).paths)) {
    for (const [method, value] of Object.entries(item)) {
      const operation = value as Operation;
      if (typeof operation?.operationId !== "string") continue;
      let path = template;
      const query = new URLSearchParams();
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(parameterExample(parameter))));
        else if (parameter.in === "query" && parameter.required) query.set(parameter.name, String(parameterExample(parameter)));
      }
      if ([...query].length > 0) path += `?${query}`;
      const requestMedia = operation.requestBody?.content["application/json"];
      const requestBody = requestMedia ? firstExample(requestMedia, `${operation.operationId} request`) : undefined;
      for (const [status, response] of Object.entries(operation.responses)) {
        const where = `${operation.operationId} ${status}`;
        out.push({ operationId: operation.operationId, status: Number(status), method: method.toUpperCase(), path, requestBody, responseBody: firstExample(response.content?.["application/json"], where) });
      }
    }
  }
  return out;
}

/**
 * The documented example with one required top-level member of the wrong type (an object where
 * the example has a scalar, a string where it has an object or array): wrong for every schema.
 */
export function wrongBody(body: unknown): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return { wrong: "shape" };
  const [member, value] = Object.entries(body)[0];
  return { ...body, [member]: value !== null && typeof value === "object" ? "wrong type" : { wrong: "type" } };
}
