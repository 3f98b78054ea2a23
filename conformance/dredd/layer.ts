// Layer 1: Dredd, in process. Every operation x documented status of the service's published
// document is one Dredd transaction; the CommonJS hookfile delegates to the handler registered
// here, which provokes the status (plans.ts), validates each real response body against the full
// schema of that operation and status, and hands the exchange to the oracle (full profile).
//
// Measured on our documents (Dredd 14.1): Dredd reads path parameter `example` only, not
// `examples`, and refuses the whole document when a path parameter has no example ("Required URI
// parameter has no example or default value"). The document is therefore handed to Dredd with
// each path parameter's first `examples` entry copied to `example` (dreddReadyDocument). The
// hooks replace every id anyway. Gavel's example-inferred body check is turned off (see before())
// in favour of the full schema. Dredd also keeps only the first request example of each
// operation (a warning), which the hooks replace with a body shaped for the status.
//
// Dredd reads OpenAPI 3.0 only, so it is always given the 3.0 document; the full schema check of
// each response uses the client's validator, of the version the run asked for (`--openapi`).
import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { EventEmitter } from "node:events";
import { fileURLToPath } from "node:url";
import { join, dirname } from "node:path";
import { documentPath, type ServiceName } from "../../src/openapi/documents.js";
import type { ApiClient } from "../client.js";
import type { Focus } from "../focus.js";
import { connectionErrorOf, type TransportScope } from "../http.js";
import { classify } from "../thrown.js";
import { dreddTerms } from "./terms.js";
import { requireQuietly } from "./quiet-load.js";
import { lowerCaseHeaders, markHeader, marksOf } from "../oracle/exchange.js";
import { curlLines } from "../repro.js";
import type { CheckResult, Profile } from "../types.js";
import type { Rule } from "../rules.js";
import { OtherAllowedWay } from "../scenarios/steps.js";
import { bankPlans, checkCashingPlans, type Plan } from "./plans.js";
import { parseEachDocumentOnce, releaseHookfileLoads } from "./repeated-runs.js";

const require = createRequire(import.meta.url);
const hookfile = join(dirname(fileURLToPath(import.meta.url)), "hooks.cjs");

const readyDocuments = new Map<string, { modifiedMs: number; text: string }>();

/**
 * The published document with path parameter `examples` mirrored to `example` (see above); made once
 * per version of the file. Its JSON form, the same document as the YAML: Dredd compiles the same
 * transactions from both, and reading and writing JSON costs 0.015 s where YAML cost 0.75 s (and
 * Dredd's own parse 0.9 s where it was 1.65 s) in every process that runs the layer.
 */
export function dreddReadyDocument(service: ServiceName): string {
  const path = documentPath(service, "json");
  const modifiedMs = statSync(path).mtimeMs;
  const ready = readyDocuments.get(path);
  if (ready?.modifiedMs === modifiedMs) return ready.text;
  const text = mirroredExamples(readFileSync(path, "utf8"));
  readyDocuments.set(path, { modifiedMs, text });
  return text;
}

function mirroredExamples(json: string): string {
  const document = JSON.parse(json);
  for (const item of Object.values(document.paths as Record<string, Record<string, any>>)) {
    for (const operation of Object.values(item)) {
      for (const parameter of operation?.parameters ?? []) {
        if (parameter.in === "path" && parameter.example === undefined && parameter.examples) {
          parameter.example = (Object.values(parameter.examples)[0] as { value: unknown }).value;
        }
      }
    }
  }
  return JSON.stringify(document);
}

type DreddTransaction = {
  name: string;
  protocol: string;
  host: string;
  port: string;
  fullPath: string;
  skip?: boolean;
  fail?: boolean | string;
  origin: { resourceName: string };
  request: { method: string; uri: string; headers: Record<string, string>; body: string };
  expected: { statusCode: string };
  real?: { statusCode: number; headers: Record<string, string>; body?: string };
  results?: { valid?: boolean; fields?: Record<string, { valid: boolean; errors: Array<{ message: string }> }> };
};

export type DreddLayerOptions = {
  service: ServiceName;
  baseUrl: string;
  profile: Profile;
  triggers: boolean;
  api: ApiClient;
  xunitFile?: string;
  /** Why the run is to stop, if it is: transactions not yet begun are skipped, saying so. */
  stopped?: () => string | undefined;
  /** Failing transactions after which the others are skipped (`--max-failures`, counted from the run's). */
  failuresAllowed?: number;
  /** Operations not named by `--operation` are left out (counted there), and so is a transaction whose set-up needs one. */
  focus?: Focus;
  /** An error inside the suite (not the server's fault): the transaction is dropped, the error reported apart. */
  onSuiteError?: (where: string, message: string) => void;
  /** Dredd's own requests, answered or not, for the run's watch on the server (the suite's client reports its own). */
  onOutcome?: TransportScope["onOutcome"];
};

type Handler = { before(t: DreddTransaction): Promise<void>; beforeValidation?(t: DreddTransaction): void; after(t: DreddTransaction): void };

function registry(): Record<string, Handler> {
  const holder = globalThis as unknown as { __conformanceDredd?: Record<string, Handler> };
  holder.__conformanceDredd ??= {};
  return holder.__conformanceDredd;
}

function endpointKeys(baseUrl: string): string[] {
  const url = new URL(baseUrl);
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return [`${url.protocol}//${url.hostname}:${port}`, `${url.protocol}//${url.hostname}:${url.port}`];
}

/** Runs Dredd against the target; resolves with one check per transaction. */
export async function runDreddLayer(options: DreddLayerOptions): Promise<CheckResult[]> {
  const { api, service, profile } = options;
  const validator = api.validator;
  const plans = service === "bank-payments" ? bankPlans : checkCashingPlans;
  const prefix = new URL(options.baseUrl).pathname.replace(/\/$/, "");
  const testNames = new Map<object, string>();
  type Pending = CheckResult & { started: number; sentAt: number; firstExchange: number; firstFinding: number; violations: string[]; operationId: string; dropped?: boolean };
  const checks = new Map<string, Pending>();

  const operationOf = (t: DreddTransaction) => {
    const located = validator.operations.find(
      (candidate) => candidate.path === t.origin.resourceName && candidate.method === t.request.method.toLowerCase(),
    );
    if (!located) throw new Error(`no operation for ${t.request.method} ${t.origin.resourceName}`);
    return located.operation.operationId;
  };

  const alternatives = new Map<string, { statuses: number[]; rule: Rule }>();
  /** Transactions that failed so far (Dredd's verdicts arrive as events, one transaction at a time). */
  let failing = 0;
  const handler: Handler = {
    async before(t) {
      const operationId = operationOf(t);
      const status = Number(t.expected.statusCode);
      const check: Pending = {
        layer: "dredd", group: operationId, name: t.name, outcome: "passed",
        durationMs: 0, started: Date.now(), sentAt: 0, firstExchange: api.exchanges.length, firstFinding: api.findings.length, violations: [], operationId,
        // The response the transaction provokes, in the published document (JSON Pointer, RFC 6901).
        rule: `oas ${service}#/paths/${t.origin.resourceName.replace(/~/g, "~0").replace(/\//g, "~1")}/${t.request.method.toLowerCase()}/responses/${status}`,
      };
      checks.set(t.name, check);
      const leave = (reason: string) => {
        t.skip = true;
        check.dropped = true;
        options.focus?.leave(reason);
      };
      if (options.focus && !options.focus.allowsOperation(operationId)) return leave("Dredd transactions of operations --operation did not name");
      const stop = options.stopped?.() ?? (options.failuresAllowed !== undefined && failing >= options.failuresAllowed ? (options.failuresAllowed === 1 ? "the first failure (-x)" : `${options.failuresAllowed} more failures (--max-failures)`) : undefined);
      if (stop) {
        t.skip = true;
        check.outcome = "skipped";
        (check as CheckResult).reason = `not attempted: ${stop}`;
        return;
      }
      const planner = plans[`${operationId} ${status}`];
      if (!planner) {
        t.fail = `no plan provokes ${operationId} ${status}`;
        return;
      }
      const before = api.violations.length;
      let plan: Plan;
      try {
        plan = await planner(api);
      } catch (error) {
        const thrown = classify(error, api.violations.length - before);
        if (thrown.kind === "left out") return leave(`calls ${thrown.operationId}, which --operation did not name`);
        if (thrown.kind === "suite error") {
          t.skip = true;
          check.dropped = true;
          options.onSuiteError?.(`Dredd: ${t.name}`, thrown.message);
          return;
        }
        if (thrown.kind === "connection") throw new Error(thrown.message);
        // The set-up met another way the documents allow on every fresh object it tried (a decline,
        // B-31; a failed capture, B-34; no reference_id, B-37): the transaction is skipped with the reason, unless an
        // answer on the way was wrong.
        if (!(error instanceof OtherAllowedWay) || api.violations.length > before) throw error;
        t.skip = true;
        check.outcome = "skipped";
        (check as CheckResult).reason = `the server took another allowed way: ${error.message}`;
        return;
      }
      if (plan.alternatives) alternatives.set(t.name, plan.alternatives);
      if (plan.trigger) (check as CheckResult).trigger = plan.trigger;
      if (plan.trigger && !options.triggers) {
        t.skip = true;
        check.outcome = "skipped";
        (check as CheckResult).reason = `needs the implementation-specific trigger: ${plan.trigger}`;
        return;
      }
      const setupViolations = api.violations.splice(before);
      if (setupViolations.length > 0) {
        t.fail = `setup: ${setupViolations.join(" | ")}`;
        check.violations.push(...setupViolations);
      }
      const url = new URL(api.url(operationId, { path: plan.path, query: plan.query }));
      t.fullPath = url.pathname + url.search;
      t.request.uri = t.fullPath.slice(prefix.length) || "/";
      const headers: Record<string, string> = { ...t.request.headers };
      delete headers.Authorization;
      const auth = api.authHeader(plan.key);
      if (auth) headers.Authorization = auth;
      if (profile === "mock") headers.Prefer = `code=${status}`;
      if (plan.body !== undefined) {
        t.request.body = JSON.stringify(plan.body);
        headers["Content-Type"] = "application/json";
      } else {
        t.request.body = "";
        delete headers["Content-Type"];
      }
      t.request.headers = headers;
      // Gavel compares the body with a schema it infers from the one example (every key of the
      // example required, every value's JSON type fixed), which refuses conforming bodies (a null
      // `extras`, other 422 keys). The full schema check in after() replaces it; status and
      // Content-Type are still checked by Dredd.
      (t.expected as { body?: string }).body = "{}";
      // Gavel compares Content-Type literally, so `application/json; charset=utf-8` (Express's
      // res.json) would fail every transaction; media type parameters are legal (RFC 9110 §8.3.1)
      // and charset has no effect on JSON (RFC 8259 §11). after() checks the media type itself.
      const expectedHeaders = (t.expected as { headers?: Record<string, string> }).headers ?? {};
      for (const name of Object.keys(expectedHeaders)) if (name.toLowerCase() === "content-type") delete expectedHeaders[name];
      check.sentAt = Date.now();
    },
    // A status the contract allows for this request instead of the documented one Dredd expects
    // is that transaction's answer: Dredd checks it, the schema of that status and the oracle judge it.
    beforeValidation(t) {
      const allowed = alternatives.get(t.name);
      const actual = t.real?.statusCode;
      if (!allowed || actual === undefined || !allowed.statuses.includes(actual)) return;
      t.expected.statusCode = String(actual);
    },
    after(t) {
      const check = checks.get(t.name);
      if ((t as any).test) testNames.set((t as any).test, t.name);
      if (!check || check.outcome === "skipped" || check.dropped) return;
      if (t.real) options.onOutcome?.({ answered: true });
      try {
        judgeAnswer(t, check);
      } catch (error) {
        const thrown = classify(error, check.violations.length);
        if (thrown.kind !== "suite error") throw error;
        check.dropped = true;
        options.onSuiteError?.(`Dredd: ${t.name}`, thrown.message);
      }
    },
  };

  /** Checks a transaction's real answer: its media type, its body against the full schema, and the oracle's verdict. */
  function judgeAnswer(t: DreddTransaction, check: Pending): void {
    check.durationMs = Date.now() - check.started;
    const real = t.real;
    if (!real) {
      check.violations.push("no response");
      return;
    }
    const contentType = real.headers["content-type"] ?? "";
    if (!/^application\/json\s*(;|$)/i.test(contentType)) check.violations.push(`B-18: content type "${contentType}" is not application/json`);
    let body: unknown;
    try {
      body = real.body ? JSON.parse(real.body) : undefined;
    } catch {
      check.violations.push("body is not JSON");
    }
    const result = validator.validateResponse(check.operationId, real.statusCode, body);
    const code = body && typeof body === "object" ? ((body as any).conflict ?? (body as any).error) : undefined;
    api.observations.push({ operationId: check.operationId, status: real.statusCode, valid: result.valid, code: typeof code === "string" ? code : undefined });
    if (!result.valid) {
      check.violations.push(`response breaks the schema of ${check.operationId} ${real.statusCode}: ` +
        result.errors.slice(0, 4).map((error) => `${error.path} ${error.message}`).join("; "));
    }
    const firstViolation = api.violations.length;
    api.judge({
      service, operationId: check.operationId, method: t.request.method, url: new URL(t.fullPath, options.baseUrl).href,
      requestHeaders: lowerCaseHeaders(t.request.headers), requestBody: t.request.body === "" ? undefined : t.request.body,
      sentAt: check.sentAt, receivedAt: Date.now(), status: real.statusCode, contentType,
      responseText: real.body ?? "", responseBody: body, mark: real.headers[markHeader],
    });
    check.violations.push(...api.violations.splice(firstViolation));
    if (api.findings.length > check.firstFinding) {
      check.findings = api.findings.slice(check.firstFinding);
      check.curl = curlLines(api.exchanges.slice(check.firstExchange), options.baseUrl, api.keys);
    }
    if (check.violations.length > 0) t.fail = check.violations.join(" | ");
    check.marks = marksOf(api.exchanges.slice(check.firstExchange));
  }

  const keys = endpointKeys(options.baseUrl);
  for (const key of keys) registry()[key] = handler;
  parseEachDocumentOnce(require);
  const Dredd = requireQuietly(require, "dredd");
  // Dredd's CLI reporter always prints to stdout; the suite prints its own lines, so mute it
  // (loglevel "silent" mutes only Dredd's own logger).
  requireQuietly(require, "dredd/build/reporters/reporterOutputLogger").default.transports.console.silent = !process.env.CONFORMANCE_DREDD_OUTPUT;
  const emitter = new EventEmitter();
  const outcomes = new Map<string, { outcome: CheckResult["outcome"]; message?: string }>();
  const nameOf = (test: any) => testNames.get(test) ?? String(test?.title);
  emitter.on("test pass", (test: any) => outcomes.set(nameOf(test), { outcome: "passed" }));
  emitter.on("test fail", (test: any) => {
    failing += 1;
    outcomes.set(nameOf(test), { outcome: "failed", message: test.message });
  });
  emitter.on("test error", (error: any, test: any) => {
    failing += 1;
    const connection = connectionErrorOf(error);
    if (connection) options.onOutcome?.({ answered: false, error: connection });
    outcomes.set(nameOf(test), { outcome: "failed", message: connection ? `the server did not answer: ${connection.message}` : String(error?.message ?? error) });
  });
  emitter.on("test skip", (test: any) => outcomes.set(nameOf(test), { outcome: "skipped" }));
  const config: Record<string, unknown> = {
    endpoint: options.baseUrl,
    apiDescriptions: [{ location: `generated/openapi/${service}.json`, content: dreddReadyDocument(service) }],
    hookfiles: [hookfile],
    language: "nodejs",
    loglevel: "silent",
    color: false,
    emitter,
    reporter: options.xunitFile ? ["xunit"] : [],
    output: options.xunitFile ? [options.xunitFile] : [],
  };
  try {
    await new Promise<void>((resolve, reject) => {
      new Dredd(config).run((error: Error | null) => (error ? reject(error) : resolve()));
    });
  } finally {
    for (const key of keys) delete registry()[key];
    releaseHookfileLoads(require, hookfile);
  }
  const results: CheckResult[] = [];
  for (const [name, check] of checks) {
    if (check.dropped) continue;
    const seen = outcomes.get(name);
    const { started, sentAt: _sent, firstExchange: _first, firstFinding: _finding, violations, operationId: _op, dropped: _dropped, ...rest } = check;
    const result: CheckResult = { ...rest, durationMs: check.durationMs || Date.now() - started };
    if (check.outcome !== "skipped") {
      if (!seen) {
        result.outcome = "failed";
        result.reason = violations.join(" | ") || "Dredd reported no result";
      } else if (seen.outcome === "failed" || violations.length > 0) {
        result.outcome = "failed";
        result.reason = dreddTerms((seen.message ?? violations.join(" | ")).trim());
      }
    }
    if (result.outcome !== "failed") delete result.marks;
    results.push(result);
  }
  return results;
}
