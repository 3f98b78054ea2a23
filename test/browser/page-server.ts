// The consumer page for the browser tests: bundled with esbuild (the package's sources standing in
// for the installed package) and served by a small static server on 127.0.0.1, so the page's origin
// is never the sandbox's or the mock's.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildConsumerPage } from "../../examples/consumer-page/build.mjs";

const root = join(import.meta.dirname, "../..");
const pageDir = join(root, "examples/consumer-page");

/** `bank-payments-contract` as the repository's sources, for bundling without a packed package. */
export const packageAlias = { "bank-payments-contract": join(root, "entry/index.ts") };

export type PageServer = { origin: string; url(query: Record<string, string>): string; close(): Promise<void> };

/** Builds the page and serves index.html and dist/page.js; everything else is 404. */
export async function servePage(): Promise<PageServer> {
  const outdir = mkdtempSync(join(tmpdir(), "consumer-page-"));
  await buildConsumerPage({ outdir, alias: packageAlias });
  try {
    return await serveBuiltPage(join(pageDir, "index.html"), join(outdir, "page.js"));
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** Serves a built page: its index.html and its bundle as dist/page.js; everything else is 404. */
export async function serveBuiltPage(indexHtml: string, bundle: string): Promise<PageServer> {
  const files: Record<string, { type: string; body: Buffer }> = {
    "/index.html": { type: "text/html; charset=utf-8", body: readFileSync(indexHtml) },
    "/dist/page.js": { type: "text/javascript; charset=utf-8", body: readFileSync(bundle) },
  };
  const server: Server = createServer((req, res) => {
    const file = files[(req.url ?? "/").split("?")[0]];
    res.writeHead(file ? 200 : 404, { "Content-Type": file?.type ?? "text/plain", "Cache-Control": "no-store" });
    res.end(file?.body ?? "not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (query) => `${origin}/index.html?${new URLSearchParams(query)}`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
