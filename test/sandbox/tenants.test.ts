// Tenants: every sk_test_<name>/pk_test_<name> pair is its own data space (README, "Tenants").
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import type { Sandbox } from "../../sandbox/server.js";
import { defaultTenantName, tenantFileName, Tenants } from "../../sandbox/tenants.js";
import { rawHelper } from "./helper-requests.js";
import { bankClient, checkCashingClient, createIntent, party, payrollRequest, raw, startTestSandbox, type BankClient } from "./helpers.js";

const intentPath = "/api/transaction-intents/{transaction_intent_id}" as const;

function readIntent(client: BankClient, id: string) {
  return client.GET(intentPath, { params: { path: { transaction_intent_id: id } } });
}

function createCredit(client: BankClient, amount: string) {
  return client.POST("/api/credits", { body: { amount, creditable_id: "bank_account_Tenant0001", store_number: "1", submerchant_id: "1" } });
}

/** Every intent id and credit id a key's lists show, with the lists' totals. */
async function listed(client: BankClient) {
  const intents = await client.GET("/api/transaction-intents", { params: { query: { per_page: 100 } } });
  const credits = await client.GET("/api/credits", { params: { query: { per_page: 100 } } });
  assert.equal(intents.response.status, 200);
  assert.equal(credits.response.status, 200);
  return {
    intents: intents.data!.data.map((intent) => intent.id).sort(),
    intentTotal: intents.data!.meta.total,
    credits: credits.data!.data.map((credit) => credit.id).sort(),
    creditTotal: credits.data!.meta.total,
  };
}

function tempDatabase(): { dir: string; database: string } {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-tenants-"));
  return { dir, database: join(dir, "sandbox.db") };
}

function intentsInFile(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("SELECT id FROM intents ORDER BY seq").all() as Array<{ id: string }>).map((row) => row.id);
  } finally {
    db.close();
  }
}

describe("two tenants in parallel", () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  test("concurrent creates, credits, lists and totals never show the other tenant's objects", async () => {
    const tenants = ["ci-job_A1", "ci-job_B2"].map((name) => ({ name, secret: bankClient(sandbox, `sk_test_${name}`) }));
    // Both tenants work at once: their requests interleave on the one server.
    const work = await Promise.all(
      tenants.map(async ({ secret }, t) => {
        const intents = await Promise.all(Array.from({ length: 8 }, (_, i) => createIntent(secret, { amount: 10 + i + t * 100, action: i % 2 ? "authorize_and_capture" : undefined })));
        const credits = await Promise.all(Array.from({ length: 3 }, async (_, i) => {
          const { data, response } = await createCredit(secret, `${i + 1}.0${t}`);
          assert.equal(response.status, 201);
          return data!.data.id;
        }));
        return { intents: intents.sort(), credits: credits.sort() };
      }),
    );
    const lists = await Promise.all(tenants.map(({ secret }) => listed(secret)));
    for (const t of [0, 1]) {
      assert.deepEqual(lists[t].intents, work[t].intents);
      assert.equal(lists[t].intentTotal, 8);
      assert.deepEqual(lists[t].credits, work[t].credits);
      assert.equal(lists[t].creditTotal, 3);
    }
    // The configured keys' default tenant saw none of it.
    const defaultLists = await listed(bankClient(sandbox, sandbox.secretKey));
    assert.equal(defaultLists.intentTotal, 0);
    assert.equal(defaultLists.creditTotal, 0);
  });

  test("a bank account bound to a consumer in one tenant is free in another", async () => {
    const body = { amount: 3, bank_account: "bank_account_SharedAcct0001", store_number: "1", type: "bankpay" as const };
    const first = await bankClient(sandbox, "sk_test_bind_one").POST("/api/transaction-intents", { body: { ...body, consumer_id: "consumer_First0001" } });
    const second = await bankClient(sandbox, "sk_test_bind_two").POST("/api/transaction-intents", { body: { ...body, consumer_id: "consumer_Second0001" } });
    assert.equal(first.response.status, 201);
    assert.equal(second.response.status, 201);
    const conflict = await bankClient(sandbox, "sk_test_bind_one").POST("/api/transaction-intents", { body: { ...body, consumer_id: "consumer_Second0001" } });
    assert.equal(conflict.response.status, 409, "within one tenant the binding still holds");
  });

  test("cross-tenant reads and writes, by secret and by publishable key, are 404 and change nothing", async () => {
    const owner = bankClient(sandbox, "sk_test_owner");
    const intentId = await createIntent(owner, { amount: 25, action: "authorize" });
    const creditId = (await createCredit(owner, "4.00")).data!.data.id;
    const before = (await readIntent(owner, intentId)).data;
    const creditBefore = (await owner.GET("/api/credits/{credit_id}", { params: { path: { credit_id: creditId } } })).data;

    const strangerSecret = bankClient(sandbox, "sk_test_stranger");
    const strangerPublishable = bankClient(sandbox, "pk_test_stranger");
    const ownerPublishable = bankClient(sandbox, "pk_test_owner");
    assert.equal((await readIntent(strangerSecret, intentId)).response.status, 404);
    assert.equal((await readIntent(strangerPublishable, intentId)).response.status, 404);
    assert.equal((await strangerSecret.GET("/api/credits/{credit_id}", { params: { path: { credit_id: creditId } } })).response.status, 404);
    const capture = await strangerSecret.PATCH(intentPath, { params: { path: { transaction_intent_id: intentId } }, body: { action: "capture", amount: 25 } });
    assert.equal(capture.response.status, 404);
    const cancel = await strangerSecret.PATCH("/api/credits/{credit_id}", { params: { path: { credit_id: creditId } }, body: { action: "cancel" } });
    assert.equal(cancel.response.status, 404);
    const address = { city: "Austin", country_code: "US", line_1: "1 Main St", state_province: "TX", zipcode: "78701" };
    const update = await strangerPublishable.PATCH(`${intentPath}/address`, { params: { path: { transaction_intent_id: intentId } }, body: address });
    assert.equal(update.response.status, 404);
    const linked = await strangerSecret.POST("/api/credits", { body: { amount: "1.00", transaction_intent_id: intentId } });
    assert.equal(linked.response.status, 422, "another tenant's intent is unknown to a linked credit");
    const strangerLists = await listed(strangerSecret);
    assert.deepEqual([strangerLists.intentTotal, strangerLists.creditTotal], [0, 0]);

    // The owner's own keys still reach it, untouched.
    assert.deepEqual((await readIntent(owner, intentId)).data, before);
    assert.equal((await readIntent(ownerPublishable, intentId)).response.status, 200);
    assert.deepEqual((await owner.GET("/api/credits/{credit_id}", { params: { path: { credit_id: creditId } } })).data, creditBefore);
  });
});

describe("the configured keys", () => {
  test("the defaults are the tenant sandbox: sk_test_sandbox and pk_test_sandbox", async () => {
    const sandbox = await startTestSandbox();
    try {
      assert.equal(sandbox.secretKey, "sk_test_sandbox");
      const id = await createIntent(bankClient(sandbox, sandbox.secretKey), { amount: 12 });
      assert.equal((await readIntent(bankClient(sandbox, "pk_test_sandbox"), id)).response.status, 200);
      assert.equal((await readIntent(bankClient(sandbox, "sk_test_other"), id)).response.status, 404);
    } finally {
      await sandbox.close();
    }
  });

  test("custom keys of the pattern: the default tenant is their name, sk_test_sandbox is another tenant", async () => {
    const sandbox = await startTestSandbox({ secretKey: "sk_test_team", publishableKey: "pk_test_team" });
    try {
      const id = await createIntent(bankClient(sandbox, "sk_test_team"), { amount: 13 });
      assert.equal((await readIntent(bankClient(sandbox, "pk_test_team"), id)).response.status, 200);
      assert.equal((await readIntent(bankClient(sandbox, "sk_test_sandbox"), id)).response.status, 404);
    } finally {
      await sandbox.close();
    }
  });

  test("custom keys outside the pattern: only that pair reaches the default tenant; pattern keys still open tenants", async () => {
    const sandbox = await startTestSandbox({ secretKey: "local-secret", publishableKey: "local-publishable" });
    try {
      const secret = bankClient(sandbox, "local-secret");
      const id = await createIntent(secret, { amount: 14 });
      assert.equal((await readIntent(bankClient(sandbox, "local-publishable"), id)).response.status, 200);
      const forbidden = await bankClient(sandbox, "local-publishable").GET("/api/transaction-intents", {});
      assert.equal(forbidden.response.status, 403);
      for (const key of ["sk_test_sandbox", "sk_test_local-secret"]) {
        assert.equal((await readIntent(bankClient(sandbox, key), id)).response.status, 404, key);
      }
      const other = bankClient(sandbox, "sk_test_sandbox");
      await createIntent(other, { amount: 15 });
      assert.equal((await listed(secret)).intentTotal, 1);
      assert.equal((await listed(other)).intentTotal, 1);
    } finally {
      await sandbox.close();
    }
  });

  test("the default tenant's name", () => {
    assert.equal(defaultTenantName({ secretKey: "sk_test_sandbox", publishableKey: "pk_test_sandbox" }), "sandbox");
    assert.equal(defaultTenantName({ secretKey: "sk_test_a", publishableKey: "pk_test_b" }), "");
    assert.equal(defaultTenantName({ secretKey: "pk_test_a", publishableKey: "sk_test_a" }), "");
    assert.equal(defaultTenantName({ secretKey: "secret", publishableKey: "public" }), "");
  });
});

describe("keys that name no tenant", () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  test("invalid tenant names are 401 like any unknown key; 64 characters is a tenant", async () => {
    const unknown = ["sk_test_", "pk_test_", `sk_test_${"a".repeat(65)}`, "sk_test_a.b", "sk_test_a/b", "sk_test_caf%C3%A9", "sk_test_a+b", "SK_TEST_abc", "sk_live_abc", "rk_test_abc", "sk_test"];
    for (const key of unknown) {
      const { status, body } = await raw("bank-payments", sandbox.bankUrl, "GET", "/api/transaction-intents", { operationId: "listTransactionIntents", headers: { Authorization: `Bearer ${key}` } });
      assert.equal(status, 401, key);
      assert.deepEqual(body, { message: "Unauthenticated." });
    }
    const longest = `sk_test_${"Az09_-".repeat(10)}abcd`;
    const { status } = await raw("bank-payments", sandbox.bankUrl, "GET", "/api/transaction-intents", { operationId: "listTransactionIntents", headers: { Authorization: `Bearer ${longest}` } });
    assert.equal(status, 200);
  });

  test("a publishable key of a tenant is still 403 on secret-key operations", async () => {
    const { status } = await raw("bank-payments", sandbox.bankUrl, "GET", "/api/credits", { operationId: "listCredits", headers: { Authorization: "Bearer pk_test_fresh" } });
    assert.equal(status, 403);
  });
});

describe("file database", () => {
  const { dir, database } = tempDatabase();
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("each tenant's data survives a restart; the default tenant's file is the one given", async () => {
    const ids: Record<string, string> = {};
    const first = await startTestSandbox({ database });
    try {
      for (const key of ["sk_test_sandbox", "sk_test_ci_1", "sk_test_CI_1"]) ids[key] = await createIntent(bankClient(first, key), { amount: 21 });
      assert.equal((await checkCashingClient(first).POST("/v1/payroll", { body: payrollRequest("TENANT-0001") })).response.status, 200);
    } finally {
      await first.close();
    }

    // Upper-case letters are encoded, so ci_1 and CI_1 stay apart on case-insensitive file systems.
    assert.deepEqual(intentsInFile(database), [ids.sk_test_sandbox]);
    assert.deepEqual(intentsInFile(join(`${database}.tenants`, "ci_1.db")), [ids.sk_test_ci_1]);
    assert.deepEqual(intentsInFile(join(`${database}.tenants`, "+c+i_1.db")), [ids.sk_test_CI_1]);
    assert.ok(!existsSync(join(`${database}.tenants`, "sandbox.db")), "the default tenant has no second file");

    const second = await startTestSandbox({ database });
    try {
      for (const [key, id] of Object.entries(ids)) {
        const { data, response } = await readIntent(bankClient(second, key), id);
        assert.equal(response.status, 200, key);
        assert.equal(data!.data.id, id);
        assert.equal((await listed(bankClient(second, key))).intentTotal, 1, key);
      }
      assert.equal((await readIntent(bankClient(second, "sk_test_ci_1"), ids.sk_test_CI_1)).response.status, 404);
      // The check cashing service stays on the default tenant's database.
      const repeat = await checkCashingClient(second).POST("/v1/payroll", { body: payrollRequest("TENANT-0001") });
      assert.equal(repeat.response.status, 400);
    } finally {
      await second.close();
    }
  });

  test("more tenants than the open-file bound: the least recently used is closed, its data is kept", async () => {
    const sandbox = await startTestSandbox({ database });
    try {
      const firstId = await createIntent(bankClient(sandbox, "sk_test_bound_0"), { amount: 31 });
      // 70 more tenants than the first: past the bound of 64 open files.
      for (let i = 1; i <= 70; i++) await createIntent(bankClient(sandbox, `sk_test_bound_${i}`), { amount: 31 });
      const again = await readIntent(bankClient(sandbox, "sk_test_bound_0"), firstId);
      assert.equal(again.response.status, 200);
      assert.equal(again.data!.data.id, firstId);
      const list = await bankClient(sandbox, "sk_test_bound_1").GET("/api/transaction-intents", {});
      assert.equal(list.data!.meta.total, 1);
    } finally {
      await sandbox.close();
    }
  });
});

describe("Tenants", () => {
  const keys = { secretKey: "sk_test_sandbox", publishableKey: "pk_test_sandbox" };

  test("keeps at most the bound of tenant files open and reopens a closed one with its data", () => {
    const { dir, database } = tempDatabase();
    const tenants = new Tenants(keys, database, { openLimit: 2 });
    try {
      tenants.write("one", (store) => store.insert("intents", "transaction_intent_One", { id: "transaction_intent_One" }));
      for (const name of ["two", "three", "four"]) {
        tenants.write(name, (store) => store.insert("intents", `transaction_intent_${name}`, {}));
        assert.ok(tenants.openCount() <= 2);
      }
      assert.deepEqual(tenants.reader("one").get("intents", "transaction_intent_One"), { id: "transaction_intent_One" });
      assert.equal(tenants.openCount(), 2);
      assert.equal(tenants.reader("sandbox"), tenants.defaultStore);
      assert.equal(tenants.openCount(), 2, "the default tenant is outside the bound");
    } finally {
      tenants.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("in memory, tenants are never closed before the sandbox (their data would be lost)", () => {
    const tenants = new Tenants(keys, ":memory:", { openLimit: 2 });
    try {
      for (const name of ["one", "two", "three", "four"]) tenants.write(name, (store) => store.insert("intents", `transaction_intent_${name}`, {}));
      assert.equal(tenants.openCount(), 4);
      assert.equal(tenants.reader("one").count("intents"), 1);
      assert.equal(tenants.reader("one").get("intents", "transaction_intent_two"), undefined);
    } finally {
      tenants.close();
    }
  });

  test("keys: configured pair first, then the pattern", () => {
    const tenants = new Tenants({ secretKey: "sk_test_a", publishableKey: "pk_test_b" }, ":memory:");
    try {
      assert.deepEqual(tenants.keyOf("sk_test_a"), { tenant: "", kind: "secret" });
      assert.deepEqual(tenants.keyOf("pk_test_b"), { tenant: "", kind: "publishable" });
      assert.deepEqual(tenants.keyOf("pk_test_a"), { tenant: "a", kind: "publishable" });
      assert.deepEqual(tenants.keyOf("sk_test_b"), { tenant: "b", kind: "secret" });
      assert.equal(tenants.keyOf("sk_test_a b"), undefined);
    } finally {
      tenants.close();
    }
  });

  test("file names stay distinct when upper and lower case are one", () => {
    assert.equal(tenantFileName("ci-job_7"), "ci-job_7.db");
    assert.equal(tenantFileName("CI"), "+c+i.db");
    assert.notEqual(tenantFileName("Ab").toLowerCase(), tenantFileName("aB").toLowerCase());
  });
});

describe("tenants bounded (issue 17)", () => {
  const { dir, database } = tempDatabase();
  after(() => rmSync(dir, { recursive: true, force: true }));
  const tenantFile = (name: string) => join(`${database}.tenants`, tenantFileName(name));
  const list = (sandbox: Sandbox, name: string, kind = "sk") =>
    raw("bank-payments", sandbox.bankUrl, "GET", "/api/transaction-intents", { operationId: "listTransactionIntents", headers: { Authorization: `Bearer ${kind}_test_${name}` } });

  test("reads, refusals and a reset create no tenant file; the first write does", async () => {
    const sandbox = await startTestSandbox({ database });
    try {
      const reader = await list(sandbox, "reader");
      assert.equal(reader.status, 200);
      assert.equal(reader.body.meta.total, 0);
      const missing = await raw("bank-payments", sandbox.bankUrl, "GET", "/api/transaction-intents/transaction_intent_Nope", {
        operationId: "getTransactionIntent",
        headers: { Authorization: "Bearer pk_test_reader" },
      });
      assert.equal(missing.status, 404);
      const refused = await bankClient(sandbox, "sk_test_reader").POST("/api/transaction-intents", { body: { amount: -1 } as any });
      assert.equal(refused.response.status, 422);
      const reset = await rawHelper(sandbox, "resetSandbox", "POST", "/_sandbox/reset", { key: "sk_test_reader" });
      assert.equal(reset.status, 200);
      assert.equal(existsSync(tenantFile("reader")), false, "no file after reads, a 422 and a reset");
      await createIntent(bankClient(sandbox, "sk_test_reader"), { amount: 5 });
      assert.equal(existsSync(tenantFile("reader")), true, "the first write made it");
    } finally {
      await sandbox.close();
    }
  });

  test("--max-tenants: past the cap a new key gets 401 saying so, the log says so, existing tenants keep working", async () => {
    const lines: string[] = [];
    // "reader" exists from the test above: one more fits under a cap of 2.
    const sandbox = await startTestSandbox({ database, maxTenants: 2, log: (line) => lines.push(line) });
    try {
      await createIntent(bankClient(sandbox, "sk_test_second"), { amount: 6 });
      const before = lines.length;
      for (const kind of ["sk", "pk"]) {
        const { status, body } = await list(sandbox, "third", kind);
        assert.equal(status, 401, kind);
        assert.match(body.message, /^Unauthenticated\. The sandbox already holds its maximum of 2 tenants \(--max-tenants\)/);
      }
      const write = await bankClient(sandbox, "sk_test_third").POST("/api/transaction-intents", { body: { amount: 7, ...party(), store_number: "1", type: "bankpay" } });
      assert.equal(write.response.status, 401);
      assert.equal(existsSync(tenantFile("third")), false);
      assert.ok(lines.slice(before).some((line) => /tenant "third" refused: .*maximum of 2 tenants/.test(line)), lines.join("\n"));
      assert.ok(lines.some((line) => / third GET \/api\/transaction-intents 401 /.test(line)), "the request log names the tenant, method, path and status");
      for (const name of ["reader", "second"]) assert.equal((await list(sandbox, name)).status, 200, name);
      assert.equal((await bankClient(sandbox, sandbox.secretKey).GET("/api/transaction-intents", { params: { query: {} } })).response.status, 200, "the default tenant is outside the cap");
    } finally {
      await sandbox.close();
    }
  });

  test("in memory the same cap holds", async () => {
    const sandbox = await startTestSandbox({ database: ":memory:", maxTenants: 1 });
    try {
      await createIntent(bankClient(sandbox, "sk_test_first"), { amount: 5 });
      assert.equal((await list(sandbox, "second")).status, 401);
      assert.equal((await list(sandbox, "first")).body.meta.total, 1);
    } finally {
      await sandbox.close();
    }
  });
});
