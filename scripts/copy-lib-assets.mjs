#!/usr/bin/env node
// Part of `npm run build:lib`: tsc emits only what it compiles, so the other files that shipped
// code loads at run time (the Dredd hooks, `.cjs`, and any `.json`/`.sql` beside the sources of
// sandbox/ and conformance/) are copied into dist/ at the same relative path.
import { copyFileSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const folders = ["sandbox", "conformance"];
const assetPattern = /\.(cjs|mjs|js|json|sql)$/;
const skipped = /(^|\/)(test|tests|fixtures|node_modules)(\/|$)|\.test\./;

/** Every run-time asset under the shipped folders, as paths relative to the repository root. */
export function libAssets() {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(root, path);
      if (skipped.test(rel)) continue;
      if (entry.isDirectory()) walk(path);
      else if (assetPattern.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(rel);
    }
  };
  for (const folder of folders) if (existsSync(join(root, folder))) walk(join(root, folder));
  return found;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const rel of libAssets()) {
    const target = join(root, "dist", rel);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(root, rel), target);
  }
}
