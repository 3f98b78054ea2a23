// Requests to the sandbox's test helpers (`/_sandbox/...`): the generated client of the helpers
// document and raw requests, every answer checked against generated/openapi/sandbox-helpers.json
// (Content-Type, declared status, schema), as test/sandbox/helpers.ts does for the two APIs.
import assert from "node:assert/strict";
import createClient from "openapi-fetch";
import type { paths } from "../../generated/types/sandbox-helpers.js";
import { validatorFor } from "../../src/openapi/validator.js";
import type { Sandbox } from "../../sandbox/server.js";

const validator = validatorFor("sandbox-helpers");

function checkHelperResponse(operationId: string, status: number, contentType: string | null, body: unknown): void {
  const problems: string[] = [];
  if (!/^application\/json\b/.test(contentType ?? "")) problems.push(`Content-Type ${contentType}`);
  const result = validator.validateResponse(operationId, status, body);
  if (!result.valid) problems.push(...result.errors.map((e) => `${e.path} ${e.message} ${JSON.stringify(e.params)}`));
  if (problems.length > 0) {
    throw new assert.AssertionError({ message: `${operationId} ${status} breaks the helpers document: ${problems.join("; ")}\n${JSON.stringify(body)}` });
  }
}

export type HelpersClient = ReturnType<typeof createClient<paths>>;

/** The generated helpers client with a key (or none), validating every answer. */
export function helpersClient(sandbox: Sandbox, key: string | undefined): HelpersClient {
  const client = createClient<paths>({ baseUrl: sandbox.bankUrl, headers: key === undefined ? {} : { Authorization: `Bearer ${key}` } });
  client.use({
    async onResponse({ request, response, schemaPath }) {
      const found = validator.operations.find((o) => o.method === request.method.toLowerCase() && o.path === schemaPath);
      assert.ok(found, `no helper operation for ${request.method} ${schemaPath}`);
      checkHelperResponse(found.operation.operationId, response.status, response.headers.get("content-type"), await response.clone().json());
      return undefined;
    },
  });
  return client;
}

/** A raw helper request (a body the typed client cannot send), its answer checked against `operationId`. */
export async function rawHelper(
  sandbox: Sandbox,
  operationId: string,
  method: string,
  path: string,
  options: { body?: string; key?: string; contentType?: string } = {},
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { "Content-Type": options.contentType ?? "application/json" };
  if (options.key !== undefined) headers.Authorization = `Bearer ${options.key}`;
  const response = await fetch(sandbox.bankUrl + path, { method, headers, body: options.body });
  const body = (await response.json()) as unknown;
  checkHelperResponse(operationId, response.status, response.headers.get("content-type"), body);
  return { status: response.status, body };
}
