// Each constraint of section 2.1 of the check cashing document, exercised through the emitted
// request schema with a value just inside and just outside it.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { validatorFor } from "../../src/openapi/validator.js";

const validator = validatorFor("check-cashing");

/** A complete, valid request (every optional member present). */
function validRequest(): Record<string, any> {
  return {
    merchantID: "104233",
    trxID: "PR-20261105-0001",
    dob: "1988-04-12",
    ssn: "123456789",
    membershipID: "MBR-0042",
    phoneNumber: "5125550142",
    name: { firstName: "Dana", lastName: "Whitfield" },
    address: { address1: "1200 Barton Springs Rd", address2: "Apt 4", city: "Austin", state: "TX", zip: "78704" },
    id: { idCode: "TX", idValue: "12345678" },
    integratorID: "INTG-0042",
    operatorID: "op_17",
    terminalID: "T-01",
    terminalGrpID: "GRP.1",
    netAmount: 1250.75,
    account: { micrData: "T011000015T 123456789O 1042" },
  };
}

/** Sets (or, with `undefined`, removes) a member at a dotted path of a fresh valid request. */
function withValue(path: string, value: unknown): Record<string, any> {
  const request = validRequest();
  const keys = path.split(".");
  const parent = keys.slice(0, -1).reduce((node, key) => node[key], request);
  const last = keys[keys.length - 1];
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return request;
}

const isValid = (request: unknown) => validator.validateRequestBody("submitPayrollCheck", request).valid;

const chars = (n: number, c = "a") => c.repeat(n);

/** [member, rule, values just inside the rule, values just outside it]. */
const constraints: Array<[string, string, unknown[], unknown[]]> = [
  ["merchantID", "exactly 6 digits", ["000000", "999999"], ["12345", "1234567", "12345a", 123456]],
  ["trxID", "4 to 20 letters, digits, dash", ["abcd", chars(20, "Z"), "A-1-b"], ["abc", chars(21, "Z"), "ab_cd", "ab cd"]],
  ["dob", "date YYYY-MM-DD", ["1988-04-12", "2000-02-29"], ["1988-4-12", "12/04/1988", "1988-02-30", "2001-02-29"]],
  ["ssn", "9 digits", ["000000000"], ["12345678", "1234567890", "12345678x"]],
  ["membershipID", "1 to 30: letters, digits, dash, $ # @ . _", ["a", chars(30), "A$#@._-9"], ["", chars(31), "a b", "a!"]],
  ["phoneNumber", "10 digits, no dashes or spaces", ["5125550142"], ["512555014", "51255501420", "512-555-0142", "512 5550142"]],
  ["name.firstName", "2 to 25: letters, digits, dash, period, comma, space", ["Al", chars(25), "J. R-B, 3"], ["A", chars(26), "Anne'", "Zoë"]],
  ["name.lastName", "same rule as firstName", ["Li", chars(25), "St. John-Smith, Jr"], ["L", chars(26), "O'Neil", "Smith!"]],
  ["address.address1", "2 to 50: letters, digits, dash, period, comma, ampersand, apostrophe, space", ["1A", chars(50), "12 O'Hara St. & 3rd, Unit-4"], ["1", chars(51), "12 Main St #4", "Main/St"]],
  ["address.address2", "same rule as address1", ["B2", chars(50)], ["B", chars(51), "Apt #2"]],
  ["address.city", "up to 30: letters, digits, dash, period, comma, apostrophe, space", ["X", chars(30), "Coeur d'Alene", "St. Paul-Mn, 2"], ["", chars(31), "Austin&", "Austin!"]],
  ["address.state", "2 alphabetic characters", ["TX", "tx"], ["T", "TEX", "T1"]],
  ["address.zip", "5 or 9 digits", ["78704", "787041234"], ["7870", "787041", "78704123", "7870412345", "78704-1234", "K1A0B1"]],
  ["id.idCode", "2 characters, a state code", ["TX"], ["T", "TXS", "1X"]],
  ["id.idValue", "letters, digits, asterisks; dashes and spaces stripped; up to 24", ["A", chars(24, "9"), "**12ab", "A12-345 678", `${chars(24, "9")}- -`], ["", chars(25, "9"), "A12_345", "A12.345", "- -"]],
  ["integratorID", "4 to 30: letters, digits, space, dash", ["ABCD", chars(30), "My Co-1"], ["ABC", chars(31), "My_Co", "My.Co"]],
  ["operatorID", "2 to 30: letters, digits, $ # @ . _ -", ["ab", chars(30), "o$#@._-1"], ["a", chars(31), "op 1", "op!"]],
  ["terminalID", "same rule as operatorID", ["t1", chars(30)], ["t", chars(31), "t 1"]],
  ["terminalGrpID", "same rule as operatorID", ["g1", chars(30)], ["g", chars(31), "g,1"]],
  ["netAmount", "numeric, no commas, maximum 9999999.99", [9999999.99, 0.01, 125, "9999999.99", "125", "0.5"], [10000000, 9999999.991, 0, -1, "10000000", "1,250.00", "12.345", "0", "0.00", "abc"]],
  ["account.micrData", "up to 75: letters (either case), digits, spaces", ["T011000015T 123456789O 1042", chars(75, "7"), "aZ 9"], ["", chars(76, "7"), "T0110-00015", "T0110:00015"]],
];

/** Members the document marks required (Y) and optional (N), as section 2.1 lists them. */
const required = ["merchantID", "trxID", "dob", "ssn", "name", "name.lastName", "id", "id.idCode", "id.idValue", "integratorID", "netAmount", "account", "account.micrData"];
const optional = ["membershipID", "phoneNumber", "name.firstName", "address", "address.address1", "address.address2", "address.city", "address.state", "address.zip", "operatorID", "terminalID", "terminalGrpID"];

describe("check cashing request constraints (section 2.1)", () => {
  test("the complete valid request is accepted", () => {
    assert.equal(isValid(validRequest()), true);
  });

  for (const [member, rule, inside, outside] of constraints) {
    describe(`${member}: ${rule}`, () => {
      for (const value of inside) {
        test(`accepts ${JSON.stringify(value)}`, () => assert.equal(isValid(withValue(member, value)), true));
      }
      for (const value of outside) {
        test(`rejects ${JSON.stringify(value)}`, () => assert.equal(isValid(withValue(member, value)), false));
      }
    });
  }

  for (const member of required) {
    test(`${member} is required`, () => assert.equal(isValid(withValue(member, undefined)), false));
  }

  for (const member of optional) {
    test(`${member} is optional`, () => assert.equal(isValid(withValue(member, undefined)), true));
  }

  test("unknown members are refused, at the top and nested", () => {
    assert.equal(isValid({ ...validRequest(), amount: 1 }), false);
    assert.equal(isValid(withValue("address.country", "CA")), false);
  });
});
