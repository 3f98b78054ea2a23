#!/usr/bin/env node
// The pipeline: spec/*.tsp -> OpenAPI 3.0 documents -> TypeScript types, all under generated/.
// The types are emitted as .ts modules (types only) so that tsc carries them into dist/.
//
//   node scripts/build.mjs             rebuild generated/
//   node scripts/build.mjs --out DIR   build into DIR instead (the drift test compares the two)
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { stringify } from "yaml";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Each @service namespace of spec/ and the file name its artifacts are published under. */
export const services = [
  { namespace: "BankPayments", name: "bank-payments" },
  { namespace: "CheckCashing", name: "check-cashing" },
];

const header = "Generated from spec/ by `npm run build`. Do not edit: change spec/ and rebuild.";

function parseOutDir(argv) {
  const at = argv.indexOf("--out");
  return at === -1 ? join(root, "generated") : resolve(argv[at + 1]);
}

/** Runs the TypeSpec compiler (with the linter, warnings as errors) into a scratch folder. */
function compileContract(scratch) {
  const tsp = join(root, "node_modules/@typespec/compiler/cmd/tsp.js");
  execFileSync(
    process.execPath,
    [tsp, "compile", join(root, "spec/main.tsp"), "--warn-as-error",
      "--option", `@typespec/openapi3.emitter-output-dir=${scratch}`],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
  );
}

/**
 * Two rewrites of TypeSpec's OpenAPI 3.0 output, both equivalent in meaning and both needed by
 * strict consumers:
 * - a closed model is emitted as `additionalProperties: {not: {}}`; `false` says the same and
 *   openapi-typescript then emits no `[key: string]: unknown` index signature;
 * - a nullable enum is emitted without `null` among its values; OpenAPI 3.0.3 requires it there
 *   ("other constraints retain their behaviour"), and validators reject null without it.
 */
export function normalise(node) {
  if (Array.isArray(node)) return node.map(normalise);
  if (node === null || typeof node !== "object") return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    const closed =
      key === "additionalProperties" && value && typeof value === "object" &&
      Object.keys(value).length === 1 && value.not && Object.keys(value.not).length === 0;
    out[key] = closed ? false : normalise(value);
  }
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) {
    out.enum = [...out.enum, null];
  }
  return out;
}

async function main() {
  const outDir = parseOutDir(process.argv);
  const scratch = mkdtempSync(join(tmpdir(), "contract-build-"));
  try {
    compileContract(scratch);
    mkdirSync(join(outDir, "openapi"), { recursive: true });
    mkdirSync(join(outDir, "types"), { recursive: true });
    for (const { namespace, name } of services) {
      const document = normalise(JSON.parse(readFileSync(join(scratch, `${namespace}.json`), "utf8")));
      writeFileSync(join(outDir, "openapi", `${name}.json`), `${JSON.stringify(document, null, 2)}\n`);
      writeFileSync(
        join(outDir, "openapi", `${name}.yaml`),
        `# ${header}\n${stringify(document, { lineWidth: 0, aliasDuplicateObjects: false })}`,
      );
      const ast = await openapiTS(document, { alphabetize: false, exportType: false });
      writeFileSync(join(outDir, "types", `${name}.ts`), `// ${header}\n${astToString(ast)}`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main();
}
