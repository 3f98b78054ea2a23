// The replay line a failing generated sequence prints works when pasted literally: a run of the
// nightly profile's shape (four lanes of derived seeds, sequences of up to 80 commands) from a
// negative seed fails on a mutant only the sequences catch; its printed options, pasted after the
// same command and after the bare one, replay the same shortest failing sequence. Run through the
// command line, as a developer pastes it.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { mutants } from "../../proof/mutants/catalog.js";
import { startMutantProxy, type RunningProxy } from "../../proof/mutants/proxy.js";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { cli } from "./cli-run.js";

/** A shell's words: blanks split them, single quotes keep what they hold (the replay path is quoted). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/'([^']*)'|(\S+)/g)) words.push(match[1] ?? match[2]);
  return words;
}

const shortest = (stdout: string) => /shortest failing sequence: (.*)/.exec(stdout)?.[1];

describe("a printed replay line, pasted", () => {
  let sandbox: Sandbox;
  let proxy: RunningProxy;
  before(async () => {
    sandbox = await startSandbox({ bankPort: 0, service: "bank", database: ":memory:" });
    const mutant = mutants.find((m) => m.id === "refund-after-cancel-refund-refused")!;
    proxy = await startMutantProxy(mutant, sandbox.bankUrl, { secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey });
  });
  after(async () => { await proxy?.close(); await sandbox?.close(); });

  test("replays the same failing sequence: a negative lane seed of a --thorough run, after the same command and alone", async () => {
    const command = ["--service", "bank-payments", "--base-url", proxy.url, "--secret-key", sandbox.secretKey, "--publishable-key", sandbox.publishableKey];
    // The nightly profile, fewer sequences; the seed written as a developer types it.
    const first = await cli([...command, "--layers", "sequences", "--thorough", "--runs", "8", "--seed", "-880042955"]);
    assert.equal(first.status, 1, first.stderr);
    const [, lane, printed] = /^ {2}replay with( \(the seed of lane \d of 4\))?: (.+)$/m.exec(first.stdout) ?? [];
    assert.ok(printed, first.stdout);
    assert.ok(lane, "a lane's seed");
    assert.match(printed, /--seed=-\d+ /, "a negative seed, written so that it is not read as an option");
    const failing = shortest(first.stdout);
    assert.ok(failing);
    for (const pasted of [[...command, "--thorough", "--runs", "8", ...shellWords(printed)], [...command, ...shellWords(printed)]]) {
      const again = await cli(pasted);
      assert.equal(again.status, 1, again.stdout + again.stderr);
      assert.doesNotMatch(again.stdout + again.stderr, /Mismatch|ambiguous/);
      assert.equal(shortest(again.stdout), failing, pasted.join(" "));
    }
  });
});
