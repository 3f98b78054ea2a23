// Strictness as implementers run the suite: every mutant of the catalog, run without the sandbox's
// triggers (as the useless mutants always are) and with the sandbox's own fixtures, which name the
// inputs its triggers promise to decline or leave pending (conformance/fixtures-sandbox.json), and
// the kill rate printed. Too slow for `npm test` beside mutants.test.ts (which runs them with
// triggers); run it alone, on every mutant or on the ones named:
//   npx tsx test/conformance/strictness-no-triggers.ts [mutant-id ...]
import { startSandbox } from "../../sandbox/server.js";
import { mutants } from "../../proof/mutants/catalog.js";
import { runProof } from "../../proof/mutants/run.js";

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const chosen = only.length > 0 ? mutants.filter((m) => only.includes(m.id)) : mutants;
  const sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
  try {
    const result = await runProof(sandbox, { mutants: chosen.map((m) => ({ ...m, triggers: false as const })), variants: [], control: false, concurrency: 2, seed: 20261122 });
    const killed = result.mutants.filter((o) => o.verdict === "killed");
    for (const o of result.mutants) {
      const why = o.verdict === "killed" ? `by ${o.killedBy}` : o.failures.map((f) => `${f.layer} ${f.name}: ${f.reason.slice(0, 300)}`).join(" | ");
      console.log(`# ${o.verdict} ${o.id} [${o.class}] fired ${o.fired}x ${why}`);
    }
    console.log(`# mutant kill rate without triggers, with the sandbox's fixtures: ${killed.length}/${result.mutants.length} = ${Math.round((100 * killed.length) / result.mutants.length)}% (${Math.round(result.durationMs / 1000)} s)`);
  } finally {
    await sandbox.close();
  }
}

main().catch((error) => { console.error(error); process.exitCode = 1; });
