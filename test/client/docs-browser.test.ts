// The reference pages in a real browser (Debian's Chromium, headless, through playwright-core),
// opened from file:// as a user opens them offline, 1280 x 800: the landing page links both
// references, which open; the first screen lists every operation of the service, a link there
// opens its operation, whose title takes at most two lines (in the page and the side menu); the
// description's tables wrap inside the page instead of being cut off; the guide's headings are in
// the side menu; the search (built in an idle callback, also where the browser lacks
// requestIdleCallback) finds `capture`.
//
// Without /usr/bin/chromium the tests are skipped, and say why. CI installs Chromium and sets
// REQUIRE_CHROMIUM=1 (.ci/run), so there a missing browser fails instead of skipping.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { buildDocs, operationRoute } from "../../scripts/docs.mjs";

const chromiumPath = "/usr/bin/chromium";
const chromiumRequired = process.env.REQUIRE_CHROMIUM === "1";
const chromiumMissing = !existsSync(chromiumPath);
const whenChromium = chromiumMissing && !chromiumRequired
  ? { skip: `${chromiumPath} is missing: install Debian's chromium package (apt-get install chromium) to run the browser tests of the reference pages` }
  : {};
// Flags for headless Chromium as root on these machines (../shared/DESIGN.md); playwright-core
// gives each launch a fresh temporary profile directory of its own.
const chromiumArgs = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const viewport = { width: 1280, height: 800 };
const outDir = mkdtempSync(join(tmpdir(), "docs-browser-"));
let browser: Browser;
let launching: Promise<unknown> = Promise.resolve();

type Operation = { operationId: string; summary: string; tags: string[] };

function operationsOf(name: string): Operation[] {
  const document = JSON.parse(readFileSync(new URL(`../../generated/openapi/${name}.json`, import.meta.url), "utf8"));
  return Object.values<Record<string, Operation>>(document.paths).flatMap((item) =>
    Object.values(item).filter((op): op is Operation => typeof op === "object" && op !== null && "operationId" in op));
}

after(() => rmSync(outDir, { recursive: true, force: true }));

/** Opens a page from file:// and waits until Redoc is hydrated and its search index is built. */
async function open(name: string): Promise<Page> {
  const page = await openFile(`${name}.html`);
  await hydrated(page);
  return page;
}

/** Waits until Redoc is hydrated and its search index is built (at once when it already is). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => /Search/.test(document.querySelector("[data-testid=search-trigger]")?.textContent ?? ""));
}

// Loading and hydrating a 2.7 MB reference costs seconds of CPU, so the tests that read a document
// or move it by hash share one page per document (the one the landing page's link opened, when that
// test ran); only the landing click-through needs a fresh page. The tables test reloads it, hence
// the wait for hydration on every hand-out.
const documentPages = new Map<string, Promise<Page>>();

/**
 * The search without requestIdleCallback: the shared bank-payments page, loaded again with the
 * script that deletes it running before the page's own. A new document in the same tab costs a
 * third of the CPU of a new tab's (its renderer process and compiled Redoc are there already).
 */
async function pageWithoutIdleCallback(): Promise<Page> {
  const page = await documentPage("bank-payments");
  documentPages.delete("bank-payments"); // the search test closes it
  await page.addInitScript(() => {
    // A browser without requestIdleCallback (Safari): what left the search on "Loading...".
    Reflect.deleteProperty(window, "requestIdleCallback");
    Reflect.deleteProperty(window, "cancelIdleCallback");
  });
  await visit(page, "bank-payments", "");
  await hydrated(page);
  return page;
}

async function documentPage(name: string): Promise<Page> {
  let opening = documentPages.get(name);
  if (!opening) {
    opening = open(name);
    documentPages.set(name, opening);
    opening.catch(() => documentPages.delete(name));
  }
  const page = await opening;
  await hydrated(page);
  return page;
}

/** Opens a file of the built site from file://. */
async function openFile(file: string, options: { hash?: string } = {}): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(20_000);
  await page.goto(pathToFileURL(join(outDir, file)).href + (options.hash ?? ""));
  return page;
}

/** Moves an open page to `hash` within the same document (no reload), as a link or the address bar does. */
async function visit(page: Page, name: string, hash: string): Promise<void> {
  await page.goto(pathToFileURL(join(outDir, `${name}.html`)).href + hash);
}

/** How many lines each visible element whose whole text is `text` takes (0 for a hidden one). */
function linesOf(page: Page, text: string): Promise<number[]> {
  return page.evaluate((wanted) => Array.from(document.querySelectorAll("h1, h2, a, span, div, li, p, label"))
    .filter((element) => Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim() === wanted))
    .map((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set(Array.from(range.getClientRects()).filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
    }), text);
}

/** The description tables wider than the box that shows them (cut off, or scrolled sideways). */
function overflowingTables(page: Page): Promise<string[]> {
  return page.evaluate(() => Array.from(document.querySelectorAll(".md-table-wrapper"))
    .filter((wrapper) => wrapper.scrollWidth > wrapper.clientWidth + 1)
    .map((wrapper) => `${wrapper.querySelector("th")?.textContent ?? "?"}...: ${wrapper.scrollWidth} px in ${wrapper.clientWidth} px`));
}

/** The `href`s of the links that are visible in the first screen of the main content. */
function firstScreenLinks(page: Page): Promise<string[]> {
  return page.evaluate((height) => Array.from(document.querySelectorAll("a[href^='#']"))
    .filter((a) => !a.closest('[data-component-name="Menu/Menu"]'))
    .filter((a) => {
      const box = a.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.top >= 0 && box.bottom <= height;
    })
    .map((a) => a.getAttribute("href") ?? ""), viewport.height);
}

describe("reference pages in Chromium", whenChromium, () => {
  before(async () => {
    assert.ok(!chromiumMissing, `${chromiumPath} is missing, and REQUIRE_CHROMIUM=1 says this run must test in Chromium: apt-get install chromium`);
    // Chromium starts while Redocly builds the pages.
    launching = chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }).then((launched) => { browser = launched; });
    await Promise.all([buildDocs({ outDir }), launching]);
  });

  after(async () => {
    await launching.catch(() => {});
    await browser?.close();
  });

  describe("index.html, the landing page", () => {
    it("links both references, each opens in Redoc, and nothing is wider than the window", async () => {
      // Both at once (the waits are the browser's); the reference each link opened is kept for the
      // tests below.
      const results = await Promise.allSettled(["bank-payments", "check-cashing"].map(async (name) => {
        const page = await openFile("index.html");
        try {
          assert.deepEqual(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
          await page.locator(`h3 a[href="${name}.html"]`).click();
          await page.waitForFunction(() => /Search/.test(document.querySelector("[data-testid=search-trigger]")?.textContent ?? ""));
          assert.match(page.url(), new RegExp(`/${name}\\.html$`));
        } catch (error) {
          await page.close();
          throw error;
        }
        if (documentPages.has(name)) await page.close();
        else documentPages.set(name, Promise.resolve(page));
      }));
      for (const result of results) if (result.status === "rejected") throw result.reason;
    });
  });

  for (const [name, guide] of [
    ["bank-payments", ["Payment flow", "Declines and adverse action", "Paying a consumer", "Pagination"]],
    ["check-cashing", ["Approvals, declines and corrections"]],
  ] as const) {
    describe(`${name}.html in Chromium`, () => {
      it("shows a link to every operation on the first screen", async () => {
        const page = await documentPage(name);
        await page.screenshot({ path: join(outDir, `${name}-first-screen.png`) });
        const links = await firstScreenLinks(page);
        const missing = operationsOf(name).map(operationRoute).filter((route) => !links.includes(route));
        assert.deepEqual(missing, [], `not on the first screen (links seen: ${links.join(", ")})`);
      });

      it("opens the operation a first-screen link names", async () => {
        const page = await documentPage(name);
        const operation = operationsOf(name).at(-1)!;
        await page.locator(`a[href="${operationRoute(operation)}"]`).first().click();
        await page.waitForFunction((summary) => Array.from(document.querySelectorAll("h1, h2")).some((h) => {
          const box = h.getBoundingClientRect();
          return h.textContent?.trim() === summary && box.top >= 0 && box.top < window.innerHeight;
        }), operation.summary);
      });

      // One page per document, moved from operation to operation by its hash (Redoc follows it), as
      // a reader clicking through does: a fresh page per operation made this file the suite's slowest.
      it("shows each operation's title on at most two lines, in the page and in the side menu", async () => {
        const page = await documentPage(name);
        for (const operation of operationsOf(name)) {
          await visit(page, name, operationRoute(operation));
          await page.waitForFunction((summary) => Array.from(document.querySelectorAll("h1, h2")).some((h) => h.textContent?.trim() === summary), operation.summary);
          const lines = (await linesOf(page, operation.summary)).filter((n) => n > 0);
          assert.ok(lines.length >= 2, `${operation.summary}: title and menu entry shown (${lines.join(", ")})`);
          assert.ok(lines.every((n) => n <= 2), `${operation.summary} takes ${Math.max(...lines)} lines`);
        }
      });

      it("wraps the description's tables inside the page instead of cutting them off", async () => {
        const page = await documentPage(name);
        for (const hash of ["", ...operationsOf(name).map(operationRoute)]) {
          await visit(page, name, hash);
          assert.deepEqual(await overflowingTables(page), [], `at ${name}.html${hash}`);
        }
      });

      it("lists the guide's sections in the side menu", async () => {
        const page = await documentPage(name);
        const menu = await page.$$eval('[data-component-name="Menu/MenuItem"]', (items) => items.map((i) => (i as HTMLElement).innerText.trim()));
        for (const heading of guide) assert.ok(menu.includes(heading), `${heading} not in ${JSON.stringify(menu)}`);
      });
    });
  }

  describe("search", () => {
    for (const withoutIdleCallback of [false, true]) {
      it(`finds "capture" in bank-payments.html${withoutIdleCallback ? " in a browser without requestIdleCallback" : ""}`, async () => {
        // Without requestIdleCallback the page must load again (the script that deletes it runs
        // before the page's own); with it, the shared page serves as it is.
        const page = withoutIdleCallback ? await pageWithoutIdleCallback() : await documentPage("bank-payments");
        try {
          await page.locator("[data-testid=search-trigger]").click();
          await page.locator("[data-testid=search-dialog] input").fill("capture");
          const first = page.locator('[data-component-name="Search/SearchItem"]').first();
          await first.waitFor();
          assert.match((await first.innerText()).toLowerCase(), /capture/);
        } finally {
          if (withoutIdleCallback) await page.close();
        }
      });
    }
  });
});
