// Issue 34's measurement, as a proof: 50 concurrent clients of one merchant (proof/traffic-clients.ts:
// creations with and without an action, reads with either key, lists of their own store and of one
// they share, double-clicked captures, a cancel racing a capture, refunds, credits, actions on one
// another's intents, a missing id) through `conformance proxy` in front of the reference sandbox.
// The judge must find nothing wrong (the sandbox is correct: every failure would be a false alarm),
// count every exchange exactly once, and judge the same recording again from its HAR just as clean
// (concurrent-proof.ts). That the same traffic with racy answers is flagged is concurrent-races.test.ts.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { concurrentOnSandbox } from "../../proof/concurrent-traffic.js";
import { runTrafficClients } from "../../proof/traffic-clients.js";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { proveConcurrentTrafficClean } from "./concurrent-proof.js";

proveConcurrentTrafficClean("50 concurrent clients of one merchant through conformance proxy, in front of the sandbox", () => concurrentOnSandbox({ clients: 50, rounds: 3, seed: 34 }));

describe("the traffic clients", () => {
  let sandbox: Sandbox;
  before(async () => { sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" }); });
  after(async () => { await sandbox?.close(); });

  test("are bounded in count and in time, and send on loopback only", async () => {
    const keys = { secret: sandbox.secretKey, publishable: sandbox.publishableKey };
    const two = await runTrafficClients({ baseUrl: sandbox.bankUrl, keys, clients: 2, rounds: 1, seed: 1 });
    assert.deepEqual(two.errors, []);
    assert.ok(two.requests >= 2 * 8 && two.requests <= 2 * 20, `${two.requests} requests for two clients of one round`);
    const late = await runTrafficClients({ baseUrl: sandbox.bankUrl, keys, clients: 50, rounds: 100, seed: 1, deadlineMs: 0 });
    assert.equal(late.requests, 0, "no round starts after the deadline");
    await assert.rejects(runTrafficClients({ baseUrl: "http://192.0.2.1:8080", keys, clients: 1, rounds: 1, seed: 1 }), /loopback only/);
  });
});
