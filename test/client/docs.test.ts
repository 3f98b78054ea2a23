// `npm run docs` (scripts/docs.mjs): one static HTML reference per service that contains every
// operation and fetches nothing from other hosts when viewed.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { buildDocs, docServices, remoteAssetUrls } from "../../scripts/docs.mjs";

const outDir = mkdtempSync(join(tmpdir(), "docs-site-"));
const html = new Map<string, string>();

before(async () => {
  await buildDocs({ outDir });
  for (const { name } of docServices) html.set(name, readFileSync(join(outDir, `${name}.html`), "utf8"));
});

after(() => rmSync(outDir, { recursive: true, force: true }));

type Operation = { operationId: string; summary: string };

function operationsOf(name: string): Operation[] {
  const document = JSON.parse(readFileSync(new URL(`../../generated/openapi/${name}.json`, import.meta.url), "utf8"));
  return Object.values<Record<string, Operation>>(document.paths).flatMap((item) =>
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

      it("embeds Redoc and loads nothing from other hosts, telemetry off", () => {
        const page = html.get(name) ?? "";
        assert.deepEqual(remoteAssetUrls(page), []);
        assert.doesNotMatch(page, /<script[^>]+src=/i);
        assert.match(page, /"disableTelemetry":true/);
        assert.match(page, /hydrate\(__redoc_definition/);
      });
    });
  }

  it("writes an index linking each page", () => {
    const index = readFileSync(join(outDir, "index.html"), "utf8");
    for (const { name } of docServices) assert.ok(index.includes(`href="${name}.html"`));
  });

  it("the offline check notices a CDN script", () => {
    assert.equal(remoteAssetUrls('<script src="https://cdn.example.org/redoc.js"></script>').length > 0, true);
    assert.equal(remoteAssetUrls('<link rel="stylesheet" href="//fonts.example.org/css">').length > 0, true);
  });
});
