// The packed tarball works for a separate consumer project: `npm pack` (which runs prepack, the
// library build), install the tarball into a temporary project, type-check a consumer file with
// the repository's TypeScript, and run the compiled file with only the runtime dependencies. Then
// the commands: without their optional dependency each says in one line what to install; with
// better-sqlite3 installed there (built from source, never downloaded), `npx payments-sandbox`
// serves README's complete example, compiled and run unchanged from the consumer project.
import assert from "node:assert/strict";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { libAssets } from "../../scripts/copy-lib-assets.mjs";
import { freePort } from "../../scripts/mock.mjs";
import { completeExample } from "../readme/blocks.js";

const run = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const tsc = join(root, "node_modules/typescript/bin/tsc");
const npmCli = process.env.npm_execpath && process.env.npm_execpath.endsWith(".js") ? process.env.npm_execpath : undefined;
const work = mkdtempSync(join(tmpdir(), "pack-test-"));
const consumer = join(work, "consumer");
let tarball = "";
let tarballFiles: string[] = [];

const npmEnv = { ...process.env, npm_config_loglevel: "error", npm_config_update_notifier: "false" };

/**
 * Compiles native modules against the headers of the Node running the tests when it carries them
 * (Node's own binary packages do, in include/node): a user-level `nodedir` (this machine's ~/.npmrc
 * names /usr, the default Node's) would otherwise build better-sqlite3 for another Node's ABI.
 */
function nodeHeadersEnv(): NodeJS.ProcessEnv {
  const prefix = dirname(dirname(process.execPath));
  return existsSync(join(prefix, "include/node/node.h")) ? { npm_config_nodedir: prefix } : {};
}

/** Runs npm (through the same npm that runs the tests when known, else the one on PATH). */
function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv = npmEnv) {
  return npmCli
    ? run(process.execPath, [npmCli, ...args], { cwd, env, maxBuffer: 32 * 1024 * 1024 })
    : run("npm", args, { cwd, env, maxBuffer: 32 * 1024 * 1024 });
}

/**
 * The command line of `npx --no-install <bin> ...args` (never a download; `--no` would make npx
 * take `--help` for itself), through the npx beside the npm that runs the tests when known.
 */
function npxCommand(args: string[]): [string, string[]] {
  const npxCli = npmCli?.replace(/npm-cli\.js$/, "npx-cli.js");
  return npxCli && existsSync(npxCli) ? [process.execPath, [npxCli, "--no-install", ...args]] : ["npx", ["--no-install", ...args]];
}

/** `npx <bin> ...args` in the consumer project: exit code, stdout and stderr (never throws). */
async function npx(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const [command, commandArgs] = npxCommand(args);
  return run(command, commandArgs, { cwd: consumer, env: npmEnv }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, stdout: error.stdout ?? "", stderr: error.stderr ?? "" }),
  );
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

export async function main(): Promise<void> {
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
}
await main();
`;

before(async () => {
  await npm(["pack", "--pack-destination", work], root);
  const found = readdirSync(work).filter((f) => f.endsWith(".tgz"));
  assert.equal(found.length, 1, `one tarball expected in ${work}: ${found.join(", ")}`);
  tarball = join(work, found[0]);
  const { stdout } = await run("tar", ["-tzf", tarball]);
  tarballFiles = stdout.split("\n").filter(Boolean).map((f) => f.replace(/^package\//, ""));

  mkdirSync(consumer);
  writeFileSync(join(consumer, "package.json"), JSON.stringify({
    name: "consumer", version: "1.0.0", private: true, type: "module",
    dependencies: { "bank-payments-contract": `file:${tarball}` },
  }, null, 2));
  writeFileSync(join(consumer, "tsconfig.json"), JSON.stringify({
    compilerOptions: {
      target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", lib: ["ES2023", "DOM"],
      strict: true, skipLibCheck: false, outDir: "out", types: ["node"], typeRoots: [join(root, "node_modules/@types")],
    },
    files: ["consumer.ts", "example.ts"],
  }, null, 2));
  writeFileSync(join(consumer, "consumer.ts"), consumerSource);
  writeFileSync(join(consumer, "example.ts"), completeExample().code);
  await npm(["install", "--no-audit", "--no-fund", "--prefer-offline", "--ignore-scripts"], consumer);
});

after(() => rmSync(work, { recursive: true, force: true }));

describe("npm pack", () => {
  it("ships the built library, its declarations and the OpenAPI documents, and no sources or tests", () => {
    for (const file of [
      "package.json", "dist/src/index.js", "dist/src/index.d.ts", "dist/src/client/bank-payments.js",
      "dist/generated/types/bank-payments.d.ts", "dist/generated/types/check-cashing.d.ts",
      "generated/openapi/bank-payments.yaml", "generated/openapi/bank-payments.json",
      "generated/openapi/check-cashing.yaml", "generated/openapi/check-cashing.json",
      "generated/openapi/sandbox-helpers.yaml", "generated/arazzo/bank-payments.arazzo.yaml",
      "generated/openapi/3.1/bank-payments.yaml", "generated/openapi/3.1/bank-payments.json",
      "generated/openapi/3.1/check-cashing.yaml", "generated/openapi/3.1/sandbox-helpers.json",
    ]) assert.ok(tarballFiles.includes(file), `${file} missing from the tarball`);
    for (const file of tarballFiles) {
      assert.doesNotMatch(file, /^(test|spec|scripts|bench|node_modules)\//, file);
      assert.doesNotMatch(file, /\.test\.(js|ts)$/, file);
      assert.ok(!file.endsWith(".ts") || file.endsWith(".d.ts"), `TypeScript source shipped: ${file}`);
    }
  });

  it("ships every bin target whose source exists, and the run-time assets beside the shipped code", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { bin?: Record<string, string> };
    for (const [name, target] of Object.entries(pkg.bin ?? {})) {
      const source = target.replace(/^(\.\/)?dist\//, "").replace(/\.js$/, ".ts");
      if (!existsSync(join(root, source))) continue;
      assert.ok(tarballFiles.includes(target.replace(/^\.\//, "")), `bin ${name}: ${target}`);
      // Without a shebang the installed bin runs under /bin/sh, which reads the JavaScript as shell.
      const installed = readFileSync(join(consumer, "node_modules/bank-payments-contract", target), "utf8");
      assert.ok(installed.startsWith("#!/usr/bin/env node\n"), `bin ${name} lacks a node shebang`);
    }
    for (const asset of libAssets()) assert.ok(tarballFiles.includes(`dist/${asset}`), `dist/${asset} missing`);
  });

  it("installs with the runtime dependencies only (no Prism, Redocly, Dredd or TypeScript)", () => {
    const modules = join(consumer, "node_modules");
    assert.ok(existsSync(join(modules, "bank-payments-contract/dist/src/index.js")));
    assert.ok(existsSync(join(modules, "openapi-fetch")));
    for (const heavy of ["@stoplight", "@redocly", "dredd", "typescript", "better-sqlite3", "@typespec"]) {
      assert.ok(!existsSync(join(modules, heavy)), `${heavy} installed`);
    }
  });

  it("type-checks a consumer file against the installed package (an @ts-expect-error included)", async () => {
    await run(process.execPath, [tsc, "-p", join(consumer, "tsconfig.json")], { cwd: consumer }).catch((error: { stdout?: string }) => {
      assert.fail(`consumer does not compile:\n${error.stdout ?? String(error)}`);
    });
  });

  it("runs the compiled consumer: the client sends the key, the documents resolve through exports", async () => {
    const { stdout } = await run(process.execPath, [join(consumer, "out/consumer.js")], { cwd: consumer });
    const result = JSON.parse(stdout.trim().split("\n").pop() ?? "{}");
    assert.deepEqual(result, {
      status: 404, auth: "Bearer sk_test", openapi: "3.0.0", yaml: true, payrollErrors: false, body: { merchantID: "104233" },
    });
  });
});

describe("the package's commands without their optional dependencies", () => {
  it("npx payments-sandbox says in one line which better-sqlite3 to install, and exits 1", async () => {
    const { code, stdout, stderr } = await npx(["payments-sandbox"]);
    assert.equal(code, 1);
    assert.equal(stdout, "");
    const lines = stderr.trim().split("\n");
    assert.equal(lines.length, 1, stderr);
    assert.match(lines[0], /^payments-sandbox needs better-sqlite3 \(\^1[23]\.\d+\.0 on Node [\d.]+\): npm install better-sqlite3@"\^1[23]\.\d+\.0"$/);
  });

  it("npx conformance says in one line to install dredd, and exits 1", async () => {
    const { code, stderr } = await npx(["conformance", "--service", "check-cashing", "--base-url", "http://127.0.0.1:9"]);
    assert.equal(code, 1);
    assert.equal(stderr.trim().split("\n").length, 1, stderr);
    assert.match(stderr, /^conformance needs dredd .* and fast-check .*: npm install dredd@"\^14\.1\.0" fast-check@"\^4\.10\.2"\n$/);
  });

  it("npx conformance --help shows its own name", async () => {
    const { code, stdout } = await npx(["conformance", "--help"]);
    assert.equal(code, 0);
    assert.match(stdout, /^Usage: conformance /);
    assert.doesNotMatch(stdout, /npm run/);
  });

  it("the sandbox and conformance entries import without their optional dependencies' commands", async () => {
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e",
      'const c = await import("bank-payments-contract/conformance"); console.log(typeof c.runConformance, typeof c.summaryLine);'], { cwd: consumer });
    assert.equal(stdout.trim(), "function function");
  });
});

describe("npx payments-sandbox with better-sqlite3 installed", () => {
  let sandbox: ChildProcess | undefined;
  let bankUrl = "";

  before(async () => {
    const { version } = JSON.parse(readFileSync(join(root, "node_modules/better-sqlite3/package.json"), "utf8")) as { version: string };
    // Built from source: prebuild-install reads this file and never tries a download.
    writeFileSync(join(consumer, ".prebuild-installrc"), "buildFromSource=true\n");
    await npm(["install", "--no-audit", "--no-fund", "--prefer-offline", `better-sqlite3@${version}`], consumer, { ...npmEnv, ...nodeHeadersEnv(), JOBS: "max" });
  });

  after(async () => {
    if (sandbox && sandbox.exitCode === null && sandbox.signalCode === null) {
      const exited = new Promise((resolve) => sandbox!.once("exit", resolve));
      process.kill(-sandbox.pid!, "SIGTERM");
      await exited;
    }
  });

  it("--help runs the sandbox's command line", async () => {
    const { code, stdout, stderr } = await npx(["payments-sandbox", "--help"]);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^Usage: /);
    assert.match(stdout, /--bank-port/);
  });

  it("--help shows its own name", async () => {
    const { stdout } = await npx(["payments-sandbox", "--help"]);
    assert.match(stdout, /^Usage: payments-sandbox /);
    assert.doesNotMatch(stdout, /npm run/);
  });

  it("serves README's complete example, compiled and run unchanged from the consumer project", async () => {
    const [bankPort, checkCashingPort] = [await freePort(), await freePort()];
    const args = ["payments-sandbox", "--bank-port", String(bankPort), "--check-cashing-port", String(checkCashingPort), "--db", ":memory:"];
    const [command, commandArgs] = npxCommand(args);
    // Its own process group, so that the stop reaches npx's child too.
    sandbox = spawn(command, commandArgs, { cwd: consumer, env: npmEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    bankUrl = `http://127.0.0.1:${bankPort}`;
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(bankUrl)) resolve();
      };
      sandbox!.stdout!.on("data", onData);
      sandbox!.stderr!.on("data", onData);
      sandbox!.once("exit", (code) => reject(new Error(`payments-sandbox exited (${code}):\n${output}`)));
    });
    const example = completeExample();
    const { stdout } = await run(process.execPath, [join(consumer, "out/example.js")], {
      cwd: consumer,
      env: { ...process.env, BANK_PAYMENTS_URL: bankUrl },
    });
    assert.equal(stdout, example.output);
  });
});
