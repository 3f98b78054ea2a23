// The concurrent traffic proof can fail: the same 50 clients as concurrent-sandbox.test.ts, with a
// mutant proxy (proof/mutants/proxy.ts) between `conformance proxy` and the sandbox injecting the
// answers of a server that does not serialize its requests (proof/racy-answers.ts): a capture
// applied twice, and a list missing an intent whose creation was answered before the list was
// sent. Each is flagged, live and again from the HAR, naming its rule, on the exchanges the mutant
// changed or on the other exchanges of the objects it changed (of two overlapping captures, either
// may be the one no order explains), and no object it changed goes unflagged.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { markHeader } from "../../conformance/oracle/exchange.js";
import type { RawExchange } from "../../conformance/traffic/exchange.js";
import { failureText, judgeTraffic, trafficSummaryLine, type ExchangeJudgement } from "../../conformance/traffic/judge.js";
import { clientsThroughProxy, countsAddUp, type ConcurrentRun } from "../../proof/concurrent-traffic.js";
import { startProxy, type Transformation } from "../../proof/mutants/proxy.js";
import { captureAppliedTwice, listMissingAnsweredCreation } from "../../proof/racy-answers.js";
import { freshStores } from "../../proof/traffic-clients.js";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";

const settings = { linked_credit_submerchant_id: "prohibited" } as const;
const clients = 50;
const rounds = 2;

/** What an exchange is about: the intent in its path, or the store a list was filtered by and the intents it shows. */
function objectsOf(exchange: RawExchange): string[] {
  const url = new URL(exchange.url);
  const intent = /\/api\/transaction-intents\/([^/]+)$/.exec(url.pathname)?.[1];
  if (intent) return [intent];
  const store = url.searchParams.get("station_number");
  const shown = exchange.status === 200 ? (JSON.parse(exchange.responseText) as { data: Array<{ id: string }> }).data.map((item) => item.id) : [];
  return store ? [store, ...shown] : shown;
}

describe("the same concurrent traffic with racy answers injected is flagged, naming the rule", () => {
  let sandbox: Sandbox;
  let keys: { secret: string; publishable: string };

  before(async () => {
    sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
    keys = { secret: sandbox.secretKey, publishable: sandbox.publishableKey };
  });
  after(async () => { await sandbox?.close(); });

  /** The clients through the conformance proxy, through the mutant, to the sandbox; how often the mutant changed an answer. */
  async function throughMutant(mutant: Transformation, stores: ReturnType<typeof freshStores>): Promise<{ run: ConcurrentRun; fired: number }> {
    const racy = await startProxy(mutant, sandbox.bankUrl, { secretKey: keys.secret, publishableKey: keys.publishable });
    try {
      const run = await clientsThroughProxy(
        { service: "bank-payments", upstream: racy.url, keys, triggers: true, settings },
        { keys, clients, rounds, seed: 34, stores },
      );
      return { run, fired: racy.fired() };
    } finally {
      await racy.close();
    }
  }

  /** The failures, live and from the HAR, each with a rule and on an object the mutant changed. */
  function assertFlagged(run: ConcurrentRun, fired: number): ExchangeJudgement[] {
    assert.ok(fired > 0, "the mutant changed some answers");
    assert.deepEqual(run.clients.errors, []);
    const live = run.proxy.result;
    assert.ok(live.failed > 0, trafficSummaryLine(live));
    assert.equal(run.proxy.exitCode, 1);
    assert.equal(live.suiteErrors, 0);
    assert.ok(countsAddUp(live), trafficSummaryLine(live));
    assert.deepEqual(live.judgements.filter((j) => !j.ok && j.rules.length === 0).map(failureText), [], "every failure names a rule");

    const recording: RawExchange[] = run.proxy.recording;
    const marked = recording.filter((e) => e.responseHeaders[markHeader] !== undefined);
    assert.equal(marked.length, fired, "the recording shows each changed answer with the mutant's mark");
    // A changed capture is about its intent; a changed list about its store.
    const changed = new Set(marked.map((e) => objectsOf(e)[0]));
    const again = judgeTraffic({ service: "bank-payments", keys, exchanges: recording, triggers: true, settings });
    const failures = again.judgements.filter((j) => !j.ok);
    assert.ok(failures.length > 0, trafficSummaryLine(again));
    assert.deepEqual(failures.filter((j) => j.rules.length === 0).map(failureText), [], "every failure names a rule");
    const about = (j: ExchangeJudgement) => objectsOf(recording[j.index - 1]);
    assert.deepEqual(failures.filter((j) => !about(j).some((object) => changed.has(object))).map(failureText), [], "every failure is on an object the mutant changed");
    const flaggedObjects = new Set(failures.flatMap(about));
    assert.deepEqual([...changed].filter((object) => !flaggedObjects.has(object)), [], "no injected race is missed: every object the mutant changed has a failure");
    console.log(`# ${fired} answers changed; live: ${trafficSummaryLine(live)}; from the HAR: ${failures.length} failed`);
    console.log(failureText(failures[0]).split("\n").map((line) => `# ${line}`).join("\n"));
    return failures;
  }

  test("a capture applied twice (a refused second capture answered as applied) is flagged", async () => {
    const { run, fired } = await throughMutant(captureAppliedTwice, freshStores());
    const failures = assertFlagged(run, fired);
    assert.ok(failures.some((j) => j.operationId === "updateTransactionIntent"), "a capture is among the failures");
  });

  test("a list missing an intent whose creation was answered before the list was sent is flagged", async () => {
    const stores = freshStores();
    const { run, fired } = await throughMutant(listMissingAnsweredCreation(stores.ownPrefix), stores);
    const failures = assertFlagged(run, fired);
    assert.ok(failures.every((j) => j.operationId === "listTransactionIntents"), failures.map(failureText).join("\n"));
  });
});
