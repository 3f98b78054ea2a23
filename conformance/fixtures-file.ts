// Enrolled objects a server under test already knows (`conformance --fixtures FILE`). The documents
// make an enrolled consumer, an enrolled bank account and an accepted service fee prerequisites of a
// transaction, and their enrolment endpoints are not shown (bank doc 1); a server that refuses
// identifiers it has not enrolled names its enrolled ones here, and the suite uses only those (and
// what it creates through the API). Without a fixtures file the suite uses fresh well-formed
// identifiers, which a server that enrols on first use (the reference sandbox) accepts.

import { isNumeric } from "./oracle/check-cashing/model.js";
import { digits, idOf } from "./oracle/forms.js";
import type { Fixtures, MicrLine } from "./types.js";

export type { Fixtures, MicrLine };




/** A fixtures file's content, checked: every problem named with its place, so a typo fails the run at once. */
export function readFixtures(raw: unknown): Fixtures {
  const problems: string[] = [];
  const object = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
  if (!object(raw)) throw new Error("fixtures: expected a JSON object with bank_accounts, service_fees, store_numbers and optionally submerchant_ids");
  const known = ["bank_accounts", "service_fees", "store_numbers", "submerchant_ids", "micr_lines", "inactive_store_numbers"];
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
