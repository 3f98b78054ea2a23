// Lists flat as the data grows (issue 11): every filter reads its own index (no full scan), the kept
// totals follow every transition, and a first-version database file is migrated in place on open.
// Correctness only; the timing figure is bench/list-scaling.ts.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import type { Sandbox } from "../../sandbox/server.js";
import { listColumns, listValues } from "../../sandbox/schema.js";
import { Store, type Filter, type Table } from "../../sandbox/store.js";
import { bankClient, capturedIntent, createIntent, party, startTestSandbox, type BankClient } from "./helpers.js";

/** Every filter the two list endpoints offer, as the document member it reads (bank doc 4.2 and 4.8). */
const listFilters: Record<Table, string[]> = {
  intents: ["$.status", "$.type", "$.reference_id", "$.store_number", "$.submerchant_id"],
  credits: ["$.status", "$.creditable_type", "$.creditable_id", "$.employee_number", "$.reference_number", "$.station_number"],
};

/** A plan line that reads a range of one of our list indexes, never the whole table or a whole index. */
const indexSearch = /^SEARCH (intents|credits) USING (COVERING )?INDEX \1_by_\w+ \(\w+=\?\)$/;

/** Every step that reads a list table searches one of its indexes (helper steps of a compound SELECT aside). */
function assertOnlyIndexSearches(plan: string[]): void {
  const reads = plan.filter((line) => /\b(intents|credits)\b/.test(line));
  assert.ok(reads.length >= 2, plan.join(" | "));
  for (const line of reads) assert.match(line, /^SEARCH (intents|credits) USING (COVERING )?INDEX \1_by_\w+ \(/, plan.join(" | "));
  assert.ok(!plan.some((line) => /^SCAN (intents|credits)\b/.test(line) || /TEMP B-TREE/.test(line)), plan.join(" | "));
}

describe("query plans: each filter reads its index", () => {
  let store: Store;
  before(() => {
    store = new Store(":memory:");
    for (let i = 0; i < 50; i++) {
      store.insert("intents", `i${i}`, { status: i % 5 === 0 ? "succeeded" : "pending_capture", type: "bankpay", reference_id: `RF-${i}`, store_number: "0042", submerchant_id: i < 3 ? "7001" : null });
      store.insert("credits", `c${i}`, { status: "succeeded", creditable_type: "transaction_intent", creditable_id: `i${i}`, employee_number: "E-1", reference_number: `CR-${i}`, station_number: "0042" });
    }
  });
  after(() => store.close());

  for (const table of ["intents", "credits"] as const) {
    for (const member of listFilters[table]) {
      test(`${table} filtered by ${member}: an index search in list order, total kept (no COUNT)`, () => {
        const { counts, plan } = store.explainPage(table, [{ member, values: ["x"] }]);
        assert.equal(counts, false, "one filter: the total comes from the kept totals");
        assert.ok(plan.length > 0);
        for (const line of plan) assert.match(line, indexSearch, `plan: ${plan.join(" | ")}`);
      });
    }
  }

  test("two values of one filter (submerchant_id as written and canonical) still search the index", () => {
    const { plan } = store.explainPage("intents", [{ member: "$.submerchant_id", values: ["007001", "7001"] }]);
    assert.ok(plan.some((line) => indexSearch.test(line)), plan.join(" | "));
    assert.ok(!plan.some((line) => /^SCAN /.test(line)), plan.join(" | "));
  });

  test("any other combination counts as an intersection of index ranges, the narrowest first; the rows walk the narrowest", () => {
    const filters: Filter[] = [{ member: "$.status", values: ["pending_capture"] }, { member: "$.submerchant_id", values: ["7001"] }];
    const { counts, plan } = store.explainPage("intents", filters);
    assert.equal(counts, true);
    assertOnlyIndexSearches(plan);
    assert.match(plan[plan.indexOf("LEFT") + 1], /intents_by_submerchant_id/, plan.join(" | "));
    assert.match(plan.at(-1)!, /^SEARCH intents USING INDEX intents_by_submerchant_id \(submerchant_id=\?\)$/, "rows: the narrowest range");
    assert.deepEqual(store.page("intents", filters, 15, 0).total, 2);
  });

  test("the kept pairs (intents status+type, credits status+creditable_type): their own index, total kept", () => {
    for (const [table, filters] of [
      ["intents", [{ member: "$.type", values: ["bankpay"] }, { member: "$.status", values: ["succeeded"] }]],
      ["credits", [{ member: "$.status", values: ["succeeded"] }, { member: "$.creditable_type", values: ["transaction_intent"] }]],
    ] as Array<[Table, Filter[]]>) {
      const { counts, plan } = store.explainPage(table, filters);
      assert.equal(counts, false, `${table}: a kept pair is not counted`);
      for (const line of plan) assert.match(line, new RegExp(`^SEARCH ${table} USING INDEX ${table}_by_status_\\w+ \\(status=\\? AND \\w+=\\?\\)$`), plan.join(" | "));
    }
    assert.equal(store.page("intents", [{ member: "$.type", values: ["bankpay"] }, { member: "$.status", values: ["succeeded"] }], 15, 0).total, 10);
    assert.equal(store.page("intents", [{ member: "$.type", values: ["bankpay_bnpl"] }, { member: "$.status", values: ["succeeded"] }], 15, 0).total, 0);
    assert.equal(store.page("credits", [{ member: "$.status", values: ["succeeded"] }, { member: "$.creditable_type", values: ["transaction_intent"] }], 15, 0).total, 50);
    const three: Filter[] = [{ member: "$.status", values: ["succeeded"] }, { member: "$.type", values: ["bankpay"] }, { member: "$.store_number", values: ["0042"] }];
    const { counts, plan } = store.explainPage("intents", three);
    assert.equal(counts, true, "a pair plus another filter is counted, from the pair's range");
    assertOnlyIndexSearches(plan);
    assert.match(plan[plan.indexOf("LEFT") + 1], /intents_by_status_type/, plan.join(" | "));
    assert.match(plan.at(-1)!, /^SEARCH intents USING INDEX intents_by_status_type /);
    assert.equal(store.page("intents", three, 15, 0).total, 10);
  });

  test("a filter on a member without an index is refused, not scanned", () => {
    assert.throws(() => store.page("intents", [{ member: "$.extras.order_id", values: ["A"] }], 15, 0), /no list index/);
  });
});

test("the columns the Store writes hold what json_extract reads from the document (as the migration fills them)", () => {
  const db = new Database(":memory:");
  try {
    for (const value of ["7001", 7001, 12.5, true, false, null, undefined, { a: [1, "b"] }, [1, 2], "", "ü ∑ \"q\""]) {
      const document = { status: value, type: "bankpay" };
      const members = Object.keys(listColumns.intents);
      const extracted = members.map((member) => (db.prepare("SELECT json_extract(?, ?) AS v").get(JSON.stringify(document), member) as { v: unknown }).v);
      assert.deepEqual(listValues("intents", document), extracted, JSON.stringify(value));
    }
  } finally {
    db.close();
  }
});

describe("kept totals follow the data", () => {
  test("store: inserts, status changes and deletes move exactly the counts they touch", () => {
    const store = new Store(":memory:");
    try {
      const total = (status: string) => store.page("intents", [{ member: "$.status", values: [status] }], 15, 0).total;
      store.insert("intents", "a", { status: "pending_capture", type: "bankpay" });
      store.insert("intents", "b", { status: "pending_capture", type: "bankpay" });
      assert.deepEqual([total("pending_capture"), total("succeeded"), store.count("intents")], [2, 0, 2]);
      store.update("intents", "a", { status: "succeeded", type: "bankpay" });
      assert.deepEqual([total("pending_capture"), total("succeeded"), store.count("intents")], [1, 1, 2]);
      store.update("intents", "a", { status: "succeeded", type: "bankpay", reference_id: "RF-1" });
      assert.equal(total("succeeded"), 1, "an update that keeps the status keeps its count");
      assert.equal(store.page("intents", [{ member: "$.reference_id", values: ["RF-1"] }], 15, 0).total, 1);
      assert.equal(store.page("intents", [{ member: "$.type", values: ["bankpay"] }], 15, 0).total, 2);
      const pair = (status: string, type: string) => store.page("intents", [{ member: "$.status", values: [status] }, { member: "$.type", values: [type] }], 15, 0).total;
      store.update("intents", "b", { status: "pending_capture", type: "bankpay_bnpl" });
      assert.deepEqual([pair("pending_capture", "bankpay"), pair("pending_capture", "bankpay_bnpl"), pair("succeeded", "bankpay")], [0, 1, 1], "a type change moves the pair");
      // A number and its digits are different values, as json_extract compared them before.
      store.insert("intents", "c", { status: "pending_capture", submerchant_id: 7001 });
      assert.equal(store.page("intents", [{ member: "$.submerchant_id", values: ["7001"] }], 15, 0).total, 0);
      assert.equal(store.page("intents", [{ member: "$.submerchant_id", values: [7001] }], 15, 0).total, 1);
    } finally {
      store.close();
    }
  });

  test("store: after a random mix of inserts and updates, every kept total equals a count of the documents", () => {
    const store = new Store(":memory:");
    try {
      let seed = 7;
      const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
      const statuses = ["pending_capture", "succeeded", "canceled", null];
      const docs = new Map<string, Record<string, unknown>>();
      for (let step = 0; step < 400; step++) {
        const doc = { status: statuses[next(4)], type: next(2) ? "bankpay" : "bankpay_bnpl", store_number: `S${next(3)}`, submerchant_id: next(2) ? null : String(next(4)) };
        if (docs.size > 0 && next(2)) {
          const id = [...docs.keys()][next(docs.size)];
          store.update("intents", id, doc);
          docs.set(id, doc);
        } else {
          store.insert("intents", `i${step}`, doc);
          docs.set(`i${step}`, doc);
        }
      }
      assert.equal(store.count("intents"), docs.size);
      for (const status of statuses.slice(0, 3) as string[]) {
        for (const type of ["bankpay", "bankpay_bnpl"]) {
          const expected = [...docs.values()].filter((doc) => doc.status === status && doc.type === type).length;
          assert.equal(store.page("intents", [{ member: "$.status", values: [status] }, { member: "$.type", values: [type] }], 15, 0).total, expected, `${status} ${type}`);
        }
      }
      // Counted combinations (an intersection of ranges), with one and with two values per filter.
      for (const stores of [["S0"], ["S1", "S2"]]) {
        const filters: Filter[] = [{ member: "$.status", values: ["succeeded", "canceled"] }, { member: "$.store_number", values: stores }, { member: "$.type", values: ["bankpay"] }];
        const matching = [...docs.values()].filter((doc) => ["succeeded", "canceled"].includes(doc.status as string) && stores.includes(doc.store_number as string) && doc.type === "bankpay");
        const { total, rows } = store.page<Record<string, unknown>>("intents", filters, 500, 0);
        assert.equal(total, matching.length, `stores ${stores}`);
        assert.equal(rows.length, matching.length);
      }
      for (const [member, key] of [["$.status", "status"], ["$.type", "type"], ["$.store_number", "store_number"], ["$.submerchant_id", "submerchant_id"]]) {
        const values = new Set([...docs.values()].map((doc) => doc[key]).filter((value) => value !== null) as string[]);
        for (const value of values) {
          const expected = [...docs.values()].filter((doc) => doc[key] === value).length;
          assert.equal(store.page("intents", [{ member, values: [value] }], 15, 0).total, expected, `${member} = ${value}`);
        }
      }
    } finally {
      store.close();
    }
  });

  describe("through the API: totals of every filter equal a tally of the full list", () => {
    let sandbox: Sandbox;
    let secret: BankClient;
    before(async () => {
      sandbox = await startTestSandbox();
      secret = bankClient(sandbox, sandbox.secretKey);
    });
    after(() => sandbox.close());

    async function everyIntent() {
      const all: Array<Record<string, any>> = [];
      for (let page = 1; ; page++) {
        const { data } = await secret.GET("/api/transaction-intents", { params: { query: { per_page: 100, page } } });
        all.push(...data!.data);
        if (!data!.links.next) {
          assert.equal(data!.meta.total, all.length, "the unfiltered total is the number of intents listed");
          return all;
        }
      }
    }

    async function total(query: Record<string, string>): Promise<number> {
      const { data, response } = await secret.GET("/api/transaction-intents", { params: { query } });
      assert.equal(response.status, 200);
      return data!.meta.total;
    }

    async function act(id: string, body: any) {
      const { response } = await secret.PATCH("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: id } }, body });
      assert.equal(response.status, 200, `${body.action} ${id}`);
    }

    async function checkTotals() {
      const all = await everyIntent();
      for (const [parameter, field] of [["status", "status"], ["type", "type"], ["station_number", "store_number"]] as const) {
        for (const value of new Set(all.map((intent) => intent[field] as string))) {
          assert.equal(await total({ [parameter]: value }), all.filter((intent) => intent[field] === value).length, `${parameter}=${value}`);
        }
      }
      for (const intent of all.filter((i) => i.reference_id !== null)) assert.equal(await total({ reference_number: intent.reference_id }), 1);
      return all;
    }

    test("create, authorize, capture, refund, cancel: each status change moves one count", async () => {
      await createIntent(secret, { amount: 11 });
      await createIntent(secret, { amount: 12, type: "bankpay_bnpl" });
      const authorized = [await createIntent(secret, { amount: 21, action: "authorize" }), await createIntent(secret, { amount: 22, action: "authorize" })];
      const captured = [await capturedIntent(secret, 31), await capturedIntent(secret, 32)];
      await secret.POST("/api/transaction-intents", { body: { amount: 5, ...party(), store_number: "STORE-9", type: "bankpay", submerchant_id: "7001" } });
      const before = await checkTotals();
      const count = (status: string) => before.filter((intent) => intent.status === status).length;
      const pendingCapture = count("pending_capture");

      await act(authorized[0], { action: "capture", amount: 21 });
      assert.equal(await total({ status: "pending_capture" }), pendingCapture - 1);
      await act(authorized[1], { action: "cancel" });
      await act(captured[0], { action: "refund", amount: 31 });
      const afterward = await checkTotals();
      assert.equal(afterward.length, before.length, "transitions never change the number of intents");
      assert.equal(await total({}), before.length);
      assert.equal(await total({ submerchant_id: "7001" }), 1);
      assert.equal(await total({ status: "pending_capture", type: "bankpay" }), afterward.filter((i) => i.status === "pending_capture" && i.type === "bankpay").length);
    });

    test("credits: a cancel moves the credit from succeeded to cancelled", async () => {
      const intent = await capturedIntent(secret, 40);
      const { data } = await secret.POST("/api/credits", { body: { amount: "5.00", transaction_intent_id: intent } });
      const creditTotal = async (query: Record<string, string>) => (await secret.GET("/api/credits", { params: { query } })).data!.meta.total;
      const [succeeded, cancelled] = [await creditTotal({ status: "succeeded" }), await creditTotal({ status: "canceled" })];
      assert.equal(await creditTotal({ creditable_id: intent }), 1);
      const { response } = await secret.PATCH("/api/credits/{credit_id}", { params: { path: { credit_id: data!.data.id } }, body: { action: "cancel" } });
      assert.equal(response.status, 200);
      assert.equal(await creditTotal({ status: "succeeded" }), succeeded - 1);
      assert.equal(await creditTotal({ status: "canceled" }), cancelled + 1);
      assert.equal(await creditTotal({ reference_number: data!.data.reference_number! }), 1);
    });
  });
});

describe("migration: a first-version database file opens with the new structure", () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), "lists-migration-"))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** The first version's schema exactly: documents only, no filter columns, indexes or totals. */
  const v1Schema = `
    CREATE TABLE intents (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, data TEXT NOT NULL);
    CREATE TABLE credits (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, data TEXT NOT NULL);
    CREATE TABLE bank_accounts (id TEXT PRIMARY KEY, consumer_id TEXT NOT NULL);
    CREATE TABLE payroll_transactions (trx_id TEXT PRIMARY KEY, created_at TEXT NOT NULL, outcome TEXT NOT NULL);`;

  test("documents made by the API, copied into a v1-shaped file, list and filter the same after opening", async () => {
    // Real documents: made through the API on a current file, then copied row for row into a v1 file.
    const source = join(dir, "source.db");
    let sandbox = await startTestSandbox({ database: source });
    let secret = bankClient(sandbox, sandbox.secretKey);
    for (let i = 0; i < 4; i++) await createIntent(secret, { amount: 10 + i });
    const capturedId = await capturedIntent(secret, 50);
    await createIntent(secret, { amount: 20, action: "authorize" });
    await secret.POST("/api/transaction-intents", { body: { amount: 5, ...party(), store_number: "STORE-9", type: "bankpay_bnpl", submerchant_id: "7001" } });
    const credit = (await secret.POST("/api/credits", { body: { amount: "5.00", transaction_intent_id: capturedId } })).data!.data;
    const expected = (await secret.GET("/api/transaction-intents", { params: { query: { per_page: 100 } } })).data!;
    await sandbox.close();

    const v1 = join(dir, "v1.db");
    const sourceDb = new Database(source, { readonly: true });
    const v1Db = new Database(v1);
    v1Db.exec(v1Schema);
    for (const table of ["intents", "credits", "bank_accounts"]) {
      const columns = table === "bank_accounts" ? "id, consumer_id" : "seq, id, data";
      const rows = sourceDb.prepare(`SELECT ${columns} FROM ${table}`).raw().all() as unknown[][];
      const insert = v1Db.prepare(`INSERT INTO ${table} (${columns}) VALUES (${columns.split(",").map(() => "?").join(", ")})`);
      for (const row of rows) insert.run(...row);
    }
    sourceDb.close();
    v1Db.close();

    let createdSince = 0;
    for (let opening = 1; opening <= 2; opening++) {
      sandbox = await startTestSandbox({ database: v1 });
      secret = bankClient(sandbox, sandbox.secretKey);
      try {
        const listed = (await secret.GET("/api/transaction-intents", { params: { query: { per_page: 100 } } })).data!;
        assert.deepEqual(listed.data.map((i) => i.id), expected.data.map((i) => i.id), `opening ${opening}: same intents, newest first`);
        assert.equal(listed.meta.total, 7 + createdSince);
        const total = async (query: Record<string, string>) => (await secret.GET("/api/transaction-intents", { params: { query } })).data!.meta.total;
        assert.equal(await total({ status: "pending_service_fee_acceptance" }), 5 + createdSince, `opening ${opening}: totals counted once, not again`);
        assert.equal(await total({ status: "succeeded" }), 1);
        assert.equal(await total({ type: "bankpay_bnpl" }), 1);
        assert.equal(await total({ status: "pending_service_fee_acceptance", type: "bankpay" }), 4 + createdSince, "the kept pair is filled too");
        assert.equal(await total({ station_number: "STORE-9" }), 1);
        assert.equal(await total({ submerchant_id: "7001" }), 1);
        const succeeded = (await secret.GET("/api/transaction-intents", { params: { query: { status: "succeeded" } } })).data!.data;
        assert.deepEqual(succeeded.map((i) => i.id), [capturedId]);
        assert.equal(await total({ reference_number: succeeded[0].reference_id! }), 1);
        const credits = (await secret.GET("/api/credits", { params: { query: { creditable_id: capturedId } } })).data!;
        assert.deepEqual(credits.data.map((c) => c.id), [credit.id]);
        assert.equal(credits.meta.total, 1);
        if (opening === 1) {
          // Writes after the migration keep the totals (the triggers came with it).
          await createIntent(secret, { amount: 99 });
          createdSince = 1;
          assert.equal(await total({ status: "pending_service_fee_acceptance" }), 6);
          assert.equal(await total({}), 8);
          expected.data.unshift(...(await secret.GET("/api/transaction-intents", { params: { query: { per_page: 1 } } })).data!.data);
        }
      } finally {
        await sandbox.close();
      }
      if (opening === 1) {
        // The file now carries the structure itself.
        const db = new Database(v1, { readonly: true });
        const names = (db.prepare("SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger', 'table')").all() as Array<{ name: string }>).map((row) => row.name);
        db.close();
        for (const name of ["intents_by_status", "intents_by_submerchant_id", "credits_by_creditable_id", "list_totals", "intents_totals_update"]) assert.ok(names.includes(name), name);
      }
    }
  });
});
