// Issue 34's measurement, as a proof: 50 concurrent clients of one merchant (proof/traffic-clients.ts:
// creations with and without an action, reads with either key, lists of their own store and of one
// they share, double-clicked captures, a cancel racing a capture, refunds, credits, actions on one
// another's intents, a missing id) through `conformance proxy` in front of the reference sandbox.
// The judge must find nothing wrong (the sandbox is correct: every failure would be a false alarm),
// count every exchange exactly once, and judge the same recording again from its HAR just as clean.
// That the same traffic with racy answers is flagged is concurrent-races.test.ts.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { judgeTraffic } from "../../conformance/traffic/judge.js";
import { cleanRunProblems, clientsThroughProxy, notClean, runLine, type ConcurrentRun } from "../../proof/concurrent-traffic.js";
import { runTrafficClients } from "../../proof/traffic-clients.js";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";

// The sandbox's client prohibits submerchant_id on linked credits (B-47).
const settings = { linked_credit_submerchant_id: "prohibited" } as const;
const clients = 50;
const rounds = 3;

describe(`${clients} concurrent clients of one merchant through conformance proxy, in front of the sandbox`, () => {
  let sandbox: Sandbox;
  let run: ConcurrentRun;
  let keys: { secret: string; publishable: string };

  before(async () => {
    sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
    keys = { secret: sandbox.secretKey, publishable: sandbox.publishableKey };
    run = await clientsThroughProxy(
      { service: "bank-payments", upstream: sandbox.bankUrl, keys, triggers: true, settings },
      { keys, clients, rounds, seed: 34 },
    );
  });
  after(async () => { await sandbox?.close(); });

  test("every request was answered, the traffic overlapped (double-clicked captures refused once, exchanges judged among overlapping ones), and the proxy judged it clean: 0 failed, no error of the suite's own, every exchange counted once, exit code 0", () => {
    console.log(`# ${runLine(run)}`);
    assert.deepEqual(cleanRunProblems(run), []);
  });

  test("the clients are bounded in count and in time, and send on loopback only", async () => {
    const two = await runTrafficClients({ baseUrl: sandbox.bankUrl, keys, clients: 2, rounds: 1, seed: 1 });
    assert.deepEqual(two.errors, []);
    assert.ok(two.requests >= 2 * 8 && two.requests <= 2 * 20, `${two.requests} requests for two clients of one round`);
    const late = await runTrafficClients({ baseUrl: sandbox.bankUrl, keys, clients: 50, rounds: 100, seed: 1, deadlineMs: 0 });
    assert.equal(late.requests, 0, "no round starts after the deadline");
    await assert.rejects(runTrafficClients({ baseUrl: "http://192.0.2.1:8080", keys, clients: 1, rounds: 1, seed: 1 }), /loopback only/);
  });

  test("the same recording judged again from its HAR (judgeTraffic) judges clean too", () => {
    const again = judgeTraffic({ service: "bank-payments", keys, exchanges: run.proxy.recording, triggers: true, settings });
    assert.equal(again.exchanges, run.proxy.result.exchanges);
    assert.deepEqual(notClean(again), []);
  });
});
