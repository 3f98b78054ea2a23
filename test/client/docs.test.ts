// `npm run docs` (scripts/docs.mjs): one static HTML reference per service that contains every
// operation and fetches nothing from other hosts when viewed, and a landing page that says what
// each service does and links every operation, the client and every guide.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { buildDocs, docServices, firstParagraph, guides, idleCallbackPolyfill, operationRoute, remoteAssetUrls, tableWrapStyle } from "../../scripts/docs.mjs";

const outDir = mkdtempSync(join(tmpdir(), "docs-site-"));
const html = new Map<string, string>();

before(async () => {
  await buildDocs({ outDir });
  for (const { name } of docServices) html.set(name, readFileSync(join(outDir, `${name}.html`), "utf8"));
});

after(() => rmSync(outDir, { recursive: true, force: true }));

type Operation = { operationId: string; summary: string; tags: string[] };

function documentOf(name: string): { info: { description: string }; paths: Record<string, Record<string, Operation>> } {
  return JSON.parse(readFileSync(new URL(`../../generated/openapi/${name}.json`, import.meta.url), "utf8"));
}

function operationsOf(name: string): Operation[] {
  return Object.values(documentOf(name).paths).flatMap((item) =>
    Object.values(item).filter((op): op is Operation => typeof op === "object" && op !== null && "operationId" in op));
}

describe("reference docs", () => {
  for (const { name, title } of docServices) {
    describe(name, () => {
      it("contains every operation (operationId and summary)", () => {
        const page = html.get(name) ?? "";
        const operations = operationsOf(name);
        assert.ok(operations.length > 0);
        for (const { operationId, summary } of operations) {
          assert.ok(page.includes(operationId), operationId);
          assert.ok(page.includes(summary), summary);
        }
        assert.ok(page.includes(`<title>${title}</title>`));
      });

      it("opens on the operations: the description links each operation, and nothing else, before its guide", () => {
        const description = documentOf(name).info.description;
        const beforeGuide = description.split("\n## ")[0];
        const links = [...beforeGuide.matchAll(/\]\((#[^)]*)\)/g)].map((m) => m[1]).sort();
        assert.deepEqual(links, operationsOf(name).map(operationRoute).sort());
        const tags = new Set(operationsOf(name).flatMap((o) => o.tags));
        const headings = [...description.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
        assert.ok(headings.length > 0, "a guide");
        // A guide heading named like a tag would make two side-menu entries of one name.
        assert.deepEqual(headings.filter((h) => tags.has(h)), []);
      });

      it("opens in Redoc's stacked layout with the table wrap style (the three-panel middle column is too narrow)", () => {
        const page = html.get(name) ?? "";
        assert.match(page, /"layout":"stacked"/);
        assert.ok(page.includes(tableWrapStyle));
      });

      it("defines requestIdleCallback before Redoc's scripts (its search waits for an idle callback)", () => {
        const page = html.get(name) ?? "";
        assert.ok(page.indexOf(idleCallbackPolyfill) > page.indexOf("<head>"));
        assert.equal(page.indexOf("<script"), page.indexOf(idleCallbackPolyfill), "the polyfill is the first script");
      });

      it("embeds Redoc and loads nothing from other hosts, telemetry off", () => {
        const page = html.get(name) ?? "";
        assert.deepEqual(remoteAssetUrls(page), []);
        assert.doesNotMatch(page, /<script[^>]+src=/i);
        assert.match(page, /"disableTelemetry":true/);
        assert.match(page, /hydrate\(__redoc_definition/);
      });
    });
  }

  describe("index.html, the landing page", () => {
    const index = () => readFileSync(join(outDir, "index.html"), "utf8");

    it("says what each service does and links its page and every operation", () => {
      for (const { name } of docServices) {
        const document = documentOf(name);
        assert.ok(index().includes(`href="${name}.html"`), name);
        assert.ok(index().includes(firstParagraph(document.info.description).slice(0, 40)), `${name}: what it does`);
        for (const operation of operationsOf(name)) assert.ok(index().includes(`href="${name}.html${operationRoute(operation)}"`), operation.operationId);
      }
    });

    it("shows the client and links every guide of docs/ by its title, each link reaching the file", () => {
      assert.match(index(), /createBankPayments/);
      const found = guides();
      assert.ok(found.length >= 8, `${found.length} guides`);
      const hrefs = [...index().matchAll(/<dt><a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => ({ href: m[1], title: m[2] }));
      assert.deepEqual(hrefs.map((h) => h.title), found.map((g) => g.title.replace(/&/g, "&amp;")));
      for (const { href } of hrefs) assert.ok(existsSync(resolve(outDir, href)), `${href} from ${outDir}`);
    });

    it("loads nothing from other hosts", () => {
      assert.deepEqual(remoteAssetUrls(index()), []);
      assert.doesNotMatch(index(), /<script/);
    });
  });

  it("every guide starts with a paragraph the landing page can show", () => {
    for (const { file, summary } of guides()) assert.ok(summary.length > 40, `${file}: ${summary}`);
  });

  it("the offline check notices a CDN script", () => {
    assert.equal(remoteAssetUrls('<script src="https://cdn.example.org/redoc.js"></script>').length > 0, true);
    assert.equal(remoteAssetUrls('<link rel="stylesheet" href="//fonts.example.org/css">').length > 0, true);
  });
});
