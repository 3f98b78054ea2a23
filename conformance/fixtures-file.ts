// Enrolled objects a server under test already knows (`conformance --fixtures FILE`). The documents
// make an enrolled consumer, an enrolled bank account and an accepted service fee prerequisites of a
// transaction, and their enrolment endpoints are not shown (bank doc 1); a server that refuses
// identifiers it has not enrolled names its enrolled ones here, and the suite uses only those (and
// what it creates through the API). Without a fixtures file the suite uses fresh well-formed
// identifiers, which a server that enrols on first use (the reference sandbox) accepts.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { digits, idOf, isNumeric } from "./oracle/forms.js";
import type { Fixtures, MicrLine, PromisedDecline } from "./types.js";

export type { Fixtures, MicrLine, PromisedDecline };

/** The response codes whose decline needs adverse action (bank doc 7.4; B-31 sets `transaction_adverse_type`). */
export const adverseCodes = ["07", "12"];

/** Cents of a decimal amount written as text ("40.07"), or undefined when it is not one. */
export function centsOf(amount: string): number | undefined {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : undefined;
}

/**
 * The response code the fixtures promise for an authorization of this amount and bank account, or
 * undefined when they promise nothing. `authorizeAndCapture`: the authorization is a creation with that action.
 */
export function promisedDeclineCode(fixtures: Fixtures | undefined, input: { cents: number; bankAccount?: string; authorizeAndCapture: boolean }): string | undefined {
  const promise = fixtures?.declines?.find((decline) =>
    (decline.on !== "authorize_and_capture" || input.authorizeAndCapture)
    && (decline.amount !== undefined ? centsOf(decline.amount) === input.cents : decline.bank_account === input.bankAccount));
  return promise?.response_code;
}

/** Whether the fixtures promise that a credit of this many cents stays pending. */
export const promisedPendingCredit = (fixtures: Fixtures | undefined, cents: number) =>
  (fixtures?.pending_credit_amounts ?? []).some((amount) => centsOf(amount) === cents);



/** A fixtures file's content, checked: every problem named with its place, so a typo fails the run at once. */
export function readFixtures(raw: unknown): Fixtures {
  const problems: string[] = [];
  const object = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
  if (!object(raw)) throw new Error("fixtures: expected a JSON object with bank_accounts, service_fees, store_numbers and optionally submerchant_ids");
  const known = ["bank_accounts", "service_fees", "store_numbers", "submerchant_ids", "micr_lines", "inactive_store_numbers", "intent_store_numbers",
    "declines", "pending_credit_amounts", "declined_net_amounts", "refused_id_values"];
  for (const name of Object.keys(raw)) if (!known.includes(name)) problems.push(`unknown member ${JSON.stringify(name)} (known: ${known.join(", ")})`);
  const strings = (value: unknown, where: string, form?: { name: string; test(value: unknown): boolean }): string[] => {
    if (value === undefined) return [];
    if (!Array.isArray(value) || value.some((item) => typeof item !== "string" || item === "")) {
      problems.push(`${where}: expected an array of non-empty strings`);
      return [];
    }
    for (const item of value as string[]) if (form && !form.test(item)) problems.push(`${where}: ${JSON.stringify(item)} does not match ${form.name}`);
    return value as string[];
  };
  const accounts: Fixtures["bank_accounts"] = [];
  if (raw.bank_accounts !== undefined && !Array.isArray(raw.bank_accounts)) problems.push("bank_accounts: expected an array of {id, consumer_id}");
  for (const [index, account] of (Array.isArray(raw.bank_accounts) ? raw.bank_accounts : []).entries()) {
    if (!object(account) || typeof account.id !== "string" || typeof account.consumer_id !== "string") {
      problems.push(`bank_accounts[${index}]: expected {"id": "bank_account_…", "consumer_id": "consumer_…"}`);
      continue;
    }
    if (!idOf("bank_account").test(account.id)) problems.push(`bank_accounts[${index}].id: ${JSON.stringify(account.id)} is not a bank account id`);
    if (!idOf("consumer").test(account.consumer_id)) problems.push(`bank_accounts[${index}].consumer_id: ${JSON.stringify(account.consumer_id)} is not a consumer id`);
    accounts.push({ id: account.id, consumer_id: account.consumer_id });
  }
  if (accounts.length > 0 && new Set(accounts.map((a) => a.consumer_id)).size < 2) {
    problems.push("bank_accounts: name accounts of at least two consumers (the bank account conflict checks need a second consumer)");
  }
  const submerchants = raw.submerchant_ids;
  if (submerchants !== undefined && !object(submerchants)) problems.push("submerchant_ids: expected {debit?: [...], credit?: [...]}");
  const fixtures: Fixtures = {
    bank_accounts: accounts,
    service_fees: strings(raw.service_fees, "service_fees", idOf("service_fee")),
    store_numbers: strings(raw.store_numbers, "store_numbers"),
    submerchant_ids: object(submerchants)
      ? { debit: strings(submerchants.debit, "submerchant_ids.debit", digits(1, 18)), credit: strings(submerchants.credit, "submerchant_ids.credit") }
      : undefined,
  };
  if (raw.inactive_store_numbers !== undefined) fixtures.inactive_store_numbers = strings(raw.inactive_store_numbers, "inactive_store_numbers");
  for (const store of fixtures.inactive_store_numbers ?? []) if (fixtures.store_numbers.includes(store)) problems.push(`inactive_store_numbers: ${JSON.stringify(store)} is also in store_numbers`);
  if (raw.micr_lines !== undefined) fixtures.micr_lines = micrLines(raw.micr_lines, problems);
  if (raw.intent_store_numbers !== undefined) fixtures.intent_store_numbers = strings(raw.intent_store_numbers, "intent_store_numbers");
  const amounts = { name: "an amount such as \"40.07\"", test: (value: unknown) => typeof value === "string" && centsOf(value) !== undefined };
  if (raw.pending_credit_amounts !== undefined) fixtures.pending_credit_amounts = strings(raw.pending_credit_amounts, "pending_credit_amounts", amounts);
  if (raw.declined_net_amounts !== undefined) fixtures.declined_net_amounts = strings(raw.declined_net_amounts, "declined_net_amounts", amounts);
  if (raw.refused_id_values !== undefined) fixtures.refused_id_values = strings(raw.refused_id_values, "refused_id_values");
  if (raw.declines !== undefined) fixtures.declines = declines(raw.declines, problems);
  if (problems.length > 0) throw new Error(`fixtures: ${problems.join("; ")}`);
  return fixtures;
}

/** MICR lines with their readings, each member in its form of doc 2.2 (C-10 for checkNum). */
function micrLines(value: unknown, problems: string[]): MicrLine[] {
  const expected = 'expected an array of {"line", "aba" (9 digits), "accountLast4" (4 digits), "checkNum" (up to 15 digits, as the server answers it), "checkType" ("Y" or "G")}';
  if (!Array.isArray(value)) {
    problems.push(`micr_lines: ${expected}`);
    return [];
  }
  const lines: MicrLine[] = [];
  for (const [index, item] of value.entries()) {
    const entry = item as Record<string, unknown>;
    const valid = typeof item === "object" && item !== null && typeof entry.line === "string" && entry.line.length > 0 && entry.line.length <= 75
      && digits(9, 9).test(entry.aba) && digits(4, 4).test(entry.accountLast4) && isNumeric(entry.checkNum)
      && (entry.checkType === "Y" || entry.checkType === "G");
    if (!valid) problems.push(`micr_lines[${index}]: ${expected}`);
    else lines.push({ line: entry.line as string, aba: entry.aba as string, accountLast4: entry.accountLast4 as string, checkNum: entry.checkNum as string | number, checkType: entry.checkType as "Y" | "G" });
  }
  return lines;
}

/** Promised declines, each naming an amount or a bank account (with its consumer) and a two-digit response code. */
function declines(value: unknown, problems: string[]): PromisedDecline[] {
  const expected = 'expected an array of {"amount" (such as "40.07") or "bank_account" and "consumer_id", "response_code" (two digits, bank doc 7.4), "on" ("authorize_and_capture" or "any", optional)}';
  if (!Array.isArray(value)) {
    problems.push(`declines: ${expected}`);
    return [];
  }
  const found: PromisedDecline[] = [];
  for (const [index, item] of value.entries()) {
    const entry = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
    const byAmount = typeof entry.amount === "string" && centsOf(entry.amount) !== undefined && entry.bank_account === undefined;
    const byAccount = entry.amount === undefined && idOf("bank_account").test(entry.bank_account) && idOf("consumer").test(entry.consumer_id);
    const valid = (byAmount || byAccount) && digits(2, 2).test(entry.response_code) && [undefined, "authorize_and_capture", "any"].includes(entry.on as string);
    if (!valid) problems.push(`declines[${index}]: ${expected}`);
    else found.push(entry as PromisedDecline);
  }
  return found;
}

/**
 * The reference sandbox's own fixtures (conformance/fixtures-sandbox.json): it enrols on first use, so
 * they name only what its triggers promise (declines of .07 and .12, a pending credit of .50, the
 * inactive store 0000, a check declined on .07, an asterisk-only ID refused) and two MICR lines it
 * reads, of one routing number and two accounts (C-9: each approval carries its own line's account).
 * A run against the sandbox with `--no-triggers --fixtures` that file exercises those paths.
 */
export const sandboxFixturesFile = fileURLToPath(new URL("fixtures-sandbox.json", import.meta.url));

export function sandboxFixtures(): Fixtures {
  return readFixtures(JSON.parse(readFileSync(sandboxFixturesFile, "utf8")));
}
