// README's quick starts, run as a new user runs them, in a fresh project beside a "clone" holding
// the packed tarball. The commands are read from README.md, so the text and this test cannot
// drift; what is not run exactly as written is listed here, and nothing else is changed:
//
// - The clone block (`git clone`, `npm ci && npm pack`): this checkout is the clone and its
//   dependencies are installed, so only `npm pack` runs (into <work>/bank-payments-contract/, the
//   folder README's `../bank-payments-contract/<tarball>` points at).
// - better-sqlite3 is not compiled again. README's project commands run with
//   npm_config_ignore_scripts=true, and better-sqlite3's version in README's range is pinned to the
//   one this repository locks; its binary, already built in this repository's node_modules, is then
//   copied into the project when it loads in the Node running this test (same version, same Node
//   ABI). Otherwise it is built there from source (`npm rebuild better-sqlite3`), as before. CI's
//   `npm ci` proves the from-source build on every Node. On Node 24 the line takes README's own
//   "on Node 24:" alternative.
// - The sandbox and the example use README's port/URL pairing (`--bank-port` with
//   `BANK_PAYMENTS_URL`) with free ports instead of 5020/5021; the implementer's commands get the
//   sandbox's URLs and keys for README's `http://127.0.0.1:8080`/`8081` and `$SECRET_KEY`.
// - Every command runs in a clean environment: no npm_* variables of the `npm test` that started
//   this, and not this repository's node_modules/.bin on PATH.
//
// - `payments-mock` runs with Prism linked from this repository's node_modules (the project does
//   not install it: it is large), after the one-line message that names it while it is missing.
//
// Along the way, what the packed package promises: the tarball's files, a shebang on every bin,
// no heavy dependency installed with it, a consumer file that type-checks against the installed
// declarations (with an @ts-expect-error) and runs, and the commands' one-line messages when an
// optional dependency is missing or not built; `conformance proxy` and `conformance judge` run
// without the suite's optional dependencies; the CI script it ships (ci/conformance.sh, which the
// GitHub Action and the GitLab template run) passes against README's sandbox with the installed
// `conformance`, and no warning of a dependency reaches its output. And the example consumer page (docs/browser.md) as a
// front-end developer builds it: installed, type-checked and bundled from the tarball in a fresh
// project, then opened in Chromium against README's sandbox.
import assert from "node:assert/strict";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve, sep } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { libAssets } from "../../scripts/copy-lib-assets.mjs";
import { launchChromium, recordingPage, whenChromium } from "../browser/chromium.js";
import { serveBuiltPage } from "../browser/page-server.js";
import { freePort } from "../../scripts/mock.mjs";
import { completeExample, readmeBlocks, type Block } from "./blocks.js";

const run = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name: string; version: string; bin: Record<string, string>; dependencies: Record<string, string> };
const tarballName = `${pkg.name}-${pkg.version}.tgz`;
const work = mkdtempSync(join(tmpdir(), "quick-start-"));
const clone = join(work, "bank-payments-contract");
let project = ""; // README's `mkdir <project> && cd <project>`
const nodeMajor = Number(process.versions.node.split(".")[0]);

// --- README's blocks --------------------------------------------------------------------------

const blocks = readmeBlocks();
const inSection = (heading: string) => blocks.filter((b) => b.heading === heading);
const merchant = [...inSection("Quick start: merchants"), ...inSection("Example: a complete integration")];
function findBlock(where: Block[], what: string, test: (block: Block) => boolean): Block {
  const block = where.find(test);
  if (!block) throw new Error(`README's quick start has no ${what} block`);
  return block;
}
/** The command lines of a `sh` block: comments dropped, `\` continuations joined. */
function commands(block: Block): string[] {
  return block.code.replace(/\\\n\s*/g, " ").split("\n").map((line) => line.replace(/\s+#.*$/, "").trim()).filter((line) => line && !line.startsWith("#"));
}
const cloneBlock = findBlock(merchant, "`npm pack`", (b) => b.info === "sh" && /\bnpm pack\b/.test(b.code));
const projectBlock = findBlock(merchant, "`npm init`", (b) => b.info === "sh" && /\bnpm init\b/.test(b.code));
const tsconfigBlock = findBlock(merchant, "tsconfig (json)", (b) => b.info === "json");
const sandboxBlock = findBlock(merchant, "sandbox start", (b) => b.info === "sh" && /^npx payments-sandbox\s*$/.test(b.code.trim()));
const runBlock = findBlock(merchant, "run", (b) => b.info === "sh" && /^npx tsx example\.ts$/m.test(b.code));
const pairingBlock = findBlock(merchant, "port/URL pairing", (b) => b.info === "sh" && /--bank-port/.test(b.code));
const implementerBlock = findBlock(inSection("Quick start: implementers"), "conformance", (b) => b.info === "sh" && /npx conformance/.test(b.code));

// --- Environment and processes ----------------------------------------------------------------

/** A user's shell: no npm_* variables of the running `npm test`, not this repository's bins on PATH. */
function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key)) env[key] = value;
  env.PATH = (process.env.PATH ?? "").split(delimiter).filter((dir) => !dir.startsWith(join(root, "node_modules"))).join(delimiter);
  // Quieter output and cache first; neither changes what is installed.
  return { ...env, npm_config_loglevel: "error", npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false", npm_config_prefer_offline: "true", ...extra };
}

/** Runs a shell script (README's lines) in `cwd`: stdout, or a failure that shows the output. */
async function shell(script: string, cwd: string, env = userEnv()): Promise<string> {
  try {
    const { stdout } = await run("bash", ["-euo", "pipefail", "-c", script], { cwd, env, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`in ${cwd}:\n${script}\nfailed: ${e.message}\n${e.stdout ?? ""}\n${e.stderr ?? ""}`);
  }
}

/** Awaits every promise (no process left running behind a failure), then throws the first failure. */
async function settled<T>(promises: Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<T>).value);
}

/** A command in the project: exit code, stdout and stderr (never throws). */
function attempt(command: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return run("bash", ["-c", command], { cwd: project, env: userEnv() }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, stdout: error.stdout ?? "", stderr: error.stderr ?? "" }),
  );
}

/** Runs `body` with `path` (in the project) moved aside: a dependency missing, or not built. */
async function without<T>(path: string, body: () => Promise<T>): Promise<T> {
  const at = join(project, path);
  renameSync(at, `${at}.aside`);
  try {
    return await body();
  } finally {
    renameSync(`${at}.aside`, at);
  }
}

/** npm's own lines about the user's ~/.npmrc (`npm warn Unknown user config`) are not the command's. */
const withoutNpmWarnings = (text: string) => text.split("\n").filter((line) => line && !line.startsWith("npm warn")).join("\n");

// --- better-sqlite3 ---------------------------------------------------------------------------

const repoRequire = createRequire(join(root, "package.json"));
const repoBetterSqlite = JSON.parse(readFileSync(join(root, "node_modules/better-sqlite3/package.json"), "utf8")) as { version: string };

/** The compiled files of a better-sqlite3 install, relative to it: build/Release/ (12.x, built) or prebuilds/ (13.x ships one). */
function betterSqliteBinaries(packageDir: string): string[] {
  return (readdirSync(packageDir, { recursive: true }) as string[]).filter((file) => file.endsWith(".node") && !file.split(sep).includes("node_modules"));
}

/** Whether `version` is in a caret range `^x.y.z` (the ranges README uses). */
function inCaret(version: string, range: string): boolean {
  const [major, minor, patch] = version.split(".").map(Number);
  const [wantMajor, wantMinor, wantPatch] = range.replace(/^\^/, "").split(".").map(Number);
  return major === wantMajor && (minor > wantMinor || (minor === wantMinor && patch >= wantPatch));
}

/** Whether this repository's better-sqlite3 binary loads in this Node (its ABI matches). */
function repoBinaryLoads(): boolean {
  try {
    const Database = repoRequire("better-sqlite3") as new (file: string) => { close(): void };
    new Database(":memory:").close();
    return true;
  } catch {
    return false;
  }
}

/** README's project block as run here: the Node 24 alternative taken, better-sqlite3 pinned to the locked version. */
function projectScript(): { script: string; notes: string[] } {
  const notes: string[] = [];
  const lines = projectBlock.code.split("\n").map((line) => {
    const match = /better-sqlite3@(\^[\d.]+)/.exec(line);
    if (!match) return line;
    let range = match[1];
    const alternative = /on Node (\d+): better-sqlite3@(\^[\d.]+)/.exec(line);
    if (alternative && nodeMajor >= Number(alternative[1])) {
      range = alternative[2];
      notes.push(`Node ${nodeMajor}: README's alternative better-sqlite3@${range}`);
    }
    if (inCaret(repoBetterSqlite.version, range)) {
      notes.push(`better-sqlite3@${range} pinned to the locked ${repoBetterSqlite.version}`);
      range = repoBetterSqlite.version;
    }
    return line.replace(/better-sqlite3@\^[\d.]+/, `better-sqlite3@${range}`).replace(/\s+#.*$/, "");
  });
  return { script: lines.join("\n"), notes };
}

// --- The run ----------------------------------------------------------------------------------

let sandbox: ChildProcess | undefined;
let bankUrl = "";
let checkCashingUrl = "";
let tarballFiles: string[] = [];

async function startSandboxAsReadmeSays(): Promise<void> {
  const [bankPort, checkCashingPort] = [await freePort(), await freePort()];
  const [start] = commands(pairingBlock);
  const line = start.replace(/--bank-port \d+/, `--bank-port ${bankPort}`).replace(/--check-cashing-port \d+/, `--check-cashing-port ${checkCashingPort}`);
  // Its own process group, so that the stop reaches npx's child too.
  sandbox = spawn("bash", ["-c", `exec ${line}`], { cwd: project, env: userEnv(), detached: true, stdio: ["ignore", "pipe", "pipe"] });
  bankUrl = `http://127.0.0.1:${bankPort}`;
  checkCashingUrl = `http://127.0.0.1:${checkCashingPort}`;
  let output = "";
  let started = false;
  await new Promise<void>((resolveStart, reject) => {
    const onData = (chunk: Buffer) => {
      if (started) return; // its request log is read (the pipe never fills) but not kept
      output += chunk.toString();
      if (output.includes(bankUrl) && output.includes(checkCashingUrl)) {
        started = true;
        resolveStart();
      }
    };
    sandbox!.stdout!.on("data", onData);
    sandbox!.stderr!.on("data", onData);
    sandbox!.once("exit", (code) => reject(new Error(`${line} exited (${code}):\n${output}`)));
  });
}

/** Gives the project's better-sqlite3 its binary: this repository's when the version and Node ABI match, else a build. */
async function provideBetterSqliteBinary(): Promise<string> {
  const installed = JSON.parse(readFileSync(join(project, "node_modules/better-sqlite3/package.json"), "utf8")) as { version: string };
  if (installed.version === repoBetterSqlite.version && repoBinaryLoads()) {
    // Every compiled file of the package, where it is (12.x builds build/Release/; 13.x may place it elsewhere).
    const binaries = betterSqliteBinaries(join(root, "node_modules/better-sqlite3"));
    for (const file of binaries) {
      mkdirSync(dirname(join(project, "node_modules/better-sqlite3", file)), { recursive: true });
      copyFileSync(join(root, "node_modules/better-sqlite3", file), join(project, "node_modules/better-sqlite3", file));
    }
    if (binaries.length > 0) return `better-sqlite3 ${installed.version}: this repository's binary (Node ABI ${process.versions.modules})`;
  }
  // prebuild-install reads this file and never tries a download; the headers of this Node.
  writeFileSync(join(project, ".prebuild-installrc"), "buildFromSource=true\n");
  const prefix = dirname(dirname(process.execPath));
  const headers = existsSync(join(prefix, "include/node/node.h")) ? { npm_config_nodedir: prefix } : {};
  await shell("npm rebuild better-sqlite3", project, userEnv({ ...headers, JOBS: "max" }));
  return `better-sqlite3 ${installed.version}: built from source (the repository has ${repoBetterSqlite.version}, or its binary is for another Node)`;
}

const setupNotes: string[] = [];
const pageProject = join(work, "consumer-page");

/** docs/browser.md's page project: installed from the tarball, type-checked, built; what esbuild bundled. */
async function buildPageProject(): Promise<{ inputs: string[]; externals: string[] }> {
  cpSync(join(root, "examples/consumer-page"), pageProject, { recursive: true, filter: (source) => !/[\\/](dist|node_modules)$/.test(source) });
  // The example's package.json asks for the published package; here it is the tarball (which npm then records).
  await shell(`npm install ../bank-payments-contract/${tarballName}`, pageProject, userEnv({ npm_config_ignore_scripts: "true" }));
  // The type check and the two builds are independent (tsc emits nothing): side by side.
  const [, , report] = await settled([
    shell("node_modules/.bin/tsc -p .", pageProject),
    shell("npm run build", pageProject),
    shell(`node --input-type=module -e '
      const { buildConsumerPage } = await import("./build.mjs");
      const { metafile } = await buildConsumerPage({ outdir: "check" });
      const output = Object.values(metafile.outputs)[0];
      console.log(JSON.stringify({ inputs: Object.keys(metafile.inputs), externals: output.imports.map((i) => i.path) }));'`, pageProject),
  ]);
  return JSON.parse(report.trim().split("\n").pop() ?? "{}") as { inputs: string[]; externals: string[] };
}
// Started once the tarball exists, beside the merchant project (npm installs wait on I/O); its test awaits it.
let pageBuilt: Promise<{ inputs: string[]; externals: string[] }> | undefined;

// Everything README says to do, in its order; the tests below then check one thing each.
before(async () => {
  mkdirSync(clone);
  const { stdout } = await run("npm", ["pack", "--pack-destination", clone], { cwd: root, env: { ...process.env, npm_config_loglevel: "error" }, maxBuffer: 32 * 1024 * 1024 });
  assert.equal(stdout.trim().split("\n").pop(), tarballName);
  pageBuilt = buildPageProject();
  pageBuilt.catch(() => {}); // reported by the page's test
  tarballFiles = (await run("tar", ["-tzf", join(clone, tarballName)])).stdout.split("\n").filter(Boolean).map((f) => f.replace(/^package\//, ""));
  const { script, notes } = projectScript();
  setupNotes.push(...notes);
  await shell(script, work, userEnv({ npm_config_ignore_scripts: "true" }));
  const [, folder] = /^mkdir (\S+)/m.exec(projectBlock.code) ?? [];
  project = join(work, folder);
  setupNotes.push(await provideBetterSqliteBinary());
  writeFileSync(join(project, "tsconfig.json"), tsconfigBlock.code);
  writeFileSync(join(project, "example.ts"), completeExample().code);
  await startSandboxAsReadmeSays();
  const [install] = commands(implementerBlock);
  await shell(install, project, userEnv({ npm_config_ignore_scripts: "true" }));
});

after(async () => {
  if (sandbox && sandbox.exitCode === null && sandbox.signalCode === null) {
    const exited = new Promise((resolveExit) => sandbox!.once("exit", resolveExit));
    process.kill(-sandbox.pid!, "SIGTERM");
    await exited;
  }
  await pageBuilt?.catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

describe("README's quick start for merchants, run literally from the packed tarball", () => {
  it("its clone block packs the tarball its project block installs", () => {
    assert.ok(cloneBlock.code.includes(tarballName), `README names ${tarballName} in the clone block`);
    assert.ok(projectBlock.code.includes(`../bank-payments-contract/${tarballName}`));
    assert.deepEqual(commands(cloneBlock), ["git clone <this repository's URL> bank-payments-contract", "cd bank-payments-contract", "npm ci && npm pack", "cd .."]);
  });

  it("the project block made an ES module project with the package, better-sqlite3, tsx, typescript and @types/node", (t) => {
    for (const note of setupNotes) t.diagnostic(note);
    const made = JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as { type: string; dependencies: Record<string, string>; devDependencies: Record<string, string> };
    assert.equal(made.type, "module");
    assert.deepEqual(Object.keys(made.dependencies).sort(), ["bank-payments-contract", "better-sqlite3"]);
    assert.deepEqual(Object.keys(made.devDependencies).sort(), ["@types/node", "dredd", "fast-check", "tsx", "typescript"]);
  });

  it("the packed package ships the built library, declarations, documents and LICENSE, no sources or tests", () => {
    for (const file of [
      "package.json", "LICENSE", "dist/entry/index.js", "dist/entry/index.d.ts", "dist/entry/conformance.js", "dist/entry/sandbox.js", "dist/src/client/bank-payments.js",
      "dist/generated/types/bank-payments.d.ts", "dist/generated/types/check-cashing.d.ts",
      "generated/openapi/bank-payments.yaml", "generated/openapi/bank-payments.json",
      "generated/openapi/check-cashing.yaml", "generated/openapi/check-cashing.json",
      "generated/openapi/sandbox-helpers.yaml", "generated/arazzo/bank-payments.arazzo.yaml",
      "generated/openapi/3.1/bank-payments.yaml", "generated/openapi/3.1/bank-payments.json",
      "generated/openapi/3.1/check-cashing.yaml", "generated/openapi/3.1/sandbox-helpers.json",
      ...libAssets().map((asset) => `dist/${asset}`),
    ]) assert.ok(tarballFiles.includes(file), `${file} missing from the tarball`);
    for (const file of tarballFiles) {
      assert.doesNotMatch(file, /^(test|spec|scripts|bench|node_modules)\//, file);
      // The suite's self-proof (mutants, variants, the independent implementation) is not shipped.
      assert.doesNotMatch(file, /^(dist\/)?proof\//, file);
      assert.doesNotMatch(file, /\.test\.(js|ts)$/, file);
      assert.ok(!file.endsWith(".ts") || file.endsWith(".d.ts"), `TypeScript source shipped: ${file}`);
    }
  });

  it("installs bins with a node shebang, and only its run-time dependencies with the package (no Prism, Redocly, TypeSpec, browser)", () => {
    for (const [name, target] of Object.entries(pkg.bin)) {
      const installed = readFileSync(join(project, "node_modules/bank-payments-contract", target), "utf8");
      // Without a shebang the installed bin runs under /bin/sh, which reads the JavaScript as shell.
      assert.ok(installed.startsWith("#!/usr/bin/env node\n"), `bin ${name} lacks a node shebang`);
    }
    const installed = JSON.parse(readFileSync(join(project, "node_modules/bank-payments-contract/package.json"), "utf8")) as { dependencies: Record<string, string> };
    assert.deepEqual(installed.dependencies, pkg.dependencies);
    for (const heavy of ["@stoplight", "@redocly", "@typespec", "playwright-core"]) {
      assert.ok(!existsSync(join(project, "node_modules", heavy)), `${heavy} installed`);
    }
  });

  it("without a usable better-sqlite3, npx payments-sandbox says in one line what to do", async () => {
    // The file this platform loads: a build, else this platform's prebuilt one.
    const files = betterSqliteBinaries(join(project, "node_modules/better-sqlite3"));
    const binary = files.find((file) => file.startsWith(`build${sep}`)) ?? files.find((file) => file.endsWith(`${process.platform}-${process.arch}.node`));
    assert.ok(binary, "the project's better-sqlite3 has a compiled file");
    const notBuilt = await without(join("node_modules/better-sqlite3", binary), () => attempt("npx payments-sandbox"));
    assert.equal(notBuilt.code, 1);
    assert.equal(notBuilt.stdout, "");
    assert.match(withoutNpmWarnings(notBuilt.stderr), /^payments-sandbox: better-sqlite3 is installed but does not load \(.*\): npm rebuild better-sqlite3$/);
    const missing = await without("node_modules/better-sqlite3", () => attempt("npx payments-sandbox"));
    assert.equal(missing.code, 1);
    assert.match(withoutNpmWarnings(missing.stderr), /^payments-sandbox needs better-sqlite3 \(\^1[23]\.\d+\.0 on Node [\d.]+\): npm install better-sqlite3@"\^1[23]\.\d+\.0"$/);
  });

  it("the conformance entry imports without its optional dependencies' commands (dredd, fast-check)", async () => {
    const importIt = 'node --input-type=module -e \'const c = await import("bank-payments-contract/conformance"); console.log(typeof c.runConformance, typeof c.summaryLine);\'';
    const imported = await without("node_modules/dredd", () => without("node_modules/fast-check", () => attempt(importIt)));
    assert.equal(imported.code, 0, imported.stderr);
    assert.equal(imported.stdout.trim(), "function function");
  });

  it("npx payments-sandbox --help shows its own name", async () => {
    const { code, stdout } = await attempt("npx payments-sandbox --help");
    assert.equal(code, 0);
    assert.match(stdout, /^Usage: payments-sandbox /);
    assert.match(stdout, /--bank-port/);
    assert.doesNotMatch(stdout, /npm run/);
  });

  it("with README's tsconfig and the sandbox started as README says, the complete example type-checks and prints README's output", async () => {
    assert.equal(sandboxBlock.code.trim(), commands(pairingBlock)[0].replace(/ --.*$/, ""), "the pairing block starts the sandbox as README does");
    const [typeCheck, ...runs] = commands(runBlock);
    assert.equal(typeCheck, "npx tsc --noEmit");
    const [, withUrl] = commands(pairingBlock);
    assert.deepEqual(runs, [withUrl.replace(/^BANK_PAYMENTS_URL=\S+ /, "")], "the pairing block runs the example as README does");
    // Independent (tsx does not type-check): side by side, both must succeed.
    const [, printed] = await settled([shell(typeCheck, project), shell(withUrl.replace(/http:\/\/127\.0\.0\.1:\d+/, bankUrl), project)]);
    assert.equal(printed, completeExample().output);
  });

  it("a consumer file type-checks against the installed declarations (no skipLibCheck, an @ts-expect-error) and runs", async () => {
    writeFileSync(join(project, "consumer.ts"), consumerSource);
    writeFileSync(join(project, "tsconfig.consumer.json"), JSON.stringify({
      extends: "./tsconfig.json",
      compilerOptions: { skipLibCheck: false, lib: ["ES2023", "DOM"], noEmit: true },
      files: ["consumer.ts"],
    }));
    // Not README's commands: the project's own bins, without npx's start-up; independent, side by side.
    const [, printed] = await settled([shell("node_modules/.bin/tsc -p tsconfig.consumer.json", project), shell("node_modules/.bin/tsx consumer.ts", project)]);
    assert.deepEqual(JSON.parse(printed.trim().split("\n").pop() ?? "{}"), {
      status: 404, auth: "Bearer sk_test", openapi: "3.0.0", yaml: true, payrollErrors: false, body: { merchantID: "104233" },
    });
  });
});

describe("the example consumer page from the packed package, in a fresh project with a bundler (docs/browser.md)", () => {
  it("installs with its package.json, type-checks, and bundles with esbuild for the browser with nothing of Node in it", async () => {
    assert.ok(pageBuilt, "the tarball was packed");
    const { inputs, externals } = await pageBuilt;
    assert.deepEqual(externals, [], "every import bundled: none left for a runtime to provide");
    const allowed = /^(src\/|node_modules\/bank-payments-contract\/dist\/(entry\/index\.js|src\/client\/)|node_modules\/openapi-fetch\/)/;
    assert.deepEqual(inputs.filter((input) => !allowed.test(input)), [], "only the page, the package's client and openapi-fetch");
    assert.ok(inputs.some((input) => input.startsWith("node_modules/bank-payments-contract/dist/src/client/")), "the installed package's client is in the bundle");
    const bundle = readFileSync(join(pageProject, "dist/page.js"), "utf8");
    assert.doesNotMatch(bundle, /["']node:[a-z_]+["']|\brequire\(/, "no Node built-in and no require in the bundle");
  });

  it("that bundle, served from its own origin, shows a 07 decline's notice from README's sandbox in Chromium", whenChromium, async () => {
    const created = await fetch(`${bankUrl}/api/transaction-intents`, {
      method: "POST",
      headers: { Authorization: "Bearer sk_test_sandbox", "Content-Type": "application/json" },
      body: JSON.stringify({ amount: 80.07, action: "authorize_and_capture", bank_account: "bank_account_Vd93LmQa2XkP7rTe", consumer_id: "consumer_Hq7Zx2LmN4pR8sTu", store_number: "0042", service_fee_id: "service_fee_Tz6Mq1PxR9bK3wLe" }),
    });
    const { data } = (await created.json()) as { data: { id: string } };
    // Served first: a missing bundle then fails the test before a browser is left open.
    const pages = await serveBuiltPage(join(pageProject, "index.html"), join(pageProject, "dist/page.js"));
    const browser = await launchChromium().catch(async (error: unknown) => {
      await pages.close();
      throw error;
    });
    try {
      const { page, errors } = await recordingPage(browser);
      await page.goto(pages.url({ intent: data.id, api: bankUrl }));
      await page.locator("#notice").waitFor({ state: "visible" });
      assert.match((await page.locator("[data-notice=reference]").textContent()) ?? "", /^RF-/);
      assert.deepEqual(errors, []);
    } finally {
      await Promise.all([browser.close(), pages.close()]);
    }
  });
});

describe("the package's mock and CI script, installed", () => {
  it("payments-mock names Prism in one line while it is missing, then serves both services from the packaged documents", async () => {
    const missing = await attempt("npx payments-mock");
    assert.equal(missing.code, 1);
    assert.match(withoutNpmWarnings(missing.stderr), /^payments-mock needs @stoplight\/prism-cli \(\^5\.14\.2\) to run the mocks: npm install --save-dev @stoplight\/prism-cli@"\^5\.14\.2"$/);
    const linked = join(project, "node_modules/@stoplight");
    symlinkSync(join(root, "node_modules/@stoplight"), linked);
    const mock = spawn("bash", ["-c", "exec node_modules/.bin/payments-mock --bank-port 0 --check-cashing-port 0"], { cwd: project, env: userEnv(), detached: true, stdio: ["ignore", "pipe", "pipe"] });
    try {
      let printed = "";
      const [bank, cashing] = await new Promise<string[]>((resolveUrls, reject) => {
        mock.stdout!.on("data", (chunk: Buffer) => {
          printed += chunk.toString();
          const urls = [...printed.matchAll(/(?:Bank Payment Service|Check Cashing Service)\s+(http:\/\/127\.0\.0\.1:\d+)/g)].map((m) => m[1]);
          if (urls.length === 2) resolveUrls(urls);
        });
        mock.once("exit", (code) => reject(new Error(`payments-mock exited (${code}):\n${printed}`)));
      });
      const read = await fetch(`${bank}/api/transaction-intents/transaction_intent_2Rb7YcM4nQ8wLx5K`, { headers: { Authorization: "Bearer sk_test_any", Accept: "application/json" } });
      assert.equal(read.status, 200);
      const payroll = await fetch(`${cashing}/v1/payroll`, { method: "POST", headers: { "Content-Type": "application/json", Prefer: "code=400" }, body: "{}" });
      assert.equal(payroll.status, 400);
    } finally {
      if (mock.exitCode === null) {
        const exited = new Promise((resolveExit) => mock.once("exit", resolveExit));
        process.kill(-mock.pid!, "SIGTERM");
        await exited;
      }
      rmSync(linked);
    }
  });

  it("the CI script it ships passes against README's sandbox with the installed conformance, and writes the three reports", async () => {
    assert.ok(tarballFiles.includes("ci/conformance.sh") && tarballFiles.includes("ci/gitlab/conformance.gitlab-ci.yml"));
    const run = await attempt(`CONFORMANCE_SERVICE=check-cashing CONFORMANCE_BASE_URL=${checkCashingUrl} CONFORMANCE_ARGS="--runs 5" bash node_modules/bank-payments-contract/ci/conformance.sh`);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout.trim().split("\n").at(-1) ?? "", /^\d+ passed, 0 failed/);
    assert.equal(withoutNpmWarnings(run.stderr), "", "no warning of a dependency (winston's padLevels under Dredd)");
    assert.deepEqual(readdirSync(join(project, "conformance-reports")).filter((file) => file.startsWith("conformance-")).sort(), ["conformance-check-cashing.html", "conformance-check-cashing.md", "conformance-check-cashing.xml"]);
  });
});

describe("README's quick start for implementers, against the sandbox", () => {
  it("without dredd and fast-check, npx conformance says in one line to install them; --help shows its name", async () => {
    const missing = await without("node_modules/dredd", () => without("node_modules/fast-check", () => attempt("npx conformance --service check-cashing --base-url http://127.0.0.1:9")));
    assert.equal(missing.code, 1);
    assert.match(withoutNpmWarnings(missing.stderr), /^conformance needs dredd .* and fast-check .*: npm install dredd@"\^14\.1\.0" fast-check@"\^4\.10\.2"$/);
    const help = await attempt("npx conformance --help");
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: conformance /);
    assert.doesNotMatch(help.stdout, /npm run/);
  });

  it("with README's install, both conformance commands pass against the sandbox", async () => {
    const [install, ...checks] = commands(implementerBlock);
    assert.match(install, /^npm install --save-dev dredd@\S+ fast-check@\S+$/);
    assert.equal(checks.length, 2);
    // One per service (each writes its own reports): side by side against the one sandbox.
    const lines = checks.map((check) => check.replace("http://127.0.0.1:8080", bankUrl).replace("http://127.0.0.1:8081", checkCashingUrl));
    const printed = await settled(lines.map((line) => shell(line, project, userEnv({ SECRET_KEY: "sk_test_sandbox", PUBLISHABLE_KEY: "pk_test_sandbox" }))));
    lines.forEach((line, i) => assert.match(printed[i], /\b\d+ passed, 0 failed\b/, line));
    assert.ok(readdirSync(join(project, "reports")).some((file) => file.endsWith(".xml")), "a JUnit report");
  });

  it("conformance proxy and judge need neither dredd nor fast-check: a request through the proxy, Ctrl-C or SIGTERM, its recording judged", async () => {
    const keys = "--service bank-payments --secret-key sk_test_sandbox --publishable-key pk_test_sandbox --triggers";
    await without("node_modules/dredd", () => without("node_modules/fast-check", async () => {
      // As a terminal's Ctrl-C does: SIGINT to npx and the proxy together (npm then ends by the same signal).
      const viaNpx = await proxyThrough(`npx conformance proxy ${keys} --upstream ${bankUrl} --port 0 --record traffic.har`, (pid) => process.kill(-pid, "SIGINT"));
      assert.ok(viaNpx.code === 0 || viaNpx.signal === "SIGINT", `${viaNpx.code} ${viaNpx.signal}`);
      assert.equal(viaNpx.stdout.trim().split("\n").pop(), "1 exchange, 1 judged in full, 0 failed", viaNpx.stdout + viaNpx.stderr);
      // As docs/traffic.md's CI block does: the installed command in the background, SIGTERM to it alone, its exit code.
      const direct = await proxyThrough(`node_modules/.bin/conformance proxy ${keys} --upstream ${bankUrl} --port 0`, (pid) => process.kill(pid, "SIGTERM"));
      assert.equal(direct.code, 0, direct.stdout + direct.stderr);
      assert.equal(direct.stdout.trim().split("\n").pop(), "1 exchange, 1 judged in full, 0 failed");
      const judged = await attempt(`npx conformance judge traffic.har ${keys}`);
      assert.equal(judged.code, 0, judged.stdout + judged.stderr);
      assert.equal(judged.stdout.trim().split("\n").pop(), "1 exchange, 1 judged in full, 0 failed");
      // The same recording with the response's status altered by hand.
      const har = JSON.parse(readFileSync(join(project, "traffic.har"), "utf8")) as { log: { entries: Array<{ response: { status: number } }> } };
      har.log.entries[0].response.status = 200;
      writeFileSync(join(project, "altered.har"), JSON.stringify(har));
      const altered = await attempt(`npx conformance judge altered.har ${keys}`);
      assert.equal(altered.code, 1, altered.stdout + altered.stderr);
      assert.match(altered.stdout, /^FAIL #1 POST \S+ -> 200 \(createTransactionIntent\) \[/m);
      assert.equal(altered.stdout.trim().split("\n").pop(), "1 exchange, 1 judged in full, 1 failed");
    }));
  });
});

let proxyRequests = 0;

/** Starts a proxy command in the project, sends one create through it, stops it with `stop(pid)`: how it ended and what it printed. */
async function proxyThrough(command: string, stop: (pid: number) => void): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  const proxy = spawn("bash", ["-c", `exec ${command}`], { cwd: project, env: userEnv(), detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  proxy.stderr!.on("data", (chunk: Buffer) => { stderr += chunk.toString(); });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) => proxy.once("exit", (code, signal) => resolveExit({ code, signal })));
  try {
    const url = await new Promise<string>((resolveUrl, reject) => {
      proxy.stdout!.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        const ready = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
        if (ready) resolveUrl(ready[1]);
      });
      void exited.then(({ code }) => reject(new Error(`${command} exited (${code}):\n${stdout}\n${stderr}`)));
    });
    proxyRequests += 1;
    const created = await fetch(`${url}/api/transaction-intents`, {
      method: "POST",
      headers: { Authorization: "Bearer sk_test_sandbox", "Content-Type": "application/json" },
      body: JSON.stringify({ amount: 10, bank_account: `bank_account_ProxyQuickStart0${proxyRequests}`, consumer_id: `consumer_ProxyQuickStart0${proxyRequests}`, store_number: "0042", type: "bankpay" }),
    });
    assert.equal(created.status, 201, "answered as the sandbox answered");
    stop(proxy.pid!);
    const ended = await exited;
    // npx's own end comes with the proxy's; wait for the proxy's last line too.
    await new Promise<void>((resolveOutput) => (proxy.stdout!.readableEnded ? resolveOutput() : proxy.stdout!.once("end", () => resolveOutput())));
    return { ...ended, stdout, stderr };
  } finally {
    if (proxy.exitCode === null && proxy.signalCode === null) process.kill(-proxy.pid!, "SIGKILL");
  }
}

const consumerSource = `
import {
  createBankPaymentsClient,
  createCheckCashingClient,
  isFullView,
  isIntentConflict,
  isNotFound,
  listAllTransactionIntents,
  requiresAdverseAction,
  type BankPayments,
  type CheckCashing,
} from "bank-payments-contract";
import type { paths } from "bank-payments-contract/types/bank-payments";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

type Status = BankPayments.components["schemas"]["TransactionIntentStatus"];
type Payroll = CheckCashing.components["schemas"]["PayrollRequest"];
type ListPath = keyof paths;

const seen: string[] = [];
const bank = createBankPaymentsClient({
  baseUrl: "http://bank.invalid",
  apiKey: "sk_test",
  fetch: async (request: Request) => {
    seen.push(request.headers.get("authorization") ?? "");
    return new Response(JSON.stringify({ message: "not_found" }), { status: 404, headers: { "Content-Type": "application/json" } });
  },
});
const cashing = createCheckCashingClient({ baseUrl: "http://cashing.invalid" });

const { data, error, response } = await bank.GET("/api/transaction-intents/{transaction_intent_id}", {
  params: { path: { transaction_intent_id: "transaction_intent_x" } },
});
if (data && isFullView(data.data)) console.log(data.data.captured_at);
if (isNotFound(error)) console.log(error.message);
// @ts-expect-error reading an intent never answers a conflict
if (isIntentConflict(error, "not_ready")) console.log(error.conflict);
const status: Status = "succeeded";
// @ts-expect-error not a transaction intent status
const wrong: Status = "approved";
const path: ListPath = "/api/credits";
const listing = listAllTransactionIntents(bank, { status, per_page: 10 });
void listing; void wrong; void path; void cashing;
const payrollErrors = requiresAdverseAction([]);
const documentPath = fileURLToPath(import.meta.resolve("bank-payments-contract/openapi/bank-payments.json"));
const document = JSON.parse(readFileSync(documentPath, "utf8")) as { openapi: string };
const yamlPath = fileURLToPath(import.meta.resolve("bank-payments-contract/openapi/check-cashing.yaml"));
const body: Partial<Payroll> = { merchantID: "104233" };
console.log(JSON.stringify({ status: response.status, auth: seen[0], openapi: document.openapi, yaml: yamlPath.endsWith(".yaml"), payrollErrors, body }));
`;
