// The race layer (conformance/scenarios/races.ts, issue 34) against real servers: the sandbox
// (it serializes in arrival order) and a variant that applies the second of two overlapping
// requests first both pass; racy servers fail, each on its race, with a verdict that names the rule
// and draws the race on a time line (Verdict.race). The racy servers are the independent
// implementation with a race fault switched on (proof/independent/bank/racy-actions.ts) and the
// sandbox behind a racy proxy (proof/mutants/races.ts). Without the race layer the same racy servers
// pass every other scenario.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { ApiClient } from "../../conformance/client.js";
import { isFresh, withRunContext } from "../../conformance/fixtures.js";
import type { Fixtures } from "../../conformance/fixtures-file.js";
import type { Exchange, RequestPart } from "../../conformance/oracle/exchange.js";
import { describeVerdict, Oracle, type Ticket, type Verdict } from "../../conformance/oracle/oracle.js";
import { runConformance } from "../../conformance/runner.js";
import { raceScenarios } from "../../conformance/scenarios/races.js";
import { act, createIntent, OtherAllowedWay } from "../../conformance/scenarios/steps.js";
import { defaultSettings, readSettings, type SuiteSettings } from "../../conformance/settings.js";
import type { Fault } from "../../proof/independent/faults.js";
import { startIndependentServers, type IndependentServers } from "../../proof/independent/server.js";
import { startProxy, type Transformation } from "../../proof/mutants/proxy.js";
import { raceMutants } from "../../proof/mutants/races.js";
import { raceVariants } from "../../proof/variants/races.js";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";

/** An oracle that keeps every verdict it gives, with its exchange (the race scenarios' verdicts are the proof). */
class RecordingOracle extends Oracle {
  readonly verdicts: Array<{ exchange: Exchange; verdict: Verdict }> = [];

  override begin(request: RequestPart): Ticket {
    const ticket = super.begin(request);
    const keep = (exchange: Exchange) => (verdict: Verdict) => {
      this.verdicts.push({ exchange, verdict });
      return verdict;
    };
    return {
      end: (exchange) => ticket.end(exchange).then(keep(exchange)),
      endWith: (exchange, take) => ticket.endWith(exchange, (verdict) => take(keep(exchange)(verdict))),
      lost: () => ticket.lost(),
    };
  }
}

type Target = { baseUrl: string; keys: { secret: string; publishable: string }; triggers: boolean; settings: SuiteSettings; fixtures?: Fixtures };

type RaceOutcome = { name: string; outcome: "passed" | "failed" | "skipped"; reason: string; verdicts: Array<{ exchange: Exchange; verdict: Verdict }>; exchanges: Exchange[] };

/** Runs each race scenario with a client of its own, as the runner does, keeping the oracle's verdicts on its exchanges. */
async function runRaces(target: Target): Promise<{ outcomes: RaceOutcome[]; oracle: RecordingOracle }> {
  const oracle = new RecordingOracle({ service: "bank-payments", keys: target.keys, triggers: target.triggers, isFresh, settings: target.settings, fixtures: target.fixtures });
  const outcomes: RaceOutcome[] = [];
  await withRunContext({ fixtures: target.fixtures, settings: target.settings }, async () => {
    for (const scenario of raceScenarios) {
      const api = new ApiClient("bank-payments", target.baseUrl, target.keys, "full", [], oracle);
      api.check = `scenario: ${scenario.name}`;
      const from = oracle.verdicts.length;
      let outcome: RaceOutcome["outcome"] = "passed";
      let reason = "";
      try {
        await scenario.run({ api, profile: "full", settings: target.settings });
        if (api.violations.length > 0) [outcome, reason] = ["failed", api.violations.join(" | ")];
      } catch (error) {
        outcome = error instanceof OtherAllowedWay && api.violations.length === 0 ? "skipped" : "failed";
        reason = `${(error as Error).message} [${api.violations.join(" | ")}]`;
      }
      outcomes.push({ name: scenario.name, outcome, reason, verdicts: oracle.verdicts.slice(from), exchanges: api.exchanges });
    }
  });
  return { outcomes, oracle };
}

const named = (outcomes: RaceOutcome[], start: string) => {
  const found = outcomes.find((o) => o.name.startsWith(start));
  assert.ok(found, `no race scenario named "${start}..."`);
  return found;
};

const summary = (outcomes: RaceOutcome[]) => outcomes.map((o) => `${o.outcome} ${o.name}${o.outcome === "passed" ? "" : `: ${o.reason.slice(0, 600)}`}`);

/** The verdicts of a race that no order explained: failed, with the race drawn. */
const raceVerdicts = (outcome: RaceOutcome) => outcome.verdicts.filter(({ verdict }) => !verdict.ok && verdict.race !== undefined);

/** A racy server's race: failed, a verdict naming `rule` with the overlapping exchanges on a time line, and the failure's message showing it too. */
function assertCaught(outcome: RaceOutcome, rule: string): void {
  assert.equal(outcome.outcome, "failed", `${outcome.name}: ${outcome.reason}`);
  const raced = raceVerdicts(outcome);
  assert.ok(raced.length > 0, `${outcome.name}: no verdict drew the race; verdicts: ${outcome.verdicts.filter((v) => !v.verdict.ok).map((v) => describeVerdict(v.verdict).join("; ")).join(" | ")}`);
  const { verdict } = raced[0];
  assert.ok(verdict.rules.includes(rule), `${outcome.name}: the verdict names ${verdict.rules.join(", ")}, not ${rule}`);
  const printed = describeVerdict(verdict).join("\n");
  assert.match(printed, /no order of these 2 overlapping exchanges on \S+ explains every answer/);
  assert.match(printed, /^ {2}> PATCH \/api\/transaction-intents\/\S+ .* -> 200 +\|=*\|?$/m, "the answer no order explains is marked on its bar");
  assert.match(outcome.reason, /the race on a time line/);
}

describe("the race layer", () => {
  let sandbox: Sandbox;
  let sandboxTarget: Target;
  before(async () => {
    sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
    sandboxTarget = {
      baseUrl: sandbox.bankUrl, keys: { secret: sandbox.secretKey, publishable: sandbox.publishableKey }, triggers: true,
      settings: { ...defaultSettings, linked_credit_submerchant_id: "prohibited" },
    };
  });
  after(async () => { await sandbox?.close(); });

  async function throughProxy<T>(transformation: Transformation, use: (target: Target, fired: () => number) => Promise<T>): Promise<T> {
    const proxy = await startProxy(transformation, sandbox.bankUrl, { secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey });
    try {
      return await use({ ...sandboxTarget, baseUrl: proxy.url }, proxy.fired);
    } finally {
      await proxy.close();
    }
  }

  async function withIndependent<T>(fault: Fault | undefined, use: (target: Target, servers: IndependentServers) => Promise<T>): Promise<T> {
    const servers = await startIndependentServers({ fault });
    try {
      return await use({
        baseUrl: servers.bankUrl, keys: { secret: servers.secretKey, publishable: servers.publishableKey }, triggers: false,
        settings: readSettings(JSON.parse(readFileSync(servers.settingsFile, "utf8"))), fixtures: JSON.parse(readFileSync(servers.fixturesFile, "utf8")) as Fixtures,
      }, servers);
    } finally {
      await servers.close();
    }
  }

  test("the sandbox, serializing in arrival order, passes every race, the racing exchanges judged together", async () => {
    const { outcomes, oracle } = await runRaces(sandboxTarget);
    assert.deepEqual(summary(outcomes).filter((line) => !line.startsWith("passed")), []);
    assert.equal(outcomes.length, 5);
    assert.equal(oracle.stats.failed, 0);
    // Two captures, a cancel and a capture, two refunds, a credit cancel and a read: each pair judged as one cluster.
    assert.ok(oracle.stats.overlapping >= 8, `exchanges judged in overlapping clusters: ${oracle.stats.overlapping}`);
  });

  test("the independent implementation (no triggers, its own fixtures and settings) passes every race", async () => {
    const { outcomes } = await withIndependent(undefined, (target) => runRaces(target));
    assert.deepEqual(summary(outcomes).filter((line) => !line.startsWith("passed")), []);
  });

  test("a server that applies the second of two overlapping requests first passes every race (proof/variants/races.ts)", async () => {
    const [variant] = raceVariants;
    const { outcomes, fired } = await throughProxy(variant, async (target, fired) => ({ ...(await runRaces(target)), fired: fired() }));
    assert.deepEqual(summary(outcomes).filter((line) => !line.startsWith("passed")), []);
    assert.ok(fired > 0, "the variant forwarded a second request ahead of a held one");
    console.log(`# ${variant.id}: ${fired} request(s) forwarded ahead of the one held before them`);
  });

  const racy: Array<{ id: Fault; race: string }> = [
    { id: "overlapping-captures-both-applied", race: "two captures" },
    { id: "overlapping-refunds-both-applied", race: "two full refunds" },
    { id: "overlapping-cancel-and-capture-both-applied", race: "a cancel racing a capture" },
  ];

  for (const { id, race } of racy) {
    test(`the independent implementation with fault ${id} fails the race "${race}", naming B-28 and drawing the race`, async () => {
      const { outcomes } = await withIndependent(id, (target) => runRaces(target));
      assertCaught(named(outcomes, race), "B-28");
      console.log(`# independent ${id}:\n${describeVerdict(raceVerdicts(named(outcomes, race))[0].verdict).map((line) => `#   ${line}`).join("\n")}`);
    });

    test(`the sandbox behind the racy proxy ${id} fails the race "${race}", naming B-28 and drawing the race`, async () => {
      const mutant = raceMutants.find((m) => m.id === id)!;
      const { outcomes } = await throughProxy(mutant, (target) => runRaces(target));
      assertCaught(named(outcomes, race), "B-28");
    });
  }

  test("a cancel and a capture both written onto the intent are caught whichever the server took first", async () => {
    // The race scenario sends the cancel first; here the capture goes first, so the cancel's answer is the one no order explains.
    const captureFirst = async (target: Target) => {
      const oracle = new RecordingOracle({ service: "bank-payments", keys: target.keys, triggers: target.triggers, isFresh, settings: target.settings, fixtures: target.fixtures });
      const api = new ApiClient("bank-payments", target.baseUrl, target.keys, "full", [], oracle);
      await withRunContext({ fixtures: target.fixtures, settings: target.settings }, async () => {
        const id = await createIntent(api, { action: "authorize", amount: 30 });
        const [capture, cancel] = await Promise.all([act(api, id, { action: "capture", amount: "30.00" }, 200), act(api, id, { action: "cancel" }, 200)]);
        assert.deepEqual([capture.status, cancel.status], [200, 200], "both applied (capture first, then a cancel: also what a correct server answers)");
      });
      const raced = oracle.verdicts.filter(({ verdict }) => verdict.race !== undefined);
      assert.ok(raced.some(({ exchange }) => exchange.requestBody === JSON.stringify({ action: "cancel" })), `the cancel is the answer no order explains: ${api.violations.join(" | ")}`);
      assert.ok(raced[0].verdict.rules.length > 0);
    };
    await withIndependent("overlapping-cancel-and-capture-both-applied", (target) => captureFirst(target));
    await throughProxy(raceMutants.find((m) => m.id === "overlapping-cancel-and-capture-both-applied")!, (target) => captureFirst(target));
  });

  test("without the race layer the racy servers pass: every scenario but the races passes them", async () => {
    for (const { id } of racy) {
      const result = await withIndependent(id, (target) => runConformance({
        service: "bank-payments", baseUrl: target.baseUrl, secretKey: target.keys.secret, publishableKey: target.keys.publishable,
        layers: ["scenarios"], triggers: false, settings: target.settings, fixtures: target.fixtures,
      }));
      const failed = result.checks.filter((c) => c.outcome === "failed");
      assert.ok(failed.length > 0, `${id}: the race layer fails it`);
      assert.deepEqual(failed.filter((c) => c.group !== "race").map((c) => `${c.group} ${c.name}: ${c.reason?.slice(0, 300)}`), [], `${id}: only races fail`);
      // Which check shows the racy state first depends on timing: the action's own race (B-28, the race
      // drawn on a time line) or a later list of the race layer (bank §4.4, naming the race that left the object).
      for (const check of failed) {
        if (check.rule === "B-28") assert.match(check.reason ?? "", /the race on a time line \(left to right over [\d.]+ ms\):\n/);
        else {
          assert.equal(check.rule, "bank §4.4", `${check.name} names its rule`);
          assert.match(check.reason ?? "", /in an object left by the check "scenario: [^"]+"/);
        }
      }
    }
  });
});
