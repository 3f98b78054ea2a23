// The suite's HTTP client: every call names its operation, and every response is validated
// against the full OpenAPI schema of that operation and status (Dredd does not do this on
// OpenAPI 3) and judged by the oracle when there is one (full profile). A response whose status is
// not documented, whose content type is not JSON, whose body breaks the schema or that the oracle
// did not predict is recorded as a violation that fails the check in progress.
//
// Calls may overlap (the coverage layer's rows, the race scenarios): the oracle judges them by the
// model of time (oracle/history.ts), so a call returns once its answer's verdict is in, which may
// wait for an overlapping call's answer.
import type { OpenApiVersion, ServiceName } from "../src/openapi/documents.js";
import { validatorFor } from "../src/openapi/validator.js";
import { send } from "./http.js";
import { lowerCaseHeaders, markHeader, type Exchange } from "./oracle/exchange.js";
import { clock, describeVerdict, type Oracle, type Verdict } from "./oracle/oracle.js";
import type { Finding, Observation, Profile } from "./types.js";

export type KeyChoice = "secret" | "publishable" | "none" | "unknown" | { raw: string };

export type CallOptions = {
  path?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** Sent as is (broken JSON and the like); wins over `body`. */
  rawBody?: string;
  key?: KeyChoice;
  headers?: Record<string, string>;
  /** The status the caller means to provoke; in the mock profile it becomes `Prefer: code=NNN`. */
  expect?: number;
};

export type ApiResponse = {
  status: number;
  contentType: string;
  body: any;
  text: string;
  headers: Headers;
};

export class ConformanceError extends Error {}

export class ApiClient {
  readonly violations: string[] = [];
  /** Every request made through this client and its response, in order. */
  readonly exchanges: Exchange[] = [];
  /** Responses the oracle found wrong. */
  readonly findings: Finding[] = [];
  /** Errors of the suite's own while judging (never the server's fault): what and where. */
  readonly suiteErrors: string[] = [];
  /** The check this client's requests belong to: objects they create are marked with it (knock-on failures name it). */
  check?: string;

  constructor(
    readonly service: ServiceName,
    readonly baseUrl: string,
    readonly keys: { secret?: string; publishable?: string },
    readonly profile: Profile,
    readonly observations: Observation[],
    readonly oracle?: Oracle,
    /** The OpenAPI version whose documents validate the responses. */
    readonly openapi: OpenApiVersion = "3.0",
  ) {}

  /** Records an exchange sent alone and has the oracle judge it now; a wrong response becomes a violation. */
  judge(exchange: Exchange): void {
    this.exchanges.push(exchange);
    if (this.oracle) this.take(exchange, this.oracle.observe(exchange));
  }

  /** Takes the oracle's verdict on an exchange: a wrong response becomes a violation and a finding. */
  private take(exchange: Exchange, verdict: Verdict): void {
    if (verdict.suiteError) this.suiteErrors.push(`${exchange.method.toUpperCase()} ${exchange.operationId} -> ${exchange.status}: ${verdict.suiteError}`);
    if (verdict.ok) return;
    const request = `${exchange.method.toUpperCase()} ${new URL(exchange.url).pathname}${new URL(exchange.url).search}${exchange.requestBody ? ` ${exchange.requestBody.slice(0, 300)}` : ""}`;
    this.findings.push({
      request,
      expectedStatus: verdict.expectedStatus,
      actualStatus: exchange.status,
      differences: verdict.differences,
      invariantFailures: verdict.invariantFailures,
      actualBody: exchange.responseText.slice(0, 200_000),
      rules: verdict.rules,
      ...(verdict.race ? { race: verdict.race } : {}),
    });
    const problems = describeVerdict({ ...verdict, race: undefined });
    const race = verdict.race ? `; ${verdict.race[0].replace(/:$/, "")} (drawn on a time line in the failure and the reports)` : "";
    this.violations.push(`${exchange.method.toUpperCase()} ${exchange.operationId} -> ${exchange.status}: the oracle found ${problems.length} problem(s): ${problems.slice(0, 4).join("; ")}${problems.length > 4 ? `; and ${problems.length - 4} more (all in the Markdown and JUnit reports)` : ""}${race}`);
  }

  get validator() {
    return validatorFor(this.service, this.openapi);
  }

  authHeader(key: KeyChoice): string | undefined {
    if (key === "none") return undefined;
    if (key === "unknown") return "Bearer sk_unknown_conformance_0000";
    if (typeof key === "object") return key.raw;
    const value = key === "secret" ? this.keys.secret : this.keys.publishable;
    return value === undefined ? undefined : `Bearer ${value}`;
  }

  url(operationId: string, options: CallOptions = {}): string {
    const { path } = this.validator.operation(operationId);
    const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = options.path?.[name];
      if (value === undefined) throw new Error(`${operationId}: path parameter ${name} missing`);
      return encodeURIComponent(value);
    });
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(options.query ?? {})) query.set(name, String(value));
    const search = query.toString();
    return this.baseUrl.replace(/\/$/, "") + filled + (search ? `?${search}` : "");
  }

  /** Calls an operation, validates the answer, and returns it. */
  async call(operationId: string, options: CallOptions = {}): Promise<ApiResponse> {
    const { method } = this.validator.operation(operationId);
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
    const defaultKey: KeyChoice = this.service === "bank-payments" ? "secret" : "none";
    const auth = this.authHeader(options.key ?? defaultKey);
    if (auth) headers.Authorization = auth;
    let payload: string | undefined;
    if (options.rawBody !== undefined) payload = options.rawBody;
    else if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === "content-type")) {
      headers["Content-Type"] = "application/json";
    }
    if (this.profile === "mock" && options.expect !== undefined) headers.Prefer = `code=${options.expect}`;
    const url = this.url(operationId, options);
    const requestHeaders = lowerCaseHeaders(headers);
    const sentAt = clock();
    const request = { service: this.service, operationId, method, url, requestHeaders, requestBody: payload, sentAt, ...(this.check ? { check: this.check } : {}) };
    const ticket = this.oracle?.begin(request);
    let response: Awaited<ReturnType<typeof send>>;
    try {
      response = await send(url, { method: method.toUpperCase(), headers, body: payload });
    } catch (error) {
      ticket?.lost();
      throw error;
    }
    const { text } = response;
    const receivedAt = clock();
    const contentType = response.headers.get("content-type") ?? "";
    let body: any = undefined;
    const where = `${method.toUpperCase()} ${operationId} -> ${response.status}`;
    if (!/^application\/json\b/.test(contentType)) {
      this.violations.push(`${where}: content type "${contentType}" is not application/json`);
    }
    try {
      body = text === "" ? undefined : JSON.parse(text);
    } catch {
      this.violations.push(`${where}: body is not JSON: ${text.slice(0, 80)}`);
    }
    const result = this.validator.validateResponse(operationId, response.status, body);
    const code = body && typeof body === "object" ? (body.conflict ?? body.error ?? undefined) : undefined;
    this.observations.push({ operationId, status: response.status, valid: result.valid, code: typeof code === "string" ? code : undefined });
    if (!result.valid) {
      const errors = result.errors.slice(0, 4).map((error) => `${error.path} ${error.message}`).join("; ");
      this.violations.push(`${where}: response breaks the schema: ${errors}`);
    }
    const exchange: Exchange = {
      ...request, receivedAt, status: response.status, contentType, responseText: text, responseBody: body,
      mark: response.headers.get(markHeader) ?? undefined,
    };
    this.exchanges.push(exchange);
    if (ticket) this.take(exchange, await ticket.end(exchange));
    return { status: response.status, contentType, body, text, headers: response.headers };
  }
}
