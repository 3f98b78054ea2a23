// The packed tarball works for a separate consumer project: `npm pack` (which runs prepack, the
// library build), install the tarball into a temporary project, type-check a consumer file with
// the repository's TypeScript, and run the compiled file with only the runtime dependencies.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { libAssets } from "../../scripts/copy-lib-assets.mjs";

const run = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const tsc = join(root, "node_modules/typescript/bin/tsc");
const npmCli = process.env.npm_execpath && process.env.npm_execpath.endsWith(".js") ? process.env.npm_execpath : undefined;
const work = mkdtempSync(join(tmpdir(), "pack-test-"));
const consumer = join(work, "consumer");
let tarball = "";
let tarballFiles: string[] = [];

/** Runs npm (through the same npm that runs the tests when known, else the one on PATH). */
function npm(args: string[], cwd: string) {
  const env = { ...process.env, npm_config_loglevel: "error", npm_config_update_notifier: "false" };
  return npmCli
    ? run(process.execPath, [npmCli, ...args], { cwd, env, maxBuffer: 32 * 1024 * 1024 })
    : run("npm", args, { cwd, env, maxBuffer: 32 * 1024 * 1024 });
}

const consumerSource = `
import {
  createBankPaymentsClient,
  createCheckCashingClient,
  isFullView,
  isIntentConflict,
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
    files: ["consumer.ts"],
  }, null, 2));
  writeFileSync(join(consumer, "consumer.ts"), consumerSource);
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
