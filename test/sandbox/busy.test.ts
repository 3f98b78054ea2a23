// SQLite busy handling, for real: a second better-sqlite3 connection holds the write lock of the
// sandbox's database file. A short hold delays requests; a long one gives 503 + Retry-After while
// reads and the event loop carry on; nothing is lost either way.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import { busyGiveUpMs, busyRetryAfterSeconds, isBusyError, retryWhileBusy } from "../../sandbox/busy-retry.js";
import type { Sandbox } from "../../sandbox/server.js";
import { bankClient, billingAddress, party, payrollRequest, startTestSandbox, type BankClient } from "./helpers.js";

const json = { "Content-Type": "application/json" };
let trxCounter = 0;
const trxId = () => `BZ-${Date.now() % 100000}-${(trxCounter += 1)}`;

let sandbox: Sandbox;
let secret: BankClient;
let directory: string;
let locker: Database.Database;

before(async () => {
  directory = mkdtempSync(join(tmpdir(), "sandbox-busy-"));
  sandbox = await startTestSandbox({ database: join(directory, "sandbox.db") });
  secret = bankClient(sandbox, sandbox.secretKey);
  locker = new Database(sandbox.database);
  // Warm up: the first request of each kind compiles its validators (hundreds of ms, synchronously),
  // which the event-loop probes below would take for a busy wait.
  await secret.POST("/api/transaction-intents", { body: createBody() });
  await submitPayroll(trxId());
  await fetch(`${sandbox.checkCashingUrl}/v1/payroll`, { method: "POST", headers: json, body: "{}" });
});
after(async () => {
  if (locker.inTransaction) locker.exec("ROLLBACK");
  locker.close();
  await sandbox.close();
  rmSync(directory, { recursive: true, force: true });
});

/** Holds the database's write lock from the second connection for `ms`, then commits. */
function holdWriteLock(ms: number): Promise<void> {
  locker.exec("BEGIN IMMEDIATE");
  return new Promise((resolve) =>
    setTimeout(() => {
      locker.exec("COMMIT");
      resolve();
    }, ms),
  );
}

/** The worst delay of a 10 ms timer while `work` runs: how long the event loop was blocked. */
async function worstLag<T>(work: () => Promise<T>): Promise<{ value: T; lagMs: number }> {
  let lagMs = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    lagMs = Math.max(lagMs, now - last - 10);
    last = now;
  }, 10);
  try {
    return { value: await work(), lagMs };
  } finally {
    clearInterval(probe);
  }
}

function createBody() {
  return { amount: 20, ...party(), store_number: "0042", type: "bankpay" as const, billing_address: billingAddress };
}

async function intentTotal(): Promise<number> {
  return (await secret.GET("/api/transaction-intents", {})).data!.meta.total;
}

function submitPayroll(trxID: string) {
  return fetch(`${sandbox.checkCashingUrl}/v1/payroll`, { method: "POST", headers: json, body: JSON.stringify(payrollRequest(trxID)) });
}

describe("a write lock held by another connection", () => {
  test("(a) a short hold (300 ms): requests made meanwhile succeed after it, the loop never stalls", async () => {
    const before = await intentTotal();
    const released = holdWriteLock(300);
    const { value, lagMs } = await worstLag(() =>
      Promise.all([
        ...Array.from({ length: 5 }, () => secret.POST("/api/transaction-intents", { body: createBody() })),
        submitPayroll(trxId()),
      ]),
    );
    await released;
    const creates = value.slice(0, 5) as Array<{ response: Response }>;
    assert.deepEqual(creates.map((r) => r.response.status), [201, 201, 201, 201, 201]);
    assert.equal((value[5] as Response).status, 200);
    assert.equal(await intentTotal(), before + 5, "every create stored once");
    assert.ok(lagMs < 100, `event loop stalled ${Math.round(lagMs)} ms`);
  });

  test("(b) a long hold (3 s): writes get 503 + Retry-After; reads and the other service answer promptly", async (t) => {
    const before = await intentTotal();
    const existing = (await secret.POST("/api/transaction-intents", { body: createBody() })).data!.data.id;
    const trxID = trxId();
    const released = holdWriteLock(3_000);
    // A failed assertion must not leave the lock held for the next test.
    t.after(() => released);
    const { value, lagMs } = await worstLag(async () => {
      const writes = Promise.all([
        fetch(`${sandbox.bankUrl}/api/transaction-intents`, { method: "POST", headers: { ...json, Authorization: `Bearer ${sandbox.secretKey}` }, body: JSON.stringify(createBody()) }),
        submitPayroll(trxID),
      ]).then((answers) => ({ answers, at: performance.now() }));
      // Meanwhile: a read on the bank and a refused payroll (no write) on check cashing.
      const readStarted = performance.now();
      const read = await secret.GET("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: existing } } });
      const readMs = performance.now() - readStarted;
      const correctionStarted = performance.now();
      const correction = await fetch(`${sandbox.checkCashingUrl}/v1/payroll`, { method: "POST", headers: json, body: "{}" });
      const correctionMs = performance.now() - correctionStarted;
      return { writes: await writes, read, readMs, correction, correctionMs, started: readStarted };
    });
    // Released before any assertion: a failure here must not leave the lock to the next test.
    await released;
    const { answers, at } = value.writes;
    assert.equal(value.read.response.status, 200);
    assert.ok(value.readMs < 200, `read took ${Math.round(value.readMs)} ms`);
    assert.equal(value.correction.status, 400);
    assert.ok(value.correctionMs < 200, `check cashing correction took ${Math.round(value.correctionMs)} ms`);
    for (const answer of answers) {
      assert.equal(answer.status, 503);
      assert.equal(answer.headers.get("retry-after"), "2");
      assert.match(answer.headers.get("content-type") ?? "", /^application\/json/);
    }
    assert.deepEqual(await answers[0].json(), { message: "Service Unavailable" });
    const payroll = (await answers[1].json()) as { errors: Array<{ errorType: string; responseCode: string }> };
    assert.deepEqual(payroll.errors.map((e) => [e.errorType, e.responseCode]), [["system_error", "9503"]]);
    const waited = at - value.started;
    // The give-up time counts from the first busy attempt, just before the read started.
    assert.ok(waited > busyGiveUpMs - 100 && waited < busyGiveUpMs + 500, `503 after ${Math.round(waited)} ms, at the give-up time, before the lock's end`);
    assert.ok(lagMs < 100, `event loop stalled ${Math.round(lagMs)} ms`);
    // Nothing lost, nothing half-done: the refused create is absent, the trxID still free.
    assert.equal(await intentTotal(), before + 1);
    assert.equal((await submitPayroll(trxID)).status, 200);
  });

  test("(c) writes racing a series of short holds: every answer is a success or a 503, and the store holds exactly the successes", async () => {
    const before = await intentTotal();
    const holds = (async () => {
      for (let i = 0; i < 4; i += 1) {
        await holdWriteLock(150);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const results = await Promise.all(Array.from({ length: 30 }, () => fetch(`${sandbox.bankUrl}/api/transaction-intents`, {
      method: "POST",
      headers: { ...json, Authorization: `Bearer ${sandbox.secretKey}` },
      body: JSON.stringify(createBody()),
    })));
    await holds;
    const statuses = results.map((r) => r.status);
    assert.ok(statuses.every((s) => s === 201 || s === 503), statuses.join(","));
    const created = statuses.filter((s) => s === 201).length;
    assert.equal(await intentTotal(), before + created);
    assert.ok(created > 0);
  });
});

describe("retryWhileBusy", () => {
  const busy = () => Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });

  test("runs again after SQLITE_BUSY and returns the first success", async () => {
    let calls = 0;
    const outcome = await retryWhileBusy(async () => {
      calls += 1;
      if (calls < 3) throw busy();
      return "done";
    }, 1_000);
    assert.deepEqual(outcome, { busy: false, value: "done" });
    assert.equal(calls, 3);
  });

  test("gives up as busy at the give-up time, not before and not much after, trying again meanwhile", async () => {
    let calls = 0;
    const started = performance.now();
    const outcome = await retryWhileBusy(async () => {
      calls += 1;
      throw busy();
    }, 300);
    const waited = performance.now() - started;
    assert.deepEqual(outcome, { busy: true });
    assert.ok(calls >= 4, `${calls} attempts`);
    assert.ok(waited >= 300 && waited < 600, `${Math.round(waited)} ms`);
  });

  test("lets other errors through at once", async () => {
    let calls = 0;
    await assert.rejects(retryWhileBusy(async () => {
      calls += 1;
      throw new Error("boom");
    }), /boom/);
    assert.equal(calls, 1);
    assert.ok(isBusyError(busy()) && !isBusyError(new Error("x")) && !isBusyError(null));
  });

  test("the give-up time comes before the Retry-After a 503 names, and long before a client's usual timeout", () => {
    assert.ok(busyGiveUpMs >= 1_000 && busyGiveUpMs <= busyRetryAfterSeconds * 1_000, `${busyGiveUpMs} ms`);
  });
});
