// Widely used client generators, each run through its own command line on each published document
// of both OpenAPI versions, two runs at a time: a tool whose own command line takes several inputs
// (openapi-typescript through a redocly.yaml `apis` map, hey-api's repeated -i/-o, orval's config
// with one project per output) generates every document and version in one run (each tool's
// start-up is most of a run's cost). A tool whose command line takes one input
// (swagger-typescript-api, openapi-typescript-codegen) runs it on the first document, and its
// Node API, called with the options its command line passes, generates the others in one process;
// the API's output for the first document must be the command line's, file for file. The
// output type-checks under `tsc --strict`, the nullable `captured_status` is typed nullable in
// each (and a never-null member is not, so the probe is strict), and on the 3.1 documents it is
// typed as its enum or null (a value outside the enum does not compile). hey-api's generated
// runtime client creates, reads, captures and reads an intent against the reference sandbox, from
// each version.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, test } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { documentFile, publishedDocuments, publishedVersions, type PublishedVersion } from "./operations.js";
import { cli, root, runTool, type ToolRun } from "./tools.js";

/** One generation: a document of one version, written into `out`. */
type Job = { label: string; document: string; out: string };

type Generator = {
  name: string;
  /** The command line of the generator, writing into `out`. */
  args(document: string, out: string): [string, ...string[]];
  /**
   * One command line generating every job (its own multi-input support), any config file it
   * needs written into `scratch`; and the file each job must have written (a batch's exit code
   * alone does not say which job failed).
   */
  batch?: { args(jobs: Job[], scratch: string): [string, ...string[]]; writes: string };
  /**
   * Its Node API, where its command line takes one input: the module, and the call that makes
   * what `args` makes (an expression on `tool`, the module's namespace). It generates every job
   * but the first in one process; `writes` is the file each job must have written.
   */
  api?: { module: string; call(job: Job): string; writes: string };
  /** How a module in `out` imports the bank document's TransactionIntent model type. */
  intent: { imports: string; type: string };
  /** The versions it is run on (both unless said). */
  versions?: readonly PublishedVersion[];
};

const zodClientDependencies = join(root, "node_modules/openapi-zod-client/node_modules");

const generators: Generator[] = [
  {
    name: "openapi-typescript", versions: ["3.1"], // the 3.0 run is the package's own build (generated/types/)
    args: (document, out) => [cli.openapiTypescript, document, "-o", join(out, "schema.ts")],
    batch: {
      writes: "schema.ts",
      args(jobs, scratch) {
        // Its multi-API mode: one `apis` entry per job, the output in `x-openapi-ts`.
        const apis = jobs.map((job) => `  ${JSON.stringify(job.label)}:\n    root: ${JSON.stringify(job.document)}\n    x-openapi-ts:\n      output: ${JSON.stringify(join(job.out, "schema.ts"))}\n`);
        writeFileSync(join(scratch, "redocly.yaml"), `apis:\n${apis.join("")}`);
        return [cli.openapiTypescript, "--redocly", join(scratch, "redocly.yaml")];
      },
    },
    intent: { imports: 'import type { components } from "./schema";', type: 'components["schemas"]["TransactionIntent"]' },
  },
  {
    name: "@hey-api/openapi-ts", args: (document, out) => [cli.heyApi, "-i", document, "-o", out, "--no-log-file"],
    // As many outputs as inputs: one job per pair (its CLI's multi-input form).
    batch: { writes: "types.gen.ts", args: (jobs) => [cli.heyApi, "-i", ...jobs.map((job) => job.document), "-o", ...jobs.map((job) => job.out), "--no-log-file"] },
    intent: { imports: 'import type { TransactionIntent } from "./types.gen";', type: "TransactionIntent" },
  },
  {
    name: "orval", args: (document, out) => [cli.orval, "--input", document, "--output", join(out, "api.ts"), "--client", "fetch"],
    batch: {
      writes: "api.ts",
      args(jobs, scratch) {
        // One project per job: what --input/--output/--client set, in its config file's form.
        const projects = Object.fromEntries(jobs.map((job) => [job.label, { input: { target: job.document }, output: { target: join(job.out, "api.ts"), client: "fetch" } }]));
        writeFileSync(join(scratch, "orval.config.cjs"), `module.exports = ${JSON.stringify(projects, null, 2)};\n`);
        return [cli.orval, "--config", join(scratch, "orval.config.cjs")];
      },
    },
    intent: { imports: 'import type { TransactionIntent } from "./api";', type: "TransactionIntent" },
  },
  {
    name: "swagger-typescript-api", args: (document, out) => [cli.swaggerTypescriptApi, "generate", "-p", document, "-o", out, "-n", "api.ts"],
    // What its `generate` command passes for -p, -o and -n; every other option at its default.
    api: {
      module: join(root, "node_modules/swagger-typescript-api/dist/index.mjs"), writes: "api.ts",
      call: (job) => `tool.generateApi({ input: ${JSON.stringify(job.document)}, url: ${JSON.stringify(job.document)}, output: ${JSON.stringify(job.out)}, fileName: "api.ts", httpClientType: "fetch" })`,
    },
    intent: { imports: 'import type { TransactionIntent } from "./api";', type: "TransactionIntent" },
  },
  {
    name: "openapi-typescript-codegen", args: (document, out) => [cli.openapiTypescriptCodegen, "-i", document, "-o", out, "--client", "fetch"],
    // What bin/index.js passes for -i, -o and --client, with its options' defaults.
    api: {
      module: join(root, "node_modules/openapi-typescript-codegen/dist/index.js"), writes: "index.ts",
      call: (job) => `tool.generate({ input: ${JSON.stringify(job.document)}, output: ${JSON.stringify(job.out)}, httpClient: "fetch", exportCore: true, exportServices: true, exportModels: true, exportSchemas: false, indent: "4", postfixServices: "Service" })`,
    },
    intent: { imports: 'import type { TransactionIntent } from "./index";', type: "TransactionIntent" },
  },
  {
    // Its output imports zod 3 and @zodios/core, resolved from its own dependencies (tsconfig paths).
    // On 3.0 it types captured_status as unknown (README, "Works with"): run on 3.1 only.
    name: "openapi-zod-client", versions: ["3.1"], args: (document, out) => [cli.openapiZodClient, document, "-o", join(out, "api.ts"), "--export-schemas"],
    intent: { imports: 'import type { z } from "zod";\nimport type { schemas } from "./api";', type: "z.infer<typeof schemas.TransactionIntent>" },
  },
];

const folderOf = (generator: Generator) => generator.name.replace(/[@/]/g, "");
const versionsOf = (generator: Generator) => generator.versions ?? publishedVersions;

/** A script that generates `jobs` one after another through a tool's Node API. */
function apiScript(api: NonNullable<Generator["api"]>, jobs: Job[]): string {
  return [`import * as tool from ${JSON.stringify(pathToFileURL(api.module).href)};`, ...jobs.map((job) => `await ${api.call(job)};`)].join("\n") + "\n";
}

/** Every file under `dir`, by relative path, with its text. */
function filesUnder(dir: string): Record<string, string> {
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((file) => statSync(join(dir, file)).isFile()).sort();
  return Object.fromEntries(files.map((file) => [file, readFileSync(join(dir, file), "utf8")]));
}

/**
 * Compiled with the generated clients: captured_status takes null, a never-null member does not;
 * from a 3.1 document a value outside the enum does not either (typed as the enum, not a string).
 */
function nullabilityProbe(generator: Generator, version: PublishedVersion): string {
  const lines = [
    generator.intent.imports,
    `type Intent = ${generator.intent.type};`,
    'export const uncaptured: Intent["captured_status"] = null;',
    "// @ts-expect-error the id is never null: proves the line above is checked strictly",
    'export const noId: Intent["id"] = null;',
  ];
  if (version === "3.1") {
    lines.push("// @ts-expect-error not a value of the enum: captured_status is typed as its enum or null, not as a string");
    lines.push('export const bogus: Intent["captured_status"] = "bogus";');
  }
  return `${lines.join("\n")}\n`;
}

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

/**
 * One tsc program over both versions' outputs and the control probe: the libraries are read once,
 * not once per version. Each diagnostic is attributed to its output by its path.
 */
const tsconfig = JSON.stringify({
  compilerOptions: {
    strict: true, noEmit: true, skipLibCheck: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler",
    lib: ["ES2022", "DOM", "DOM.Iterable"], types: [],
    paths: { "zod": [join(zodClientDependencies, "zod")], "@zodios/core": [join(zodClientDependencies, "@zodios/core")] },
  },
  include: ["3.0/**/*.ts", "3.1/**/*.ts"],
});

/** The control probe's file, in the 3.1 bank-payments output of hey-api (its error is expected). */
const controlProbe = `3.1/bank-payments/${folderOf(generators[1])}/control-probe.ts`;

/** tsc's diagnostics (`--pretty false`: one line each, details indented below it), grouped by output folder. */
function diagnosticsByOutput(output: string): Map<string, string[]> {
  const byOutput = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of output.split("\n")) {
    if (!line.trim()) continue;
    if (/^\s/.test(line) && current) {
      current[current.length - 1] += `\n${line}`;
      continue;
    }
    // "3.1/bank-payments/orval/api.ts(12,3): error TS2322: ..."; anything else (a config error, a crash) is its own group.
    const key = /^(3\.[01]\/[^/]+\/[^/]+)\//.exec(line)?.[1] ?? "(not in an output)";
    current = byOutput.get(key) ?? [];
    byOutput.set(key, current);
    current.push(line);
  }
  return byOutput;
}

describe("client generators: generate, type-check under --strict, captured_status typed as its enum or null", () => {
  const scratch = mkdtempSync(join(tmpdir(), "generators-"));
  const generated: string[] = [];
  const outOf = (version: PublishedVersion, document: string, generator: Generator) => join(scratch, version, document, folderOf(generator));

  after(() => rmSync(scratch, { recursive: true, force: true }));

  // Every run goes two at a time (the machine has two cores), started up front; a batch's run is
  // every one of its jobs' run, and an API's run every job's but the first.
  const runs = new Map<string, Promise<ToolRun>>();
  const apiRuns = new Map<string, Promise<ToolRun>>();
  const apiCheckOf = (generator: Generator) => join(scratch, "api-check", folderOf(generator));
  before(() => {
    const pending: Array<Promise<unknown>> = [];
    const start = ([entry, ...args]: string[]) => {
      const run = (pending.at(-2) ?? Promise.resolve()).catch(() => undefined).then(() => runTool(entry, args, { cwd: scratch }));
      pending.push(run);
      return run;
    };
    for (const generator of generators) {
      const jobs = versionsOf(generator).flatMap((version) => publishedDocuments.map((document): Job => ({
        label: `${version}/${document}/${generator.name}`, document: documentFile(document, version, "yaml"), out: outOf(version, document, generator),
      })));
      for (const job of jobs) mkdirSync(job.out, { recursive: true });
      if (generator.batch) {
        const run = start(generator.batch.args(jobs, scratch));
        for (const job of jobs) runs.set(job.label, run);
      } else if (generator.api) {
        const [first, ...rest] = jobs;
        runs.set(first.label, start(generator.args(first.document, first.out)));
        // The API's process also makes the first job again, into a folder of its own, to compare.
        mkdirSync(apiCheckOf(generator), { recursive: true });
        const script = join(scratch, `${folderOf(generator)}-api.mjs`);
        writeFileSync(script, apiScript(generator.api, [{ ...first, out: apiCheckOf(generator) }, ...rest]));
        const run = start([script]);
        for (const job of rest) runs.set(job.label, run);
        apiRuns.set(generator.name, run);
      } else {
        for (const job of jobs) runs.set(job.label, start(generator.args(job.document, job.out)));
      }
    }
  });

  for (const version of publishedVersions) {
    for (const generator of generators.filter((g) => versionsOf(g).includes(version))) {
      for (const document of publishedDocuments) {
        test(`${generator.name} generates a client from ${version === "3.0" ? "" : "3.1/"}${document}.yaml`, async () => {
          const out = outOf(version, document, generator);
          const label = `${version}/${document}/${generator.name}`;
          const run = await runs.get(label)!;
          const byCommandLine = generator.api !== undefined && label === `${versionsOf(generator)[0]}/${publishedDocuments[0]}/${generator.name}`;
          const writes = generator.batch?.writes ?? (byCommandLine ? undefined : generator.api?.writes);
          if (writes) assert.ok(existsSync(join(out, writes)), `no ${writes} for this job:\n${run.output}`);
          assert.equal(run.code, 0, run.output);
          if (byCommandLine) {
            const apiRun = await apiRuns.get(generator.name)!;
            assert.equal(apiRun.code, 0, apiRun.output);
            assert.deepEqual(filesUnder(apiCheckOf(generator)), filesUnder(out), "its Node API, called as its command line calls it, made other files");
          }
          if (document === "bank-payments") writeFileSync(join(out, "nullability-probe.ts"), nullabilityProbe(generator, version));
          if (document === "bank-payments" && generator.name === "@hey-api/openapi-ts") writeFileSync(join(out, "runtime.ts"), heyApiRuntime);
          generated.push(`${version}/${document}/${generator.name}`);
        });
      }
    }
  }

  /** The one type-check, started once every generation has ended (both tests below read it). */
  let typeCheck: Promise<ToolRun> | undefined;
  const checkEverything = () => (typeCheck ??= (async () => {
    await Promise.allSettled(runs.values());
    writeFileSync(join(scratch, controlProbe), `import type { TransactionIntent } from "./types.gen";\nexport const wrong: TransactionIntent["status"] = null;\n`);
    writeFileSync(join(scratch, "tsconfig.json"), tsconfig);
    return runTool(cli.tsc, ["-p", join(scratch, "tsconfig.json"), "--pretty", "false"], { cwd: scratch, timeoutMs: 240_000 });
  })());

  test("every generated client, the probes and the runtime usage type-check with tsc --strict (3.0 and 3.1 side by side)", async () => {
    assert.equal(generated.length, publishedDocuments.length * generators.reduce((sum, g) => sum + versionsOf(g).length, 0));
    const run = await checkEverything();
    assert.notEqual(run.code, null, "tsc was killed (timeout)");
    // Every diagnostic but the control probe's, under the generator whose output it is in.
    const labels = new Map<string, string>(publishedVersions.flatMap((version) => generators.flatMap((g) =>
      publishedDocuments.map((document) => [`${version}/${document}/${folderOf(g)}`, `${version}/${document}/${g.name}`] as const))));
    const failures = [...diagnosticsByOutput(run.output)].map(([folder, lines]) =>
      [labels.get(folder) ?? folder, lines.filter((line) => !line.startsWith(`${controlProbe}(`))] as const).filter(([, lines]) => lines.length > 0);
    assert.deepEqual(Object.fromEntries(failures), {}, run.output.slice(0, 4000));
  });

  test("a probe on a member typed never-null fails the type-check (the probe can fail)", async () => {
    // The same program as above, which allows no error but this one.
    const run = await checkEverything();
    assert.notEqual(run.code, 0);
    assert.match(run.output, /control-probe\.ts.*TS2322/);
  });

  describe("hey-api's generated runtime client against the reference sandbox", () => {
    let sandbox: Sandbox;
    before(async () => {
      sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
    });
    after(() => sandbox.close());

    for (const version of publishedVersions) {
      test(`create (authorize), read uncaptured, capture, read (client generated from OpenAPI ${version})`, async () => {
        const module = join(outOf(version, "bank-payments", generators[1]), "runtime.ts");
        const { createCaptureRead } = await import(pathToFileURL(module).href);
        assert.deepEqual(await createCaptureRead(sandbox.bankUrl, sandbox.secretKey), {
          createStatus: 201, createdStatus: "pending_capture",
          capturedStatusBefore: null, captureStatus: "succeeded", capturedStatus: "succeeded", amountCaptured: "125.00",
        });
      });
    }
  });
});
