// Every published YAML reads the same in a YAML 1.1 loader as in a YAML 1.2 one. YAML 1.1 loaders
// (js-yaml's default schema, which Dredd uses; PyYAML) turn an unquoted `2026-11-04` into a date
// and `yes`/`on` into booleans; the build quotes such strings. Checked with Dredd's own js-yaml and
// with the yaml package's YAML 1.1 schema (PyYAML's rules: timestamps, yes/no/on/off, sexagesimal
// numbers): each document equals its JSON twin, and every date or date-time in an example is still
// a string.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, test } from "node:test";
import { parse } from "yaml";
import { documentNames, documentPath, openapiVersions } from "../../src/openapi/documents.js";

const root = join(import.meta.dirname, "..", "..");
// The js-yaml that Dredd loads documents with (its own dependency, not ours).
const dreddYaml = createRequire(createRequire(import.meta.url).resolve("dredd"))("js-yaml") as { load(text: string): unknown };

const loaders: Record<string, (text: string) => unknown> = {
  "js-yaml (Dredd's, default schema)": (text) => dreddYaml.load(text),
  "yaml with the YAML 1.1 schema": (text) => parse(text, { version: "1.1" }),
};

/** Every string of an example (`example`, `examples`, parameter and media type examples) that looks like a date. */
function exampleDates(node: unknown, inExample = false, found: unknown[] = []): unknown[] {
  if (Array.isArray(node)) for (const item of node) exampleDates(item, inExample, found);
  else if (node instanceof Date) found.push(node);
  else if (node !== null && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) exampleDates(value, inExample || key === "example" || key === "examples", found);
  } else if (inExample && typeof node === "string" && /^\d{4}-\d{2}-\d{2}/.test(node)) found.push(node);
  return found;
}

describe("published YAML under YAML 1.1 loaders", () => {
  for (const version of openapiVersions) {
    for (const name of documentNames) {
      const file = documentPath(name, "yaml", version);
      const twin = JSON.parse(readFileSync(documentPath(name, "json", version), "utf8"));
      for (const [loader, load] of Object.entries(loaders)) {
        test(`${version === "3.0" ? "" : "3.1/"}${name}.yaml with ${loader}: equal to its JSON twin, example dates still strings`, () => {
          const loaded = load(readFileSync(file, "utf8"));
          const dates = exampleDates(loaded);
          assert.ok(dates.length > (name === "check-cashing" ? 0 : 10), `${dates.length} example dates found`);
          assert.deepEqual(dates.filter((date) => typeof date !== "string"), []);
          assert.deepEqual(loaded, twin);
        });
      }
    }
  }

  test("the Arazzo workflows read the same under each loader", () => {
    const text = readFileSync(join(root, "generated/arazzo/bank-payments.arazzo.yaml"), "utf8");
    for (const load of Object.values(loaders)) assert.deepEqual(load(text), parse(text));
  });

  test("an unquoted date is a Date under both loaders (the check can fail)", () => {
    const text = "examples:\n  person:\n    value:\n      dob: 1988-04-12\n";
    for (const load of Object.values(loaders)) {
      const loaded = load(text);
      assert.ok(exampleDates(loaded).some((date) => date instanceof Date));
      assert.notDeepEqual(loaded, parse(text));
    }
  });
});
