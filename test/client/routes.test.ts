// The resource clients' route tables (src/client/api/routes.ts) against the published documents:
// every operation of each document has exactly its method, path and documented error statuses,
// and no route names an operation the document lacks. The compiler already ties each route to its
// generated operation; this test ties the tables to what is published (statuses included).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { bankRoutes, checkCashingRoutes, sandboxHelperRoutes, type Route } from "../../src/client/api/routes.js";
import { createBankPayments, createCheckCashing, createSandboxHelpers } from "../../entry/index.js";

type Document = { paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>> };

/** The routes a published document implies: operationId -> method, path, error statuses. */
export function routesOf(name: string): Record<string, Route> {
  const document = JSON.parse(readFileSync(new URL(`../../generated/openapi/${name}.json`, import.meta.url), "utf8")) as Document;
  const routes: Record<string, Route> = {};
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation.operationId) continue;
      const errors = Object.keys(operation.responses ?? {}).map(Number).filter((status) => status >= 400).sort();
      routes[operation.operationId] = { method: method as Route["method"], path, errors };
    }
  }
  return routes;
}

const normalise = (table: Record<string, Route>) =>
  Object.fromEntries(Object.entries(table).map(([id, r]) => [id, { method: r.method, path: r.path, errors: [...r.errors].sort() }]));

describe("route tables match the published documents", () => {
  for (const [name, table] of [["bank-payments", bankRoutes], ["check-cashing", checkCashingRoutes], ["sandbox-helpers", sandboxHelperRoutes]] as const) {
    it(name, () => {
      assert.deepEqual(normalise(table), normalise(routesOf(name)));
    });
  }

  it("notices a route that differs (the check can fail)", () => {
    const altered = { ...bankRoutes, getCredit: { ...bankRoutes.getCredit, errors: [401, 404] } };
    assert.notDeepEqual(normalise(altered), normalise(routesOf("bank-payments")));
  });
});

describe("the resource clients call every operation", () => {
  it("each route is reached by a method (requests recorded and matched to the path templates)", async () => {
    const hits = new Set<string>();
    const tables = { ...bankRoutes, ...checkCashingRoutes, ...sandboxHelperRoutes } as Record<string, Route>;
    const recording = async (request: Request) => {
      const path = new URL(request.url).pathname;
      for (const [id, route] of Object.entries(tables)) {
        const pattern = new RegExp(`^${route.path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
        if (route.method === request.method.toLowerCase() && pattern.test(path)) hits.add(id);
      }
      const page = { data: [], links: { first: null, last: null, prev: null, next: null }, meta: { current_page: 1, last_page: 1 } };
      const body = request.method === "GET" && /(intents|credits)$/.test(path) ? page : { data: {} };
      return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
    };
    const options = { baseUrl: "http://resources.invalid", apiKey: "sk_test_x", fetch: recording };
    const bank = createBankPayments(options);
    const cashing = createCheckCashing(options);
    const helpers = createSandboxHelpers(options);
    const intent = "transaction_intent_x";
    const credit = "credit_x";
    const drain = async (items: AsyncIterable<object>) => { for await (const _ of items) void _; };
    await Promise.all([
      bank.transactionIntents.create({ amount: 1, bank_account: "b", consumer_id: "c", store_number: "1", type: "bankpay" }),
      bank.transactionIntents.retrieve(intent),
      drain(bank.transactionIntents.list()),
      bank.transactionIntents.listPage(),
      bank.transactionIntents.authorize(intent),
      bank.transactionIntents.capture(intent, { amount: 1 }),
      bank.transactionIntents.refund(intent, { amount: 1 }),
      bank.transactionIntents.cancel(intent),
      bank.transactionIntents.cancelRefund(intent),
      bank.transactionIntents.updateBillingAddress(intent, { line_1: "l", city: "c", state_province: "s", zipcode: "z", country_code: "US" }),
      bank.credits.create({ amount: "1.00", transaction_intent_id: intent }),
      bank.credits.retrieve(credit),
      drain(bank.credits.list()),
      bank.credits.listPage(),
      bank.credits.cancel(credit),
      cashing.payroll.submit({
        merchantID: "1", trxID: "1", dob: "1", ssn: "1", name: { lastName: "l" }, id: { idCode: "TX", idValue: "1" },
        integratorID: "1", netAmount: 1, account: { micrData: "1" },
      }),
      helpers.transactionIntents.acceptServiceFee(intent),
      helpers.transactionIntents.setStatus(intent, { status: "pending_service_fee" }),
      helpers.transactionIntents.failNextCapture(intent, { captured_status: "error" }),
      helpers.transactionIntents.returnDebit(intent),
      helpers.credits.settle(credit),
      helpers.credits.fail(credit),
      helpers.settings.retrieve(),
      helpers.settings.update({}),
      helpers.reset(),
    ]);
    assert.deepEqual([...hits].sort(), Object.keys(tables).sort());
  });
});
