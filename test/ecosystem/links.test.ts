// The OpenAPI links of the bank document (spec/links/bank-payments.yaml, added by the build):
// present on every 2xx response of the creating operations, refused by the build when they name
// what does not exist, and followed as a link-following tool would on the reference sandbox.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { parse } from "yaml";
import { withLinks } from "../../scripts/build.mjs";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { loadDocument } from "./operations.js";
import { root } from "./tools.js";

type Link = { operationId: string; parameters: Record<string, string>; description?: string };
type Row = { from: string; name: string; to: string; parameters: Record<string, string> };

const rows = parse(readFileSync(join(root, "spec/links/bank-payments.yaml"), "utf8")) as Row[];
const document = loadDocument("bank-payments") as any;

function operation(id: string): { path: string; method: string; value: any } {
  for (const [path, item] of Object.entries<any>(document.paths)) {
    for (const [method, value] of Object.entries<any>(item)) if (value?.operationId === id) return { path, method, value };
  }
  throw new Error(`no operation ${id}`);
}

/** Resolves `$response.body#/json/pointer` against a response body. */
function evaluate(expression: string, body: unknown): unknown {
  const pointer = /^\$response\.body#\/(.*)$/.exec(expression)![1];
  return pointer.split("/").reduce<any>((node, key) => node?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], body);
}

describe("OpenAPI links of the bank document", () => {
  test("intent create links to read, actions and address update; credit create to read and cancel", () => {
    const linked = (id: string) => Object.entries<any>(operation(id).value.responses)
      .filter(([status]) => status.startsWith("2"))
      .map(([status, response]) => [status, Object.values<Link>(response.links ?? {}).map((link) => link.operationId)]);
    assert.deepEqual(linked("createTransactionIntent"), [
      ["200", ["getTransactionIntent", "updateTransactionIntent", "updateTransactionIntentBillingAddress"]],
      ["201", ["getTransactionIntent", "updateTransactionIntent", "updateTransactionIntentBillingAddress"]],
    ]);
    assert.deepEqual(linked("createCredit"), [["201", ["getCredit", "cancelCredit"]]]);
  });

  test("the build refuses a link to an unknown operation, an unknown parameter or a member the response lacks", () => {
    const row = rows[0];
    assert.throws(() => withLinks(structuredClone(document), [{ ...row, to: "getIntent" }]), /unknown operation getIntent/);
    assert.throws(() => withLinks(structuredClone(document), [{ ...row, parameters: { intent_id: "$response.body#/data/id" } }]), /no path parameter intent_id/);
    assert.throws(() => withLinks(structuredClone(document), [{ ...row, parameters: { transaction_intent_id: "$response.body#/data/identifier" } }]), /has no \$response\.body#\/data\/identifier/);
  });

  describe("followed on the reference sandbox", () => {
    let sandbox: Sandbox;
    before(async () => {
      sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
    });
    after(() => sandbox.close());

    const call = (method: string, path: string, body?: unknown) => fetch(sandbox.bankUrl + path, {
      method: method.toUpperCase(),
      headers: { authorization: `Bearer ${sandbox.secretKey}`, accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

    test("the read link of a created intent, followed, reaches the intent just created", async () => {
      const intentRequest = Object.values<any>(operation("createTransactionIntent").value.requestBody.content["application/json"].examples)[0].value;
      const created = await call("post", "/api/transaction-intents", intentRequest);
      assert.equal(created.status, 201);
      const intent = await created.json();
      const readIntent = (document.paths["/api/transaction-intents"].post.responses["201"].links.GetTransactionIntent) as Link;
      const target = operation(readIntent.operationId);
      const path = target.path.replace("{transaction_intent_id}", String(evaluate(readIntent.parameters.transaction_intent_id, intent)));
      const read = await call(target.method, path);
      assert.equal(read.status, 200);
      assert.equal((await read.json()).data.id, intent.data.id);
    });
  });
});
