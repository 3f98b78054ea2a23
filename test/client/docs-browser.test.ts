// The reference pages in a real browser (Debian's Chromium, headless, through playwright-core),
// opened from file:// as a user opens them offline: the first screen lists every operation of
// the service, a link there opens its operation, the guide's headings are in the side menu, and
// the search (built in an idle callback, also where the browser lacks requestIdleCallback) finds
// `capture`.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { buildDocs } from "../../scripts/docs.mjs";

const chromiumPath = "/usr/bin/chromium";
// Flags for headless Chromium as root on these machines (../shared/DESIGN.md); playwright-core
// gives each launch a fresh temporary profile directory of its own.
const chromiumArgs = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const viewport = { width: 1280, height: 800 };
const outDir = mkdtempSync(join(tmpdir(), "docs-browser-"));
let browser: Browser;

type Operation = { operationId: string; summary: string; tags: string[] };

function operationsOf(name: string): Operation[] {
  const document = JSON.parse(readFileSync(new URL(`../../generated/openapi/${name}.json`, import.meta.url), "utf8"));
  return Object.values<Record<string, Operation>>(document.paths).flatMap((item) =>
    Object.values(item).filter((op): op is Operation => typeof op === "object" && op !== null && "operationId" in op));
}

/** Redoc 3's route of an operation: `#/<tag slug>/<operationId in lower case>`. */
export function operationRoute(operation: Operation): string {
  return `#/${operation.tags[0].toLowerCase().replace(/\s+/g, "-")}/${operation.operationId.toLowerCase()}`;
}

before(async () => {
  assert.ok(existsSync(chromiumPath), `${chromiumPath} is missing: install Debian's chromium package`);
  await buildDocs({ outDir });
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

after(async () => {
  await browser?.close();
  rmSync(outDir, { recursive: true, force: true });
});

/** Opens a page from file:// and waits until Redoc is hydrated and its search index is built. */
async function open(name: string, options: { withoutIdleCallback?: boolean; hash?: string } = {}): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(20_000);
  if (options.withoutIdleCallback) {
    await page.addInitScript(() => {
      // A browser without requestIdleCallback (Safari): what left the search on "Loading...".
      Reflect.deleteProperty(window, "requestIdleCallback");
      Reflect.deleteProperty(window, "cancelIdleCallback");
    });
  }
  await page.goto(pathToFileURL(join(outDir, `${name}.html`)).href + (options.hash ?? ""));
  await page.waitForFunction(() => /Search/.test(document.querySelector("[data-testid=search-trigger]")?.textContent ?? ""));
  return page;
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

for (const [name, guide] of [
  ["bank-payments", ["Payment flow", "Declines and adverse action", "Paying a consumer", "Pagination"]],
  ["check-cashing", ["Approvals, declines and corrections"]],
] as const) {
  describe(`${name}.html in Chromium`, () => {
    it("shows a link to every operation on the first screen", async () => {
      const page = await open(name);
      try {
        await page.screenshot({ path: join(outDir, `${name}-first-screen.png`) });
        const links = await firstScreenLinks(page);
        const missing = operationsOf(name).map(operationRoute).filter((route) => !links.includes(route));
        assert.deepEqual(missing, [], `not on the first screen (links seen: ${links.join(", ")})`);
      } finally {
        await page.close();
      }
    });

    it("opens the operation a first-screen link names", async () => {
      const page = await open(name);
      try {
        const operation = operationsOf(name).at(-1)!;
        await page.locator(`a[href="${operationRoute(operation)}"]`).first().click();
        await page.waitForFunction((summary) => Array.from(document.querySelectorAll("h1, h2")).some((h) => {
          const box = h.getBoundingClientRect();
          return h.textContent?.trim() === summary && box.top >= 0 && box.top < window.innerHeight;
        }), operation.summary);
      } finally {
        await page.close();
      }
    });

    it("lists the guide's sections in the side menu", async () => {
      const page = await open(name);
      try {
        const menu = await page.$$eval('[data-component-name="Menu/MenuItem"]', (items) => items.map((i) => (i as HTMLElement).innerText.trim()));
        for (const heading of guide) assert.ok(menu.includes(heading), `${heading} not in ${JSON.stringify(menu)}`);
      } finally {
        await page.close();
      }
    });
  });
}

describe("search", () => {
  for (const withoutIdleCallback of [false, true]) {
    it(`finds "capture" in bank-payments.html${withoutIdleCallback ? " in a browser without requestIdleCallback" : ""}`, async () => {
      const page = await open("bank-payments", { withoutIdleCallback });
      try {
        await page.locator("[data-testid=search-trigger]").click();
        await page.locator("[data-testid=search-dialog] input").fill("capture");
        const first = page.locator('[data-component-name="Search/SearchItem"]').first();
        await first.waitFor();
        assert.match((await first.innerText()).toLowerCase(), /capture/);
      } finally {
        await page.close();
      }
    });
  }
});
