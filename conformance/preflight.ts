// Before anything else: is the base URL a server of that service, and are the keys its keys? A
// wrong key would otherwise show as dozens of scattered failures; the preflight stops the run with
// one clear message instead.
import type { ApiClient, ApiResponse } from "./client.js";
import { addressUpdate, ids } from "./fixtures.js";

export type PreflightResult = { ok: true } | { ok: false; message: string };

async function attempt(call: () => Promise<ApiResponse>, baseUrl: string): Promise<ApiResponse | string> {
  try {
    return await call();
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    return `cannot reach ${baseUrl} (${code ?? message}): is the server running, and is --base-url right?`;
  }
}

const notJson = (response: ApiResponse) => !/^application\/json\b/.test(response.contentType);

export async function preflight(api: ApiClient): Promise<PreflightResult> {
  const { baseUrl } = api;
  const mock = api.profile === "mock";
  if (api.service === "check-cashing") {
    const answer = await attempt(() => api.call("submitPayrollCheck", { body: {}, key: "none", expect: 400 }), baseUrl);
    if (typeof answer === "string") return { ok: false, message: answer };
    if (answer.status === 404) return { ok: false, message: `${baseUrl}/v1/payroll answered 404: --base-url must be the service's {cashline_url}, without /v1` };
    // Errors come as 400 or 500 (check cashing doc 4 and 7; C-8).
    if ((answer.status !== 400 && answer.status !== 500) || notJson(answer) || !Array.isArray(answer.body?.errors)) {
      return { ok: false, message: `${baseUrl}/v1/payroll answered ${answer.status} (${answer.contentType || "no content type"}) to an empty request, not 400 or 500 with an errors list: is this the check cashing service?` };
    }
    return { ok: true };
  }
  const list = await attempt(() => api.call("listTransactionIntents", { query: { per_page: 1 }, key: "secret", expect: 200 }), baseUrl);
  if (typeof list === "string") return { ok: false, message: list };
  if (list.status === 404) return { ok: false, message: `${baseUrl}/api/transaction-intents answered 404: --base-url must be the service's {base_url}, without /api` };
  if (list.status === 401) return { ok: false, message: "the secret key was refused (401 Unauthenticated): check --secret-key" };
  if (list.status === 403) return { ok: false, message: "the key given as --secret-key is refused on a secret-key operation (403): is it the publishable key? check --secret-key" };
  if (list.status !== 200 || notJson(list)) {
    return { ok: false, message: `${baseUrl}/api/transaction-intents answered ${list.status} (${list.contentType || "no content type"}) to the secret key: is this the bank payment service?` };
  }
  // The address update takes the publishable key only, and checks the key before the intent.
  const update = await attempt(() => api.call("updateTransactionIntentBillingAddress", {
    path: { transaction_intent_id: ids.unknownIntent() }, body: addressUpdate(), key: "publishable", expect: 404,
  }), baseUrl);
  if (typeof update === "string") return { ok: false, message: update };
  if (update.status === 401) return { ok: false, message: "the publishable key was refused (401 Unauthenticated): check --publishable-key" };
  if (update.status === 403) return { ok: false, message: "the key given as --publishable-key is refused on a publishable-key operation (403): is it the secret key? check --publishable-key" };
  if (update.status !== 404 && !(mock && update.status === 200)) {
    return { ok: false, message: `the address update of an unknown intent with the publishable key answered ${update.status}, not 404: check --publishable-key` };
  }
  return { ok: true };
}
