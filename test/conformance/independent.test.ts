// The conformance suite against an independent implementation of both services (proof/independent/:
// written from the published documents only, making other valid choices than the reference
// sandbox). It runs as outsiders run it: without the sandbox's test triggers, told the server's
// settings and the objects it enrolled. Two claims, each able to fail:
// - soundness: the correct server passes, every check (no false alarm);
// - sensitivity: the same server with one fault switched on (proof/independent/faults.ts) fails, and a
//   failure names a rule that states what the fault breaks, a rule the correct server's run never names.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, describe, test } from "node:test";
import { runConformance, summaryLine } from "../../conformance/runner.js";
import { readSettings } from "../../conformance/settings.js";
import type { Fixtures } from "../../conformance/fixtures-file.js";
import type { ConformanceResult, Layer } from "../../conformance/types.js";
import { faults, type Fault } from "../../proof/independent/faults.js";
import { startIndependentServers, type IndependentServers } from "../../proof/independent/server.js";

const seed = 20261124;
type Service = "bank-payments" | "check-cashing";

async function conformance(servers: IndependentServers, service: Service, layers?: Layer[]): Promise<ConformanceResult> {
  return runConformance({
    service, baseUrl: service === "bank-payments" ? servers.bankUrl : servers.checkCashingUrl,
    secretKey: servers.secretKey, publishableKey: servers.publishableKey,
    // A fault's run needs a failure naming its rule, not the shortest sequence that shows it: no shrinking.
    profile: "full", triggers: false, layers, sequences: { seed, noShrink: layers !== undefined },
    settings: readSettings(JSON.parse(readFileSync(servers.settingsFile, "utf8"))),
    fixtures: JSON.parse(readFileSync(servers.fixturesFile, "utf8")) as Fixtures,
  });
}

async function withServers<T>(fault: Fault | undefined, use: (servers: IndependentServers) => Promise<T>): Promise<T> {
  const servers = await startIndependentServers({ fault });
  try {
    return await use(servers);
  } finally {
    await servers.close();
  }
}

const failedChecks = (result: ConformanceResult) => result.checks.filter((c) => c.outcome === "failed");

/** Every rule a failed check of the run names: its own and its findings'. */
const rulesNamed = (result: ConformanceResult) =>
  new Set(failedChecks(result).flatMap((c) => [c.rule, ...(c.findings ?? []).flatMap((f) => f.rules ?? [])]).filter((r): r is string => !!r));

describe("conformance suite against an independent implementation (full profile, no triggers)", () => {
  const correct = new Map<Service, ConformanceResult>();
  before(async () => {
    await withServers(undefined, async (servers) => {
      for (const service of ["bank-payments", "check-cashing"] as const) correct.set(service, await conformance(servers, service));
    });
  });

  for (const service of ["bank-payments", "check-cashing"] as const) {
    test(`${service}: the correct server passes`, () => {
      const result = correct.get(service)!;
      assert.deepEqual(failedChecks(result).map((c) => `${c.name}: ${c.reason}`), []);
      // The suite did judge the run: a pass of nothing proves nothing.
      assert.ok(result.oracle && result.oracle.responses > 100, "the oracle judged the run");
      assert.equal(result.oracle.failed, 0);
      assert.ok(result.checks.some((c) => c.layer === "sequence" && c.outcome === "passed"), "the generated sequences ran and passed");
      console.log(`independent ${service}: ${summaryLine(result)}; oracle: ${result.oracle.responses} responses; ${result.durationMs} ms`);
    });
  }

  test("exactly these fault switches (adding or retiring one is a decision written here)", () => {
    assert.deepEqual(Object.keys(faults).sort(), [
      "approval-trxid-not-echoed", "authorized-at-without-offset", "credit-cancelled-twice", "not-found-text",
      // Issue 34: racy servers, caught by the race scenarios alone (test/conformance/races.test.ts).
      "overlapping-cancel-and-capture-both-applied", "overlapping-captures-both-applied", "overlapping-refunds-both-applied",
      "reduced-view-leaks-extras", "refund-over-debit", "response-code-three-digits", "trxid-reuse-approved",
    ]);
  });

  for (const [fault, spec] of Object.entries(faults) as Array<[Fault, (typeof faults)[Fault]]>) {
    test(`fault ${fault} is caught and its rule named: ${spec.what}`, async () => {
      // The Dredd layer adds nothing these faults need: scenarios and sequences exercise each of them.
      const result = await withServers(fault, (servers) => conformance(servers, spec.service, ["scenarios", "sequences"]));
      assert.ok(failedChecks(result).length > 0, "the faulty server fails the suite");
      const named = rulesNamed(result);
      const expected = spec.rules.filter((rule) => named.has(rule));
      assert.ok(expected.length > 0, `a failure names one of ${spec.rules.join(", ")}; named: ${[...named].join(", ") || "none"}`);
      // Control: the correct server's run names none of them, so the fault is what was caught.
      const control = rulesNamed(correct.get(spec.service)!);
      assert.deepEqual(expected.filter((rule) => control.has(rule)), [], "the correct server's run names the same rule");
      console.log(`fault ${fault}: ${failedChecks(result).length} failed checks, naming ${expected.join(", ")}`);
    });
  }
});
