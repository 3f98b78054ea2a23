// Request builders and fresh identifiers. The suite creates every piece of state it needs
// through the API; identifiers of enrolled resources (consumers, bank accounts, service fees) are
// fresh well-formed values, as the enrolment endpoints are not part of the contract, unless the run
// was given a fixtures file (`--fixtures`): then they are the enrolled ones it names.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import type { Fixtures, PromisedDecline } from "./fixtures-file.js";
import { defaultSettings, type SuiteSettings } from "./settings.js";

// The run's fixtures and settings, for every call made inside runConformance (scenarios, plans, sequences).
const runContext = new AsyncLocalStorage<{ fixtures?: Fixtures; settings: SuiteSettings }>();

/** Runs `run` with the fixtures and settings in force for the identifiers and bodies made inside it. */
export function withRunContext<T>(context: { fixtures?: Fixtures; settings: SuiteSettings }, run: () => Promise<T>): Promise<T> {
  return runContext.run(context, run);
}

/** The fixtures of the run in progress, if it has any. */
export function currentFixtures(): Fixtures | undefined {
  return runContext.getStore()?.fixtures;
}

/** The settings of the run in progress (the contract's defaults outside a run). */
export function currentSettings(): SuiteSettings {
  return runContext.getStore()?.settings ?? defaultSettings;
}

/** What a linked credit's body adds for the server's submerchant policy (B-47): a submerchant id when it is required. */
export function linkedCreditSubmerchant(): { submerchant_id?: string } {
  return currentSettings().linked_credit_submerchant_id === "required" ? { submerchant_id: ids.creditSubmerchant() } : {};
}

function pick<T>(items: T[] | undefined): T | undefined {
  return items && items.length > 0 ? items[Math.floor(Math.random() * items.length)] : undefined;
}

/** `count` distinct items of `items` (fewer when it has fewer), in random order. */
function distinct<T>(items: T[], count: number): T[] {
  return [...new Set(items)].sort(() => Math.random() - 0.5).slice(0, count);
}

const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

// Random values this process made: a list filtered by one of them lists only what the run that
// made it created, so the oracle can predict the page whole (README, "Closed and open lists").
const freshValues = new Set<string>();
const freshLengths = new Set<number>();

function remember(value: string): string {
  if (value.length >= 8) {
    freshValues.add(value);
    freshLengths.add(value.length);
  }
  return value;
}

/** Whether the value contains a random token this process made (8 characters or more). */
export function isFresh(value: string): boolean {
  for (const length of freshLengths) {
    for (let at = 0; at + length <= value.length; at += 1) if (freshValues.has(value.slice(at, at + length))) return true;
  }
  return false;
}

export function token(length = 16): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return remember(out);
}

const freshConsumer = () => `consumer_${token()}`;
const freshBankAccount = () => `bank_account_${token()}`;

export const ids = {
  consumer: () => pick(currentFixtures()?.bank_accounts)?.consumer_id ?? freshConsumer(),
  bankAccount: () => pick(currentFixtures()?.bank_accounts)?.id ?? freshBankAccount(),
  /** `count` different consumers (enrolled ones with fixtures, cycling when there are fewer). */
  consumers: (count: number) => spread(currentFixtures()?.bank_accounts.map((a) => a.consumer_id), count, freshConsumer),
  /** `count` different bank accounts (enrolled ones with fixtures, cycling when there are fewer). */
  bankAccounts: (count: number) => spread(currentFixtures()?.bank_accounts.map((a) => a.id), count, freshBankAccount),
  /** The consumer an enrolled bank account belongs to (fixtures only). */
  ownerOf: (account: string) => currentFixtures()?.bank_accounts.find((a) => a.id === account)?.consumer_id,
  /** A consumer other than `consumer`: an enrolled one with fixtures, else a fresh one. */
  otherConsumer: (consumer: string) => pick(currentFixtures()?.bank_accounts.map((a) => a.consumer_id).filter((c) => c !== consumer)) ?? freshConsumer(),
  serviceFee: () => pick(currentFixtures()?.service_fees) ?? `service_fee_${token()}`,
  /** A submerchant id for intents (a fresh one lists alone). */
  debitSubmerchant: () => pick(currentFixtures()?.submerchant_ids?.debit) ?? ids.numeric(9),
  /** A submerchant id for unlinked credits (required there, doc 4.6). */
  creditSubmerchant: () => pick(currentFixtures()?.submerchant_ids?.credit) ?? "SUB-1",
  /** The store number of an active client account for unlinked credits (doc 4.6). */
  creditStore: () => pick(currentFixtures()?.store_numbers) ?? "S-100",
  unknownIntent: () => `transaction_intent_${token()}`,
  unknownCredit: () => `credit_${token()}`,
  /** A store number for an intent: an enrolled one with fixtures (an active client account), else a fresh one. */
  store: () => pick(sharedIntentStores()) ?? `S${token(8)}`,
  /** A store number that isolates a list (`prefix` + a fresh token), or an enrolled one with fixtures (the list is then open). */
  listStore: (prefix: string) => pick(sharedIntentStores()) ?? `${prefix}${token(10)}`,
  /** Whether intents use enrolled store numbers (their lists hold other intents). */
  enrolledIntentStores: () => intentStores().length > 0,
  /** The intent store number kept for the pagination scenario alone (see sharedIntentStores), if any. */
  paginationStore: (): string | undefined => {
    const named = currentFixtures()?.intent_store_numbers ?? [];
    return named.length >= 2 ? named[named.length - 1] : undefined;
  },
  numeric: (digits = 8) => remember(String(10 ** (digits - 1) + Math.floor(Math.random() * 9 * 10 ** (digits - 1)))),
};

/** The store numbers an enrolled-only server accepts on intents: `intent_store_numbers`, else `store_numbers`. */
function intentStores(): string[] {
  const fixtures = currentFixtures();
  return fixtures?.intent_store_numbers ?? fixtures?.store_numbers ?? [];
}

/**
 * The intent store numbers other checks use: when the fixtures name two or more `intent_store_numbers`,
 * the last is kept for the pagination scenario, so that no other check of the run lists under it.
 */
function sharedIntentStores(): string[] {
  const all = intentStores();
  return ids.paginationStore() !== undefined ? all.slice(0, -1) : all;
}

function spread(enrolledValues: string[] | undefined, count: number, fresh: () => string): string[] {
  if (!enrolledValues || enrolledValues.length === 0) return Array.from({ length: count }, fresh);
  const chosen = distinct(enrolledValues, count);
  return Array.from({ length: count }, (_, i) => chosen[i % chosen.length]);
}

export const billingAddress = () => ({
  // An ordinary free text: within the 20 characters every server must take (the limits rule, B-21).
  line_1: "1200 Barton Spgs Rd",
  city_locality: "Austin",
  state_province: "TX",
  postal_code: "78704",
  country_code: "US",
});

export const addressUpdate = () => ({
  line_1: "500 Congress Ave",
  line_2: "Suite 300",
  city: "Austin",
  state_province: "TX",
  zipcode: "78701",
  country_code: "US",
});

export type IntentInput = {
  amount?: number;
  action?: "authorize" | "authorize_and_capture";
  type?: "bankpay" | "bankpay_bnpl";
  consumer?: string;
  bankAccount?: string;
  store?: string;
  submerchant?: string;
  extras?: Record<string, unknown>;
  address?: boolean;
};

/** A valid create body: variant A without action, variant B with one. */
export function intentBody(input: IntentInput = {}): Record<string, unknown> {
  // With fixtures an account goes with the consumer it is enrolled for (a stranger gets 409).
  const account = input.bankAccount ?? (input.consumer ? undefined : pick(currentFixtures()?.bank_accounts));
  const bankAccount = typeof account === "object" ? account.id : account ?? ids.bankAccount();
  const body: Record<string, unknown> = {
    amount: input.amount ?? 40,
    bank_account: bankAccount,
    consumer_id: input.consumer ?? ids.ownerOf(bankAccount) ?? freshConsumer(),
    store_number: input.store ?? ids.store(),
  };
  if (input.address !== false) body.billing_address = billingAddress();
  if (input.extras) body.extras = input.extras;
  if (input.submerchant) body.submerchant_id = input.submerchant;
  if (input.action) {
    body.action = input.action;
    body.service_fee_id = ids.serviceFee();
  } else {
    body.type = input.type ?? "bankpay";
  }
  return body;
}

/**
 * Promised outcomes (fixtures `declines`, `pending_credit_amounts`, `declined_net_amounts`,
 * `refused_id_values`): the input the fixtures name for an outcome, undefined when they name none,
 * so a check that needs the outcome runs without the sandbox's triggers.
 */
export const promised = {
  /** A creation with `authorize_and_capture` the fixtures promise to decline with `code` (any code when none is given). */
  decline(code?: string): IntentInput | undefined {
    const found: PromisedDecline | undefined = currentFixtures()?.declines?.find((d) => code === undefined || d.response_code === code);
    if (!found) return undefined;
    return found.amount !== undefined ? { amount: Number(found.amount) } : { bankAccount: found.bank_account, consumer: found.consumer_id };
  },
  pendingCreditAmount: () => currentFixtures()?.pending_credit_amounts?.[0],
  declinedNetAmount: () => currentFixtures()?.declined_net_amounts?.[0],
  refusedIdValue: () => currentFixtures()?.refused_id_values?.[0],
  inactiveStoreNumber: () => currentFixtures()?.inactive_store_numbers?.[0],
};

/**
 * What a check that runs from a promised input says drove its outcome, instead of the sandbox's
 * trigger (issue 36: "amount ending in .12" where the fixtures promised the decline): the fixtures'
 * member and the input it names, undefined when the fixtures promise none.
 */
export const promiseLabel = {
  decline(code?: string): string | undefined {
    const found = currentFixtures()?.declines?.find((d) => code === undefined || d.response_code === code);
    if (!found) return undefined;
    const input = found.amount !== undefined ? `an amount of ${found.amount}` : `bank account ${found.bank_account} (consumer ${found.consumer_id})`;
    return `promised by the fixtures (declines): ${input} declined with code ${found.response_code}${found.on === "authorize_and_capture" ? " on authorize_and_capture" : ""}`;
  },
  pendingCredit: () => labelOf("pending_credit_amounts", promised.pendingCreditAmount(), (amount) => `a credit of ${amount} stays pending`),
  inactiveStore: () => labelOf("inactive_store_numbers", promised.inactiveStoreNumber(), (store) => `store number ${store} is an inactive client account`),
  declinedCheck: () => labelOf("declined_net_amounts", promised.declinedNetAmount(), (amount) => `a check of ${amount} is declined`),
  refusedId: () => labelOf("refused_id_values", promised.refusedIdValue(), (value) => `idValue ${JSON.stringify(value)} gets an id_error`),
};

const labelOf = (member: string, value: string | undefined, says: (value: string) => string) =>
  (value === undefined ? undefined : `promised by the fixtures (${member}): ${says(value)}`);

/** A valid check cashing request with a fresh trxID, on a MICR line the server reads. */
export function payrollRequest(overrides: Record<string, unknown> = {}): Record<string, any> {
  return {
    merchantID: "104233",
    trxID: `CF-${token(12)}`,
    dob: "1988-04-12",
    ssn: "123456789",
    membershipID: "MBR-0042",
    phoneNumber: "5125550142",
    name: { firstName: "Dana", lastName: "Whitfield" },
    address: { address1: "1200 Barton Springs Rd", city: "Austin", state: "TX", zip: "78704" },
    id: { idCode: "TX", idValue: "12345678" },
    integratorID: "INTG-0042",
    operatorID: "op_17",
    terminalID: "T-01",
    netAmount: 1250.75,
    // A line the server reads, when its fixtures name one (C-9).
    account: { micrData: currentFixtures()?.micr_lines?.[0]?.line ?? "T011000015T 123456789O 1042" },
    ...overrides,
  };
}
