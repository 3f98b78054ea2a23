// The example consumer page (examples/consumer-page/) in a real browser against the sandbox, served
// from another origin than the sandbox's (CORS, docs/sandbox.md): a decline with code 07 or 12
// shows the adverse action notice (bank doc 7.4: reference_id, reason, print, e-mail when
// is_mailable); a good billing address update succeeds; a bad one shows doc 4.2's messages next to
// the fields; no console error on these paths. The notice's screenshot is the one docs/browser.md
// shows: written to docs/images/ when missing or under UPDATE_SCREENSHOTS=1; otherwise the new one
// (its reference differs on every run) must have the committed one's size, so the picture stays true.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { createBankPayments, createSandboxHelpers, type BankPaymentsApi } from "../../entry/index.js";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { launchChromium, recordingPage, whenChromium } from "./chromium.js";
import { servePage, type PageServer } from "./page-server.js";

const screenshot = join(import.meta.dirname, "../../docs/images/adverse-action-notice.png");
const payer = { bank_account: "bank_account_Vd93LmQa2XkP7rTe", consumer_id: "consumer_Hq7Zx2LmN4pR8sTu", store_number: "0042" };
const serviceFee = { service_fee_id: "service_fee_Tz6Mq1PxR9bK3wLe" };
const goodAddress = { line_1: "500 Congress Ave", city: "Austin", state_province: "TX", zipcode: "78701", country_code: "US" };

/** A PNG's width and height (its IHDR chunk). */
const sizeOf = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

function checkScreenshot(png: Buffer): void {
  if (process.env.UPDATE_SCREENSHOTS === "1" || !existsSync(screenshot)) {
    mkdirSync(join(screenshot, ".."), { recursive: true });
    writeFileSync(screenshot, png);
    return;
  }
  assert.deepEqual(sizeOf(png), sizeOf(readFileSync(screenshot)), "the notice's layout changed: run with UPDATE_SCREENSHOTS=1 and commit docs/images/");
}

describe("the consumer page in Chromium, against the sandbox", whenChromium, () => {
  let browser: Browser;
  let sandbox: Sandbox;
  let pages: PageServer;
  let bank: BankPaymentsApi;

  // One tab, navigated to each intent's page: a new document every time, without a new renderer
  // process per open (~0.5 s of CPU each). Each open collects its own console errors.
  let page: Page;
  let errorsOfOpen: string[] = [];

  before(async () => {
    [browser, sandbox, pages] = await Promise.all([launchChromium(), startSandbox({ service: "bank", bankPort: 0 }), servePage()]);
    bank = createBankPayments({ baseUrl: sandbox.bankUrl, apiKey: sandbox.secretKey });
    const recording = await recordingPage(browser);
    page = recording.page;
    const recorded = recording.errors;
    const route = () => errorsOfOpen.push(...recorded.splice(0));
    page.on("console", route);
    page.on("pageerror", route);
  });
  after(() => Promise.all([browser?.close(), sandbox?.close(), pages?.close()]));

  /** An intent made by the merchant's server (secret key), the page then opened on it. */
  async function openOn(amount: number, action?: "authorize_and_capture"): Promise<{ page: Page; errors: string[]; id: string }> {
    const created = action ? await bank.transactionIntents.create({ ...payer, ...serviceFee, amount, action }) : await bank.transactionIntents.create({ ...payer, type: "bankpay", amount });
    assert.ok(created.data, JSON.stringify(created.error));
    const errors: string[] = [];
    errorsOfOpen = errors;
    assert.notEqual(new URL(pages.origin).port, new URL(sandbox.bankUrl).port, "the page's origin is not the sandbox's");
    await page.goto(pages.url({ intent: created.data.id, api: sandbox.bankUrl, key: sandbox.publishableKey }));
    await page.locator("#status").filter({ hasText: /^$/ }).waitFor({ state: "attached" });
    return { page, errors, id: created.data.id };
  }

  it("a decline with code 07 (amount ending .07) shows the notice: reason, reference, print, e-mail when is_mailable", async () => {
    const { page, errors } = await openOn(80.07, "authorize_and_capture");
    const notice = page.locator("#notice");
    await notice.waitFor({ state: "visible" });
    assert.equal(await page.locator("#intent-status").textContent(), "failed");
    assert.match((await notice.locator("[data-notice=reason]").textContent()) ?? "", /07/, "the adverse action text (sandbox: it names its code)");
    assert.match((await notice.locator("[data-notice=reference]").textContent()) ?? "", /^RF-[A-Z0-9]{8}$/);
    assert.ok(await notice.getByRole("button", { name: "Print this notice" }).isVisible());
    assert.ok(await notice.getByRole("link", { name: "E-mail this notice" }).isVisible(), "the sandbox answers is_mailable true");
    checkScreenshot(await notice.screenshot());
    assert.deepEqual(errors, []);
  });

  it("a decline with code 12 (set with the helpers) shows the notice too; another decline (05) and an approved intent show none", async () => {
    const helpers = createSandboxHelpers({ baseUrl: sandbox.bankUrl, apiKey: sandbox.secretKey });
    await helpers.settings.update({ next_authorization_code: "12" });
    const declined = await openOn(61, "authorize_and_capture");
    await declined.page.locator("#notice").waitFor({ state: "visible" });
    assert.match((await declined.page.locator("[data-notice=reason]").textContent()) ?? "", /12/);
    await helpers.settings.update({ next_authorization_code: "05" });
    const other = await openOn(63, "authorize_and_capture");
    await other.page.locator("#address").waitFor({ state: "visible" });
    assert.equal(await other.page.locator("#intent-status").textContent(), "failed");
    assert.ok(await other.page.locator("#notice").isHidden(), "transaction_adverse_type false: no notice");
    const approved = await openOn(62, "authorize_and_capture");
    await approved.page.locator("#address").waitFor({ state: "visible" });
    assert.equal(await approved.page.locator("#intent-status").textContent(), "succeeded");
    assert.ok(await approved.page.locator("#notice").isHidden());
    assert.deepEqual([...declined.errors, ...approved.errors], []);
  });

  it("a good billing address update succeeds (publishable key, PATCH through a preflight)", async () => {
    const { page, errors, id } = await openOn(125);
    for (const [name, value] of Object.entries(goodAddress)) await page.fill(`input[name=${name}]`, value);
    await page.click("button[type=submit]");
    await page.locator("#address-status").filter({ hasText: "Billing address saved." }).waitFor();
    const stored = await bank.transactionIntents.retrieve(id);
    assert.ok(stored.data && "billing_address_id" in stored.data && stored.data.billing_address_id, "the intent has an address now");
    assert.deepEqual(errors, []);
  });

  it("a bad one shows doc 4.2's messages next to the right fields", async () => {
    const { page } = await openOn(126);
    for (const [name, value] of Object.entries({ ...goodAddress, city: "", country_code: "usa" })) await page.fill(`input[name=${name}]`, value);
    await page.click("button[type=submit]");
    await page.locator("#address-status").filter({ hasText: /./ }).waitFor();
    assert.equal(await page.locator("#address-status").textContent(), "Please correct the highlighted fields.");
    // city_locality belongs to the city input, country_code to its own; the others stay empty.
    assert.notEqual((await page.locator("[data-error-for=city]").textContent())?.trim(), "");
    assert.notEqual((await page.locator("[data-error-for=country_code]").textContent())?.trim(), "");
    for (const other of ["line_1", "state_province", "zipcode"]) assert.equal(await page.locator(`[data-error-for=${other}]`).textContent(), "", other);
    assert.equal(await page.locator("input[name=city]").getAttribute("aria-invalid"), "true");
  });
});
