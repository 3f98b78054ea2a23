#!/usr/bin/env node
// The pipeline: spec/*.tsp -> OpenAPI 3.0 and 3.1 documents -> TypeScript types, all under
// generated/. The 3.0 documents stay where they always were (generated/openapi/); the 3.1 twins,
// compiled from the same source in the same run, go to generated/openapi/3.1/. The types are
// emitted from the 3.0 documents as .ts modules (types only) so that tsc carries them into dist/.
//
//   node scripts/build.mjs             rebuild generated/
//   node scripts/build.mjs --out DIR   build into DIR instead (the drift test compares the two)
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
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

/**
 * The published OpenAPI versions: TypeSpec's output folder for each (tspconfig.yaml lists both
 * versions, so it writes one folder per version) and where the build publishes it.
 */
export const openapiVersions = [
  { version: "3.0", emitted: "3.0.0", folder: "openapi" },
  { version: "3.1", emitted: "3.1.0", folder: join("openapi", "3.1") },
];

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

/** Applies `rewrite` to every schema-holding part of a document (paths and components). */
function everySchema(document, rewrite) {
  const walk = (node) => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== "object") return node;
    const out = {};
    for (const [key, value] of Object.entries(node)) out[key] = walk(value);
    return rewrite(out);
  };
  document.paths = walk(document.paths);
  document.components = walk(document.components);
  return document;
}

const isNullSchema = (schema) => schema !== null && typeof schema === "object" && Object.keys(schema).length === 1 && schema.type === "null";

/**
 * `X | null` as OpenAPI 3.1 writes it. TypeSpec emits `anyOf: [X, {type: "null"}]`; an inline X
 * of one `type` becomes `type: [X's type, "null"]` beside X's other keywords, and an enum lists
 * `null` among its values (in 3.1 `enum` is checked beside `type`, so without it null would be
 * refused). A `$ref` X keeps the `anyOf`: that is 3.1's own form for a nullable reference.
 */
export function nullInType(document) {
  return everySchema(document, (schema) => {
    const branches = schema.anyOf;
    if (!Array.isArray(branches) || branches.length !== 2 || !branches.some(isNullSchema)) return schema;
    const [other] = branches.filter((branch) => !isNullSchema(branch));
    if (other === undefined || other.$ref !== undefined || typeof other.type !== "string") return schema;
    const { anyOf: _anyOf, ...holder } = schema;
    for (const key of Object.keys(other)) {
      if (key in holder) throw new Error(`nullable schema: ${key} both in the union and in its member`);
    }
    const merged = { ...other, ...holder, type: [other.type, "null"] };
    if (Array.isArray(other.enum) && !other.enum.includes(null)) merged.enum = [...other.enum, null];
    return merged;
  });
}

/**
 * A named `X | null` (a TypeSpec union with a null member, such as `CapturedStatus`) as a
 * nullable reference: the component states X alone and each reference to it becomes
 * `anyOf: [{$ref}, {type: "null"}]`. With the component nullable itself (`type: [string, null]`,
 * `null` in its enum), swagger-typescript-api 13.13 and openapi-typescript-codegen 0.31 drop the
 * null and type `captured_status` as the bare enum; with nullable references all five generators
 * of "Works with" type it as the enum or null. Run before nullInType (which merges the rest).
 */
export function nullableReferences(document) {
  const schemas = document.components?.schemas ?? {};
  const nullable = new Set();
  for (const [name, schema] of Object.entries(schemas)) {
    const branches = schema.anyOf;
    if (!Array.isArray(branches) || branches.length !== 2 || !branches.some(isNullSchema)) continue;
    const [other] = branches.filter((branch) => !isNullSchema(branch));
    if (other === undefined || other.$ref !== undefined) continue;
    const { anyOf: _anyOf, ...holder } = schema;
    for (const key of Object.keys(other)) {
      if (key in holder) throw new Error(`${name}: ${key} both in the union and in its member`);
    }
    schemas[name] = { ...other, ...holder };
    nullable.add(`#/components/schemas/${name}`);
  }
  return everySchema(document, (schema) => {
    if (!nullable.has(schema.$ref)) return schema;
    const { $ref, ...siblings } = schema;
    return { anyOf: [{ $ref }, { type: "null" }], ...siblings };
  });
}

/**
 * A closed model and a map as every tool reads them. TypeSpec's 3.1 emitter states both with
 * `unevaluatedProperties` (`{not: {}}` for closed); none of the generators of "Works with" reads
 * that keyword (a map's value type would be lost), while `additionalProperties` (`false` for
 * closed) is read by all. The two are the same schema when nothing beside them evaluates
 * properties (`allOf`, `anyOf`, `oneOf`, `$ref`, ...); such a schema stops the build.
 */
export function mapsAsAdditionalProperties(document) {
  const applicators = ["allOf", "anyOf", "oneOf", "$ref", "if", "dependentSchemas", "patternProperties"];
  return everySchema(document, (schema) => {
    if (!("unevaluatedProperties" in schema)) return schema;
    const beside = applicators.filter((key) => key in schema);
    if (beside.length > 0 || "additionalProperties" in schema) {
      throw new Error(`unevaluatedProperties beside ${beside.join(", ") || "additionalProperties"}: not the same as additionalProperties`);
    }
    const value = schema.unevaluatedProperties;
    const closed = value && typeof value === "object" && Object.keys(value).length === 1 && value.not && Object.keys(value.not).length === 0;
    return Object.fromEntries(Object.entries(schema).map(([key, kept]) => (key === "unevaluatedProperties" ? ["additionalProperties", closed ? false : value] : [key, kept])));
  });
}

/**
 * A reference with its own description, as 3.1 writes it. OpenAPI 3.0 ignores the siblings of a
 * `$ref`, so TypeSpec wraps a described reference in a one-branch `allOf`; 3.1 applies a `$ref`'s
 * siblings (JSON Schema 2020-12), so the wrapper goes and the reference carries them itself.
 */
export function referencesWithSiblings(document) {
  return everySchema(document, (schema) => {
    const branches = schema.allOf;
    if (!Array.isArray(branches) || branches.length !== 1 || typeof branches[0]?.$ref !== "string" || Object.keys(branches[0]).length !== 1) return schema;
    const { allOf: _allOf, ...siblings } = schema;
    if ("$ref" in siblings) return schema;
    return { $ref: branches[0].$ref, ...siblings };
  });
}

/**
 * The length of an `extras` member name, which only 3.1 can state (`propertyNames`). The limit is
 * the contract decision `Limits.extrasKey` of spec/bank-payments/common.tsp; names are at least
 * one character long.
 */
export function extrasKeyLimit(source = readFileSync(join(root, "spec", "bank-payments", "common.tsp"), "utf8")) {
  const match = /\bconst extrasKey = (\d+);/.exec(source);
  if (!match) throw new Error("spec/bank-payments/common.tsp: Limits.extrasKey not found (the 3.1 documents state it as propertyNames)");
  return Number(match[1]);
}

/** `propertyNames` on the `extras` object of a 3.1 document that has one (the bank document). */
export function withExtrasMemberNames(document, maxLength = extrasKeyLimit()) {
  const extras = document.components?.schemas?.Extras;
  if (extras) extras.propertyNames = { minLength: 1, maxLength };
  return document;
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

/** Every rewrite of a freshly compiled OpenAPI 3.0 document, in order. */
export function publishable(document, namespace, name) {
  let out = withParameterExamples(normalise(document));
  if (namespace === "SandboxHelpers") out = withoutNamespacePrefix(out, "BankPayments.");
  return withLinks(out, linkRows(name));
}

/**
 * Every rewrite of a freshly compiled OpenAPI 3.1 document, in order. None of the 3.0 rewrites:
 * nullable enums are plain in 3.1 and parameters keep TypeSpec's named `examples` (the single
 * `example` was for Dredd, which reads only 3.0).
 */
export function publishable31(document, namespace, name) {
  let out = document;
  if (namespace === "SandboxHelpers") out = withoutNamespacePrefix(out, "BankPayments.");
  out = nullInType(nullableReferences(referencesWithSiblings(mapsAsAdditionalProperties(out))));
  out = withExtrasMemberNames(out);
  return withLinks(out, linkRows(name));
}

/** The published YAML form: quoted wherever a YAML 1.1 loader would read a string as something else. */
export function publishedYaml(value) {
  // Written with the YAML 1.1 schema, so that dates (`"1988-04-12"`), `"yes"`, `"on"` and the like
  // are quoted: js-yaml's default schema, PyYAML and Dredd would load them as dates or booleans.
  // Quoted scalars read the same under YAML 1.2.
  return `# ${header}\n${stringify(value, { lineWidth: 0, aliasDuplicateObjects: false, version: "1.1" })}`;
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
  return publishedYaml(workflows);
}

/** The authored Arazzo documents, by published file name. */
export function workflowSources() {
  const folder = join(root, "spec", "arazzo");
  return readdirSync(folder).filter((file) => file.endsWith(".arazzo.yaml")).sort()
    .map((file) => ({ file, text: readFileSync(join(folder, file), "utf8") }));
}

/** Writes one published document as JSON and YAML. */
function writeDocument(folder, name, document) {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${name}.json`), `${JSON.stringify(document, null, 2)}\n`);
  writeFileSync(join(folder, `${name}.yaml`), publishedYaml(document));
}

async function main() {
  const outDir = parseOutDir(process.argv);
  const scratch = mkdtempSync(join(tmpdir(), "contract-build-"));
  try {
    compileContract(scratch);
    mkdirSync(join(outDir, "types"), { recursive: true });
    mkdirSync(join(outDir, "arazzo"), { recursive: true });
    const documents = {};
    // Loaded here, not at the top: it loads the TypeScript compiler (2.5 s of CPU), which the tests
    // that import this module for its document helpers never use.
    const { default: openapiTS, astToString } = await import("openapi-typescript");
    for (const { version, emitted, folder } of openapiVersions) {
      for (const { namespace, name } of services) {
        const compiled = JSON.parse(readFileSync(join(scratch, emitted, `${namespace}.json`), "utf8"));
        const document = version === "3.0" ? publishable(compiled, namespace, name) : publishable31(compiled, namespace, name);
        writeDocument(join(outDir, folder), name, document);
        if (version !== "3.0") continue;
        documents[name] = document;
        const ast = await openapiTS(document, { alphabetize: false, exportType: false });
        writeFileSync(join(outDir, "types", `${name}.ts`), `// ${header}\n${astToString(ast)}`);
      }
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
