// The real Dredd run again and again in one process, as the proofs run it: the same verdicts every
// time, each document parsed once (Dredd's parse step is the wrapper of conformance/dredd/
// repeated-runs.ts), and no run's hookfile load kept by Dredd's hook loader afterwards.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { after, before, test } from "node:test";
import { runConformance } from "../../conformance/runner.js";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";

const require = createRequire(import.meta.url);
let sandbox: Sandbox;
before(async () => { sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" }); });
after(async () => { await sandbox?.close(); });

test("three Dredd runs per service: the same verdicts, the document parsed once, no hookfile load kept", async () => {
  const verdicts: string[][] = [];
  for (let run = 0; run < 3; run += 1) {
    const lines: string[] = [];
    for (const service of ["bank-payments", "check-cashing"] as const) {
      const result = await runConformance({
        service, baseUrl: service === "bank-payments" ? sandbox.bankUrl : sandbox.checkCashingUrl,
        secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey, layers: ["dredd"],
      });
      assert.equal(result.failed, 0, result.checks.filter((c) => c.outcome === "failed").map((c) => `${c.name}: ${c.reason}`).join("\n"));
      lines.push(...result.checks.filter((c) => c.layer === "dredd").map((c) => `${service} ${c.name}: ${c.outcome}`));
    }
    verdicts.push(lines);
  }
  assert.ok(verdicts[0].length > 40, `Dredd ran every transaction (${verdicts[0].length})`);
  assert.deepEqual(verdicts[1], verdicts[0]);
  assert.deepEqual(verdicts[2], verdicts[0]);

  const dreddRequire = createRequire(require.resolve("dredd"));
  assert.equal((dreddRequire("dredd-transactions/parse") as { name: string }).name, "parseOnce", "Dredd parses through the wrapper");
  const loader = require.cache[require.resolve("dredd/build/addHooks.js")];
  assert.ok(loader, "Dredd's hook loader is loaded");
  assert.deepEqual(loader.children.filter((child) => child.filename.endsWith("hooks.cjs")).map((child) => child.filename), [], "no hookfile load kept");
});
