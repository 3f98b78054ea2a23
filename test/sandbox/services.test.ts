// One service per process: `startSandbox({service})` and `payments-sandbox --service`, two of them
// on one database file, writing at the same time.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { bankClient, billingAddress, party, payrollRequest } from "./helpers.js";

const json = { "Content-Type": "application/json" };
let trxCounter = 0;
const trxId = () => `SV-${Date.now() % 100000}-${(trxCounter += 1)}`;
const cli = join(import.meta.dirname, "../../sandbox/cli.ts");

let directory: string;
let file: string;

before(() => {
  directory = mkdtempSync(join(tmpdir(), "sandbox-services-"));
  file = join(directory, "shared.db");
});
after(() => rmSync(directory, { recursive: true, force: true }));

function submitPayroll(url: string, trxID: string) {
  return fetch(`${url}/v1/payroll`, { method: "POST", headers: json, body: JSON.stringify(payrollRequest(trxID)) });
}

describe("startSandbox({service})", () => {
  const started: Sandbox[] = [];
  after(() => Promise.all(started.map((s) => s.close())));

  test("a bank-only and a check-cashing-only sandbox share one file; a second bank sees the first's intents", async () => {
    const bank = await startSandbox({ service: "bank", bankPort: 0, database: file });
    started.push(bank);
    const checkCashing = await startSandbox({ service: "check-cashing", checkCashingPort: 0, database: file });
    started.push(checkCashing);
    assert.equal(bank.checkCashingUrl, "");
    assert.equal(checkCashing.bankUrl, "");
    assert.match(bank.bankUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.match(checkCashing.checkCashingUrl, /^http:\/\/127\.0\.0\.1:\d+$/);

    // Both write at once, through separate connections to one file: every request succeeds.
    const secret = bankClient(bank, bank.secretKey);
    const trxIDs = Array.from({ length: 20 }, trxId);
    const [creates, payrolls] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => secret.POST("/api/transaction-intents", { body: { amount: 15, ...party(), store_number: "0042", type: "bankpay", billing_address: billingAddress } }))),
      Promise.all(trxIDs.map((id) => submitPayroll(checkCashing.checkCashingUrl, id))),
    ]);
    assert.deepEqual(creates.map((r) => r.response.status), Array(20).fill(201));
    assert.deepEqual(payrolls.map((r) => r.status), Array(20).fill(200));

    const secondBank = await startSandbox({ service: "bank", bankPort: 0, database: file });
    started.push(secondBank);
    const listed = await bankClient(secondBank, secondBank.secretKey).GET("/api/transaction-intents", { params: { query: { per_page: 100 } } });
    assert.deepEqual(
      new Set(listed.data!.data.map((intent) => intent.id)),
      new Set(creates.map((r) => r.data!.data.id)),
    );
    // A trxID used through one process is used for the other too.
    const both = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: file });
    started.push(both);
    assert.equal((await submitPayroll(both.checkCashingUrl, trxIDs[0])).status, 400);
  });

  test("an unknown service is refused before anything listens", async () => {
    await assert.rejects(startSandbox({ service: "ledger" as never, bankPort: 0, checkCashingPort: 0 }), /service must be one of both, bank, check-cashing/);
  });
});

describe("payments-sandbox --service", () => {
  test("a check-cashing process and an in-process bank on one file; the process prints only its service and stops on SIGTERM", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", cli, "--service", "check-cashing", "--check-cashing-port", "0", "--db", file], { stdio: ["ignore", "pipe", "pipe"] });
    try {
      let stdout = "";
      child.stdout.setEncoding("utf8");
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (chunk: string) => {
          stdout += chunk;
          const found = /Check cashing service: (http:\/\/\S+)/.exec(stdout);
          if (found && stdout.includes("Press Ctrl+C")) resolve(found[1]);
        });
        child.once("exit", (code) => reject(new Error(`exited ${code}: ${stdout}`)));
      });
      assert.doesNotMatch(stdout, /Bank payment service|Secret key/);
      const bank = await startSandbox({ service: "bank", bankPort: 0, database: file });
      try {
        const trxID = trxId();
        const [payroll, create] = await Promise.all([
          submitPayroll(url, trxID),
          bankClient(bank, bank.secretKey).POST("/api/transaction-intents", { body: { amount: 16, ...party(), store_number: "0042", type: "bankpay" } }),
        ]);
        assert.equal(payroll.status, 200);
        assert.equal(create.response.status, 201);
      } finally {
        await bank.close();
      }
      child.kill("SIGTERM");
      const [code] = await once(child, "exit");
      assert.equal(code, 0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });

  test("--service bogus: exit 1, the error prefixed payments-sandbox:, then the usage", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", cli, "--service", "bogus", "--db", ":memory:"], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const [code] = await once(child, "exit");
    assert.equal(code, 1);
    assert.match(stderr, /^payments-sandbox: --service must be one of both, bank, check-cashing\n\nUsage: payments-sandbox \[options\]/);
  });
});
