// Strictness as implementers run the suite: every mutant of the catalog, run without the sandbox's
// triggers (as the useless mutants always are), and the kill rate printed. Too slow for `npm test`
// beside mutants.test.ts (which runs them with triggers); run it alone:
//   npx tsx test/conformance/strictness-no-triggers.ts
import { startSandbox } from "../../sandbox/server.js";
import { mutants } from "../../proof/mutants/catalog.js";
import { runProof } from "../../proof/mutants/run.js";

async function main(): Promise<void> {
  const sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
  try {
    const result = await runProof(sandbox, { mutants: mutants.map((m) => ({ ...m, triggers: false as const })), variants: [], control: false, concurrency: 2, seed: 20261122 });
    const killed = result.mutants.filter((o) => o.verdict === "killed");
    for (const o of result.mutants.filter((o) => o.verdict !== "killed")) console.log(`# ${o.verdict} ${o.id} [${o.class}] fired ${o.fired}x`);
    console.log(`# mutant kill rate without triggers: ${killed.length}/${result.mutants.length} = ${Math.round((100 * killed.length) / result.mutants.length)}% (${Math.round(result.durationMs / 1000)} s)`);
  } finally {
    await sandbox.close();
  }
}

main().catch((error) => { console.error(error); process.exitCode = 1; });
