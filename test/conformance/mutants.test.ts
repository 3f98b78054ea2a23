// Proof that the suite catches faults: it must fail against every faulty variant of the sandbox
// (black-box fault-injecting proxies, one fault each). The kill rate is printed and must be 100%.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { mutants } from "../../conformance/mutants/catalog.js";
import { runMutants } from "../../conformance/mutants/run.js";

describe("conformance suite against faulty sandboxes (mutants)", () => {
  let sandbox: Sandbox;
  before(async () => { sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" }); });
  after(async () => { await sandbox?.close(); });

  test("at least 15 mutants, each one fault", () => {
    assert.ok(mutants.length >= 15);
    assert.equal(new Set(mutants.map((m) => m.id)).size, mutants.length);
  });

  test("every mutant is killed (100% kill rate)", async () => {
    const outcomes = await runMutants(sandbox, { concurrency: 3 });
    for (const o of outcomes) {
      console.log(`# ${o.killed ? "killed  " : "SURVIVED"} ${o.id} (${o.fault})${o.killed ? ` by: ${o.failures[0]?.slice(0, 140)}` : ""}`);
    }
    const killed = outcomes.filter((o) => o.killed).length;
    console.log(`# mutant kill rate: ${killed}/${outcomes.length} = ${Math.round((100 * killed) / outcomes.length)}%`);
    assert.deepEqual(outcomes.filter((o) => !o.killed).map((o) => o.id), []);
    assert.equal(outcomes.length, mutants.length);
  });
});
