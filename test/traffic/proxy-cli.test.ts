// `conformance proxy` and `conformance judge` as a user runs them: the proxy prints its address,
// forwards unchanged, survives what real traffic brings (a body that is not JSON, a client that
// drops its connection half-way, a route the contract does not know: passed through, "not judged"),
// and on SIGTERM prints the summary, writes the report and its masked recording and exits 0 when
// nothing failed; the judge exits 1 on a recording with an altered response, naming the rule.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { runCli, stopLeftoverClis } from "./proxy-helpers.js";

describe("conformance proxy and conformance judge", () => {
  let sandbox: Sandbox;
  const dir = mkdtempSync(join(tmpdir(), "traffic-cli-"));
  before(async () => { sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" }); });
  after(async () => { stopLeftoverClis(); await sandbox?.close(); rmSync(dir, { recursive: true, force: true }); });

  test("the proxy forwards, survives bad traffic, and on SIGTERM writes its report and masked recording; the judge flags an altered recording", async () => {
    const har = join(dir, "recorded.har");
    const proxy = runCli(["proxy", "--service", "bank-payments", "--upstream", sandbox.bankUrl, "--port", "0", "--secret-key", sandbox.secretKey,
      "--publishable-key", sandbox.publishableKey, "--record", har, "--report", dir, "--triggers"]);
    const url = await proxy.ready;
    const auth = { authorization: `Bearer ${sandbox.secretKey}` };
    const created = await fetch(`${url}/api/transaction-intents`, {
      method: "POST", headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ amount: 25, bank_account: "bank_account_AbCdEfGh12345678", consumer_id: "consumer_AbCdEfGh12345678", store_number: "S1", type: "bankpay" }),
    });
    const direct = await (await fetch(`${sandbox.bankUrl}/api/transaction-intents?limit=1`, { headers: auth })).json();
    assert.equal(created.status, 201, "answered as the upstream answered");
    const id = (await created.json()).data.id as string;
    assert.equal(direct.data[0].id, id, "the request reached the upstream unchanged");
    assert.equal((await fetch(`${url}/api/transaction-intents/${id}`, { headers: auth })).status, 200);
    const broken = await fetch(`${url}/api/transaction-intents`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: "{not json" });
    assert.equal(broken.status, 422, "a body that is not JSON is forwarded and answered");
    const unknown = await fetch(`${url}/not-in-the-contract`, { headers: auth });
    assert.equal(unknown.status, 404, "a route the contract does not know passes through");
    // A client that drops its connection half-way through sending its body.
    await new Promise<void>((resolve) => {
      const half = request(`${url}/api/transaction-intents`, { method: "POST", headers: { ...auth, "content-type": "application/json", "content-length": "500" } });
      half.on("error", () => resolve());
      half.write('{"amount": 1');
      setTimeout(() => { half.destroy(); resolve(); }, 100);
    });
    assert.equal((await fetch(`${url}/api/transaction-intents/${id}`, { headers: auth })).status, 200, "still serving after the dropped connection");
    proxy.signal("SIGTERM");
    assert.equal(await proxy.exit, 0, proxy.lines.join("\n"));
    assert.match(proxy.lines.at(-1)!, /^5 exchanges, 4 judged in full, 1 not judged: routes the contract does not know, 0 failed$/);
    const report = readFileSync(join(dir, "traffic-bank-payments.md"), "utf8");
    assert.match(report, /GET \S+\/not-in-the-contract -> 404: not judged, a route the contract does not know/);
    const recorded = readFileSync(har, "utf8");
    assert.ok(!recorded.includes(sandbox.secretKey), "the recording masks the key");

    const judged = runCli(["judge", har, "--service", "bank-payments", "--secret-key", sandbox.secretKey, "--publishable-key", sandbox.publishableKey, "--triggers"]);
    assert.equal(await judged.exit, 0, judged.lines.join("\n"));
    const altered = join(dir, "altered.har");
    const document = JSON.parse(recorded);
    const read = document.log.entries.find((e: any) => e.request.method === "GET" && e.response.status === 200);
    assert.match(read.response.content.text, /"consumer_id":"consumer_AbCdEfGh12345678"/);
    read.response.content.text = read.response.content.text.replace(/"consumer_id":"consumer_AbCdEfGh12345678"/, '"consumer_id":"consumer_ZzZzZzZz12345678"');
    writeFileSync(altered, JSON.stringify(document));
    const flagged = runCli(["judge", altered, "--service", "bank-payments", "--secret-key", sandbox.secretKey, "--publishable-key", sandbox.publishableKey, "--triggers"]);
    assert.equal(await flagged.exit, 1);
    const output = flagged.lines.join("\n");
    assert.match(output, /^FAIL #2 GET \S+ -> 200 \(getTransactionIntent\) \[bank §[0-9.]+\]$/m);
    assert.match(output, /Authorization: Bearer \$SECRET_KEY/);
    assert.ok(!output.includes(sandbox.secretKey), "no key in full in the output");
    assert.match(flagged.lines.at(-1)!, /1 failed$/);
  });
});
