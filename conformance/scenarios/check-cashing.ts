// Check cashing scenarios. Negative requests are generated from the request schema: for every
// member, candidate values are derived from its constraints (pattern, length, format, type) and
// kept only when the schema itself says they break that member alone (Ajv on the published
// request schema), plus a table where generation is impractical. Each must be refused (400 or 500
// with an errors entry, C-8), unless the decisions let a server process it (C-3, C-4, C-13). Generated
// valid requests must be approved (200) or answered with error entries.
import { validatorFor } from "../../src/openapi/validator.js";
import { payrollRequest, promised, promiseLabel, token } from "../fixtures.js";
import { decisionTypes, isNumeric } from "../oracle/check-cashing/model.js";
import { readRequest } from "../oracle/check-cashing/requests.js";
import { check, equal, type Scenario } from "./scenario.js";
import { expectStatus, OtherAllowedWay, setUpAttempts } from "./steps.js";
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
  if (schema.anyOf) return [0, -1, 10000000, 9999999.999, "1,250.00", "12.345", "abc", "", true];
  const text = String(valid ?? "A1");
  const max = schema.maxLength ?? Number(/\{\d+,(\d+)\}/.exec(schema.pattern ?? "")?.[1] ?? /\{(\d+)\}/.exec(schema.pattern ?? "")?.[1] ?? 30);
  const min = schema.minLength ?? Number(/\{(\d+),\d+\}/.exec(schema.pattern ?? "")?.[1] ?? /\{(\d+)\}/.exec(schema.pattern ?? "")?.[1] ?? 1);
  const values: unknown[] = [
    // Empty: refused wherever doc 2.1 states a minimum or a form ("1 to 30 chars", "9 digits"), even on an
    // optional member (C-4: not read as absent); an "up to N" member may take it (C-4).
    "",
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

/** A refusal: 400 or 500 (C-8) with at least one entry, none a decline or an ID error (C-7). */
function isRefusal(response: ApiResponse, profile: string, what: string): void {
  check(response.status === 400 || response.status === 500, `${what}: expected a refusal (400 or 500), got ${response.status}`);
  check(Array.isArray(response.body?.errors) && response.body.errors.length > 0, `${what}: errors has an entry`);
  if (profile !== "full") return;
  for (const entry of response.body.errors) check(!decisionTypes.includes(entry?.errorType), `${what}: refused as ${entry?.errorType}`);
}

/** A request the contract lets a server refuse or process: any answer of the operation (the oracle judges its body). */
function answered(response: ApiResponse, what: string): void {
  check([200, 400, 500].includes(response.status), `${what}: expected 200, 400 or 500, got ${response.status}`);
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
    // C-3, C-4, C-13: some values break the published schema but may still be processed.
    const pinned = violations.filter((v) => readRequest(v.body).refused);
    const open = violations.filter((v) => !readRequest(v.body).refused);
    scenarios.push({
      group: "negative (generated)", profiles: ["full", "mock"], rule: "cc §2.1",
      name: `${name}: each violation alone is refused (${pinned.map((v) => v.label).join(", ")})${open.length > 0 ? `; refused or processed (C-3, C-4, C-13): ${open.map((v) => v.label).join(", ")}` : ""}`,
      async run({ api, profile }) {
        check(violations.length > 0, `no violating value derived for ${name}`);
        for (const violation of violations) {
          const body = { ...violation.body, trxID: name === "trxID" ? violation.body.trxID : `NG-${token(12)}` };
          const response = await submit(api, body, 400);
          if (pinned.includes(violation)) isRefusal(response, profile, `${name} = ${violation.label}`);
          else answered(response, `${name} = ${violation.label}`);
        }
      },
    });
  }
  scenarios.push({
    group: "negative (generated)", profiles: ["full", "mock"], rule: "C-13", name: "an unknown top-level member is refused or ignored",
    async run({ api }) {
      answered(await submit(api, payrollRequest({ tip: "5" }), 400), "unknown member");
    },
  });
  scenarios.push({
    group: "negative (table)", rule: "cc §2.1", name: "broken JSON is refused (400 or 500 with an entry)",
    async run({ api, profile }) {
      isRefusal(await api.call(operationId, { rawBody: "{\"trxID\": ", expect: 400 }), profile, "broken JSON");
    },
  });
  return scenarios;
}

/**
 * A valid request: approved with its trxID echoed, or answered with error entries, 400 or 500: a
 * decline, an ID error, or a correction of a MICR line the server reads otherwise (C-8, C-9).
 */
function approvedOrRefused(response: ApiResponse, request: Record<string, any>, what: string, profile = "full"): void {
  if (response.status === 200) {
    if (profile !== "full") return; // a stateless mock answers its example
    equal(response.body.trxID, request.trxID, `${what}: trxID echoed`);
    return;
  }
  check(response.status === 400 || response.status === 500, `${what}: expected 200, 400 or 500, got ${response.status}`);
  check(Array.isArray(response.body?.errors) && response.body.errors.length > 0, `${what}: errors has an entry`);
}

/** Whether the answer used the trxID up (C-11): an approval, a decline or an ID error. */
const usedUp = (response: ApiResponse) =>
  response.status === 200 || (response.body?.errors ?? []).some((entry: any) => decisionTypes.includes(entry?.errorType));

/** The approval's members in the forms of doc 2.2 (the MICR layout is not shown: C-9; numbers C-10). */
function approvalForms(body: Record<string, any>, what: string): void {
  check(isNumeric(body.trxRefID), `${what}: trxRefID up to 15 digits, got ${JSON.stringify(body.trxRefID)}`);
  check(/^[0-9]{6}$/.test(String(body.approvalNum)) && typeof body.approvalNum === "string", `${what}: approvalNum 6 digits`);
  check(typeof body.aba === "string" && /^[0-9]{9}$/.test(body.aba), `${what}: aba 9 digits, got ${JSON.stringify(body.aba)}`);
  check(typeof body.accountLast4 === "string" && /^[0-9]{4}$/.test(body.accountLast4), `${what}: accountLast4 4 digits, got ${JSON.stringify(body.accountLast4)}`);
  check(body.checkType === "Y" || body.checkType === "G", `${what}: checkType Y or G, got ${JSON.stringify(body.checkType)}`);
  check(isNumeric(body.checkNum), `${what}: checkNum up to 15 digits, got ${JSON.stringify(body.checkNum)}`);
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
    group: "valid (generated)", profiles: ["full", "mock"], rule: "cc §4", name: `a valid request with ${label} is approved, or answered with error entries (400 or 500)`,
    async run({ api, profile }) {
      check(validatorFor("check-cashing").validateRequestBody(operationId, request).valid, "the generated request is valid");
      const fresh = { ...request, trxID: label === "boundary lengths" ? `B${token(19)}` : `VG-${token(12)}` };
      approvedOrRefused(await submit(api, fresh, 200), fresh, label, profile);
    },
  }));
}

const triggerScenarios: Scenario[] = [
  {
    group: "check cashing", rule: "C-11", name: "a trxID used up by an approval, decline or ID error is refused when sent again",
    async run({ api }) {
      const request = payrollRequest();
      const first = await submit(api, request, 200);
      approvedOrRefused(first, request, "first use");
      if (!usedUp(first)) return; // refused first: using it again may be refused or processed (C-11), the oracle judges it
      const again = await submit(api, request, 400);
      isRefusal(again, "full", "repeated trxID");
    },
  },
  {
    group: "check cashing", rule: "C-7", trigger: "netAmount with cents .07 is declined with adverse action",
    name: "a declined check: 400 or 500, errorType declined, adverseAction true; its trxID is used up (C-11)",
    // Without triggers, from a net amount the fixtures promise to decline (declined_net_amounts).
    fixturePromise: () => promiseLabel.declinedCheck(),
    async run({ api }) {
      const request = payrollRequest({ netAmount: Number(promised.declinedNetAmount() ?? "812.07") });
      const response = await submit(api, request, 400);
      check(response.status === 400 || response.status === 500, `decline: expected 400 or 500, got ${response.status}`);
      const entry = response.body.errors?.[0];
      equal(entry?.errorType, "declined", "errorType");
      check(entry.adverseAction === true || entry.adverseAction === "true", "adverseAction is true");
      // C-11: a decline uses its trxID up; sent again on a check that would be approved, it is refused.
      isRefusal(await submit(api, payrollRequest({ trxID: request.trxID }), 400), "full", "the declined check's trxID sent again");
    },
  },
  {
    group: "check cashing", rule: "C-7", trigger: "an idValue of only asterisks gives an id_error",
    name: "an unverifiable ID: 400 or 500, errorType id_error; its trxID is used up (C-11)",
    // Without triggers, from an idValue the fixtures promise to refuse (refused_id_values).
    fixturePromise: () => promiseLabel.refusedId(),
    async run({ api }) {
      const request = payrollRequest({ id: { idCode: "TX", idValue: promised.refusedIdValue() ?? "********" } });
      const response = await submit(api, request, 400);
      check(response.status === 400 || response.status === 500, `id error: expected 400 or 500, got ${response.status}`);
      equal(response.body.errors?.[0]?.errorType, "id_error", "errorType");
      // C-11: an ID error uses its trxID up too.
      isRefusal(await submit(api, payrollRequest({ trxID: request.trxID }), 400), "full", "the refused ID's trxID sent again");
    },
  },
  {
    group: "check cashing", rule: "C-8", trigger: "a trxID starting with E500 gives 500",
    name: "a server failure: 500 with error entries",
    async run({ api, profile }) {
      const response = await submit(api, payrollRequest({ trxID: `E500${token(8)}` }), 500);
      expectStatus(response, 500, "server failure");
      isRefusal(response, profile, "server failure");
    },
  },
  {
    group: "check cashing", rule: "cc §2.2", name: "an approval echoes trxID and gives the check's details in the forms of doc 2.2 (or the line is corrected, C-9)",
    async run({ api }) {
      // A server may decline a valid check or correct its line (C-7, C-9): then a fresh check is tried,
      // and when none is approved the approval's forms are skipped with the reason, never passed unseen.
      for (let attempt = 1; ; attempt += 1) {
        const request = payrollRequest();
        const response = await submit(api, request, 200);
        approvedOrRefused(response, request, "approval");
        if (response.status === 200) return approvalForms(response.body, "approval");
        if (attempt >= setUpAttempts) throw new OtherAllowedWay(`the server approved none of the ${setUpAttempts} valid checks tried (C-7, C-9)`);
      }
    },
  },
];

export function checkCashingScenarios(): Scenario[] {
  return [...negativeScenarios(), ...validScenarios(), ...triggerScenarios];
}
