// Reusable steps that build state through the API. Each throws when the implementation does not
// answer as the contract says, which fails the check that needed the state.
import type { ApiClient, ApiResponse } from "../client.js";
import { intentBody, linkedCreditSubmerchant, type IntentInput } from "../fixtures.js";

export class StepError extends Error {}

export function expectStatus(response: ApiResponse, status: number, what: string): void {
  if (response.status !== status) {
    throw new StepError(`${what}: expected HTTP ${status}, got ${response.status} ${response.text.slice(0, 160)}`);
  }
}

/** The capture amount for an intent of that amount (the whole amount: partial captures are not a contract matter). */
export function captureAmount(amount: number): string {
  return amount.toFixed(2);
}

/** Creates an intent and returns its id. authorize_and_capture is expected to succeed (201). */
export async function createIntent(api: ApiClient, input: IntentInput = {}): Promise<string> {
  const response = await api.call("createTransactionIntent", { body: intentBody(input), expect: 201 });
  expectStatus(response, 201, `create intent (${input.action ?? "no action"})`);
  return response.body.data.id;
}

/** Creates an intent and drives it to `succeeded` through capture (create with authorize, then capture). */
export async function capturedIntent(api: ApiClient, amount = 40, input: IntentInput = {}): Promise<string> {
  const id = await createIntent(api, { ...input, action: "authorize", amount });
  const response = await api.call("updateTransactionIntent", {
    path: { transaction_intent_id: id }, body: { action: "capture", amount: captureAmount(amount) }, expect: 200,
  });
  expectStatus(response, 200, "capture");
  return id;
}

/** Reads an intent with a key. */
export async function readIntent(api: ApiClient, id: string, key: "secret" | "publishable" = "secret"): Promise<any> {
  const response = await api.call("getTransactionIntent", { path: { transaction_intent_id: id }, key, expect: 200 });
  expectStatus(response, 200, `read intent with the ${key} key`);
  return response.body.data;
}

/** Runs an action on an intent and returns the response. */
export function act(api: ApiClient, id: string, body: Record<string, unknown>, expect: number): Promise<ApiResponse> {
  return api.call("updateTransactionIntent", { path: { transaction_intent_id: id }, body, expect });
}

export type CreditInput = { amount?: string; intentAmount?: number; employee?: string; store?: string };

/** Creates a linked credit on a fresh succeeded intent; returns the credit id. */
export async function createCredit(api: ApiClient, input: CreditInput = {}): Promise<string> {
  const intentId = await createIntent(api, { action: "authorize_and_capture", amount: input.intentAmount ?? 40 });
  const body: Record<string, unknown> = { amount: input.amount ?? "10.00", transaction_intent_id: intentId, ...linkedCreditSubmerchant() };
  if (input.employee) body.employee_number = input.employee;
  if (input.store) body.store_number = input.store;
  const response = await api.call("createCredit", { body, expect: 201 });
  expectStatus(response, 201, "create linked credit");
  return response.body.data.id;
}
