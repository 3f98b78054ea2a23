#!/usr/bin/env node
// The pipeline: spec/*.tsp -> OpenAPI 3.0 documents -> TypeScript types, all under generated/.
// The types are emitted as .ts modules (types only) so that tsc carries them into dist/.
//
//   node scripts/build.mjs             rebuild generated/
//   node scripts/build.mjs --out DIR   build into DIR instead (the drift test compares the two)
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { parse, stringify } from "yaml";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Each @service namespace of spec/ and the file name its artifacts are published under. */
export const services = [
  { namespace: "BankPayments", name: "bank-payments" },
  { namespace: "CheckCashing", name: "check-cashing" },
  { namespace: "SandboxHelpers", name: "sandbox-helpers" },
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
 * A closed model is emitted as `additionalProperties: {not: {}}`; `false` says the same, and
 * openapi-typescript then emits no `[key: string]: unknown` index signature.
 */
function closedModels(node) {
  if (Array.isArray(node)) return node.map(closedModels);
  if (node === null || typeof node !== "object") return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    const closed =
      key === "additionalProperties" && value && typeof value === "object" &&
      Object.keys(value).length === 1 && value.not && Object.keys(value.not).length === 0;
    out[key] = closed ? false : closedModels(value);
  }
  return out;
}

/**
 * Nullable enums in the one form every mainstream OpenAPI 3.0 tool reads alike (measured with
 * Prism 5.14, Spectral, Redocly, openapi-typescript and four client generators; README, "Works
 * with"). TypeSpec emits `{type, nullable: true, enum: [...]}` as a component. Listing `null` in
 * that enum breaks Prism (it appends `null` itself, its Ajv refuses the duplicate and it silently
 * stops validating every response using the enum), while leaving it out makes the enum refuse null
 * under OpenAPI 3.0.3 (Spectral and Redocly flag the examples). So the component keeps only
 * `enum` (its values and `null`), and each use of it carries the type and `nullable` beside an
 * `allOf` of the reference:
 *
 *   CapturedStatus: {enum: ["succeeded", ..., null]}
 *   captured_status: {type: string, nullable: true, allOf: [{$ref: CapturedStatus}]}
 */
function portableNullableEnums(document) {
  const schemas = document.components?.schemas ?? {};
  const nullableEnums = new Map();
  for (const [name, schema] of Object.entries(schemas)) {
    if (schema.nullable === true && Array.isArray(schema.enum)) {
      const { type, nullable: _nullable, enum: values, ...rest } = schema;
      schemas[name] = { ...rest, enum: values.includes(null) ? values : [...values, null] };
      nullableEnums.set(`#/components/schemas/${name}`, type);
    }
  }
  const rewrite = (node) => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== "object") return node;
    const target = node.$ref ?? (Array.isArray(node.allOf) && node.allOf.length === 1 ? node.allOf[0].$ref : undefined);
    if (target !== undefined && nullableEnums.has(target)) {
      const { $ref: _ref, allOf: _allOf, ...rest } = node;
      return { type: nullableEnums.get(target), nullable: true, allOf: [{ $ref: target }], ...rest };
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, rewrite(value)]));
  };
  document.paths = rewrite(document.paths);
  document.components = rewrite(document.components);
  return document;
}

/** The two schema rewrites, both equivalent in meaning (see each). */
export function normalise(document) {
  return portableNullableEnums(closedModels(document));
}

/**
 * A parameter's examples as the single `example` every tool reads. TypeSpec emits the values of
 * `@opExample` parameters as a named `examples` map; Dredd (and other stock tools) read only
 * `example`, and OpenAPI makes the two mutually exclusive, so the first named value becomes
 * `example`. A parameter without one takes its schema's default.
 */
export function parameterExample(parameter) {
  if (parameter === null || typeof parameter !== "object" || typeof parameter.in !== "string") return parameter;
  const { examples, ...rest } = parameter;
  const first = examples && Object.values(examples)[0];
  if (first && "value" in first) return { ...rest, example: first.value };
  if (rest.example === undefined && rest.schema?.default !== undefined) return { ...rest, example: rest.schema.default };
  return rest;
}

function withParameterExamples(document) {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (Array.isArray(operation?.parameters)) operation.parameters = operation.parameters.map(parameterExample);
    }
  }
  for (const [name, parameter] of Object.entries(document.components?.parameters ?? {})) {
    document.components.parameters[name] = parameterExample(parameter);
  }
  return document;
}

/**
 * The sandbox helpers document reuses the bank's models; TypeSpec names components of another
 * namespace with its prefix (`BankPayments.TransactionIntent`). The prefix is dropped, as the
 * helpers define no model of the same name, so generated clients read `TransactionIntent`.
 */
export function withoutNamespacePrefix(document, prefix) {
  const schemas = document.components?.schemas ?? {};
  for (const name of Object.keys(schemas)) {
    if (name.startsWith(prefix) && schemas[name.slice(prefix.length)] !== undefined) {
      throw new Error(`${name}: ${name.slice(prefix.length)} is also defined`);
    }
  }
  const text = JSON.stringify(document).replaceAll(`"#/components/schemas/${prefix}`, '"#/components/schemas/');
  const renamed = JSON.parse(text);
  renamed.components.schemas = Object.fromEntries(
    Object.entries(renamed.components.schemas).map(([name, schema]) => [name.startsWith(prefix) ? name.slice(prefix.length) : name, schema]),
  );
  return renamed;
}

/** Every operation of a document by its operationId. */
function operationsById(document) {
  const operations = new Map();
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (typeof operation?.operationId === "string") operations.set(operation.operationId, operation);
    }
  }
  return operations;
}

/** Whether `schema` has the member at `segments` (through $ref and allOf; in every oneOf/anyOf branch). */
function schemaHasMember(document, schema, segments) {
  if (schema?.$ref) {
    const target = schema.$ref.replace(/^#\//, "").split("/").reduce((node, key) => node?.[key], document);
    return schemaHasMember(document, target, segments);
  }
  if (segments.length === 0) return schema !== undefined;
  if (!schema || typeof schema !== "object") return false;
  const [head, ...rest] = segments;
  if (schema.properties?.[head] !== undefined && schemaHasMember(document, schema.properties[head], rest)) return true;
  if (schema.allOf?.some((branch) => schemaHasMember(document, branch, segments))) return true;
  const alternatives = schema.oneOf ?? schema.anyOf;
  return Array.isArray(alternatives) && alternatives.every((branch) => schemaHasMember(document, branch, segments));
}

/**
 * OpenAPI links from spec/links/<name>.yaml (TypeSpec 1.11 cannot declare them). Each row adds one
 * link to every 2xx response of its `from` operation; a row naming an unknown operation or path
 * parameter, or pointing at a member the response does not have, fails the build.
 */
export function withLinks(document, rows) {
  const operations = operationsById(document);
  for (const { from, name, to, parameters, description } of rows) {
    const source = operations.get(from);
    const target = operations.get(to);
    if (!source || !target) throw new Error(`link ${name}: unknown operation ${source ? to : from}`);
    const targetPathParameters = new Set((target.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name));
    for (const [parameter, expression] of Object.entries(parameters)) {
      if (!targetPathParameters.has(parameter)) throw new Error(`link ${name}: ${to} has no path parameter ${parameter}`);
      const pointer = /^\$response\.body#\/(.+)$/.exec(expression);
      if (!pointer) throw new Error(`link ${name}: ${expression} is not a $response.body pointer`);
      for (const [status, response] of Object.entries(source.responses)) {
        if (!status.startsWith("2")) continue;
        const schema = response.content?.["application/json"]?.schema;
        if (!schemaHasMember(document, schema, pointer[1].split("/"))) throw new Error(`link ${name}: ${from} ${status} has no ${expression}`);
      }
    }
    for (const [status, response] of Object.entries(source.responses)) {
      if (!status.startsWith("2")) continue;
      response.links = { ...response.links, [name]: { operationId: to, parameters, description } };
    }
  }
  return document;
}

/** The links table of one published document, if it has one. */
function linkRows(name) {
  const file = join(root, "spec", "links", `${name}.yaml`);
  return existsSync(file) ? parse(readFileSync(file, "utf8")) : [];
}

/** Every rewrite of a freshly compiled document, in order. */
export function publishable(document, namespace, name) {
  let out = withParameterExamples(normalise(document));
  if (namespace === "SandboxHelpers") out = withoutNamespacePrefix(out, "BankPayments.");
  return withLinks(out, linkRows(name));
}

/**
 * An Arazzo document of spec/arazzo/ as published in generated/arazzo/: YAML anchors and merge
 * keys expanded (many tools do not read merge keys), `x-fixtures` (where the anchors live)
 * dropped. Every source description must name a published OpenAPI document as
 * `../openapi/<name>.yaml`, and every step's operationId must be an operation of it; a step that
 * names another source (`$sourceDescriptions.<name>.<operationId>`) is checked against that one.
 */
export function publishableWorkflows(text, documents) {
  const workflows = parse(text, { merge: true });
  delete workflows["x-fixtures"];
  const sources = new Map();
  for (const source of workflows.sourceDescriptions) {
    const match = /^\.\.\/openapi\/([a-z-]+)\.yaml$/.exec(source.url);
    const document = match && documents[match[1]];
    if (!document) throw new Error(`source ${source.name}: ${source.url} is not a published document`);
    sources.set(source.name, operationsById(document));
  }
  const [defaultSource] = sources.values();
  for (const workflow of workflows.workflows) {
    for (const step of workflow.steps) {
      if (step.operationId === undefined) continue;
      const qualified = /^\$sourceDescriptions\.([^.]+)\.(.+)$/.exec(step.operationId);
      const operations = qualified ? sources.get(qualified[1]) : defaultSource;
      if (!operations?.has(qualified ? qualified[2] : step.operationId)) {
        throw new Error(`workflow ${workflow.workflowId}, step ${step.stepId}: unknown operation ${step.operationId}`);
      }
    }
  }
  return `# ${header}\n${stringify(workflows, { lineWidth: 0, aliasDuplicateObjects: false })}`;
}

/** The authored Arazzo documents, by published file name. */
export function workflowSources() {
  const folder = join(root, "spec", "arazzo");
  return readdirSync(folder).filter((file) => file.endsWith(".arazzo.yaml")).sort()
    .map((file) => ({ file, text: readFileSync(join(folder, file), "utf8") }));
}

async function main() {
  const outDir = parseOutDir(process.argv);
  const scratch = mkdtempSync(join(tmpdir(), "contract-build-"));
  try {
    compileContract(scratch);
    mkdirSync(join(outDir, "openapi"), { recursive: true });
    mkdirSync(join(outDir, "types"), { recursive: true });
    mkdirSync(join(outDir, "arazzo"), { recursive: true });
    const documents = {};
    for (const { namespace, name } of services) {
      const document = publishable(JSON.parse(readFileSync(join(scratch, `${namespace}.json`), "utf8")), namespace, name);
      documents[name] = document;
      writeFileSync(join(outDir, "openapi", `${name}.json`), `${JSON.stringify(document, null, 2)}\n`);
      writeFileSync(
        join(outDir, "openapi", `${name}.yaml`),
        `# ${header}\n${stringify(document, { lineWidth: 0, aliasDuplicateObjects: false })}`,
      );
      const ast = await openapiTS(document, { alphabetize: false, exportType: false });
      writeFileSync(join(outDir, "types", `${name}.ts`), `// ${header}\n${astToString(ast)}`);
    }
    for (const { file, text } of workflowSources()) {
      writeFileSync(join(outDir, "arazzo", file), publishableWorkflows(text, documents));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main();
}
