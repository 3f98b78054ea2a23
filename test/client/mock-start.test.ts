// `npm start`'s mock (scripts/mock.mjs) as a user sees it: nothing before the banner, a banner
// that names the mock, points README's complete example at the sandbox (the mock keeps no state)
// and shows the client on the mock, then only Prism's warnings and errors (a request that breaks
// the contract); `--verbose` shows everything Prism logs. However it is stopped (at the banner,
// during start-up, or killed outright) no Prism process outlives it. And `npm start` itself runs
// no nested npm (each nested npm repeated the user's npm warnings).
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { markedProcessesAfter, markerSupported, newMarker } from "../../scripts/processes.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

interface Started {
  child: ChildProcess;
  output: () => string;
  errors: () => string;
  waitFor: (pattern: RegExp) => Promise<RegExpMatchArray>;
  /** Sends the signal to the script alone (not to its Prism children), waits for its exit. */
  stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The processes it started (Prism) still running a few seconds after it ended. */
  leftovers: () => Promise<string[]>;
}

/**
 * Resolves once a Prism launcher (scripts/prism-child.cjs) whose parent is `pid` exists (Linux
 * /proc), within 30 s. Only that child: a loader may start other children before the script runs.
 */
async function childStarted(pid: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        // stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after the last ")".
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) !== pid) continue;
        if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("prism-child.cjs")) return;
      } catch {
        // the process ended while we looked
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no Prism launcher started by ${pid} within 30 s`);
}

/** Runs scripts/mock.mjs on free ports, collecting what it prints; its environment carries a marker. */
function startMockScript(args: string[] = []): Started {
  const marker = newMarker("MOCK_START_TEST");
  const child = spawn(process.execPath, [join(root, "scripts/mock.mjs"), ...args], {
    cwd: root,
    env: { ...process.env, BANK_MOCK_PORT: "0", CHECK_CASHING_MOCK_PORT: "0", [marker.name]: marker.value },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const waiters: Array<() => void> = [];
  const notify = () => waiters.splice(0).forEach((wake) => wake());
  child.stdout!.on("data", (chunk: Buffer) => { stdout += chunk.toString(); notify(); });
  child.stderr!.on("data", (chunk: Buffer) => { stderr += chunk.toString(); notify(); });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once("exit", (code, signal) => { notify(); done({ code, signal }); }));
  return {
    child,
    output: () => stdout,
    errors: () => stderr,
    async waitFor(pattern) {
      for (;;) {
        const match = stdout.match(pattern);
        if (match) return match;
        if (child.exitCode !== null) throw new Error(`mock.mjs exited (${child.exitCode}):\n${stdout}\n${stderr}`);
        await new Promise<void>((wake) => waiters.push(wake));
      }
    },
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    async leftovers() {
      return (await markedProcessesAfter(marker, 5_000)).map(({ pid, command }) => `${pid} ${command}`);
    },
  };
}

const linuxOnly = markerSupported ? {} : { skip: "finding leftover processes reads /proc (Linux only)" };

/** Waits for the banner, keeps what was printed up to it, and at once sends SIGTERM. */
async function stoppedAtBanner(mock: Started) {
  await mock.waitFor(/Ctrl-C stops both\.\n/);
  const output = mock.output();
  return { mock, output, stopped: await mock.stop("SIGTERM") };
}

// Each test starts the script afresh, except that the two --verbose tests share one start (below).
// One test at a time: a start is CPU-bound (two Prism processes loading); side by side gained nothing.
describe("npm start (scripts/mock.mjs)", () => {
  // One --verbose start serves two tests: its output up to the banner shows Prism's start-up lines,
  // and it is stopped with SIGTERM the moment that banner shows.
  let verboseStart: ReturnType<typeof stoppedAtBanner> | undefined;
  const verboseStoppedAtBanner = () => (verboseStart ??= stoppedAtBanner(startMockScript(["--verbose"])));

  it("prints nothing before its banner, which names the mock, the sandbox and the client; then only Prism's errors", async () => {
    const mock = startMockScript();
    try {
      await mock.waitFor(/Ctrl-C stops both\.\n/);
      const banner = mock.output();
      assert.match(banner, /^\nMocks ready \(Prism/);
      assert.doesNotMatch(banner, /\[(bank-payments|check-cashing)\]/, "a Prism line before or in the banner");
      const [, bankUrl] = banner.match(/Bank Payment Service +(http:\/\/127\.0\.0\.1:\d+)/) ?? [];
      assert.ok(bankUrl, banner);
      assert.match(banner, /Check Cashing Service +http:\/\/127\.0\.0\.1:\d+/);
      // README's complete example needs state: the banner sends it to the sandbox, not to this mock.
      assert.match(banner, /complete\s+example[^]*needs the reference sandbox/);
      assert.match(banner, /npm run sandbox +bank on http:\/\/127\.0\.0\.1:4020/);
      assert.match(banner, /npx payments-sandbox/);
      assert.match(banner, /npx tsx example\.ts +the example's default URL is the sandbox's/);
      assert.ok(banner.includes(`createBankPayments({ baseUrl: "${bankUrl}"`), "the client on the mock");
      assert.equal(mock.errors(), "");

      // A routine request prints nothing; one that breaks the contract prints Prism's errors.
      const valid = await fetch(`${bankUrl}/api/transaction-intents/transaction_intent_2Rb7YcM4nQ8wLx5K`, {
        headers: { Authorization: "Bearer sk_test_any", Accept: "application/json" },
      });
      assert.equal(valid.status, 200);
      const invalid = await fetch(`${bankUrl}/api/transaction-intents`, {
        method: "POST",
        headers: { Authorization: "Bearer sk_test_any", "Content-Type": "application/json" },
        body: JSON.stringify({ amount: "lots" }),
      });
      assert.equal(invalid.status, 422);
      await mock.waitFor(/\[bank-payments\].*amount must be number/);
      const after = mock.output().slice(banner.length).trim().split("\n");
      for (const line of after) assert.match(line, /^\[bank-payments\].*(✖|⚠)/);
    } finally {
      await mock.stop();
    }
  });

  it("with --verbose shows Prism's own start-up lines", async () => {
    const { output } = await verboseStoppedAtBanner();
    assert.match(output, /\[bank-payments\].*Prism is listening on/);
    assert.match(output, /Showing everything Prism logs/);
  });

  // The signal handlers were registered after the banner: a SIGTERM sent on seeing the banner
  // ended the script by the default action and left both Prism processes running.
  for (const args of [[], ["--verbose"]]) {
    it(`stopped with SIGTERM the moment its banner shows${args.length ? " (--verbose)" : ""}, it exits 0 and stops both Prism processes`, linuxOnly, async () => {
      const { mock, stopped } = args.length ? await verboseStoppedAtBanner() : await stoppedAtBanner(startMockScript(args));
      assert.deepEqual(stopped, { code: 0, signal: null });
      assert.deepEqual(await mock.leftovers(), []);
    });
  }

  it("stopped with SIGINT during start-up, it exits 0, prints no banner and leaves no Prism process", async () => {
    const mock = startMockScript();
    // Prism started, not listening yet. The script installs its signal handlers before it starts
    // Prism, so the SIGINT may follow the launcher at once (it once raced them on a loaded machine).
    await childStarted(mock.child.pid!);
    assert.doesNotMatch(mock.output(), /Mocks ready/);
    assert.deepEqual(await mock.stop("SIGINT"), { code: 0, signal: null });
    assert.doesNotMatch(mock.output(), /Mocks ready/);
    assert.deepEqual(await mock.leftovers(), []);
  });

  it("killed outright (SIGKILL, no handler runs), its Prism processes end with it", linuxOnly, async () => {
    const mock = startMockScript();
    await mock.waitFor(/Ctrl-C stops both\.\n/);
    assert.deepEqual(await mock.stop("SIGKILL"), { code: null, signal: "SIGKILL" });
    assert.deepEqual(await mock.leftovers(), []);
  });

  it("npm start runs the build and the mock without a nested npm", () => {
    const { scripts } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
    assert.equal(scripts.start, "node scripts/build.mjs && node scripts/mock.mjs");
    assert.doesNotMatch(scripts.start, /\bnpm\b/);
  });
});
