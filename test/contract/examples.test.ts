// Every example in the published documents, OpenAPI 3.0 and 3.1, is valid against its own schema
// (Ajv: 3.0 semantics with nullable included, and JSON Schema 2020-12 for 3.1), every request body
// and documented response has one, and the checker itself catches a wrong example.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { loadDocument, operationsOf, documentNames, openapiVersions } from "../../src/openapi/documents.js";
import { checkExamples } from "../helpers/example-check.js";

for (const version of openapiVersions) for (const service of documentNames) {
  describe(`${service} examples (OpenAPI ${version})`, () => {
    const document = loadDocument(service, version);
    const { failures, counts, missing } = checkExamples(document);

    test("every example validates against its schema", () => {
      assert.deepEqual(failures, []);
    });

    test("every request body and every documented response has at least one example", () => {
      assert.deepEqual(missing, []);
      assert.ok(counts.requests > 0 && counts.responses > 0);
    });

    test("the happy path is the first example of each operation's success response", () => {
      for (const { operation } of operationsOf(document)) {
        const success = Object.keys(operation.responses).filter((status) => status.startsWith("2")).sort();
        for (const status of success) {
          const first = Object.values(operation.responses[status].content!["application/json"].examples!)[0] as { value: any };
          const data = first.value?.data ?? first.value;
          assert.ok(!("errors" in (first.value ?? {})), `${operation.operationId} ${status}: first example is an error`);
          // The declined creation (200) and the credit-failing test helper are failures by design.
          if ((operation.operationId !== "createTransactionIntent" || status === "201") && operation.operationId !== "failCredit") {
            assert.notEqual(data?.status, "failed", `${operation.operationId} ${status}: first example is a failure`);
          }
        }
      }
    });
  });
}

describe("the example check can fail", () => {
  test("a wrong type in a response example is reported", () => {
    const document = loadDocument("bank-payments");
    const media = (document.paths["/api/transaction-intents/{transaction_intent_id}"].get as any).responses["200"].content["application/json"];
    const first = Object.values(media.examples as Record<string, { value: any }>)[0];
    first.value.data.amount_authorized = "lots";
    const { failures } = checkExamples(document);
    assert.equal(failures.length, 1);
    assert.match(failures[0].where, /getTransactionIntent 200/);
  });

  test("an undeclared enum value in a request example is reported", () => {
    const document = loadDocument("check-cashing");
    const media = (document.paths["/v1/payroll"].post as any).requestBody.content["application/json"];
    for (const example of Object.values(media.examples as Record<string, { value: any }>)) example.value.ssn = "12345";
    const { failures } = checkExamples(document);
    assert.ok(failures.length > 0 && failures.every((failure) => failure.where === "submitPayrollCheck request"));
  });
});

describe("the example check can fail on a 3.1 document", () => {
  test("an extras member name of 41 characters is reported (propertyNames), a 40-character one is not", () => {
    const document = loadDocument("bank-payments", "3.1");
    const media = (document.paths["/api/transaction-intents"].post as any).requestBody.content["application/json"];
    const [first, second] = Object.values(media.examples as Record<string, { value: any }>);
    first.value.extras = { ["k".repeat(41)]: "x" };
    second.value.extras = { ["k".repeat(40)]: "x" };
    const { failures } = checkExamples(document);
    assert.equal(failures.length, 1);
    assert.equal(failures[0].where, "createTransactionIntent request");
    assert.ok(failures[0].errors.some((error) => /property name/.test(error)), failures[0].errors.join("\n"));
  });

  test("null where the 3.1 schema does not allow it is reported", () => {
    const document = loadDocument("bank-payments", "3.1");
    const media = (document.paths["/api/transaction-intents/{transaction_intent_id}"].get as any).responses["200"].content["application/json"];
    Object.values(media.examples as Record<string, { value: any }>)[0].value.data.amount = null;
    const { failures } = checkExamples(document);
    assert.equal(failures.length, 1);
    assert.match(failures[0].where, /getTransactionIntent 200/);
  });
});
