// The check cashing service's documented boundaries (check cashing doc 2.1 and 8): `netAmount` at
// its maximum 9999999.99 and one cent more (number and string) and at its smallest; every
// member's length bounds read from the request schema, each exactly and one past; a trxID used
// again long after its first use (after an approval, and after a correction); and checks of one
// bank with different accounts behind the same routing number.
import type { ApiClient } from "../client.js";
import { currentFixtures, payrollRequest, token } from "../fixtures.js";
import { requestMembers } from "../scenarios/check-cashing.js";
import { boundaryRecorder, boundaryTask, shown, type BoundarySpec, type Send } from "./boundary.js";
import type { CoverageContext, Task } from "./context.js";
import { lengthBounds, valueOfLength, type LengthBounds } from "./lengths.js";
import { Stretch, type CoverageBoundary } from "./record.js";

const submit = (api: ApiClient, body: unknown) => api.call("submitPayrollCheck", { body, key: "none" });
const fresh = () => `CB-${token(12)}`;

function setAt(body: Record<string, any>, path: string[], value: unknown): Record<string, any> {
  const copy = structuredClone(body);
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] ??= {};
  node[path[path.length - 1]] = value;
  return copy;
}

const readable = "T011000015T 123456789O 1042";

/** Lengths the one-class pattern rule cannot read: each member's valid and invalid lengths, and why. */
const special: Record<string, { valid: string[]; invalid: string[] }> = {
  "address.zip": { valid: ["78704", "787040001"], invalid: ["", "7870", "787041", "78704000", "7870400012"] },
  // 24 letters, digits or asterisks; dashes and spaces do not count.
  "id.idValue": { valid: ["D", "D1234567-89012345678 90123"], invalid: ["D123456789012345678901234"] },
  // Up to 75 characters; a line too short for a routing number, an account and a check number is
  // unreadable (1006), so its shortest length is no length case.
  "account.micrData": { valid: [readable.padEnd(75, " ")], invalid: [readable.padEnd(76, " ")] },
};

function lengthSpecs(): BoundarySpec[] {
  const base = payrollRequest();
  const specs: BoundarySpec[] = [];
  for (const member of requestMembers()) {
    const key = member.path.join(".");
    if (member.schema.type === "object" || key === "netAmount" || key === "dob") continue;
    const seed = String(member.path.reduce((node: any, name) => node?.[name], base) ?? "");
    let values: Array<{ value: string; label: string }>;
    let rule: string;
    if (special[key]) {
      rule = `oas check-cashing#/components/schemas/${key === "address.zip" ? "PayrollAddress" : key === "id.idValue" ? "PayrollId" : "PayrollAccount"}/properties/${member.path.at(-1)}/pattern`;
      values = [...special[key].valid, ...special[key].invalid].map((value) => ({ value, label: `${shown(value)}` }));
    } else {
      const bounds = lengthBounds("check-cashing", "PayrollRequest", member.path) as LengthBounds | undefined;
      if (!bounds) throw new Error(`no length bounds for ${key} in the published document`);
      rule = bounds.rule;
      // Empty too, where a minimum is stated: refused, never read as absent (C-4).
      const lengths = [...new Set([bounds.min, bounds.max, bounds.max + 1, ...(bounds.min > 0 ? [bounds.min - 1, 0] : [])])];
      // A trxID is unique per request: its values start with a fresh token.
      values = lengths.map((length) => {
        const value = valueOfLength(bounds, length, key === "trxID" ? token(20) : seed);
        return { value, label: `${length} character${length === 1 ? "" : "s"}: ${shown(value)}` };
      });
    }
    specs.push({
      group: "lengths", name: `${key}: ${values.map((v) => v.value.length).join(", ")} characters`, rule,
      async run(api, send) {
        for (const { value, label } of values) {
          const body = setAt(base, member.path, value);
          if (key !== "trxID") body.trxID = fresh();
          await send(key, label, () => submit(api, body));
        }
      },
    });
  }
  return specs;
}

function amountSpecs(): BoundarySpec[] {
  return [{
    group: "amounts", name: "netAmount: the maximum 9999999.99 and one cent more, as a number and a string; the smallest", rule: "C-3",
    async run(api, send) {
      for (const [label, amount] of [
        ["9999999.99 (number)", 9999999.99], ["10000000.00 (number)", 10000000], ['"9999999.99"', "9999999.99"], ['"10000000.00"', "10000000.00"],
        ["9999999 (whole units)", 9999999], ["0.01", 0.01], ["0", 0],
      ] as const) {
        await send("netAmount", label, () => submit(api, payrollRequest({ netAmount: amount, trxID: fresh() })));
      }
    },
  }];
}

/**
 * The MICR lines the fixtures name that share a routing number with another named line (C-9: each
 * approval carries its own line's account, which the fixtures state), none when they name no such pair.
 */
function namedLinesOfOneBank(): string[] {
  const lines = currentFixtures()?.micr_lines ?? [];
  return lines.filter((line) => lines.some((other) => other !== line && other.aba === line.aba)).map((line) => line.line);
}

function accountSpecs(): BoundarySpec[] {
  return [{
    group: "accounts", name: "checks of one bank: different accounts behind one routing number (the fixtures' named lines first), and another check of the same account", rule: "C-9",
    async run(api, send) {
      const ours = ["T011000015T 123456789O 1042", "T011000015T 987654321O 1043", "T011000015T 55556666777788O 1044", "T011000015T 123456789O 1045"];
      for (const micrData of new Set([...namedLinesOfOneBank(), ...ours])) {
        await send("account.micrData", micrData, () => submit(api, payrollRequest({ trxID: fresh(), account: { micrData } })));
      }
    },
  }];
}

function addressSpecs(): BoundarySpec[] {
  return [{
    // C-15: US addresses only by the zip's form; a province code in `state` may be refused or processed.
    group: "addresses", name: "address.state a Canadian province code (ON) with a US zip", rule: "C-15",
    async run(api, send) {
      const base = payrollRequest({ trxID: fresh() });
      await send("address.state", '"ON"', () => submit(api, setAt(base, ["address", "state"], "ON")));
    },
  }];
}

/** A trxID approved and one refused with a correction when the layer starts, both used again when it ends. */
function reuseTasks(ctx: CoverageContext): { first: Task; last: Task } {
  const rule = "C-11";
  const group = "reuse";
  const name = "a trxID used again long after its first use: after an approval, and after a correction";
  const approved = fresh();
  const corrected = fresh();
  let api: ApiClient | undefined;
  let stretch: Stretch | undefined;
  let recorder: { send: Send; entries: CoverageBoundary[] } | undefined;
  let mark = 0;
  return {
    first: {
      name: "first use of two trxIDs", planned: 0,
      run: async () => {
        api = ctx.client();
        stretch = new Stretch(api, ctx.baseUrl);
        recorder = boundaryRecorder(group, rule, api);
        await recorder.send("trxID, first use", "an approved check", () => submit(api!, payrollRequest({ trxID: approved })));
        await recorder.send("trxID, first use", "a check refused for its ssn (a correction)", () => submit(api!, payrollRequest({ trxID: corrected, ssn: "1234" })));
        mark = ctx.oracle.stats.responses;
        return { checks: [], cells: [], boundaries: [] };
      },
    },
    last: {
      name, planned: 1,
      run: async () => {
        const between = ctx.oracle.stats.responses - mark;
        await recorder!.send("trxID, used again", `${between} responses later: the approved check's trxID`, () => submit(api!, payrollRequest({ trxID: approved })));
        await recorder!.send("trxID, used again", "the corrected check's trxID, on a valid check", () => submit(api!, payrollRequest({ trxID: corrected })));
        return { checks: [stretch!.check({ group: `coverage: boundaries (${group})`, name, rule })], cells: [], boundaries: recorder!.entries };
      },
    },
  };
}

export function payrollBoundaryTasks(ctx: CoverageContext): { first: Task[]; tasks: Task[]; last: Task[] } {
  const reuse = reuseTasks(ctx);
  return {
    first: [reuse.first],
    tasks: [...amountSpecs(), ...lengthSpecs(), ...accountSpecs(), ...addressSpecs()].map((spec) => boundaryTask(ctx, spec)),
    last: [reuse.last],
  };
}
