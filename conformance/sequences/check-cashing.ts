// Generated sequences for the check cashing service: valid checks of every kind (company and
// government, number and string amounts), each constraint broken alone, unreadable MICR lines,
// the decline, ID error and server failure triggers, and trxIDs used again, in any order. The
// oracle judges every answer, entry by entry.
import type * as FastCheck from "fast-check";
import type { ApiClient } from "../client.js";
import { payrollRequest, token } from "../fixtures.js";
import { memberViolations } from "../scenarios/check-cashing.js";

export type PayrollWorld = { api: ApiClient; trxIds: string[] };

export function payrollWorld(api: ApiClient): PayrollWorld {
  return { api, trxIds: [] };
}

type Model = Record<string, never>;
type Command = FastCheck.AsyncCommand<Model, PayrollWorld, false>;

type Kind = "company" | "government" | "string-amount" | "unreadable-micr" | "oversized" | "declined" | "id-error" | "server-failure";

const micrLines: Record<string, string> = {
  company: "T011000015T 123456789O 1042",
  government: "T021000021T 987654321O 2001 G",
  unreadable: "T0110T 12O 1042",
};

/** Builds a request of that kind with a fresh trxID (or the one of an earlier request). */
function request(kind: Kind, cents: number): Record<string, unknown> {
  const amount = cents / 100;
  const overrides: Record<string, unknown> = { netAmount: amount };
  if (kind === "government") overrides.account = { micrData: micrLines.government };
  if (kind === "string-amount") overrides.netAmount = amount.toFixed(2);
  if (kind === "unreadable-micr") overrides.account = { micrData: micrLines.unreadable };
  // More than 100 members in one object: one body correction (README, "Members per object").
  if (kind === "oversized") overrides.name = { lastName: "Whitfield", ...Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`m${i}`, "x"])) };
  if (kind === "declined") overrides.netAmount = Math.floor(amount) + 0.07;
  if (kind === "id-error") overrides.id = { idCode: "TX", idValue: "*** ***" };
  if (kind === "server-failure") overrides.trxID = `E500${token(10)}`;
  return payrollRequest(overrides);
}

class Submit implements Command {
  constructor(readonly kind: Kind, readonly cents: number, readonly reuse: number | undefined) {}
  check(): boolean {
    return true;
  }
  async run(_model: Model, world: PayrollWorld): Promise<void> {
    const body = request(this.kind, this.cents);
    if (this.reuse !== undefined && world.trxIds.length > 0 && this.kind !== "server-failure") body.trxID = world.trxIds[this.reuse % world.trxIds.length];
    world.trxIds.push(body.trxID as string);
    await world.api.call("submitPayrollCheck", { body, key: "none" });
    if (world.api.violations.length > 0) throw new Error(world.api.violations[0]);
  }
  toString() {
    return `submit(${this.kind}, ${(this.cents / 100).toFixed(2)}${this.reuse !== undefined ? `, trxID of request #${this.reuse}` : ""})`;
  }
}

class Violate implements Command {
  constructor(readonly member: number, readonly violation: number) {}
  check(): boolean {
    return true;
  }
  async run(_model: Model, world: PayrollWorld): Promise<void> {
    const { member, violations } = violationTable()[this.member];
    const { body } = violations[this.violation % violations.length];
    const sent = member === "trxID" ? body : { ...body, trxID: `SV-${token(12)}` };
    await world.api.call("submitPayrollCheck", { body: sent, key: "none" });
    if (world.api.violations.length > 0) throw new Error(world.api.violations[0]);
  }
  toString() {
    const { member, violations } = violationTable()[this.member];
    return `violate(${member} = ${violations[this.violation % violations.length].label})`;
  }
}

let table: ReturnType<typeof memberViolations> | undefined;
const violationTable = () => (table ??= memberViolations().filter((entry) => entry.violations.length > 0));

export function payrollCommands(fc: typeof FastCheck, triggers: boolean): { first?: FastCheck.Arbitrary<Command>; commands: Array<FastCheck.Arbitrary<Command>> } {
  const kinds: Kind[] = ["company", "government", "string-amount", "unreadable-micr", "oversized", ...(triggers ? ["declined", "id-error", "server-failure"] as Kind[] : [])];
  const cents = fc.tuple(fc.integer({ min: 1, max: 5000 }), fc.constantFrom(0, 25, 75)).map(([whole, part]) => whole * 100 + part);
  return {
    commands: [
      fc.tuple(fc.constantFrom(...kinds), cents, fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.nat(5) })).map(([kind, amount, reuse]) => new Submit(kind, amount, reuse)),
      fc.tuple(fc.nat(violationTable().length - 1), fc.nat(9)).map(([member, violation]) => new Violate(member, violation)),
    ],
  };
}
