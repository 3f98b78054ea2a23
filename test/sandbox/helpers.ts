// Test helpers: the sandbox on free ports, generated clients that validate every response against
// the published documents, raw requests for inputs the typed client cannot send.
import assert from "node:assert/strict";
import createClient, { type Middleware } from "openapi-fetch";
import type { paths as BankPaths } from "../../generated/types/bank-payments.js";
import type { paths as CheckCashingPaths } from "../../generated/types/check-cashing.js";
import { validatorFor } from "../../src/openapi/validator.js";
import type { ServiceName } from "../../src/openapi/documents.js";
import { startSandbox, type Sandbox, type SandboxOptions } from "../../sandbox/server.js";

export function startTestSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:", ...options });
}

/** Every response seen by the tests, with its validation outcome, for a final "nothing invalid" check. */
export const seen: Array<{ what: string; problems: string[] }> = [];

/** The operation a method and path template belong to. */
function operationIdOf(service: ServiceName, method: string, template: string): string | undefined {
  return validatorFor(service).operations.find((o) => o.method === method.toLowerCase() && o.path === template)?.operation.operationId;
}

/**
 * Checks one response against the document: Content-Type JSON, declared status, schema. Throws
 * (failing the test) on any mismatch. `operationId` undefined means an unknown route, which must
 * answer the service's 404 shape.
 */
export function checkResponse(service: ServiceName, operationId: string | undefined, status: number, contentType: string | null, body: unknown): void {
  const problems: string[] = [];
  if (!/^application\/json\b/.test(contentType ?? "")) problems.push(`Content-Type ${contentType}`);
  const validator = validatorFor(service);
  if (operationId === undefined) {
    const pointer = service === "bank-payments" ? "#/components/schemas/NotFoundError" : "#/components/schemas/PayrollBadRequest";
    if (status !== 404) problems.push(`unknown route answered ${status}`);
    const result = validator.validate(pointer, body);
    if (!result.valid) problems.push(...result.errors.map((e) => `${e.path} ${e.message}`));
  } else {
    const result = validator.validateResponse(operationId, status, body);
    if (!result.valid) problems.push(...result.errors.map((e) => `${e.path} ${e.message} ${JSON.stringify(e.params)}`));
  }
  seen.push({ what: `${service} ${operationId ?? "unknown route"} ${status}`, problems });
  if (problems.length > 0) {
    throw new assert.AssertionError({ message: `${service} ${operationId} ${status} breaks the contract: ${problems.join("; ")}\n${JSON.stringify(body)}` });
  }
}

function validating(service: ServiceName): Middleware {
  return {
    async onResponse({ request, response, schemaPath }) {
      const operationId = operationIdOf(service, request.method, schemaPath);
      assert.ok(operationId, `no operation for ${request.method} ${schemaPath}`);
      const body = (await response.clone().json()) as unknown;
      checkResponse(service, operationId, response.status, response.headers.get("content-type"), body);
      return undefined;
    },
  };
}

export type BankClient = ReturnType<typeof createClient<BankPaths>>;

/** The generated bank client with a key (or none), validating every response. */
export function bankClient(sandbox: Sandbox, key: string | undefined): BankClient {
  const client = createClient<BankPaths>({
    baseUrl: sandbox.bankUrl,
    headers: key === undefined ? {} : { Authorization: `Bearer ${key}` },
  });
  client.use(validating("bank-payments"));
  return client;
}

export function checkCashingClient(sandbox: Sandbox) {
  const client = createClient<CheckCashingPaths>({ baseUrl: sandbox.checkCashingUrl });
  client.use(validating("check-cashing"));
  return client;
}

/**
 * A raw request (broken JSON, wrong content type, wrong method...). The response is validated
 * against `operationId` (or the unknown-route shape) and must never be a 500.
 */
export async function raw(
  service: ServiceName,
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: string; headers?: Record<string, string>; operationId?: string },
): Promise<{ status: number; body: any }> {
  const response = await fetch(baseUrl + path, { method, body: options.body, headers: options.headers });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    assert.fail(`non-JSON answer ${response.status}: ${text.slice(0, 200)}`);
  }
  checkResponse(service, options.operationId, response.status, response.headers.get("content-type"), body);
  return { status: response.status, body };
}

export const billingAddress = {
  city_locality: "Austin",
  country_code: "US",
  line_1: "500 Congress Ave",
  line_2: "Suite 200",
  state_province: "TX",
  postal_code: "78701",
};

let counter = 0;

/** A fresh bank account and consumer pair, so tests never collide on bank account ownership. */
export function party(): { bank_account: string; consumer_id: string } {
  counter += 1;
  const n = String(counter).padStart(6, "0");
  return { bank_account: `bank_account_Test${n}Acct${Date.now() % 1000}`, consumer_id: `consumer_Test${n}Cons` };
}

/** Creates an intent with an action and returns its id (asserting the expected status). */
export async function createIntent(
  client: BankClient,
  body: { amount: number; action?: "authorize" | "authorize_and_capture"; type?: "bankpay" | "bankpay_bnpl"; billing?: boolean; extras?: Record<string, string> },
): Promise<string> {
  const common = { amount: body.amount, ...party(), store_number: "0042", ...(body.billing === false ? {} : { billing_address: billingAddress }), ...(body.extras ? { extras: body.extras } : {}) };
  const request =
    body.action === undefined
      ? { ...common, type: body.type ?? ("bankpay" as const) }
      : { ...common, action: body.action, service_fee_id: "service_fee_Tz6Mq1PxR9bK3wLe" };
  const { data, error, response } = await client.POST("/api/transaction-intents", { body: request });
  assert.equal(error, undefined, JSON.stringify(error));
  assert.ok(response.status === 201 || response.status === 200);
  return data!.data.id;
}

/** A captured (succeeded) intent of `amount`. */
export async function capturedIntent(client: BankClient, amount: number): Promise<string> {
  return createIntent(client, { amount, action: "authorize_and_capture" });
}

/** A valid check cashing request (the contract's example) with a given trxID. */
export function payrollRequest(trxID: string) {
  return {
    merchantID: "104233",
    trxID,
    dob: "1988-04-12",
    ssn: "123456789",
    name: { firstName: "Dana", lastName: "Whitfield" },
    id: { idCode: "TX", idValue: "12345678" },
    integratorID: "INTG-0042",
    netAmount: 1250.75,
    account: { micrData: "T011000015T 123456789O 1042" },
  };
}
