// A HAR written by Chromium (playwright-core's recordHar, Debian's chromium as in
// test/client/docs-browser.test.ts) of a page on another origin that calls the sandbox (its CORS):
// it judges clean (the page itself and the preflights are "not judged"), and the same recording with
// one response altered by hand fails naming the rule it breaks.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { chromium } from "playwright-core";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { exchangesFromHar } from "../../conformance/traffic/har.js";
import { judgeTraffic, trafficSummaryLine } from "../../conformance/traffic/judge.js";

const chromiumPath = "/usr/bin/chromium";
const chromiumArgs = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const whenChromium = !existsSync(chromiumPath) && process.env.REQUIRE_CHROMIUM !== "1"
  ? { skip: `${chromiumPath} is missing: install Debian's chromium package to run the browser recording` } : {};

/** A page that creates an intent with the secret key (a test page), then reads it with the publishable key as a consumer page does. */
const page = (api: string, secret: string, publishable: string) => `<!doctype html><title>traffic</title><pre id="out"></pre><script>
(async () => {
  const created = await fetch(${JSON.stringify(api)} + "/api/transaction-intents", { method: "POST",
    headers: { authorization: "Bearer ${secret}", "content-type": "application/json" },
    body: JSON.stringify({ amount: 42, bank_account: "bank_account_BrOwSeRhAr000001", consumer_id: "consumer_BrOwSeRhAr000001", store_number: "S7", type: "bankpay" }) });
  const { data } = await created.json();
  const read = await fetch(${JSON.stringify(api)} + "/api/transaction-intents/" + data.id, { headers: { authorization: "Bearer ${publishable}" } });
  const intent = await read.json();
  document.getElementById("out").textContent = "done " + read.status + " " + intent.data.status;
})();
</script>`;

describe("a HAR recorded by Chromium", whenChromium, () => {
  let sandbox: Sandbox;
  let site: Server;
  const dir = mkdtempSync(join(tmpdir(), "traffic-browser-"));
  const harFile = join(dir, "chromium.har");
  before(async () => {
    sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
    const html = page(sandbox.bankUrl, sandbox.secretKey, sandbox.publishableKey);
    site = createServer((_req, res) => { res.writeHead(200, { "content-type": "text/html" }); res.end(html); });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    try {
      const context = await browser.newContext({ recordHar: { path: harFile, content: "embed" } });
      const tab = await context.newPage();
      await tab.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
      await tab.waitForFunction(() => document.getElementById("out")?.textContent?.startsWith("done"), undefined, { timeout: 20_000 });
      assert.match(await tab.textContent("#out") ?? "", /^done 200 /);
      await context.close(); // writes the HAR
    } finally {
      await browser.close();
    }
  });
  after(async () => {
    await sandbox?.close();
    await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
    rmSync(dir, { recursive: true, force: true });
  });
  const keys = () => ({ secret: sandbox.secretKey, publishable: sandbox.publishableKey });

  test("judges clean: the create and the read in full, the page and any preflight not judged", () => {
    const result = judgeTraffic({ service: "bank-payments", keys: keys(), exchanges: exchangesFromHar(JSON.parse(readFileSync(harFile, "utf8"))) });
    assert.deepEqual(result.judgements.filter((j) => !j.ok).map((j) => `${j.operationId}: ${j.problems[0]}`), []);
    assert.equal(result.full, 2, trafficSummaryLine(result));
    assert.ok(result.notJudged >= 1, "the page itself is not a route of the contract");
    console.log(`# Chromium's HAR: ${trafficSummaryLine(result)}`);
  });

  test("with the read's response altered by hand, fails naming the rule", () => {
    const document = JSON.parse(readFileSync(harFile, "utf8"));
    const read = document.log.entries.find((e: any) => e.request.method === "GET" && /\/transaction-intents\//.test(e.request.url));
    const content = read.response.content;
    const text = content.encoding === "base64" ? Buffer.from(content.text, "base64").toString("utf8") : content.text;
    assert.match(text, /"consumer_id":"consumer_BrOwSeRhAr000001"/);
    content.text = text.replace("consumer_BrOwSeRhAr000001", "consumer_SoMeOnEeLsE000001");
    delete content.encoding;
    const altered = join(dir, "altered.har");
    writeFileSync(altered, JSON.stringify(document));
    const result = judgeTraffic({ service: "bank-payments", keys: keys(), exchanges: exchangesFromHar(JSON.parse(readFileSync(altered, "utf8"))) });
    const failed = result.judgements.filter((j) => !j.ok);
    assert.equal(failed.length, 1);
    assert.equal(failed[0].operationId, "getTransactionIntent");
    assert.ok(failed[0].rules.length > 0 && failed[0].problems.some((p) => p.includes("consumer_id")), failed[0].problems.join("; "));
    console.log(`# altered: [${failed[0].rules.join(", ")}] ${failed[0].problems[0]}`);
  });
});
