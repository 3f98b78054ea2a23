// Keys per operation (README, Contract decisions): 401 without a known key, 403 for the wrong kind.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Sandbox } from "../../sandbox/server.js";
import { bankClient, createIntent, raw, startTestSandbox } from "./helpers.js";

let sandbox: Sandbox;
let intentId: string;
let creditId: string;

before(async () => {
  sandbox = await startTestSandbox({ secretKey: "sk_test_custom", publishableKey: "pk_test_custom" });
  const secret = bankClient(sandbox, sandbox.secretKey);
  intentId = await createIntent(secret, { amount: 10 });
  const { data } = await secret.POST("/api/credits", { body: { amount: "1.00", creditable_id: "bank_account_Auth0001", store_number: "1", submerchant_id: "1" } });
  creditId = data!.data.id;
});
after(() => sandbox.close());

type Case = { operationId: string; method: string; path: () => string; body?: unknown; accepts: Array<"secret" | "publishable"> };

const cases: Case[] = [
  { operationId: "createTransactionIntent", method: "POST", path: () => "/api/transaction-intents", body: {}, accepts: ["secret"] },
  { operationId: "listTransactionIntents", method: "GET", path: () => "/api/transaction-intents", accepts: ["secret"] },
  { operationId: "getTransactionIntent", method: "GET", path: () => `/api/transaction-intents/${intentId}`, accepts: ["secret", "publishable"] },
  { operationId: "updateTransactionIntent", method: "PATCH", path: () => `/api/transaction-intents/${intentId}`, body: { action: "explode" }, accepts: ["secret"] },
  { operationId: "updateTransactionIntentBillingAddress", method: "PATCH", path: () => `/api/transaction-intents/${intentId}/address`, body: {}, accepts: ["publishable"] },
  { operationId: "createCredit", method: "POST", path: () => "/api/credits", body: {}, accepts: ["secret"] },
  { operationId: "listCredits", method: "GET", path: () => "/api/credits", accepts: ["secret"] },
  { operationId: "getCredit", method: "GET", path: () => `/api/credits/${creditId}`, accepts: ["secret"] },
  { operationId: "cancelCredit", method: "PATCH", path: () => `/api/credits/${creditId}`, body: { action: "explode" }, accepts: ["secret"] },
];

describe("keys per operation", () => {
  for (const c of cases) {
    test(`${c.operationId}: accepts ${c.accepts.join(" and ")} only`, async () => {
      const headers = (authorization?: string) => ({ "Content-Type": "application/json", ...(authorization ? { Authorization: authorization } : {}) });
      const send = (authorization?: string) =>
        raw("bank-payments", sandbox.bankUrl, c.method, c.path(), { operationId: c.operationId, headers: headers(authorization), body: c.body === undefined ? undefined : JSON.stringify(c.body) });
      // Unknown keys: any sk_test_<name>/pk_test_<name> opens a tenant (tenants.test.ts), so these are not of that form.
      for (const authorization of [undefined, "Bearer sk_live_custom", "Bearer ", "Basic sk_test_custom", `Bearer ${sandbox.secretKey}.x`, sandbox.secretKey]) {
        const { status, body } = await send(authorization);
        assert.equal(status, 401, `${authorization}`);
        assert.deepEqual(body, { message: "Unauthenticated." });
      }
      for (const kind of ["secret", "publishable"] as const) {
        const key = kind === "secret" ? sandbox.secretKey : sandbox.publishableKey;
        const { status, body } = await send(`Bearer ${key}`);
        if (c.accepts.includes(kind)) {
          assert.ok(status !== 401 && status !== 403, `${kind} key refused with ${status}`);
        } else {
          assert.equal(status, 403, kind);
          // The message names the key the operation takes (issue 16).
          const takes = c.accepts[0] === "secret" ? "the secret key" : "the publishable key";
          assert.deepEqual(body, { message: `This action is unauthorized. ${c.operationId} takes ${takes}; the request carried the ${kind} key.` });
        }
      }
    });
  }
});
