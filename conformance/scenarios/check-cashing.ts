// Check cashing scenarios. Negative requests are generated from the request schema: for every
// member, candidate values are derived from its constraints (pattern, length, format, type) and
// kept only when the schema itself says they break that member alone (Ajv on the published
// request schema), plus a table where generation is impractical. Each must give 400 with an
// errors entry. Generated valid requests must be approved (200) or declined in the documented shape.
import { validatorFor } from "../../src/openapi/validator.js";
import { payrollRequest, token } from "../fixtures.js";
import { check, equal, type Scenario } from "./scenario.js";
import { expectStatus } from "./steps.js";
import type { ApiClient, ApiResponse } from "../client.js";

type Schema = Record<string, any>;
type Member = { path: string[]; schema: Schema; required: boolean };

const operationId = "submitPayrollCheck";

function resolve(schema: Schema): Schema {
  const document = validatorFor("check-cashing").document as any;
  let current = schema;
  for (let i = 0; i < 10; i += 1) {
    if (current.$ref) current = current.$ref.split("/").slice(1).reduce((node: any, key: string) => node[key], document);
    else if (current.allOf?.length === 1) current = { ...resolve(current.allOf[0]), ...current, allOf: undefined };
    else break;
  }
  return current;
}

/** Every member of the request schema, nested objects included. */
export function requestMembers(): Member[] {
  const validator = validatorFor("check-cashing");
  const root = resolve(validator.operation(operationId).operation.requestBody!.content["application/json"].schema as Schema);
  const out: Member[] = [];
  const walk = (schema: Schema, path: string[]) => {
    for (const [name, raw] of Object.entries(schema.properties ?? {})) {
      const member = resolve(raw as Schema);
      const memberPath = [...path, name];
      out.push({ path: memberPath, schema: member, required: (schema.required ?? []).includes(name) });
      if (member.type === "object") walk(member, memberPath);
    }
  };
  walk(root, []);
  return out;
}

function setAt(body: Record<string, any>, path: string[], value: unknown): Record<string, any> {
  const copy = structuredClone(body);
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] ??= {};
  if (value === undefined) delete node[path[path.length - 1]];
  else node[path[path.length - 1]] = value;
  return copy;
}

function getAt(body: Record<string, any>, path: string[]): any {
  return path.reduce((node, key) => node?.[key], body);
}

/** Values that break a string member's constraints, derived from them. */
function candidates(schema: Schema, valid: unknown): unknown[] {
  if (schema.type === "object") return ["not an object", { unexpectedMember: "x" }];
  if (schema.anyOf) return [0, -1, 10000000, 9999999.999, "1,250.00", "12.345", "abc", true];
  const text = String(valid ?? "A1");
  const max = schema.maxLength ?? Number(/\{\d+,(\d+)\}/.exec(schema.pattern ?? "")?.[1] ?? /\{(\d+)\}/.exec(schema.pattern ?? "")?.[1] ?? 30);
  const min = schema.minLength ?? Number(/\{(\d+),\d+\}/.exec(schema.pattern ?? "")?.[1] ?? /\{(\d+)\}/.exec(schema.pattern ?? "")?.[1] ?? 1);
  const values: unknown[] = [
    text.slice(0, Math.max(0, min - 1)), // one too short
    text.repeat(Math.ceil((max + 1) / Math.max(1, text.length))).slice(0, max + 1), // one too long
    `${text.slice(0, Math.max(1, min - 1))}!`, // a character outside the class
    `${text.slice(0, Math.max(1, min - 1))}~`,
    12345, // wrong type
  ];
  if (schema.format === "date") values.push("1988-13-45", "12/04/1988");
  if (schema.pattern === "^([0-9]{5}|[0-9]{9})$") values.push("K1A 0B1", "787041"); // Canadian postal code; 6 digits
  if (schema.pattern?.startsWith("^[ -]*")) values.push("A".repeat(25), "D1_234"); // idValue: 25 significant characters; underscore
  return values;
}

function isCorrection(response: ApiResponse, profile: string, what: string): void {
  expectStatus(response, 400, what);
  check(Array.isArray(response.body?.errors) && response.body.errors.length > 0, `${what}: errors has an entry`);
  if (profile === "full") equal(response.body.errors[0].errorType, "correction", `${what}: errorType`);
}

async function submit(api: ApiClient, body: unknown, expect: number): Promise<ApiResponse> {
  return api.call(operationId, { body, expect });
}

/** One member's violations: each body breaks that member alone (the schema says so). */
export type MemberViolations = { member: string; violations: Array<{ label: string; body: Record<string, any> }> };

/** For every member of the request schema, the generated values that break it alone. */
export function memberViolations(): MemberViolations[] {
  const validator = validatorFor("check-cashing");
  const base = payrollRequest();
  return requestMembers().map((member) => {
    const violations: Array<{ label: string; body: Record<string, any> }> = [];
    if (member.required) violations.push({ label: "missing", body: setAt(base, member.path, undefined) });
    const seen = new Set<string>();
    for (const value of candidates(member.schema, getAt(base, member.path))) {
      const body = setAt(base, member.path, value);
      const key = JSON.stringify(value);
      if (seen.has(key) || validator.validateRequestBody(operationId, body).valid) continue;
      seen.add(key);
      violations.push({ label: key.length > 40 ? `${key.slice(0, 37)}..."` : key, body });
    }
    return { member: member.path.join("."), violations };
  });
}

function negativeScenarios(): Scenario[] {
  const scenarios: Scenario[] = [];
  for (const { member: name, violations } of memberViolations()) {
    scenarios.push({
      group: "negative (generated)", profiles: ["full", "mock"],
      name: `${name}: each violation alone gives 400 with an errors entry (${violations.map((v) => v.label).join(", ")})`,
      async run({ api, profile }) {
        check(violations.length > 0, `no violating value derived for ${name}`);
        for (const violation of violations) {
          const body = { ...violation.body, trxID: name === "trxID" ? violation.body.trxID : `NG-${token(12)}` };
          isCorrection(await submit(api, body, 400), profile, `${name} = ${violation.label}`);
        }
      },
    });
  }
  scenarios.push({
    group: "negative (generated)", profiles: ["full", "mock"], name: "an unknown top-level member gives 400",
    async run({ api, profile }) {
      isCorrection(await submit(api, payrollRequest({ tip: "5" }), 400), profile, "unknown member");
    },
  });
  scenarios.push({
    group: "negative (table)", name: "broken JSON gives 400 with a correction entry",
    async run({ api, profile }) {
      isCorrection(await api.call(operationId, { rawBody: "{\"trxID\": ", expect: 400 }), profile, "broken JSON");
    },
  });
  return scenarios;
}

function approvedOrDeclined(response: ApiResponse, request: Record<string, any>, what: string, profile = "full"): void {
  if (response.status === 200) {
    if (profile !== "full") return; // a stateless mock answers its example
    equal(response.body.trxID, request.trxID, `${what}: trxID echoed`);
    return;
  }
  expectStatus(response, 400, `${what}: approval or decline`);
  const type = response.body.errors?.[0]?.errorType;
  check(type === "declined" || type === "id_error", `${what}: a valid request is approved or declined, not ${type}`);
}

function validScenarios(): Scenario[] {
  const variants: Array<[string, Record<string, any>]> = [
    ["all members", payrollRequest({ terminalGrpID: "GRP-01" })],
    ["only the required members", (() => {
      const { membershipID: _m, phoneNumber: _p, address: _a, operatorID: _o, terminalID: _t, ...rest } = payrollRequest();
      return { ...rest, name: { lastName: "Whitfield" } };
    })()],
    ["netAmount as a numeric string", payrollRequest({ netAmount: "1250.75" })],
    ["netAmount in whole units", payrollRequest({ netAmount: 500 })],
    ["netAmount at the maximum", payrollRequest({ netAmount: 9999999.99 })],
    ["idValue with dashes and spaces", payrollRequest({ id: { idCode: "TX", idValue: "D12-345 678" } })],
    ["a 9-digit zip and address2", payrollRequest({ address: { address1: "1 Main St", address2: "Apt 4", city: "Austin", state: "TX", zip: "787040001" } })],
    ["a government check", payrollRequest({ account: { micrData: "T021000021T 987654321O 2001 G" } })],
    ["boundary lengths", payrollRequest({ trxID: `B${token(19)}`, name: { firstName: "Al", lastName: "W".repeat(25) }, membershipID: "M", integratorID: "INTG" })],
  ];
  return variants.map(([label, request]): Scenario => ({
    group: "valid (generated)", profiles: ["full", "mock"], name: `a valid request with ${label} is approved or declined in the documented shape`,
    async run({ api, profile }) {
      check(validatorFor("check-cashing").validateRequestBody(operationId, request).valid, "the generated request is valid");
      const fresh = { ...request, trxID: label === "boundary lengths" ? `B${token(19)}` : `VG-${token(12)}` };
      approvedOrDeclined(await submit(api, fresh, 200), fresh, label, profile);
    },
  }));
}

const triggerScenarios: Scenario[] = [
  {
    group: "check cashing", name: "a repeated trxID gives 400 correction",
    async run({ api }) {
      const request = payrollRequest();
      approvedOrDeclined(await submit(api, request, 200), request, "first use");
      const again = await submit(api, request, 400);
      isCorrection(again, "full", "repeated trxID");
    },
  },
  {
    group: "check cashing", trigger: "netAmount with cents .07 is declined with adverse action",
    name: "a declined check: 400 declined with adverseAction true",
    async run({ api }) {
      const response = await submit(api, payrollRequest({ netAmount: 812.07 }), 400);
      expectStatus(response, 400, "decline");
      const entry = response.body.errors[0];
      equal(entry.errorType, "declined", "errorType");
      check(entry.adverseAction === true || entry.adverseAction === "true", "adverseAction is true");
    },
  },
  {
    group: "check cashing", trigger: "an idValue of only asterisks gives an id_error",
    name: "an unverifiable ID: 400 id_error",
    async run({ api }) {
      const response = await submit(api, payrollRequest({ id: { idCode: "TX", idValue: "********" } }), 400);
      expectStatus(response, 400, "id error");
      equal(response.body.errors[0].errorType, "id_error", "errorType");
    },
  },
  {
    group: "check cashing", trigger: "a trxID starting with E500 gives 500",
    name: "a server failure: 500 system_error in the errors shape",
    async run({ api }) {
      const response = await submit(api, payrollRequest({ trxID: `E500${token(8)}` }), 500);
      expectStatus(response, 500, "server failure");
      equal(response.body.errors[0].errorType, "system_error", "errorType");
    },
  },
  {
    group: "check cashing", name: "an approval echoes the request and reads the MICR line",
    async run({ api }) {
      const request = payrollRequest({ account: { micrData: "T011000015T 123456789O 1042" } });
      const response = await submit(api, request, 200);
      expectStatus(response, 200, "approval");
      equal(response.body.trxID, request.trxID, "trxID");
      equal(response.body.accountLast4, "6789", "accountLast4");
    },
  },
];

export function checkCashingScenarios(): Scenario[] {
  return [...negativeScenarios(), ...validScenarios(), ...triggerScenarios];
}
