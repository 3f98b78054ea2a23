// The example consumer page in Chromium against the Prism mock (docs/mock.md: Prism answers CORS
// preflights itself), and against a sandbox whose --cors-origin does not list the page's origin
// (docs/sandbox.md, "CORS"): the browser blocks the read and the client surfaces a ConnectionError
// of kind `browser` naming the base URL, the server and its CORS origins.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser } from "playwright-core";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { startDocumentMock } from "../../scripts/mock.mjs";
import { launchChromium, recordingPage, whenChromium } from "./chromium.js";
import { servePage, type PageServer } from "./page-server.js";

/** The mock's declined example read with the publishable key (generated/openapi/bank-payments.yaml). */
const mockDecline = { id: "transaction_intent_9Wd2KpL6rT3mZq8X", reference: "RF-3H8T1N6C", prefer: "example=Publishable key: reduced view" };
const address = { line_1: "500 Congress Ave", city: "Austin", state_province: "TX", zipcode: "78701", country_code: "US" };
const listedOrigin = "http://localhost:5173";

describe("the consumer page in Chromium, against the mock and a restricted sandbox", whenChromium, () => {
  let browser: Browser;
  let mock: { bankUrl: string; stop(): Promise<void> };
  let restricted: Sandbox;
  let pages: PageServer;

  before(async () => {
    [browser, mock, restricted, pages] = await Promise.all([
      launchChromium(),
      // Only the bank's Prism: the page talks to nothing else (a second Prism costs ~2.5 s of CPU).
      startDocumentMock("bank-payments", { port: 0 }).then(({ url, stop }) => ({ bankUrl: url, stop })),
      startSandbox({ service: "bank", bankPort: 0, cors: { origins: [listedOrigin] } }),
      servePage(),
    ]);
  });
  after(() => Promise.all([browser?.close(), mock?.stop(), restricted?.close(), pages?.close()]));

  it("Prism answers a preflight: 204 with the page's origin, the method and the headers asked for", async () => {
    const response = await fetch(`${mock.bankUrl}/api/transaction-intents/${mockDecline.id}/address`, {
      method: "OPTIONS",
      headers: { Origin: pages.origin, "Access-Control-Request-Method": "PATCH", "Access-Control-Request-Headers": "authorization,content-type" },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get("access-control-allow-origin"), pages.origin);
    assert.equal(response.headers.get("access-control-allow-methods"), "PATCH");
    assert.equal(response.headers.get("access-control-allow-headers"), "authorization,content-type");
  });

  it("the mock's declined example shows the notice; an address update succeeds; an invalid one shows the 422 example's fields", async () => {
    const { page, errors } = await recordingPage(browser);
    await page.goto(pages.url({ intent: mockDecline.id, api: mock.bankUrl, key: "pk_test_mock", prefer: mockDecline.prefer }));
    await page.locator("#notice").waitFor({ state: "visible" });
    assert.equal(await page.locator("[data-notice=reference]").textContent(), mockDecline.reference);
    assert.ok(await page.getByRole("link", { name: "E-mail this notice" }).isVisible());
    for (const [name, value] of Object.entries(address)) await page.fill(`input[name=${name}]`, value);
    await page.click("button[type=submit]");
    await page.locator("#address-status").filter({ hasText: "Billing address saved." }).waitFor();
    assert.deepEqual(errors, [], "no console error on the good paths");
    // Prism answers a body that breaks the contract with the document's 422 example (line_one, postal_code).
    await page.fill("input[name=country_code]", "usa");
    await page.click("button[type=submit]");
    await page.locator("#address-status").filter({ hasText: "Please correct the highlighted fields." }).waitFor();
    assert.notEqual(await page.locator("[data-error-for=line_1]").textContent(), "");
    assert.notEqual(await page.locator("[data-error-for=zipcode]").textContent(), "");
    await page.close();
  });

  it("a sandbox restricted to another origin: the browser blocks the read, the client surfaces a ConnectionError", async () => {
    const { page } = await recordingPage(browser);
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await page.goto(pages.url({ intent: "transaction_intent_Blocked01", api: restricted.bankUrl, key: restricted.publishableKey }));
    await page.waitForFunction(() => document.body.dataset.failure !== undefined);
    assert.equal(await page.evaluate(() => document.body.dataset.failure), "ConnectionError:browser");
    assert.equal(await page.locator("#status").textContent(), "The payment service could not be reached. Please try again later.");
    const warning = warnings.find((text) => text.startsWith("ConnectionError (browser)")) ?? "";
    assert.ok(warning.includes(`GET ${restricted.bankUrl}/api/transaction-intents/transaction_intent_Blocked01 failed: the browser could not make the request`), warning);
    assert.ok(warning.includes(`allows this page's origin (${pages.origin}) in its CORS origins`), warning);
    await page.close();
  });
});
