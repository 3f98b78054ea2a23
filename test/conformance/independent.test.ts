// The conformance suite, full profile, against an independent implementation of both services
// (test/independent/: written from the published documents only, making other valid choices than
// the reference sandbox). A sound suite passes it. It runs as outsiders run it: without the
// sandbox's test triggers, told the server's settings and the objects it enrolled.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { runConformance, summaryLine } from "../../conformance/runner.js";
import { readSettings } from "../../conformance/settings.js";
import type { Fixtures } from "../../conformance/fixtures-file.js";
import { startIndependentServers, type IndependentServers } from "../independent/server.js";

const seed = 20261124;

describe("conformance suite against an independent implementation (full profile, no triggers)", () => {
  let servers: IndependentServers;
  before(async () => { servers = await startIndependentServers(); });
  after(async () => { await servers?.close(); });

  for (const service of ["bank-payments", "check-cashing"] as const) {
    test(`${service} passes`, async () => {
      const settings = readSettings(JSON.parse(readFileSync(servers.settingsFile, "utf8")));
      const fixtures = JSON.parse(readFileSync(servers.fixturesFile, "utf8")) as Fixtures;
      const result = await runConformance({
        service, baseUrl: service === "bank-payments" ? servers.bankUrl : servers.checkCashingUrl,
        secretKey: servers.secretKey, publishableKey: servers.publishableKey,
        profile: "full", triggers: false, settings, fixtures, sequences: { seed },
      });
      const failures = result.checks.filter((c) => c.outcome === "failed").map((c) => `${c.name}: ${c.reason}`);
      assert.deepEqual(failures, []);
      // The suite did judge the run: a pass of nothing proves nothing.
      assert.ok(result.oracle && result.oracle.responses > 100, "the oracle judged the run");
      assert.equal(result.oracle.failed, 0);
      assert.ok(result.checks.some((c) => c.layer === "sequence" && c.outcome === "passed"), "the generated sequences ran and passed");
      console.log(`# independent ${service}: ${summaryLine(result)}; oracle: ${result.oracle.responses} responses; ${result.durationMs} ms`);
    });
  }
});
