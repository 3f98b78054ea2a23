// Issue 17: bodies nested deep or wide are refused in the service's shape on every body route of
// both services (bank 422 `{body: ["invalid"]}`, check cashing one 400 correction 1004), never a
// 500 or a stack overflow, and nothing is stored. The routes come from the generated documents,
// so a new body route is fuzzed without editing this file.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { jsonLimitProblem, jsonLimits } from "../../sandbox/http.js";
import type { Sandbox } from "../../sandbox/server.js";
import { rawHelper } from "./helper-requests.js";
import { bankClient, capturedIntent, createIntent, party, payrollRequest, raw, startTestSandbox, type BankClient } from "./helpers.js";

type BodyRoute = { service: "bank-payments" | "check-cashing"; document: string; method: string; path: string; operationId: string };

function bodyRoutes(): BodyRoute[] {
  const routes: BodyRoute[] = [];
  for (const document of ["bank-payments", "sandbox-helpers", "check-cashing"]) {
    const parsed = JSON.parse(readFileSync(new URL(`../../generated/openapi/${document}.json`, import.meta.url), "utf8")) as {
      paths: Record<string, Record<string, { operationId: string; requestBody?: unknown }>>;
    };
    for (const [path, operations] of Object.entries(parsed.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.requestBody === undefined) continue;
        routes.push({ service: document === "check-cashing" ? "check-cashing" : "bank-payments", document, method: method.toUpperCase(), path, operationId: operation.operationId });
      }
    }
  }
  return routes;
}

/** `{"a":{"a":...{}}}`, `depth` objects in all. */
const nestedObjects = (depth: number) => '{"a":'.repeat(depth - 1) + "{}" + "}".repeat(depth - 1);
/** An object whose member holds `depth - 1` nested arrays: `depth` levels in all. */
const nestedArrays = (depth: number) => `{"amount":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`;
/** One object of `members` members. */
const wideObject = (members: number) => JSON.stringify(Object.fromEntries(Array.from({ length: members }, (_, i) => [`m${i}`, i])));

const depths = [jsonLimits.depth + 1, 1_000, 2_700, 10_000, 100_000];

const bodies: Array<[string, string]> = [
  ...depths.flatMap((depth): Array<[string, string]> => [
    [`objects ${depth} deep`, nestedObjects(depth)],
    [`arrays ${depth} deep`, nestedArrays(depth)],
  ]),
  ["an object of 101 members", wideObject(jsonLimits.members + 1)],
  ["an object of 50,000 members", wideObject(50_000)],
  ["101 members one level down", `{"billing_address":${wideObject(jsonLimits.members + 1)}}`],
];

let sandbox: Sandbox;
let secret: BankClient;
let intentId: string;
let creditId: string;

before(async () => {
  sandbox = await startTestSandbox();
  secret = bankClient(sandbox, sandbox.secretKey);
  intentId = await createIntent(secret, { amount: 25, action: "authorize" });
  const captured = await capturedIntent(secret, 26);
  const credit = await secret.POST("/api/credits", { body: { amount: "1.00", transaction_intent_id: captured } });
  creditId = credit.data!.data.id;
});
after(() => sandbox.close());

/** What the services hold, read back through the API: totals and the two objects the routes act on. */
async function snapshot(): Promise<unknown> {
  const intents = await secret.GET("/api/transaction-intents", { params: { query: {} } });
  const credits = await secret.GET("/api/credits", { params: { query: {} } });
  const intent = await secret.GET("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: intentId } } });
  const credit = await secret.GET("/api/credits/{credit_id}", { params: { path: { credit_id: creditId } } });
  const settings = await rawHelper(sandbox, "getSandboxSettings", "GET", "/_sandbox/settings", { key: sandbox.secretKey });
  return [intents.data!.meta.total, credits.data!.meta.total, intent.data, credit.data, settings.body];
}

describe("deep and wide bodies on every body route", () => {
  const routes = bodyRoutes();

  test("the documents list the body routes of both services", () => {
    const names = routes.map((route) => route.operationId);
    for (const expected of ["createTransactionIntent", "updateTransactionIntent", "createCredit", "cancelCredit", "updateSandboxSettings", "submitPayrollCheck"]) {
      assert.ok(names.includes(expected), expected);
    }
  });

  for (const route of routes) {
    test(`${route.method} ${route.path}: every deep or wide body refused in the service's shape, nothing stored`, async () => {
      const path = route.path.replace("{transaction_intent_id}", intentId).replace("{credit_id}", creditId);
      const base = route.service === "check-cashing" ? sandbox.checkCashingUrl : sandbox.bankUrl;
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      // The address update takes the publishable key; every other bank route the secret one.
      const key = route.operationId === "updateTransactionIntentBillingAddress" ? sandbox.publishableKey : sandbox.secretKey;
      if (route.service === "bank-payments") headers.Authorization = `Bearer ${key}`;
      const before = await snapshot();
      for (const [name, body] of bodies) {
        // raw() and rawHelper() fail on a non-JSON answer and check it against the operation's document.
        const answer = route.document === "sandbox-helpers"
          ? await rawHelper(sandbox, route.operationId, route.method, path, { body, key: sandbox.secretKey })
          : await raw(route.service, base, route.method, path, { body, headers, operationId: route.operationId });
        if (route.service === "check-cashing") {
          assert.equal(answer.status, 400, name);
          assert.deepEqual(answer.body.errors.map((e: { errorType: string; responseCode: string }) => [e.errorType, e.responseCode]), [["correction", "1004"]], name);
        } else {
          assert.equal(answer.status, 422, name);
          assert.deepEqual(answer.body.errors, { body: ["invalid"] }, name);
          assert.match(answer.body.message, /^The given data was invalid: body is invalid \(expected a JSON object/, name);
        }
      }
      assert.deepEqual(await snapshot(), before);
    });
  }

  test("a payroll trxID in a too-deep body is echoed in the correction and not taken", async () => {
    const request = payrollRequest("DEEP-0001") as Record<string, unknown>;
    const deep = JSON.stringify({ ...request, name: JSON.parse(nestedObjects(jsonLimits.depth)) });
    const refused = await raw("check-cashing", sandbox.checkCashingUrl, "POST", "/v1/payroll", { body: deep, headers: { "Content-Type": "application/json" }, operationId: "submitPayrollCheck" });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.errors[0].trxID, "DEEP-0001", "the correction echoes the trxID, as every correction does");
    const accepted = await raw("check-cashing", sandbox.checkCashingUrl, "POST", "/v1/payroll", { body: JSON.stringify(request), headers: { "Content-Type": "application/json" }, operationId: "submitPayrollCheck" });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  });

  test("a body at the depth limit is read (its members are then validated as usual)", async () => {
    // 32 levels: the body, extras, then 30 nested objects. Refused by the schema, keyed `extras`, not `body`.
    const { error } = await secret.POST("/api/transaction-intents", {
      body: { amount: 1, ...party(), store_number: "1", type: "bankpay", extras: JSON.parse(nestedObjects(jsonLimits.depth - 1)) } as any,
    });
    assert.deepEqual((error as any).errors, { extras: ["invalid"] });
  });
});

describe("jsonLimitProblem", () => {
  test("is iterative: a million levels built in memory are measured without recursion", () => {
    let deep: unknown = {};
    for (let i = 0; i < 1_000_000; i += 1) deep = [deep];
    assert.equal(jsonLimitProblem(deep), "too_deep");
  });

  test("the edges: depth 32 and 100 members pass, one more of either does not", () => {
    assert.equal(jsonLimitProblem(JSON.parse(nestedObjects(jsonLimits.depth))), undefined);
    assert.equal(jsonLimitProblem(JSON.parse(nestedObjects(jsonLimits.depth + 1))), "too_deep");
    assert.equal(jsonLimitProblem(JSON.parse(nestedArrays(jsonLimits.depth))), undefined);
    assert.equal(jsonLimitProblem(JSON.parse(nestedArrays(jsonLimits.depth + 1))), "too_deep");
    assert.equal(jsonLimitProblem(JSON.parse(wideObject(jsonLimits.members))), undefined);
    assert.equal(jsonLimitProblem(JSON.parse(wideObject(jsonLimits.members + 1))), "too_many_members");
    assert.equal(jsonLimitProblem(Array.from({ length: 100_000 }, () => 1)), undefined, "arrays are bounded by the body size, not the member count");
    assert.equal(jsonLimitProblem("text"), undefined);
  });
});
