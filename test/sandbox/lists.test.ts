// List filters and pagination: the full envelope, consistent at every page, absolute links.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Sandbox } from "../../sandbox/server.js";
import { bankClient, capturedIntent, createIntent, party, startTestSandbox, type BankClient } from "./helpers.js";

let sandbox: Sandbox;
let secret: BankClient;
const created: string[] = [];

before(async () => {
  sandbox = await startTestSandbox();
  secret = bankClient(sandbox, sandbox.secretKey);
  for (let i = 0; i < 7; i++) created.push(await createIntent(secret, { amount: 10 + i }));
  for (let i = 0; i < 3; i++) created.push(await capturedIntent(secret, 50 + i));
  await secret.POST("/api/transaction-intents", { body: { amount: 5, ...party(), store_number: "STORE-9", type: "bankpay_bnpl", submerchant_id: "7001" } });
});
after(() => sandbox.close());

describe("list transaction intents", () => {
  test("pages of 4: envelope consistent at every page, newest first, links absolute and followable", async () => {
    const seenIds: string[] = [];
    let page = 1;
    for (;;) {
      const { data, response } = await secret.GET("/api/transaction-intents", { params: { query: { per_page: 4, page } } });
      assert.equal(response.status, 200);
      const { meta, links } = data!;
      assert.equal(meta.total, 11);
      assert.equal(meta.last_page, 3);
      assert.equal(meta.per_page, 4);
      assert.equal(meta.current_page, page);
      assert.equal(meta.from, (page - 1) * 4 + 1);
      assert.equal(meta.to, meta.from! + data!.data.length - 1);
      assert.equal(meta.path, `${sandbox.bankUrl}/api/transaction-intents`);
      assert.equal(links.first, `${sandbox.bankUrl}/api/transaction-intents?per_page=4&page=1`);
      assert.equal(links.last, `${sandbox.bankUrl}/api/transaction-intents?per_page=4&page=3`);
      assert.equal(links.prev, page > 1 ? `${sandbox.bankUrl}/api/transaction-intents?per_page=4&page=${page - 1}` : null);
      seenIds.push(...data!.data.map((intent) => intent.id));
      if (!links.next) break;
      const next = new URL(links.next);
      page = Number(next.searchParams.get("page"));
    }
    assert.equal(page, 3);
    assert.equal(seenIds.length, 11);
    assert.equal(new Set(seenIds).size, 11);
    assert.deepEqual(seenIds.slice(1), [...created].reverse(), "newest first");
  });

  test("defaults: per_page 15, page 1; page past the last: empty data, from/to null", async () => {
    const first = await secret.GET("/api/transaction-intents", {});
    assert.equal(first.data!.meta.per_page, 15);
    assert.equal(first.data!.data.length, 11);
    assert.equal(first.data!.links.next, null);
    const past = await secret.GET("/api/transaction-intents", { params: { query: { page: 9 } } });
    assert.equal(past.response.status, 200);
    assert.deepEqual(past.data!.data, []);
    assert.equal(past.data!.meta.from, null);
    assert.equal(past.data!.meta.to, null);
    assert.equal(past.data!.meta.current_page, 9);
    assert.equal(past.data!.meta.total, 11);
  });

  test("filters: status, type, station_number, submerchant_id, reference_number", async () => {
    const byStatus = await secret.GET("/api/transaction-intents", { params: { query: { status: "succeeded" } } });
    assert.equal(byStatus.data!.meta.total, 3);
    assert.ok(byStatus.data!.data.every((intent) => intent.status === "succeeded"));
    assert.ok(byStatus.data!.links.first!.includes("status=succeeded"), "links keep the filters");
    assert.equal((await secret.GET("/api/transaction-intents", { params: { query: { type: "bankpay_bnpl" } } })).data!.meta.total, 1);
    assert.equal((await secret.GET("/api/transaction-intents", { params: { query: { station_number: "STORE-9" } } })).data!.meta.total, 1);
    assert.equal((await secret.GET("/api/transaction-intents", { params: { query: { submerchant_id: 7001 } } })).data!.meta.total, 1);
    const reference = byStatus.data!.data[0].reference_id!;
    const byReference = await secret.GET("/api/transaction-intents", { params: { query: { reference_number: reference } } });
    assert.deepEqual(byReference.data!.data.map((i) => i.id), [byStatus.data!.data[0].id]);
    const none = await secret.GET("/api/transaction-intents", { params: { query: { status: "refunded" } } });
    assert.equal(none.data!.meta.total, 0);
    assert.equal(none.data!.meta.last_page, 1);
  });

  test("invalid filters: 422 keyed by parameter name", async () => {
    for (const [query, key] of [
      ["per_page=0", "per_page"],
      ["per_page=101", "per_page"],
      ["per_page=abc", "per_page"],
      ["page=0", "page"],
      ["page=1.5", "page"],
      ["status=bogus", "status"],
      ["type=card", "type"],
      ["submerchant_id=x1", "submerchant_id"],
      ["status=succeeded&status=failed", "status"],
      [`station_number=${"s".repeat(256)}`, "station_number"],
    ] as const) {
      const response = await fetch(`${sandbox.bankUrl}/api/transaction-intents?${query}`, { headers: { Authorization: `Bearer ${sandbox.secretKey}` } });
      assert.equal(response.status, 422, query);
      assert.deepEqual(((await response.json()) as any).errors, { [key]: ["invalid"] }, query);
    }
  });
});

describe("list credits", () => {
  test("filters, both cancelled spellings, pagination envelope", async () => {
    const account = "bank_account_ListCredits00001";
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { data } = await secret.POST("/api/credits", { body: { amount: "3.00", creditable_id: account, store_number: "0042", submerchant_id: "7001", employee_number: `E-${i}` } });
      ids.push(data!.data.id);
    }
    await secret.PATCH("/api/credits/{credit_id}", { params: { path: { credit_id: ids[0] } }, body: { action: "cancel" } });
    const all = await secret.GET("/api/credits", { params: { query: { creditable_id: account, per_page: 2 } } });
    assert.equal(all.data!.meta.total, 3);
    assert.equal(all.data!.meta.last_page, 2);
    assert.deepEqual(all.data!.data.map((c) => c.id), [ids[2], ids[1]]);
    for (const status of ["canceled", "cancelled"] as const) {
      const cancelled = await secret.GET("/api/credits", { params: { query: { status, creditable_id: account } } });
      assert.deepEqual(cancelled.data!.data.map((c) => c.id), [ids[0]], status);
    }
    assert.equal((await secret.GET("/api/credits", { params: { query: { employee_number: "E-1" } } })).data!.meta.total, 1);
    assert.equal((await secret.GET("/api/credits", { params: { query: { creditable_type: "bank_account", creditable_id: account } } })).data!.meta.total, 3);
    assert.equal((await secret.GET("/api/credits", { params: { query: { creditable_type: "transaction_intent", creditable_id: account } } })).data!.meta.total, 0);
    const bad = await secret.GET("/api/credits", { params: { query: { creditable_type: "consumer" as any } } });
    assert.equal(bad.response.status, 422);
    assert.deepEqual((bad.error as any).errors, { creditable_type: ["invalid"] });
  });
});
