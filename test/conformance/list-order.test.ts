// List order is predicted only where the run can know the server's (B-7, newest first): two
// creations in flight together may be listed either way, one answered before the other was sent
// may not. Two proxies in front of the real sandbox prove both sides: one lists creations that
// overlapped at the proxy (so at the client too) older first, and must pass; one lists everything
// older first, and must fail under B-7.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { ApiClient } from "../../conformance/client.js";
import { intentBody, isFresh, token } from "../../conformance/fixtures.js";
import { eachCredit, is } from "../../proof/mutants/match.js";
import { editJson, startProxy, type Transformation } from "../../proof/mutants/proxy.js";
import { Oracle } from "../../conformance/oracle/oracle.js";
import { createCredit } from "../../conformance/scenarios/steps.js";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Span = { arrived: number; left: number };

/**
 * A valid server: creations whose requests were at the proxy together are listed older first.
 * Creations are held 50 ms so that two sent together overlap here as they do at the client.
 */
const overlapsReversed: Transformation = {
  id: "overlapping-creations-older-first",
  request(exchange) {
    exchange.notes.arrived = Date.now();
  },
  async response(exchange, context) {
    const spans = (context.memory.get("spans") ?? new Map<string, Span>()) as Map<string, Span>;
    context.memory.set("spans", spans);
    if ((is.intentCreate(exchange) || is.creditCreate(exchange)) && exchange.status === 201) {
      await pause(50);
      spans.set(JSON.parse(exchange.body).data.id, { arrived: exchange.notes.arrived as number, left: Date.now() });
    }
    if (!is.list(exchange) || exchange.status !== 200) return;
    editJson(exchange, (body) => {
      const data: Array<{ id: string }> = body.data;
      for (let i = 0; i + 1 < data.length; i += 1) {
        const [a, b] = [spans.get(data[i].id), spans.get(data[i + 1].id)];
        if (a && b && a.arrived < b.left && b.arrived < a.left) {
          [data[i], data[i + 1]] = [data[i + 1], data[i]];
          i += 1;
        }
      }
    });
  },
};

/** An invalid server: every list older first (B-7 says newest first). */
const olderFirst: Transformation = {
  id: "lists-older-first",
  response(exchange) {
    if (is.list(exchange) && exchange.status === 200) editJson(exchange, (body) => { body.data.reverse(); });
  },
};

/** A valid server with a coarse clock: every credit created at the first one's time, and listed older first among equals. */
const creditsOfOneInstantOlderFirst: Transformation = {
  id: "credits-same-created-at-older-first",
  response(exchange, context) {
    if (!exchange.body.startsWith("{")) return;
    eachCredit(exchange, (credit) => {
      if (!context.memory.has("instant")) context.memory.set("instant", credit.created_at);
      credit.created_at = context.memory.get("instant");
    });
    if (is.creditList(exchange) && exchange.status === 200) editJson(exchange, (body) => { body.data.reverse(); });
  },
};

describe("list order (B-7) is predicted only where the run knows it", () => {
  let sandbox: Sandbox;
  before(async () => { sandbox = await startSandbox({ bankPort: 0, service: "bank", database: ":memory:" }); });
  after(async () => { await sandbox?.close(); });

  type Creating = (make: () => Promise<unknown>, apart?: number) => Promise<unknown>;

  async function against(transformation: Transformation, create: Creating, credits = true) {
    const keys = { secret: sandbox.secretKey, publishable: sandbox.publishableKey };
    const proxy = await startProxy(transformation, sandbox.bankUrl, { secretKey: keys.secret, publishableKey: keys.publishable });
    try {
      const oracle = new Oracle({ service: "bank-payments", keys, isFresh });
      const api = new ApiClient("bank-payments", proxy.url, keys, "full", [], oracle);
      const store = `LO${token(10)}`;
      const employee = `EMP${token(10)}`;
      await create(() => api.call("createTransactionIntent", { body: intentBody({ store }) }));
      // A closed list (a fresh store number), its pages of one, and an open one (every intent of the client).
      await api.call("listTransactionIntents", { query: { station_number: store } });
      for (const page of [1, 2, 3]) await api.call("listTransactionIntents", { query: { station_number: store, per_page: 1, page } });
      await api.call("listTransactionIntents", { query: { per_page: 10 } });
      // Credits a second apart when one after another: the sandbox's created_at counts seconds, and equal creation times may be listed either way.
      if (credits) {
        await create(() => createCredit(api, { employee }), 1100);
        await api.call("listCredits", { query: { employee_number: employee } });
      }
      return { api, fired: proxy.fired() };
    } finally {
      await proxy.close();
    }
  }

  const together: Creating = async (make) => { await Promise.all([make(), make(), make()]); };
  const oneAfterAnother: Creating = async (make, apart = 0) => {
    for (let i = 0; i < 3; i += 1) {
      if (i > 0 && apart > 0) await pause(apart);
      await make();
    }
  };

  test("a server that lists creations sent together in the other order passes", async () => {
    const { api, fired } = await against(overlapsReversed, together);
    assert.ok(fired > 0, "the proxy never reordered a list");
    assert.deepEqual(api.violations, []);
  });

  test("a server that lists older first fails, naming B-7", async () => {
    const { api, fired } = await against(olderFirst, oneAfterAnother);
    assert.ok(fired > 0);
    // The whole closed list, the open list and the credits' list; a page of one is the same either way round.
    assert.deepEqual(api.findings.map((f) => f.request.replace(/=[A-Za-z0-9]+$/, "=")), [
      "GET /api/transaction-intents?station_number=", "GET /api/transaction-intents?per_page=", "GET /api/credits?employee_number=",
    ]);
    for (const finding of api.findings) assert.ok(finding.rules?.includes("B-7"), `${finding.request}: ${finding.rules?.join(", ")}`);
  });

  test("intents sent together may be listed older first", async () => {
    // Older first is a valid order for three creations in flight together (credits show created_at,
    // and a page against its own creation times fails the invariant credits-newest-first).
    const { api } = await against(olderFirst, together, false);
    assert.deepEqual(api.violations, []);
  });

  test("credits the server gave the same created_at may be listed either way, even one after another", async () => {
    const { api, fired } = await against(creditsOfOneInstantOlderFirst, oneAfterAnother);
    assert.ok(fired > 0);
    assert.deepEqual(api.violations, []);
  });
});
