// Reusable steps that build state through the API. Each throws when the implementation does not
// answer as the contract says, which fails the check that needed the state.
import type { ApiClient, ApiResponse } from "../client.js";
import { intentBody, linkedCreditSubmerchant, type IntentInput } from "../fixtures.js";
import { requestJson, type Exchange } from "../oracle/exchange.js";

export class StepError extends Error {}

/**
 * The server took another way the documents allow (a decline, B-31; a failed capture, B-34; no
 * reference, B-37) on every fresh object tried: the check that needed the state is skipped with the
 * reason, never failed (the oracle judged each answer; the evidence checks ask for the job done).
 */
export class OtherAllowedWay extends Error {}

/** Fresh objects a set-up step tries before it skips (a server may decline now and then). */
export const setUpAttempts = 3;

/**
 * The other way a server without triggers may take that an exchange shows, with the rule that
 * allows it: a declined authorization (B-31), a failed capture (B-34), a declined check or an ID
 * it could not verify (C-7). A check that needed the other outcome is tried again, then skipped.
 */
export function otherWayOf(exchange: Exchange): string | undefined {
  const body = exchange.responseBody as any;
  if (exchange.operationId === "submitPayrollCheck") {
    return Array.isArray(body?.errors) && body.errors.some((entry: any) => entry?.errorType === "declined" || entry?.errorType === "id_error") ? "a declined check or an unverified ID (C-7)" : undefined;
  }
  const request = requestJson(exchange);
  const action = request.ok ? (request.value as Record<string, unknown> | undefined)?.action : undefined;
  if (exchange.status !== 200 || !["createTransactionIntent", "updateTransactionIntent"].includes(exchange.operationId)) return undefined;
  if ((action === "authorize" || action === "authorize_and_capture") && body?.data?.status === "failed") return "a declined authorization (B-31)";
  if (action === "capture" && body?.data?.status === "pending_capture") return "a failed capture (B-34)";
  return undefined;
}

export function expectStatus(response: ApiResponse, status: number, what: string): void {
  if (response.status !== status) {
    throw new StepError(`${what}: expected HTTP ${status}, got ${response.status} ${response.text.slice(0, 160)}`);
  }
}

/** The capture amount for an intent of that amount (the whole amount: partial captures are not a contract matter). */
export function captureAmount(amount: number): string {
  return amount.toFixed(2);
}

/** An authorization answered 200 with the intent `failed`: a decline, which any authorization may get (B-31). */
export const declined = (response: ApiResponse) => response.status === 200 && response.body?.data?.status === "failed";

/** A capture answered 200 with the intent still `pending_capture`: a failed capture, which may be retried (B-34). */
export const captureFailed = (response: ApiResponse) => response.status === 200 && response.body?.data?.status === "pending_capture";

/**
 * Creates an intent and returns its id. One that authorizes is expected authorized (201); a decline
 * (B-31) is retried on a fresh intent, and after `setUpAttempts` declines the step skips.
 */
export async function createIntent(api: ApiClient, input: IntentInput = {}): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await api.call("createTransactionIntent", { body: intentBody(input), expect: 201 });
    if (input.action && declined(response)) {
      if (attempt < setUpAttempts) continue;
      throw new OtherAllowedWay(`the server declined all ${setUpAttempts} authorizations tried (B-31)`);
    }
    expectStatus(response, 201, `create intent (${input.action ?? "no action"})`);
    return response.body.data.id;
  }
}

/**
 * Creates an intent and drives it to `succeeded` through capture (create with authorize, then
 * capture). A failed capture (200, still pending_capture, B-34) may be retried, and is.
 */
export async function capturedIntent(api: ApiClient, amount = 40, input: IntentInput = {}): Promise<string> {
  const id = await createIntent(api, { ...input, action: "authorize", amount });
  for (let attempt = 1; ; attempt += 1) {
    const response = await api.call("updateTransactionIntent", {
      path: { transaction_intent_id: id }, body: { action: "capture", amount: captureAmount(amount) }, expect: 200,
    });
    expectStatus(response, 200, "capture");
    if (!captureFailed(response)) return id;
    if (attempt >= setUpAttempts) throw new OtherAllowedWay(`the server failed all ${setUpAttempts} captures tried (B-34)`);
  }
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
  return (await linkedCredit(api, body)).body.data.id;
}

/**
 * Sends a linked credit expected paid (201). B-37 lets a captured intent carry no reference, and a
 * linked credit on it is then refused (409 no_reference_number, B-45): the step skips, saying so (the
 * evidence checks ask for a linked credit paid somewhere in the run).
 */
export async function linkedCredit(api: ApiClient, body: Record<string, unknown>): Promise<ApiResponse> {
  const response = await api.call("createCredit", { body, expect: 201 });
  if (response.status === 409 && response.body?.error === "no_reference_number") throw new OtherAllowedWay("the captured intent has no reference_id, so the linked credit was refused (B-37, B-45)");
  expectStatus(response, 201, "create linked credit");
  return response;
}
