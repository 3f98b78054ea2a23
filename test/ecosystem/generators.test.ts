// Four widely used client generators besides openapi-typescript, each run through its own command
// line on each published document: the output type-checks under `tsc --strict`, the nullable
// `captured_status` is typed nullable in each (and a never-null member is not, so the probe is
// strict), and hey-api's generated runtime client creates, reads, captures and reads an intent
// against the reference sandbox.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, test } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { publishedDocuments } from "./operations.js";
import { cli, root, runTool, type ToolRun } from "./tools.js";

type Generator = {
  name: string;
  /** The command line of the generator, writing into `out`. */
  args(document: string, out: string): [string, ...string[]];
  /** The module (relative to `out`, no extension) that exports the bank document's model types. */
  models: string;
};

const generators: Generator[] = [
  { name: "@hey-api/openapi-ts", args: (document, out) => [cli.heyApi, "-i", document, "-o", out, "--no-log-file"], models: "types.gen" },
  { name: "orval", args: (document, out) => [cli.orval, "--input", document, "--output", join(out, "api.ts"), "--client", "fetch"], models: "api" },
  { name: "swagger-typescript-api", args: (document, out) => [cli.swaggerTypescriptApi, "generate", "-p", document, "-o", out, "-n", "api.ts"], models: "api" },
  { name: "openapi-typescript-codegen", args: (document, out) => [cli.openapiTypescriptCodegen, "-i", document, "-o", out, "--client", "fetch"], models: "index" },
];

const folderOf = (generator: Generator) => generator.name.replace(/[@/]/g, "");

/** Compiled with the generated clients: captured_status takes null, a never-null member does not. */
const nullabilityProbe = (models: string) => `import type { TransactionIntent } from "./${models}";
export const uncaptured: TransactionIntent["captured_status"] = null;
// @ts-expect-error the id is never null: proves the line above is checked strictly
export const noId: TransactionIntent["id"] = null;
`;

/** Create (authorize), read before capture (captured_status null), capture, read, with the generated SDK. */
const heyApiRuntime = `import { createClient } from "./client/index";
import { createTransactionIntent, getTransactionIntent, updateTransactionIntent } from "./sdk.gen";

export async function createCaptureRead(baseUrl: string, secretKey: string) {
  const client = createClient({ baseUrl, auth: () => secretKey });
  const created = await createTransactionIntent({
    client, throwOnError: true,
    body: { amount: 125, bank_account: "bank_account_HeyApi0001", consumer_id: "consumer_HeyApi0001", store_number: "0042", action: "authorize", service_fee_id: "service_fee_HeyApi0001" },
  });
  const id = created.data.data.id;
  const before = await getTransactionIntent({ client, throwOnError: true, path: { transaction_intent_id: id } });
  const captured = await updateTransactionIntent({ client, throwOnError: true, path: { transaction_intent_id: id }, body: { action: "capture", amount: 125 } });
  const read = await getTransactionIntent({ client, throwOnError: true, path: { transaction_intent_id: id } });
  const statusOf = (view: typeof read.data.data) => ("captured_status" in view ? view.captured_status : undefined);
  return {
    createStatus: created.response.status, createdStatus: created.data.data.status,
    capturedStatusBefore: statusOf(before.data.data), captureStatus: captured.data.data.status,
    capturedStatus: statusOf(read.data.data), amountCaptured: "amount_captured" in read.data.data ? read.data.data.amount_captured : undefined,
  };
}
`;

const tsconfig = JSON.stringify({
  compilerOptions: {
    strict: true, noEmit: true, skipLibCheck: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler",
    lib: ["ES2022", "DOM", "DOM.Iterable"], types: [],
  },
  include: ["**/*.ts"],
});

describe("client generators: generate, type-check under --strict, nullable typed nullable", () => {
  const scratch = mkdtempSync(join(tmpdir(), "generators-"));
  const generated: string[] = [];

  after(() => rmSync(scratch, { recursive: true, force: true }));

  // The twelve generations run two at a time (the machine has two cores), started up front.
  const runs = new Map<string, Promise<ToolRun>>();
  before(() => {
    const pending: Array<Promise<unknown>> = [];
    for (const generator of generators) {
      for (const document of publishedDocuments) {
        const out = join(scratch, document, folderOf(generator));
        mkdirSync(out, { recursive: true });
        const [entry, ...args] = generator.args(join(root, "generated/openapi", `${document}.yaml`), out);
        const run = (pending.at(-2) ?? Promise.resolve()).catch(() => undefined).then(() => runTool(entry, args, { cwd: scratch }));
        pending.push(run);
        runs.set(`${document}/${generator.name}`, run);
      }
    }
  });

  for (const generator of generators) {
    for (const document of publishedDocuments) {
      test(`${generator.name} generates a client from ${document}.yaml`, async () => {
        const out = join(scratch, document, folderOf(generator));
        const run = await runs.get(`${document}/${generator.name}`)!;
        assert.equal(run.code, 0, run.output);
        if (document === "bank-payments") writeFileSync(join(out, "nullability-probe.ts"), nullabilityProbe(generator.models));
        if (document === "bank-payments" && generator.name === "@hey-api/openapi-ts") writeFileSync(join(out, "runtime.ts"), heyApiRuntime);
        generated.push(`${document}/${generator.name}`);
      });
    }
  }

  test("every generated client, the probes and the runtime usage type-check with tsc --strict", async () => {
    assert.equal(generated.length, generators.length * publishedDocuments.length);
    writeFileSync(join(scratch, "tsconfig.json"), tsconfig);
    const run = await runTool(cli.tsc, ["-p", join(scratch, "tsconfig.json")]);
    assert.equal(run.code, 0, run.output.slice(0, 4000));
  });

  test("a probe on a member typed never-null fails the type-check (the probe can fail)", async () => {
    const control = join(scratch, "bank-payments", folderOf(generators[0]), "control-probe.ts");
    writeFileSync(control, `import type { TransactionIntent } from "./types.gen";\nexport const wrong: TransactionIntent["status"] = null;\n`);
    try {
      const run = await runTool(cli.tsc, ["-p", join(scratch, "tsconfig.json")]);
      assert.notEqual(run.code, 0);
      assert.match(run.output, /control-probe\.ts.*TS2322/);
    } finally {
      rmSync(control);
    }
  });

  describe("hey-api's generated runtime client against the reference sandbox", () => {
    let sandbox: Sandbox;
    before(async () => {
      sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
    });
    after(() => sandbox.close());

    test("create (authorize), read uncaptured, capture, read", async () => {
      const module = join(scratch, "bank-payments", folderOf(generators[0]), "runtime.ts");
      const { createCaptureRead } = await import(pathToFileURL(module).href);
      assert.deepEqual(await createCaptureRead(sandbox.bankUrl, sandbox.secretKey), {
        createStatus: 201, createdStatus: "pending_capture",
        capturedStatusBefore: null, captureStatus: "succeeded", capturedStatus: "succeeded", amountCaptured: "125.00",
      });
    });
  });
});
