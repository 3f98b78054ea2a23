// The changes between two versions of an OpenAPI 3.0 document, each classified breaking,
// non-breaking or documentation for a client of the API. Detection is openapi-schema-diff's
// (operations, parameters, request and response bodies, on dereferenced documents so that each
// change is reported where a client meets it); the classification is ours (README, "Contract
// versions"): a request schema that accepts less, or a response schema that may carry more,
// breaks clients; anything the rules below do not know is counted as breaking.
import $RefParser from "@apidevtools/json-schema-ref-parser";
import compareOpenApiSchemas from "openapi-schema-diff";

/** Keywords that change no instance's validity. */
const DOCUMENTATION = new Set(["description", "summary", "title", "example", "examples", "externalDocs", "deprecated", "xml"]);
const UPPER_BOUNDS = new Set(["maxLength", "maxItems", "maxProperties", "maximum"]);
const LOWER_BOUNDS = new Set(["minLength", "minItems", "minProperties", "minimum"]);
const RESTRICTIONS = new Set(["pattern", "format", "multipleOf", "uniqueItems", "exclusiveMinimum", "exclusiveMaximum", "propertyNames"]);

/**
 * What a change of one keyword does to the set of valid instances: "narrow" (fewer valid),
 * "widen" (more valid), "same" (documentation) or "both" (either, or unknown).
 */
function keywordEffect(keyword, before, after) {
  if (DOCUMENTATION.has(keyword) || keyword.startsWith("x-")) return "same";
  if (UPPER_BOUNDS.has(keyword)) return after === undefined ? "widen" : before === undefined || after < before ? "narrow" : "widen";
  if (LOWER_BOUNDS.has(keyword)) return after === undefined ? "widen" : before === undefined || after > before ? "narrow" : "widen";
  if (RESTRICTIONS.has(keyword)) {
    if (after === undefined || after === false) return "widen";
    return before === undefined || before === false ? "narrow" : "both";
  }
  if (keyword === "nullable") return after === true ? "widen" : "narrow";
  if (keyword === "type") return before === undefined ? "narrow" : after === undefined ? "widen" : "both";
  if (keyword === "additionalProperties") return after === false ? "narrow" : before === false ? "widen" : "both";
  return "both";
}

/** A request that accepts less breaks clients; a response that may carry more breaks them. */
function verdict(side, effect) {
  if (effect === "same") return "documentation";
  if (effect === "both") return "breaking";
  return (side === "request") === (effect === "narrow") ? "breaking" : "non-breaking";
}

const at = (node, segments) => segments.reduce((value, key) => (value == null ? undefined : value[key]), node);
const setDifference = (a = [], b = []) => {
  const inB = new Set(b.map((x) => JSON.stringify(x)));
  return a.filter((x) => !inB.has(JSON.stringify(x)));
};

/** The classified changes inside one schema (request or response), from openapi-schema-diff's list. */
function schemaChanges(side, before, after, diffs, record) {
  const arraysSeen = new Set();
  for (const diff of diffs) {
    const segments = diff.jsonPath.replace(/^#\/?/, "").split("/").filter(Boolean);
    const last = segments.at(-1);
    const parent = segments.at(-2);
    // Members of enum, required, oneOf and anyOf are compared as sets, once per array.
    if (/^\d+$/.test(last) && ["enum", "required", "oneOf", "anyOf", "allOf", "type"].includes(parent)) {
      const arrayPath = segments.slice(0, -1);
      const id = arrayPath.join("/");
      if (arraysSeen.has(id)) continue;
      arraysSeen.add(id);
      const removed = setDifference(at(before, arrayPath), at(after, arrayPath));
      const added = setDifference(at(after, arrayPath), at(before, arrayPath));
      const where = `/${id}`;
      if (parent === "enum" || parent === "oneOf" || parent === "anyOf") {
        const noun = parent === "enum" ? "enum values" : `${parent} branches`;
        if (removed.length > 0) record(verdict(side, "narrow"), where, `${noun} removed ${parent === "enum" ? JSON.stringify(removed) : removed.length}`);
        if (added.length > 0) record(verdict(side, "widen"), where, `${noun} added ${parent === "enum" ? JSON.stringify(added) : added.length}`);
      } else if (parent === "type") {
        // An OpenAPI 3.1 type list: a type added admits more instances, one removed fewer.
        if (removed.length > 0) record(verdict(side, "narrow"), where, `types removed ${JSON.stringify(removed)}`);
        if (added.length > 0) record(verdict(side, "widen"), where, `types added ${JSON.stringify(added)}`);
      } else if (parent === "required") {
        if (added.length > 0) record(verdict(side, "narrow"), where, `now required: ${added.join(", ")}`);
        if (removed.length > 0) record(verdict(side, "widen"), where, `no longer required: ${removed.join(", ")}`);
      } else {
        record("breaking", where, `${parent} members changed`);
      }
      continue;
    }
    if (parent === "properties") {
      const object = at(diff.source === undefined ? after : before, segments.slice(0, -2));
      const closed = object?.additionalProperties === false;
      if (diff.source === undefined) {
        // A new request member is optional unless `required` names it (reported there); a new
        // response member is what clients conventionally ignore.
        record("non-breaking", `/${segments.slice(0, -1).join("/")}`, `property ${last} added`);
      } else if (diff.target === undefined) {
        record(side === "response" || closed ? "breaking" : "non-breaking", `/${segments.slice(0, -1).join("/")}`, `property ${last} removed`);
      }
      continue;
    }
    const effect = keywordEffect(last, diff.source, diff.target);
    const what = diff.source === undefined ? `${last} added (${JSON.stringify(diff.target)})`
      : diff.target === undefined ? `${last} removed (was ${JSON.stringify(diff.source)})`
      : `${last} ${JSON.stringify(diff.source)} -> ${JSON.stringify(diff.target)}`;
    record(verdict(side, effect), `/${segments.slice(0, -1).join("/")}`, DOCUMENTATION.has(last) ? `${last} changed` : what);
  }
}

/** Alternatives of an operation's security (each a set of scheme names). */
function securityAlternatives(document, operation) {
  return (operation.security ?? document.security ?? []).map((requirement) => Object.keys(requirement).sort().join("+"));
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** What openapi-schema-diff does not look at: operation ids and security. */
function operationChanges(before, after, add) {
  for (const [path, item] of Object.entries(after.paths ?? {})) {
    for (const method of METHODS) {
      const next = item[method];
      const previous = before.paths?.[path]?.[method];
      if (!next || !previous) continue;
      const operation = `${method.toUpperCase()} ${path}`;
      if (previous.operationId !== next.operationId) add("breaking", operation, "operation", "", `operationId ${previous.operationId} -> ${next.operationId}`);
      const was = securityAlternatives(before, previous);
      const now = securityAlternatives(after, next);
      for (const scheme of setDifference(was, now)) add("breaking", operation, "security", "", `key ${scheme || "(none)"} no longer accepted`);
      for (const scheme of setDifference(now, was)) add("non-breaking", operation, "security", "", `key ${scheme || "(none)"} now accepted`);
    }
  }
}

/**
 * Merges each single-branch `allOf` into the schema that holds it when no validation keyword of
 * the two collides (the holder's documentation wins). TypeSpec wraps every referenced property
 * in `allOf: [$ref]` to give it a description, and the portable nullable enum moved `type` and
 * `nullable` between the wrapper and the branch; merged, equivalent forms compare equal and
 * changes are reported at the property (`/properties/data/properties/id`), not at `/allOf/0`.
 */
function mergeSingleAllOf(node, memo = new Map()) {
  if (node === null || typeof node !== "object") return node;
  if (memo.has(node)) return memo.get(node);
  if (Array.isArray(node)) {
    const out = [];
    memo.set(node, out);
    for (const item of node) out.push(mergeSingleAllOf(item, memo));
    return out;
  }
  const out = {};
  memo.set(node, out);
  for (const [key, value] of Object.entries(node)) out[key] = mergeSingleAllOf(value, memo);
  if (Array.isArray(out.allOf) && out.allOf.length === 1 && out.allOf[0] && typeof out.allOf[0] === "object") {
    const { allOf: [branch], ...holder } = out;
    const collides = Object.keys(holder).some((key) => !DOCUMENTATION.has(key) && key in branch && JSON.stringify(holder[key]) !== JSON.stringify(branch[key]));
    if (!collides) {
      delete out.allOf;
      for (const [key, value] of Object.entries(branch)) if (!(key in out)) out[key] = value;
    }
  }
  return out;
}

const isNullSchema = (schema) => schema !== null && typeof schema === "object" && Object.keys(schema).length === 1 && schema.type === "null";

/**
 * One dereferenced schema tree in a form both OpenAPI versions share, so that a 3.0 document and
 * its 3.1 twin compare equal where they say the same: 3.0's `nullable: true` and 3.1's
 * `anyOf: [X, {type: "null"}]` both become `type: [X's type, "null"]` (with `null` in an enum),
 * and 3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` take 3.1's numeric form.
 */
function versionNeutral(node, memo = new Map()) {
  if (node === null || typeof node !== "object") return node;
  if (memo.has(node)) return memo.get(node);
  if (Array.isArray(node)) {
    const out = [];
    memo.set(node, out);
    for (const item of node) out.push(versionNeutral(item, memo));
    return out;
  }
  let out = {};
  memo.set(node, out);
  for (const [key, value] of Object.entries(node)) out[key] = versionNeutral(value, memo);
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2 && branches.some(isNullSchema)) {
    const other = branches.find((branch) => !isNullSchema(branch));
    // Merged when no validation keyword of the two collides (the holder's documentation wins).
    if (other && typeof other.type === "string" && Object.keys(other).every((key) => !(key in out) || DOCUMENTATION.has(key))) {
      delete out.anyOf;
      for (const [key, value] of Object.entries(other)) if (!(key in out)) out[key] = value;
      out.nullable = true;
    }
  }
  if (out.nullable === true && typeof out.type === "string") out.type = [out.type, "null"];
  if (out.nullable !== undefined) {
    if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    delete out.nullable;
  }
  for (const [flag, bound] of [["exclusiveMinimum", "minimum"], ["exclusiveMaximum", "maximum"]]) {
    if (out[flag] === true) {
      out[flag] = out[bound];
      delete out[bound];
    } else if (out[flag] === false) {
      delete out[flag];
    }
  }
  return out;
}

/**
 * Every change from `before` to `after` (two parsed OpenAPI 3.0 documents, or with
 * `{ acrossVersions: true }` a 3.0 document and a 3.1 one, compared in the form they share), classified. Each has
 * a `key` that names it exactly (operation, place, schema path, change): the acknowledgement of
 * a breaking change quotes it.
 */
export async function contractChanges(before, after, { acrossVersions = false } = {}) {
  const dereferenced = await Promise.all([before, after].map((document) => $RefParser.dereference(structuredClone(document))));
  const [source, target] = dereferenced.map((document) => (acrossVersions ? versionNeutral(mergeSingleAllOf(document)) : mergeSingleAllOf(document)));
  const changes = [];
  const add = (kind, operation, where, path, what) => changes.push({ kind, operation, where, path, what, key: `${operation} ${where}${path ? ` ${path}` : ""}: ${what}` });
  const diff = compareOpenApiSchemas(source, target);
  for (const route of diff.deletedRoutes) add("breaking", `${route.method.toUpperCase()} ${route.path}`, "operation", "", "removed");
  for (const route of diff.addedRoutes) add("non-breaking", `${route.method.toUpperCase()} ${route.path}`, "operation", "", "added");
  for (const route of diff.changedRoutes) {
    const operation = `${route.method.toUpperCase()} ${route.path}`;
    for (const change of route.changes) {
      const side = change.type === "parameter" || change.type === "requestBody" ? "request" : "response";
      const where = change.type === "parameter" ? `${change.in} parameter ${change.name}`
        : change.type === "requestBody" ? "request body"
        : change.type === "responseHeader" ? `response ${change.statusCode} header ${change.header}`
        : `response ${change.statusCode}`;
      if (change.action === "added") {
        const breaks = change.type === "requestBody" || (change.type === "parameter" && change.targetSchema.required === true);
        add(breaks ? "breaking" : "non-breaking", operation, where, "", change.type === "parameter" && breaks ? "added (required)" : "added");
        continue;
      }
      if (change.action === "deleted") {
        add("breaking", operation, where, "", "removed");
        continue;
      }
      for (const detail of change.changes) {
        if (detail.keyword === "required") {
          add("breaking", operation, where, "", "made required");
          continue;
        }
        const sourceSchema = change.sourceSchema.schema;
        const targetSchema = change.targetSchema.schema;
        schemaChanges(side, sourceSchema, targetSchema, detail.changes, (kind, path, what) => add(kind, operation, where, path, what));
      }
    }
  }
  operationChanges(source, target, add);
  return changes;
}

const LEVELS = ["none", "patch", "minor", "major"];

/** The smallest semver bump that the changes call for: major (breaking), minor, patch (documentation) or none. */
export function requiredBump(changes) {
  if (changes.some((c) => c.kind === "breaking")) return "major";
  if (changes.some((c) => c.kind === "non-breaking")) return "minor";
  return changes.length > 0 ? "patch" : "none";
}

/** The bump from one semver version to another ("none" when equal, "down" when lower). */
export function bumpBetween(from, to) {
  const [a, b] = [from, to].map((v) => v.split(".").map(Number));
  for (let i = 0; i < 3; i += 1) {
    if (b[i] > a[i]) return LEVELS[3 - i];
    if (b[i] < a[i]) return "down";
  }
  return "none";
}

/** Whether `actual` is at least `required`. */
export function bumpCovers(actual, required) {
  return actual !== "down" && LEVELS.indexOf(actual) >= LEVELS.indexOf(required);
}
