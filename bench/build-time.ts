// `npm run build` (contract compile plus type generation), cold and warm.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { root } from "./processes.js";

/** Drops the page cache so the first build reads everything from disk; false where not allowed. */
function dropPageCache(): boolean {
  try {
    execFileSync("sync");
    writeFileSync("/proc/sys/vm/drop_caches", "3");
    return true;
  } catch {
    return false;
  }
}

function buildOnce(): number {
  const out = mkdtempSync(join(tmpdir(), "bench-build-"));
  try {
    const start = performance.now();
    execFileSync(process.execPath, [join(root, "scripts/build.mjs"), "--out", out], { cwd: root, stdio: "ignore" });
    return (performance.now() - start) / 1000;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export function buildTimes(warmRuns = 5) {
  const droppedCache = dropPageCache();
  const cold = buildOnce();
  const warm = Array.from({ length: warmRuns }, buildOnce).sort((a, b) => a - b);
  return { cold, warmMedian: warm[Math.floor(warm.length / 2)], warmRuns, droppedCache };
}
