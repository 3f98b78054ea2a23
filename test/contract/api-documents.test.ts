// The two API documents the contract is written from ship in docs/api/, so that every rule the
// conformance suite names ("bank §3.1", conformance/rules.ts) can be opened. They are copies of the
// team's source documents (../shared/api-docs beside a clone in CI): the copies may not drift.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/openapi/documents.js";

const source = `${packageRoot}/../shared/api-docs`;
const names = ["bank-payment-service.md", "check-cashing-service.md"];

describe("the API documents in docs/api/", () => {
  it("are the two documents, each with its numbered sections", () => {
    for (const name of names) {
      const text = readFileSync(`${packageRoot}/docs/api/${name}`, "utf8");
      for (const section of ["## 1.", "## 2.", "## 3.", "## 4.", "## 7."]) assert.ok(text.includes(section), `${name} has ${section}`);
    }
  });

  it("are the source documents unchanged", { skip: existsSync(source) ? false : `no source documents at ${source} (they are beside a clone in CI)` }, () => {
    for (const name of names) assert.equal(readFileSync(`${packageRoot}/docs/api/${name}`, "utf8"), readFileSync(`${source}/${name}`, "utf8"), name);
  });
});
