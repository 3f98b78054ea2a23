// Debian's Chromium through playwright-core, as test/client/docs-browser.test.ts launches it:
// skipped (saying why) without /usr/bin/chromium, failing instead under REQUIRE_CHROMIUM=1 (CI).
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

export const chromiumPath = "/usr/bin/chromium";
const chromiumMissing = !existsSync(chromiumPath) && process.env.REQUIRE_CHROMIUM !== "1";

/** node:test options: skip with the reason when Chromium is missing (and not required). */
export const whenChromium = chromiumMissing
  ? { skip: `${chromiumPath} is missing: install Debian's chromium package (apt-get install chromium) to run the consumer page in a browser` }
  : {};

// Flags for headless Chromium as root on these machines (DESIGN.md).
const chromiumArgs = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/** A page that records its console errors and uncaught exceptions. */
export async function recordingPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 800, height: 900 } });
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return { page, errors };
}
