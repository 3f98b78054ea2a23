// Proof that the suite catches faults: it must fail against every faulty variant of the sandbox
// (black-box fault-injecting proxies, one fault each), and each variant must have changed at least
// one response during its run (a mutant that never fired proves nothing). The kill rate is printed
// and must be 100%. A failing generated sequence is replayed from its seed, path and replayPath.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { mutants } from "../../conformance/mutants/catalog.js";
import { startMutantProxy } from "../../conformance/mutants/proxy.js";
import { runMutants } from "../../conformance/mutants/run.js";
import { runConformance } from "../../conformance/runner.js";

const seed = 20261122;

describe("conformance suite against faulty sandboxes (mutants)", () => {
  let sandbox: Sandbox;
  before(async () => { sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" }); });
  after(async () => { await sandbox?.close(); });

  test("at least 60 mutants, each one fault, over every class", () => {
    assert.ok(mutants.length >= 60, `${mutants.length} mutants`);
    assert.equal(new Set(mutants.map((m) => m.id)).size, mutants.length);
    const classes = new Set(mutants.map((m) => m.class));
    for (const wanted of ["status and shape", "echo", "consistency", "invariant", "dates and schedules", "error bodies", "reduced view", "check cashing", "sequences only"] as const) {
      assert.ok(classes.has(wanted), `no mutant of class ${wanted}`);
    }
  });

  test("every mutant fires and is killed (100% kill rate)", async () => {
    const outcomes = await runMutants(sandbox, { concurrency: 3, sequences: { seed } });
    for (const o of outcomes) {
      console.log(`# ${o.killed ? "killed  " : "SURVIVED"} ${o.id} [${o.class}] fired ${o.fired}x${o.killed ? `, by the ${o.killedBy}: ${o.failures[0]?.split("\n")[0].slice(0, 120)}` : ""}`);
    }
    const killed = outcomes.filter((o) => o.killed).length;
    console.log(`# mutant kill rate: ${killed}/${outcomes.length} = ${Math.round((100 * killed) / outcomes.length)}%`);
    assert.deepEqual(outcomes.filter((o) => !o.killed).map((o) => o.id), []);
    assert.deepEqual(outcomes.filter((o) => o.fired === 0).map((o) => o.id), [], "mutants that never changed a response");
    assert.deepEqual(outcomes.filter((o) => o.class === "sequences only" && o.killedBy !== "sequence").map((o) => `${o.id} (${o.killedBy})`), []);
    assert.equal(outcomes.length, mutants.length);
  });

  test("a failing sequence is shrunk, printed with its replay and curl lines, and replays from them", async () => {
    const mutant = mutants.find((m) => m.id === "refund-after-cancel-refund-refused")!;
    const proxy = await startMutantProxy(mutant, sandbox.bankUrl, { secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey });
    try {
      const run = (sequences: { seed: number; path?: string; replayPath?: string }) => runConformance({
        service: "bank-payments", baseUrl: proxy.url, secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey, layers: ["sequences"], sequences,
      });
      const first = await run({ seed });
      const failed = first.checks.find((c) => c.layer === "sequence")!;
      assert.equal(failed.outcome, "failed");
      assert.match(failed.reason ?? "", /shortest failing sequence: /);
      assert.match(failed.reason ?? "", new RegExp(`replay with: --seed ${seed} --path \\S+`));
      assert.ok(failed.curl?.some((line) => /^TI1=\$\(curl -s -X POST "\$BASE\/api\/transaction-intents"/.test(line)), failed.curl?.join("\n"));
      assert.ok(failed.curl?.some((line) => /"\$BASE\/api\/transaction-intents\/\$TI\d+"/.test(line)));
      assert.ok(failed.findings?.some((f) => f.actualStatus === 409 && f.expectedStatus.includes(200)));
      const { path, replayPath } = first.sequences!;
      assert.ok(path, "the failure's path is reported");
      const again = await run({ seed, path, replayPath });
      const replayed = again.checks.find((c) => c.layer === "sequence")!;
      assert.equal(replayed.outcome, "failed");
      const steps = (reason: string | undefined) => /shortest failing sequence: (.*)/.exec(reason ?? "")?.[1];
      assert.equal(steps(replayed.reason), steps(failed.reason));
    } finally {
      await proxy.close();
    }
  });
});
