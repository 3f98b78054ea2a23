// `npm start`'s mock (scripts/mock.mjs) as a user sees it: nothing before the banner, a banner
// that names the mock, the sandbox and the client, then only Prism's warnings and errors (a request
// that breaks the contract); `--verbose` shows everything Prism logs. And `npm start` itself runs
// no nested npm (each nested npm repeated the user's npm warnings).
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

interface Started {
  child: ChildProcess;
  output: () => string;
  errors: () => string;
  waitFor: (pattern: RegExp) => Promise<RegExpMatchArray>;
  stop: () => Promise<void>;
}

/** Runs scripts/mock.mjs on free ports, collecting what it prints. */
function startMockScript(args: string[] = []): Started {
  const child = spawn(process.execPath, [join(root, "scripts/mock.mjs"), ...args], {
    cwd: root,
    env: { ...process.env, BANK_MOCK_PORT: "0", CHECK_CASHING_MOCK_PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const waiters: Array<() => void> = [];
  const notify = () => waiters.splice(0).forEach((wake) => wake());
  child.stdout!.on("data", (chunk: Buffer) => { stdout += chunk.toString(); notify(); });
  child.stderr!.on("data", (chunk: Buffer) => { stderr += chunk.toString(); notify(); });
  const exited = new Promise<void>((done) => child.once("exit", () => { notify(); done(); }));
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
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

describe("npm start (scripts/mock.mjs)", () => {
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
      assert.match(banner, /npm run sandbox/);
      assert.match(banner, /npx payments-sandbox/);
      assert.match(banner, /createBankPayments\(\{ baseUrl: "http:\/\/127\.0\.0\.1:\d+"/);
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
    const mock = startMockScript(["--verbose"]);
    try {
      await mock.waitFor(/Ctrl-C stops both\.\n/);
      assert.match(mock.output(), /\[bank-payments\].*Prism is listening on/);
      assert.match(mock.output(), /Showing everything Prism logs/);
    } finally {
      await mock.stop();
    }
  });

  it("npm start runs the build and the mock without a nested npm", () => {
    const { scripts } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
    assert.equal(scripts.start, "node scripts/build.mjs && node scripts/mock.mjs");
    assert.doesNotMatch(scripts.start, /\bnpm\b/);
  });
});
