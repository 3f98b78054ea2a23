// The HTML report of a failing run, as a person opens it: one file that needs nothing else (no
// script, stylesheet, image or font, and no request at all when opened in Chromium), the verdict and
// the failures first, grouped by rule in words with the shortest reproducer's diff marked, then what
// the verdict rests on and the coverage matrices. Its screenshot is the one docs/conformance.md
// shows: written to docs/images/ when missing or under UPDATE_SCREENSHOTS=1; otherwise the new one
// must have the committed one's size. Chromium as the other browser tests launch it (skipped
// without it, failing instead under REQUIRE_CHROMIUM=1).
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, test } from "node:test";
import { runConformance } from "../../conformance/runner.js";
import { mutants } from "../../proof/mutants/catalog.js";
import { startMutantProxy, type RunningProxy } from "../../proof/mutants/proxy.js";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { launchChromium, recordingPage, whenChromium } from "../browser/chromium.js";

const screenshot = join(import.meta.dirname, "../../docs/images/conformance-report.png");
const sizeOf = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe("the HTML report of a failing run", () => {
  let sandbox: Sandbox;
  let proxy: RunningProxy;
  let html = "";
  const reportDir = mkdtempSync(join(tmpdir(), "html-report-"));
  const file = join(reportDir, "conformance-bank-payments.html");
  before(async () => {
    sandbox = await startSandbox({ bankPort: 0, service: "bank", database: ":memory:" });
    // A server that shows the publishable key the lists it must refuse it: a few failures, one rule.
    proxy = await startMutantProxy(mutants.find((m) => m.id === "publishable-key-lists")!, sandbox.bankUrl, { secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey });
    const result = await runConformance({
      service: "bank-payments", baseUrl: proxy.url, secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey,
      layers: ["dredd", "scenarios", "coverage"], reportDir, settings: { linked_credit_submerchant_id: "prohibited" },
    });
    assert.ok(result.failed > 0);
    html = readFileSync(file, "utf8");
  });
  after(async () => { await proxy?.close(); await sandbox?.close(); rmSync(reportDir, { recursive: true, force: true }); });

  test("is one file that loads nothing: no script, stylesheet, image, font or frame", () => {
    assert.match(html, /^<!DOCTYPE html>/);
    assert.doesNotMatch(html, /<script|<link|<img|<iframe|<object|@import|url\(|src=/i);
  });

  test("opened in Chromium: no request, the verdict and the failures first, grouped by rule in words, the diff marked, then the evidence and the matrices", whenChromium, async () => {
    const browser = await launchChromium();
    try {
      const { page, errors } = await recordingPage(browser);
      const requests: string[] = [];
      await page.route("**/*", (route) => {
        const url = route.request().url();
        if (url.startsWith("file:")) return route.continue();
        requests.push(url);
        return route.abort();
      });
      await page.goto(pathToFileURL(file).href);
      assert.deepEqual(requests, [], "the report asked for nothing");
      assert.match((await page.locator("h1").textContent()) ?? "", /^Conformance report: bank-payments FAILED$/);
      const headings = await page.locator("h2").allTextContents();
      assert.match(headings[0], /^Failures \(\d+\), by the rule broken \(\d+\)$/, headings.join(" | "));
      assert.deepEqual(headings.slice(1).map((h) => h.replace(/ \(\d+\)$/, "")), ["What the verdict rests on", "Coverage matrix: operation x documented status", "All checks"]);
      const firstGroup = page.locator("details.group").first();
      assert.equal(await firstGroup.getAttribute("open"), "", "the first rule is open");
      assert.doesNotMatch((await firstGroup.locator("summary").textContent()) ?? "", /#\/paths|~1/, "titled in words");
      assert.ok(await firstGroup.locator("pre .del").count() > 0 || await firstGroup.locator("pre .ins").count() > 0, "the diff is marked");
      assert.match((await firstGroup.locator("pre").first().textContent()) ?? "", /reproduce:\n\s+BASE=/);
      assert.ok(await page.locator("table").count() >= 3, "the operation x status matrix and the state x action matrices");
      assert.deepEqual(errors, []);
      const png = await page.screenshot();
      if (process.env.UPDATE_SCREENSHOTS === "1" || !existsSync(screenshot)) {
        mkdirSync(join(screenshot, ".."), { recursive: true });
        writeFileSync(screenshot, png);
      } else {
        assert.deepEqual(sizeOf(png), sizeOf(readFileSync(screenshot)), "the report's layout changed: run with UPDATE_SCREENSHOTS=1 and commit docs/images/");
      }
    } finally {
      await browser.close();
    }
  });
});
