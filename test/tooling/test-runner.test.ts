// `npm test` (scripts/test.mjs) fails when a process the run started outlives it, kills that
// process, and repeats every skip with its reason in its summary; a clean run passes.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { markerSupported } from "../../scripts/processes.mjs";
import { allTestFiles, serialFiles, skipLines, summaryCounts } from "../../scripts/test.mjs";
import { documentationBlocks } from "../readme/blocks.js";

const run = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Runs scripts/test.mjs on the given files: exit code and output (never throws). */
async function npmTest(files: string[]): Promise<{ code: number; stdout: string }> {
  return run(process.execPath, [join(root, "scripts/test.mjs"), ...files], { cwd: root }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code?: number; stdout?: string }) => ({ code: error.code ?? 1, stdout: error.stdout ?? "" }),
  );
}

describe("npm test (scripts/test.mjs)", () => {
  it("fails when a test leaves a process running, names it and kills it; repeats skips with their reasons", { skip: markerSupported ? false : "the leftover check reads /proc (Linux only)" }, async () => {
    const { code, stdout } = await npmTest(["test/tooling/fixtures/leaves-a-process.ts"]);
    assert.equal(code, 1, stdout);
    const [, pid] = /Leftover processes: 1 started by this run[^\n]*\n +(\d+) .*setTimeout/.exec(stdout) ?? [];
    assert.ok(pid, stdout);
    assert.ok(!existsSync(`/proc/${pid}/cmdline`) || !(await import("node:fs")).readFileSync(`/proc/${pid}/cmdline`, "utf8"), "killed");
    assert.match(stdout, /Skipped \(1\):\n .*a reason the summary repeats/);
    assert.match(stdout, /npm test: FAILED/);
  });

  it("passes a clean run and says no process was left", async () => {
    const { code, stdout } = await npmTest(["test/tooling/fixtures/passes.ts"]);
    assert.equal(code, 0, stdout);
    assert.match(stdout, markerSupported ? /Leftover processes: none\./ : /Leftover processes: not checked/);
    assert.match(stdout, /Tests 1, passed 1, failed 0/);
  });

  it("runs every test file of the suite, the serial ones among them", () => {
    const files = allTestFiles();
    assert.ok(files.includes("test/tooling/test-runner.test.ts"));
    for (const file of serialFiles) assert.ok(files.includes(file), `${file} is not a test file`);
    assert.ok(!files.some((file) => file.includes("/fixtures/")));
  });

  it("is `npm test`; README and docs/contributing.md give the same two commands, and .ci/run runs them", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
    assert.equal(pkg.scripts.test, "node scripts/test.mjs");
    for (const file of ["README.md", "docs/contributing.md"]) {
      const block = documentationBlocks().find((b) => b.file === file && b.info === "sh" && /^npm test\b/m.test(b.code));
      assert.ok(block, `${file}: no sh block with npm test`);
      const lines = block.code.split("\n").map((line) => line.replace(/\s+#.*$/, "").trim()).filter(Boolean);
      assert.deepEqual(lines, ["npm ci && npm start", "npm test"], file);
    }
    const ci = readFileSync(join(root, ".ci/run"), "utf8");
    assert.match(ci, /^npm ci\b/m);
    assert.match(ci, /^npm test$/m);
  });

  it("reads both reporters' summaries and skips", () => {
    assert.deepEqual(summaryCounts("# tests 3\n# pass 2\n# fail 1\nℹ tests 4\nℹ pass 4\n"), { tests: 7, pass: 6, fail: 1 });
    assert.deepEqual(skipLines("ok 2 - x # SKIP no browser\n  ﹣ y (1ms) # no browser\nok 3 - z\n"), ["ok 2 - x # SKIP no browser", "﹣ y (1ms) # no browser"]);
  });
});
