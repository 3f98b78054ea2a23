// Coverage of the bank payment document (sections 2, 3, 4, 5 and 7 of its API doc): every field,
// enum value, endpoint, status code, query parameter and key, transcribed here from the doc's
// tables, must be present in the emitted schema of the right operation.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { loadDocument, type OpenApiOperation } from "../../src/openapi/documents.js";
import { deref, enumOf, propertiesOf, requiredOf, variantsOf, type Schema } from "../helpers/schema-walk.js";

const doc = loadDocument("bank-payments");

function op(path: string, method: string): OpenApiOperation {
  const found = doc.paths[path]?.[method] as OpenApiOperation | undefined;
  assert.ok(found, `${method.toUpperCase()} ${path} is missing`);
  return found;
}

function responseSchema(path: string, method: string, status: string): Schema {
  const response = op(path, method).responses[status];
  assert.ok(response, `${method.toUpperCase()} ${path} does not declare ${status}`);
  return response.content!["application/json"].schema as Schema;
}

function requestSchema(path: string, method: string): Schema {
  return op(path, method).requestBody!.content["application/json"].schema as Schema;
}

const dataOf = (schema: Schema) => propertiesOf(doc, schema).data;
const intents = "/api/transaction-intents";
const intent = "/api/transaction-intents/{transaction_intent_id}";
const credits = "/api/credits";
const credit = "/api/credits/{credit_id}";

// 2.1 Transaction intent, in the doc's order.
const intentFields = ["id", "type", "status", "amount_authorized", "amount_captured", "amount_refunded_total", "authorized_at", "captured_at", "captured_status", "capture_reference_id", "bank_account_id", "billing_address_id", "consumer_id", "cancel", "refund", "chain_number", "merchant_id", "extras", "is_mailable", "payments", "reason", "reference_id", "service_fee", "service_fee_accepted_at", "service_fee_id", "transaction_adverse_type"];
const nullableIntentFields = ["amount_captured", "amount_refunded_total", "authorized_at", "captured_at", "captured_status", "capture_reference_id", "billing_address_id", "cancel", "refund", "extras", "reason", "reference_id", "service_fee", "service_fee_accepted_at", "service_fee_id"];
const secretOnly = ["captured_at", "captured_status", "capture_reference_id", "extras", "service_fee_accepted_at"];
const createdFields = ["bank_account_id", "billing_address", "consumer_id", "extras", "id", "service_fee_id", "status"];
const intentStatuses = ["succeeded", "failed", "refunded", "canceled", "pending_authorization", "pending_capture", "pending_service_fee", "pending_service_fee_acceptance"];
const capturedStatuses = ["duplicate_request", "error", "error_cannot_confirm", "expired", "invalid_key_data", "limit_exceeded", "printed", "succeeded"];
// 2.2 Attempt object.
const attemptFields = ["amount", "created_at", "message", "reference_number", "response_code", "status"];
// 2.4 Credit ({base_url} in the doc's table is creditable.id).
const creditFields = ["id", "amount", "creditable", "creditable_id", "transaction_intent_id", "type", "status", "created_at", "updated_at", "employee_number", "extras", "reason", "cancel_message", "reference_number", "station_number"];
// 7.4 Response codes.
const responseCodes: Record<string, string> = {
  "00": "Invalid driver licence or state ID", "01": "ID and date of birth mismatch", "03": "Invalid SSN or ITIN",
  "04": "Invalid service type for client account", "05": "Invalid device ID", "06": "ID type restricted",
  "07": "Decline (negative); adverse action required", "08": "Approval", "09": "Invalid routing or account number",
  "11": "Invalid account type", "12": "Decline (high risk); adverse action required", "13": "Edit errors, required field missing",
  "14": "Invalid station number (client account missing or deactivated)", "15": "System error", "16": "Phone number missing",
  "17": "Phone number invalid", "18": "Invalid e-mail address", "19": "Driver licence and date of birth must be supplied",
  "21": "Approval", "22": "Decline, account not ACH capable", "24": "Check not eligible for conversion",
  "25": "Decline, unable to determine ACH capability", "29": "Void or cancel successful",
  "30": "Cannot void or cancel (refunds and credits cannot be cancelled)", "31": "Already voided or cancelled",
  "32": "Duplicate transaction", "33": "Reference and search request UID combination not found",
  "34": "Too late to void (already in ACH network)", "38": "Invalid check type", "66": "Invalid consumer billing address",
  "67": "Invalid billing address and account not ACH capable", "68": "Invalid shipping address",
  "69": "Invalid shipping address and account not ACH capable", "70": "Invalid consumer or ship-to first and last name",
  "71": "Invalid consumer or ship-to company name", "72": "Invalid consumer or ship-to address data", "73": "Debit already captured",
  "74": "Credit amount over the limit", "75": "Refund amount exceeds the debit amount", "76": "Original debit has not been captured",
  "77": "Original debit was cancelled; refund or linked credit impossible (use an unlinked credit)",
  "78": "Capture adjusted amount over the limit", "79": "Capture adjusted amount over the limit and retries exceeded; submit a new debit",
  "80": "Refund impossible, original debit not sent for settlement (cancel it or use a credit)",
  "81": "Refund amount less than purchase amount; partial refunds not enabled", "82": "Debit related to the refund was returned by the bank",
};

// Section 4: every endpoint with the statuses the doc states, plus the auth decisions (401, 403).
const endpoints: Array<[string, string, string, string[], "S" | "P" | "P or S"]> = [
  ["createTransactionIntent", intents, "post", ["201", "200", "409", "422", "401", "403"], "S"],
  ["updateTransactionIntentBillingAddress", `${intent}/address`, "patch", ["200", "404", "422", "401", "403"], "P"],
  ["updateTransactionIntent", intent, "patch", ["200", "404", "409", "422", "401", "403"], "S"],
  ["listTransactionIntents", intents, "get", ["200", "422", "401", "403"], "S"],
  ["getTransactionIntent", intent, "get", ["200", "404", "401"], "P or S"],
  ["createCredit", credits, "post", ["201", "409", "422", "401", "403"], "S"],
  ["cancelCredit", credit, "patch", ["200", "404", "409", "422", "401", "403"], "S"],
  ["listCredits", credits, "get", ["200", "422", "401", "403"], "S"],
  ["getCredit", credit, "get", ["200", "404", "401", "403"], "S"],
];

describe("2.1 transaction intent", () => {
  const full = dataOf(responseSchema(intents, "get", "200")).items as Schema;
  const fullFields = propertiesOf(doc, full);
  const read = variantsOf(doc, dataOf(responseSchema(intent, "get", "200")));
  const publicView = read.find((variant) => "is_mailable" in propertiesOf(doc, variant))!;

  for (const field of intentFields.filter((f) => f !== "is_mailable")) {
    test(`full view (list, secret read, actions) has ${field}`, () => assert.ok(field in fullFields));
  }
  test("every full-view field but payments is required; payments is bnpl-only", () => {
    const required = requiredOf(doc, full);
    assert.deepEqual(intentFields.filter((f) => f !== "is_mailable" && f !== "payments" && !required.includes(f)), []);
    assert.ok(!required.includes("payments"));
  });
  for (const field of nullableIntentFields) {
    test(`${field} is nullable`, () => assert.equal(deref(doc, fullFields[field]).nullable, true));
  }
  test("merchant_id is deprecated", () => assert.equal(fullFields.merchant_id.deprecated, true));
  test("payments items have amount and scheduled_for (date)", () => {
    const item = propertiesOf(doc, fullFields.payments.items!);
    assert.deepEqual(Object.keys(item).sort(), ["amount", "scheduled_for"]);
    assert.equal(item.scheduled_for.format, "date");
  });
  test("the read is the full view or the publishable view", () => assert.equal(read.length, 2));
  test("the publishable view has is_mailable and none of the secret-only fields", () => {
    const fields = propertiesOf(doc, publicView);
    assert.ok(requiredOf(doc, publicView).includes("is_mailable"));
    assert.deepEqual(secretOnly.filter((f) => f in fields), []);
    assert.equal(publicView.additionalProperties, false);
  });
  test("the full view has no is_mailable and is closed", () => {
    assert.ok(!("is_mailable" in fullFields));
    assert.equal(deref(doc, full).additionalProperties, false);
  });
  test("type enum", () => assert.deepEqual(enumOf(doc, fullFields.type).sort(), ["bankpay", "bankpay_bnpl"]));
  test("status enum", () => assert.deepEqual(enumOf(doc, fullFields.status).sort(), [...intentStatuses].sort()));
  test("captured_status enum", () => assert.deepEqual(enumOf(doc, fullFields.captured_status).filter((v) => v !== null).sort(), [...capturedStatuses].sort()));
  test("the create response is the reduced object", () => {
    const created = dataOf(responseSchema(intents, "post", "201"));
    assert.deepEqual(Object.keys(propertiesOf(doc, created)).sort(), [...createdFields].sort());
    assert.deepEqual(Object.keys(propertiesOf(doc, propertiesOf(doc, created).billing_address)).sort(), ["id", "standardized"]);
    assert.equal(deref(doc, dataOf(responseSchema(intents, "post", "200"))), deref(doc, created), "the 200 failed outcome has the same reduced object");
  });
});

describe("2.2 attempt object", () => {
  const fields = propertiesOf(doc, dataOf(responseSchema(intents, "get", "200")).items as Schema);
  for (const attempt of ["cancel", "refund"]) {
    test(`${attempt} has every attempt field`, () => assert.deepEqual(Object.keys(propertiesOf(doc, fields[attempt])).sort(), [...attemptFields].sort()));
  }
  test("attempt status enum", () => assert.deepEqual(enumOf(doc, propertiesOf(doc, fields.refund).status).sort(), ["cancelled", "succeeded"]));
  test("response_code lists every code of 7.4, each meaning documented", () => {
    const codeSchema = deref(doc, propertiesOf(doc, fields.refund).response_code);
    assert.deepEqual(codeSchema.enum!.slice().sort(), Object.keys(responseCodes).sort());
    for (const [code, meaning] of Object.entries(responseCodes)) {
      assert.ok(codeSchema.description!.includes(`| ${code} | ${meaning} |`), `meaning of ${code}`);
    }
  });
});

describe("2.3 address input and 4.2 address update", () => {
  test("billing_address on create has the six members", () => {
    for (const variant of variantsOf(doc, requestSchema(intents, "post"))) {
      const address = propertiesOf(doc, propertiesOf(doc, variant).billing_address);
      assert.deepEqual(Object.keys(address).sort(), ["city_locality", "country_code", "line_1", "line_2", "postal_code", "state_province"]);
    }
  });
  test("the address update body has its six members and admits further ones", () => {
    const body = deref(doc, requestSchema(`${intent}/address`, "patch"));
    assert.deepEqual(Object.keys(propertiesOf(doc, body)).sort(), ["city", "country_code", "line_1", "line_2", "state_province", "zipcode"]);
    assert.notEqual(body.additionalProperties, false);
  });
});

describe("2.4 credit", () => {
  const fields = propertiesOf(doc, dataOf(responseSchema(credit, "get", "200")));
  for (const field of creditFields) test(`credit has ${field}`, () => assert.ok(field in fields));
  test("creditable has type and id", () => assert.deepEqual(Object.keys(propertiesOf(doc, fields.creditable)).sort(), ["id", "type"]));
  test("creditable.type enum", () => assert.deepEqual(enumOf(doc, propertiesOf(doc, fields.creditable).type).sort(), ["bank_account", "transaction_intent"]));
  test("type enum", () => assert.deepEqual(enumOf(doc, fields.type).sort(), ["linked", "refund", "unlinked"]));
  test("status enum, both cancel spellings", () => assert.deepEqual(enumOf(doc, fields.status).sort(), ["canceled", "cancelled", "failed", "pending", "succeeded"]));
  test("transaction_intent_id is deprecated", () => assert.equal(fields.transaction_intent_id.deprecated, true));
  for (const field of ["extras", "reason", "cancel_message", "reference_number", "station_number"]) {
    test(`${field} is nullable`, () => assert.equal(deref(doc, fields[field]).nullable, true));
  }
});

describe("2.5 envelopes", () => {
  for (const list of [intents, credits]) {
    test(`${list} list has data, links and meta with every member`, () => {
      const envelope = propertiesOf(doc, responseSchema(list, "get", "200"));
      assert.equal(deref(doc, envelope.data).type, "array");
      assert.deepEqual(Object.keys(propertiesOf(doc, envelope.links)).sort(), ["first", "last", "next", "prev"]);
      assert.deepEqual(Object.keys(propertiesOf(doc, envelope.meta)).sort(), ["current_page", "from", "last_page", "path", "per_page", "to", "total"]);
    });
  }
  test("single responses carry meta.type", () => {
    assert.deepEqual(enumOf(doc, propertiesOf(doc, propertiesOf(doc, responseSchema(intent, "get", "200")).meta).type), ["transaction_intent"]);
    assert.deepEqual(enumOf(doc, propertiesOf(doc, propertiesOf(doc, responseSchema(intent, "patch", "200")).meta).type).sort(), ["pending_capture", "transaction_intent"]);
    assert.deepEqual(enumOf(doc, propertiesOf(doc, propertiesOf(doc, responseSchema(credit, "get", "200")).meta).type), ["credit"]);
  });
});

describe("4 endpoints, status codes and keys", () => {
  for (const [operationId, path, method, statuses, key] of endpoints) {
    test(`${method.toUpperCase()} ${path} (${operationId}) declares ${statuses.join(", ")}`, () => {
      const operation = op(path, method);
      assert.equal(operation.operationId, operationId);
      assert.deepEqual(Object.keys(operation.responses).sort(), [...statuses].sort());
    });
    test(`${operationId} accepts the ${key} key`, () => {
      const schemes = op(path, method).security!.map((requirement) => Object.keys(requirement)[0]).sort();
      const expected = { S: ["SecretKey"], P: ["PublishableKey"], "P or S": ["PublishableKey", "SecretKey"] }[key];
      assert.deepEqual(schemes, expected);
    });
  }

  test("4.1 create has variant A (type) and variant B (action, service_fee_id)", () => {
    const [a, b] = variantsOf(doc, requestSchema(intents, "post"));
    const common = ["amount", "bank_account", "consumer_id", "store_number", "billing_address", "extras", "product_code", "product_subcode", "submerchant_id"];
    assert.deepEqual(Object.keys(propertiesOf(doc, a)).sort(), [...common, "type"].sort());
    assert.deepEqual(Object.keys(propertiesOf(doc, b)).sort(), [...common, "action", "service_fee_id"].sort());
    assert.deepEqual(requiredOf(doc, a).sort(), ["amount", "bank_account", "consumer_id", "store_number"]);
    assert.deepEqual(requiredOf(doc, b).sort(), ["action", "amount", "bank_account", "consumer_id", "service_fee_id", "store_number"]);
    assert.deepEqual(enumOf(doc, propertiesOf(doc, b).action).sort(), ["authorize", "authorize_and_capture"]);
  });

  test("4.3 actions: one body per action with its members", () => {
    const variants = variantsOf(doc, requestSchema(intent, "patch")).map((variant) => propertiesOf(doc, variant));
    const byAction = Object.fromEntries(variants.map((fields) => [enumOf(doc, fields.action)[0], Object.keys(fields).sort()]));
    assert.deepEqual(byAction, {
      authorize: ["action"],
      capture: ["action", "amount"],
      refund: ["action", "amount"],
      cancel: ["action"],
      cancel_refund: ["action"],
    });
  });

  const queryOf = (path: string) => Object.fromEntries(op(path, "get").parameters!.map((p) => deref(doc, p)).map((p) => [p.name, p]));
  test("4.4 list intents query parameters", () => {
    assert.deepEqual(Object.keys(queryOf(intents)).sort(), ["page", "per_page", "reference_number", "station_number", "status", "submerchant_id", "type"]);
    assert.equal(deref(doc, queryOf(intents).submerchant_id.schema as Schema).type, "integer");
  });
  test("4.6 linked and unlinked credit bodies", () => {
    const [linked, unlinked] = variantsOf(doc, requestSchema(credits, "post"));
    assert.deepEqual(Object.keys(propertiesOf(doc, linked)).sort(), ["amount", "employee_number", "extras", "store_number", "submerchant_id", "transaction_intent_id"]);
    assert.deepEqual(requiredOf(doc, linked).sort(), ["amount", "transaction_intent_id"]);
    assert.deepEqual(Object.keys(propertiesOf(doc, unlinked)).sort(), ["amount", "creditable_id", "employee_number", "extras", "store_number", "submerchant_id"]);
    assert.deepEqual(requiredOf(doc, unlinked).sort(), ["amount", "creditable_id", "submerchant_id"]);
  });
  test("4.7 cancel credit body", () => {
    const fields = propertiesOf(doc, requestSchema(credit, "patch"));
    assert.deepEqual(Object.keys(fields), ["action"]);
    assert.deepEqual(enumOf(doc, fields.action), ["cancel"]);
  });
  test("4.8 list credits query parameters", () => {
    assert.deepEqual(Object.keys(queryOf(credits)).sort(), ["creditable_id", "creditable_type", "employee_number", "page", "per_page", "reference_number", "station_number", "status"]);
  });
});

describe("7 errors", () => {
  test("7.1 validation error: message and errors (field to array of strings)", () => {
    const schema = responseSchema(intents, "post", "422");
    const fields = propertiesOf(doc, schema);
    assert.deepEqual(Object.keys(fields).sort(), ["errors", "message"]);
    assert.equal((deref(doc, fields.errors).additionalProperties as Schema).type, "array");
  });
  test("7.2 intent conflict: conflict codes, message, action", () => {
    const fields = propertiesOf(doc, responseSchema(intent, "patch", "409"));
    assert.deepEqual(Object.keys(fields).sort(), ["action", "conflict", "message"]);
    assert.deepEqual(enumOf(doc, fields.conflict).sort(), ["already_occurred", "bank_account_conflict", "not_ready"]);
  });
  test("7.2 credit conflict: error codes and message", () => {
    const fields = propertiesOf(doc, responseSchema(credit, "patch", "409"));
    assert.deepEqual(Object.keys(fields).sort(), ["error", "message"]);
    assert.deepEqual(enumOf(doc, fields.error).sort(), ["already_cancelled", "failed", "incompatible_status", "no_reference_number", "still_processing"]);
  });
  test("7.3 not found: message not_found", () => {
    assert.deepEqual(enumOf(doc, propertiesOf(doc, responseSchema(intent, "get", "404")).message), ["not_found"]);
  });
});
