// The conformance suite, mock profile, against Prism serving the published documents: the mock
// honours the contract as far as a stateless mock can.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { freePort, startMock, type RunningMock } from "../../scripts/mock.mjs";
import { runConformance, summaryLine } from "../../conformance/runner.js";

describe("conformance suite against Prism (mock profile)", () => {
  let mock: RunningMock;
  before(async () => {
    const bankPort = await freePort();
    let checkCashingPort = await freePort();
    while (checkCashingPort === bankPort) checkCashingPort = await freePort();
    mock = await startMock({ bankPort, checkCashingPort });
  });
  after(async () => { await mock?.stop(); });

  for (const service of ["bank-payments", "check-cashing"] as const) {
    test(`${service} passes`, async () => {
      const result = await runConformance({
        service, baseUrl: service === "bank-payments" ? mock.bankUrl : mock.checkCashingUrl,
        secretKey: "sk_test_mock", publishableKey: "pk_test_mock", profile: "mock",
      });
      const failures = result.checks.filter((c) => c.outcome === "failed").map((c) => `${c.name}: ${c.reason}`);
      assert.deepEqual(failures, []);
      assert.equal(result.skipped, 0);
      assert.ok(result.checks.filter((c) => c.layer === "dredd").length >= (service === "bank-payments" ? 43 : 3));
      console.log(`# mock ${service}: ${summaryLine(result)}`);
    });
  }
});
