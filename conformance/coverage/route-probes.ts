// Requests no operation of the contract describes, probed on purpose (issue 23): a route the
// service does not have, a method a known path does not serve, and a list query naming one
// parameter twice. The oracle models operations only, so these are sent raw and checked here
// against their decision rows (B-60, B-55, C-14); the exchanges still go into the check's replay.
import type { ApiClient, ApiResponse } from "../client.js";
import { send } from "../http.js";
import { lowerCaseHeaders, markHeader } from "../oracle/exchange.js";
import { boundaryTask, type BoundarySpec } from "./boundary.js";
import type { CoverageContext, Task } from "./context.js";

/** Sends a request outside the contract's operations with the client's key; recorded, not judged. */
async function raw(api: ApiClient, method: string, pathAndQuery: string): Promise<ApiResponse> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const auth = api.authHeader(api.service === "bank-payments" ? "secret" : "none");
  if (auth) headers.Authorization = auth;
  const url = api.baseUrl.replace(/\/$/, "") + pathAndQuery;
  const sentAt = Date.now();
  const response = await send(url, { method, headers });
  const { text } = response;
  const contentType = response.headers.get("content-type") ?? "";
  let body: any;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  api.exchanges.push({
    service: api.service, operationId: "(no operation)", method: method.toLowerCase(), url, requestHeaders: lowerCaseHeaders(headers),
    sentAt, receivedAt: Date.now(), status: response.status, contentType, responseText: text, responseBody: body,
    mark: response.headers.get(markHeader) ?? undefined,
  });
  return { status: response.status, contentType, body, text, headers: response.headers };
}

const isJson = (response: ApiResponse) => /^application\/json\b/.test(response.contentType);

/** B-60: an unknown route is 404 with `{"message": "not_found"}` (doc 7.3's body). */
function bankNotFound(response: ApiResponse, what: string): void {
  if (response.status !== 404 || !isJson(response) || response.body?.message !== "not_found") {
    throw new Error(`B-60: ${what} must be answered 404 {"message": "not_found"} (bank §7.3); got ${response.status} ${response.text.slice(0, 120)}`);
  }
}

/** B-60: a method a known path does not serve is a route the service does not have: 404 not_found, or 405 as a framework answers it. */
function bankWrongMethod(response: ApiResponse, what: string): void {
  if (response.status === 405) return;
  bankNotFound(response, what);
}

/** B-55: a query parameter given twice is 422 with `invalid` under that parameter (doc 7.1's body). */
function repeatedRefused(response: ApiResponse, parameter: string): void {
  const messages = response.body?.errors?.[parameter];
  if (response.status !== 422 || !isJson(response) || typeof response.body?.message !== "string" || !Array.isArray(messages) || !messages.includes("invalid")) {
    throw new Error(`B-55: ${parameter} given twice must be answered 422 with errors.${parameter} ["invalid"] (bank §7.1); got ${response.status} ${response.text.slice(0, 160)}`);
  }
}

/** C-14: a route or method check cashing does not serve is refused in doc 2.3's body, never processed as a check. */
function payrollRefused(response: ApiResponse, what: string): void {
  const errors = response.body?.errors;
  if (response.status < 400 || response.status > 499 || !isJson(response) || !Array.isArray(errors) || errors.length === 0) {
    throw new Error(`C-14: ${what} must be refused with a 4xx and the errors array of cc §2.3; got ${response.status} ${response.text.slice(0, 160)}`);
  }
}

const bankProbes: BoundarySpec[] = [
  {
    group: "routes", name: "a route the bank service does not have", rule: "B-60",
    async run(api, send) {
      bankNotFound(await send("GET /api/refunds", "unknown route", () => raw(api, "GET", "/api/refunds")), "GET /api/refunds");
      bankNotFound(await send("POST /api/transaction-intents/{id}/refunds", "unknown sub-route", () => raw(api, "POST", "/api/transaction-intents/transaction_intent_x/refunds")), "POST /api/transaction-intents/{id}/refunds");
    },
  },
  {
    group: "routes", name: "a method a known bank path does not serve", rule: "B-60",
    async run(api, send) {
      bankWrongMethod(await send("DELETE /api/transaction-intents", "wrong method", () => raw(api, "DELETE", "/api/transaction-intents")), "DELETE /api/transaction-intents");
      bankWrongMethod(await send("PUT /api/credits/{id}", "wrong method", () => raw(api, "PUT", "/api/credits/credit_x")), "PUT /api/credits/{id}");
    },
  },
  {
    group: "routes", name: "a list query parameter given twice", rule: "B-55",
    async run(api, send) {
      repeatedRefused(await send("GET /api/transaction-intents", "?status twice", () => raw(api, "GET", "/api/transaction-intents?status=succeeded&status=failed")), "status");
      repeatedRefused(await send("GET /api/credits", "?per_page twice", () => raw(api, "GET", "/api/credits?per_page=2&per_page=3")), "per_page");
    },
  },
];

const payrollProbes: BoundarySpec[] = [
  {
    group: "routes", name: "a route or method check cashing does not serve", rule: "C-14",
    async run(api, send) {
      payrollRefused(await send("GET /v1/payroll", "wrong method", () => raw(api, "GET", "/v1/payroll")), "GET /v1/payroll");
      payrollRefused(await send("POST /v1/deposits", "unknown route", () => raw(api, "POST", "/v1/deposits")), "POST /v1/deposits");
    },
  },
];

export function routeProbeTasks(ctx: CoverageContext, service: "bank-payments" | "check-cashing"): Task[] {
  return (service === "bank-payments" ? bankProbes : payrollProbes).map((spec) => boundaryTask(ctx, spec));
}
