// The limits rule (docs/conformance.md, B-21): a response schema never caps below what a request may
// legally send. A server may accept an identifier, a text or an `extras` value longer than the
// sandbox's limits, and then echoes it; only identifiers the server itself generates may carry a
// length limit in a response.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { loadDocument } from "../../src/openapi/documents.js";

/** Identifiers the server generates (never taken from a request), whose length is the server's own. */
const generated = new Set(["#/components/schemas/TransactionIntentId", "#/components/schemas/CreditId", "#/components/schemas/AddressId"]);
const caps = ["maxLength", "maxProperties", "maxItems"];

/** Every length or count cap reachable from a response of the document, with the schema that states it. */
function responseCaps(service: "bank-payments" | "check-cashing"): string[] {
  const document = loadDocument(service) as any;
  const found = new Set<string>();
  const visited = new Set<string>();
  const walk = (node: any, pointer: string): void => {
    if (node === null || typeof node !== "object") return;
    if (typeof node.$ref === "string") {
      if (visited.has(node.$ref)) return;
      visited.add(node.$ref);
      walk(node.$ref.split("/").slice(1).reduce((at: any, key: string) => at?.[key], document), node.$ref);
      return;
    }
    for (const cap of caps) if (cap in node) found.add(`${pointer} ${cap}`);
    for (const [key, child] of Object.entries(node)) if (typeof child === "object") walk(child, `${pointer}/${key}`);
  };
  for (const [path, item] of Object.entries<any>(document.paths)) {
    for (const [method, operation] of Object.entries<any>(item)) {
      for (const [status, response] of Object.entries<any>(operation?.responses ?? {})) walk(response, `${method} ${path} ${status}`);
    }
  }
  return [...found];
}

describe("response schemas never cap below what a request may legally send (B-21)", () => {
  it("bank: only server-generated identifiers carry a length limit in a response", () => {
    const offending = responseCaps("bank-payments").filter((cap) => !generated.has(cap.split(" ")[0]));
    assert.deepEqual(offending, []);
  });
});
