// The bank service's state x action matrices: every action attempted on an intent in every state
// the suite can reach (bank doc 3.1), every credit action on a credit in every state (3.2). After
// every attempt the object is read again, with both keys after a change, and a list page boundary
// is crossed after every change to a list. The oracle judges every response; this file only drives.
//
// A row is played as chains: a chain is a client of its own, a store and an employee number of its
// own (so its lists are closed and its curl lines replay it alone), a neighbour intent or credit
// (so a list has a page boundary to cross), and the subject brought to the row's state. Attempts
// follow one another on the same subject as long as the oracle's model says its state did not move
// (a refusal, a linked credit, an address update), so a refund is also tried after a linked credit
// and a capture after a refused refund; when the state moves, the next attempt starts a new chain.
import type { ApiClient, ApiResponse } from "../client.js";
import { addressUpdate, ids, intentBody, linkedCreditSubmerchant, promised, promiseLabel, token, type IntentInput } from "../fixtures.js";
import type { BankModel } from "../oracle/bank/model.js";
import type { IntentRecord, IntentStatus, CreditStatus } from "../oracle/bank/state.js";
import type { Rule } from "../rules.js";
import { captureFailed, setUpAttempts } from "../scenarios/steps.js";
import { settingCents, type SuiteSettings } from "../settings.js";
import { emptyResult, type CoverageContext, type Task, type TaskResult } from "./context.js";
import { answerOf, Stretch, type CoverageMatrix } from "./record.js";

const money = (cents: number) => (cents / 100).toFixed(2);
const ok = (response: ApiResponse) => response.status >= 200 && response.status < 300;

type Chain = { api: ApiClient; store: string; employee: string; credits: string[] };

const bank = (ctx: CoverageContext) => ctx.oracle.model as BankModel;

function openChain(ctx: CoverageContext): Chain {
  // Objects a chain creates are the matrix's: a later list that shows one wrong names it.
  const api = Object.assign(ctx.client(), { check: "coverage: the state x action matrix" });
  return { api, store: ids.listStore("CV"), employee: `CE${token(12)}`, credits: [] };
}

const act = (chain: Chain, id: string, body: Record<string, unknown>) =>
  chain.api.call("updateTransactionIntent", { path: { transaction_intent_id: id }, body });

/** `promisedInput`: the amount, or the bank account and consumer, of an input the fixtures promise an outcome for. */
async function create(chain: Chain, input: { cents: number; type?: "bankpay" | "bankpay_bnpl"; action?: "authorize" | "authorize_and_capture"; promisedInput?: IntentInput }): Promise<string | undefined> {
  const response = await chain.api.call("createTransactionIntent", {
    body: intentBody({ amount: input.cents / 100, type: input.type, action: input.action, store: chain.store, ...input.promisedInput }),
  });
  const id = response.body?.data?.id;
  return (response.status === 200 || response.status === 201) && typeof id === "string" ? id : undefined;
}

async function createCredit(chain: Chain, body: Record<string, unknown>): Promise<ApiResponse> {
  const response = await chain.api.call("createCredit", { body: { employee_number: chain.employee, ...body } });
  const id = response.body?.data?.id;
  if (response.status === 201 && typeof id === "string") chain.credits.push(id);
  return response;
}

const unlinkedCredit = (chain: Chain, amount: string, store = true) =>
  createCredit(chain, { amount, creditable_id: ids.bankAccount(), submerchant_id: ids.creditSubmerchant(), ...(store ? { store_number: ids.creditStore() } : {}) });

/** Pages 1 and 2 of a closed list, sized so that they meet at a boundary and show every item between them. */
async function crossPageBoundary(chain: Chain, operationId: "listTransactionIntents" | "listCredits", filter: Record<string, string>, items: number): Promise<void> {
  const perPage = Math.max(1, items - 1);
  for (const page of [1, 2]) await chain.api.call(operationId, { query: { ...filter, per_page: perPage, page } });
}

async function crossIntentPages(ctx: CoverageContext, chain: Chain): Promise<void> {
  const items = [...bank(ctx).state.intents.values()].filter((intent) => intent.storeNumber === chain.store).length;
  await crossPageBoundary(chain, "listTransactionIntents", { station_number: chain.store }, items);
}

async function crossCreditPages(ctx: CoverageContext, chain: Chain): Promise<void> {
  const items = [...bank(ctx).state.credits.values()].filter((credit) => credit.employeeNumber === chain.employee).length;
  await crossPageBoundary(chain, "listCredits", { employee_number: chain.employee }, items);
}

async function readIntentBothKeys(chain: Chain, id: string): Promise<void> {
  for (const key of ["secret", "publishable"] as const) await chain.api.call("getTransactionIntent", { path: { transaction_intent_id: id }, key });
}

async function readCreditBothKeys(chain: Chain, id: string): Promise<void> {
  // A credit is read with the secret key; the publishable key gets the decided 403.
  for (const key of ["secret", "publishable"] as const) await chain.api.call("getCredit", { path: { credit_id: id }, key });
}

/** What must not move for two attempts to share a subject: the state the model holds for it. */
function intentSignature(ctx: CoverageContext, id: string): string {
  const r = bank(ctx).state.intents.get(id);
  return r ? JSON.stringify([r.status, r.capturedCents, r.refundedCents, r.captureRefusals, r.capturedStatus, r.refund?.status ?? null, r.cancel !== null]) : "unknown";
}

type IntentRow = {
  name: string;
  /** The status the model holds once the row's state is reached. */
  status: IntentStatus;
  /** And the `captured_status`, where the status alone does not tell the state (a decline is `failed` too). */
  capturedStatus?: string;
  cents: number;
  type?: "bankpay" | "bankpay_bnpl";
  create?: "authorize" | "authorize_and_capture";
  trigger?: string;
  /** Without triggers, the input the fixtures promise the row's outcome for, and what the report calls that promise. */
  promise?: { input: () => IntentInput | undefined; label: () => string | undefined };
  /** The actions that bring a new intent to the row's state, each from what the model holds. */
  steps: Array<(intent: IntentRecord) => Record<string, unknown>>;
};

export function intentRows(settings: SuiteSettings): IntentRow[] {
  const limit = settingCents(settings.capture_adjustment_limit) ?? 0;
  const capture = (r: IntentRecord) => ({ action: "capture", amount: money(r.amountCents) });
  const partly = (r: IntentRecord) => ({ action: "capture", amount: money(r.amountCents - 1000) });
  const refund = (r: IntentRecord) => ({ action: "refund", amount: (r.capturedCents ?? r.amountCents) / 100 });
  const cancelRefund = () => ({ action: "cancel_refund" });
  const cancel = () => ({ action: "cancel" });
  const overLimit = (r: IntentRecord) => ({ action: "capture", amount: money(r.amountCents + limit + 1) });
  const authorized = { cents: 4000, create: "authorize" as const };
  return [
    { name: "awaiting authorization", status: "pending_service_fee_acceptance", cents: 4000, type: "bankpay", steps: [] },
    { name: "awaiting authorization (bankpay_bnpl)", status: "pending_service_fee_acceptance", cents: 10003, type: "bankpay_bnpl", steps: [] },
    { name: "pending_capture", status: "pending_capture", ...authorized, steps: [] },
    { name: "succeeded", status: "succeeded", ...authorized, steps: [capture] },
    { name: "partly captured", status: "succeeded", ...authorized, steps: [partly] },
    { name: "refunded", status: "refunded", ...authorized, steps: [capture, refund] },
    { name: "refund cancelled", status: "succeeded", ...authorized, steps: [capture, refund, cancelRefund] },
    { name: "refunded again", status: "refunded", ...authorized, steps: [capture, refund, cancelRefund, refund] },
    { name: "canceled before capture", status: "canceled", ...authorized, steps: [cancel] },
    { name: "canceled after capture", status: "canceled", ...authorized, steps: [capture, cancel] },
    {
      name: "declined", status: "failed", cents: 4007, create: "authorize_and_capture", trigger: "an amount ending .07 is declined (code 07)", steps: [],
      promise: { input: () => promised.decline(), label: () => promiseLabel.decline() },
    },
    { name: `capture failed by the limit (capture_retries ${settings.capture_retries})`, status: "failed", capturedStatus: "limit_exceeded", ...authorized, steps: Array.from({ length: settings.capture_retries + 1 }, () => overLimit) },
  ];
}

type Column = { name: string; rule: Rule; send: (chain: Chain, id: string, intent: IntentRecord) => Promise<ApiResponse> };

function intentColumns(settings: SuiteSettings): Column[] {
  const limit = settingCents(settings.capture_adjustment_limit) ?? 0;
  const captured = (r: IntentRecord) => r.capturedCents ?? r.amountCents;
  const transition: Rule = "bank §3.1";
  return [
    { name: "authorize", rule: transition, send: (c, id) => act(c, id, { action: "authorize" }) },
    { name: "capture at the amount", rule: transition, send: (c, id, r) => act(c, id, { action: "capture", amount: money(r.amountCents) }) },
    { name: "capture a cent below", rule: transition, send: (c, id, r) => act(c, id, { action: "capture", amount: (r.amountCents - 1) / 100 }) },
    { name: "capture a cent above the limit", rule: "B-34", send: (c, id, r) => act(c, id, { action: "capture", amount: (r.amountCents + limit + 1) / 100 }) },
    { name: "refund at the amount", rule: transition, send: (c, id, r) => act(c, id, { action: "refund", amount: captured(r) / 100 }) },
    { name: "refund a cent below", rule: "B-35", send: (c, id, r) => act(c, id, { action: "refund", amount: (captured(r) - 1) / 100 }) },
    { name: "refund a cent above", rule: "B-35", send: (c, id, r) => act(c, id, { action: "refund", amount: (captured(r) + 1) / 100 }) },
    { name: "refund without an amount", rule: "B-35", send: (c, id) => act(c, id, { action: "refund" }) },
    { name: "cancel", rule: transition, send: (c, id) => act(c, id, { action: "cancel" }) },
    { name: "cancel_refund", rule: transition, send: (c, id) => act(c, id, { action: "cancel_refund" }) },
    {
      name: "linked credit", rule: "B-45",
      send: (c, id) => createCredit(c, { amount: "5.00", transaction_intent_id: id, store_number: c.store, ...linkedCreditSubmerchant() }),
    },
    {
      name: "address update", rule: "B-57",
      send: (c, id) => c.api.call("updateTransactionIntentBillingAddress", { path: { transaction_intent_id: id }, body: addressUpdate(), key: "publishable" }),
    },
  ];
}

/**
 * The order attempts are made in: what leaves the state alone first (a linked credit, an address
 * update, the refusals a state meets), what moves it last, so one subject serves many attempts.
 */
const executionOrder = [
  "linked credit", "address update", "authorize", "cancel_refund", "refund without an amount", "refund a cent above", "refund a cent below",
  "refund at the amount", "capture a cent above the limit", "capture a cent below", "capture at the amount", "cancel",
];

/** Brings a new intent of the chain to the row's state; undefined when the server did not follow. */
async function reach(ctx: CoverageContext, chain: Chain, row: IntentRow): Promise<string | undefined> {
  await create(chain, { cents: 1200, type: "bankpay" }); // the neighbour: a second item in the chain's list
  const promisedInput = ctx.triggers ? undefined : row.promise?.input();
  const id = await create(chain, { cents: row.cents, type: row.create ? undefined : row.type, action: row.create, promisedInput });
  if (id === undefined) return undefined;
  for (const step of row.steps) {
    const intent = bank(ctx).state.intents.get(id);
    if (!intent || chain.api.violations.length > 0) return undefined;
    const body = step(intent);
    // A failed capture may be retried (B-34), and is, a few times.
    for (let attempt = 1; captureFailed(await act(chain, id, body)) && attempt < setUpAttempts; attempt += 1);
  }
  return chain.api.violations.length === 0 ? id : undefined;
}

/** Whether the model holds the intent in the row's state. */
function inRowState(ctx: CoverageContext, id: string | undefined, row: IntentRow): boolean {
  const intent = id === undefined ? undefined : bank(ctx).state.intents.get(id);
  return intent?.status === row.status && (row.capturedStatus === undefined || intent.capturedStatus === row.capturedStatus);
}

/**
 * Brings a new intent to the row's state on a chain of its own, trying a fresh chain when the server
 * took another outcome the contract allows on the way (a decline, B-31; a failed capture, B-34), at
 * most `setUpAttempts` times. The last chain is returned with what it reached.
 */
async function reachTrying(ctx: CoverageContext, row: IntentRow): Promise<{ chain: Chain; stretch: Stretch; reached?: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const chain = openChain(ctx);
    const stretch = new Stretch(chain.api, ctx.baseUrl);
    const reached = await reach(ctx, chain, row);
    if (!reached || inRowState(ctx, reached, row) || attempt >= setUpAttempts) return { chain, stretch, reached };
  }
}

const notReachedReason = (status: string | undefined) =>
  `the server took another allowed way: the state was not reached on any of ${setUpAttempts} fresh objects (status ${status ?? "none"}; a decline, B-31, or a failed capture, B-34, or another outcome the contract allows)`;

/**
 * What drives a row's outcome: its trigger, or without triggers the fixtures' promise of it (the
 * row's checks name it); `skip` when neither can (the row is skipped with the reason).
 */
function rowDriver(ctx: CoverageContext, row: { trigger?: string; promise?: { label: () => string | undefined } }): { label?: string; skip?: string } {
  if (!row.trigger || ctx.triggers) return { label: row.trigger };
  const promise = row.promise?.label();
  return promise === undefined ? { label: row.trigger, skip: `needs the implementation-specific trigger: ${row.trigger}` } : { label: promise };
}

/** The result of a row whose trigger the run may not use: one skipped check, every cell skipped. */
function skippedRow(group: string, matrix: string, row: { name: string; trigger?: string }, columns: Array<{ name: string }>, reason: string): TaskResult {
  const result = emptyResult();
  result.checks.push({ layer: "coverage", group, name: `${row.name}: every action`, outcome: "skipped", reason, trigger: row.trigger, durationMs: 0 });
  for (const column of columns) result.cells.push({ matrix, row: row.name, column: column.name, outcome: "skipped", reason });
  return result;
}

function intentRowTask(ctx: CoverageContext, row: IntentRow, columns: Column[]): Task {
  const group = "coverage: intent state x action";
  const matrix = "intent";
  const ordered = executionOrder.map((name) => columns.find((column) => column.name === name)!);
  return {
    name: `intent ${row.name}`, planned: columns.length,
    run: async (): Promise<TaskResult> => {
      const driver = rowDriver(ctx, row);
      if (driver.skip) return skippedRow(group, matrix, row, columns, driver.skip);
      const result = emptyResult();
      let chain: Chain | undefined;
      let subject = "";
      let arrival = "";
      for (const [index, column] of ordered.entries()) {
        const stop = ctx.stopped();
        if (stop) {
          for (const rest of ordered.slice(index)) result.cells.push({ matrix, row: row.name, column: rest.name, outcome: "skipped", reason: `not attempted: ${stop}` });
          break;
        }
        if (!chain || chain.api.violations.length > 0 || intentSignature(ctx, subject) !== arrival) {
          const attempt = await reachTrying(ctx, row);
          chain = attempt.chain;
          const { stretch, reached } = attempt;
          const status = reached ? bank(ctx).state.intents.get(reached)?.status : undefined;
          if (!reached || !inRowState(ctx, reached, row)) {
            const check = reached
              // The contract let the server answer another way (the model took that reading).
              ? { ...stretch.check({ group, name: `${row.name}: reaching the state`, rule: "bank §3.1" }), outcome: "skipped" as const, reason: notReachedReason(status) }
              : stretch.check({ group, name: `${row.name}: reaching the state`, rule: "bank §3.1" }, `could not bring an intent to ${row.name}`);
            result.checks.push(check);
            for (const rest of ordered.slice(index)) result.cells.push({ matrix, row: row.name, column: rest.name, outcome: "not reached", reason: check.reason });
            break;
          }
          subject = reached;
          arrival = intentSignature(ctx, subject);
        }
        const stretch = new Stretch(chain.api, ctx.baseUrl);
        const before = intentSignature(ctx, subject);
        const credits = chain.credits.length;
        const response = await column.send(chain, subject, bank(ctx).state.intents.get(subject)!);
        const changed = ok(response) || intentSignature(ctx, subject) !== before;
        if (changed) {
          await readIntentBothKeys(chain, subject);
          await crossIntentPages(ctx, chain);
        } else {
          await chain.api.call("getTransactionIntent", { path: { transaction_intent_id: subject } });
        }
        if (chain.credits.length > credits) {
          await readCreditBothKeys(chain, chain.credits.at(-1)!);
          await crossCreditPages(ctx, chain);
        }
        const check = stretch.check({ group, name: `${row.name}: ${column.name}`, rule: column.rule });
        result.checks.push(driver.label ? { ...check, trigger: driver.label } : check);
        result.cells.push({ matrix, row: row.name, column: column.name, outcome: check.outcome, answered: answerOf(response) });
      }
      return result;
    },
  };
}

type CreditRow = {
  name: string; status: CreditStatus; trigger?: string; linked?: boolean;
  /** Without triggers, what the report calls the fixtures' promise of the row's outcome (see IntentRow). */
  promise?: { label: () => string | undefined };
  /** `fromFixtures`: the row runs from the fixtures' promise, not the trigger. */
  reach: (chain: Chain, fromFixtures: boolean) => Promise<ApiResponse | undefined>;
};

const creditRows: CreditRow[] = [
  {
    name: "succeeded (linked)", status: "succeeded", linked: true,
    reach: async (chain) => {
      const id = await create(chain, { cents: 4000, action: "authorize_and_capture" });
      return id === undefined ? undefined : createCredit(chain, { amount: "5.00", transaction_intent_id: id, store_number: chain.store, ...linkedCreditSubmerchant() });
    },
  },
  { name: "succeeded (unlinked)", status: "succeeded", reach: (chain) => unlinkedCredit(chain, "5.00") },
  {
    name: "pending", status: "pending", trigger: "a credit amount ending .50 stays pending", promise: { label: () => promiseLabel.pendingCredit() },
    reach: (chain, fromFixtures) => unlinkedCredit(chain, fromFixtures ? promised.pendingCreditAmount()! : "5.50"),
  },
  { name: "failed (no store number)", status: "failed", reach: (chain) => unlinkedCredit(chain, "5.00", false) },
  {
    name: "cancelled", status: "cancelled",
    reach: async (chain) => {
      const created = await unlinkedCredit(chain, "5.00");
      const id = created.body?.data?.id;
      return typeof id === "string" ? chain.api.call("cancelCredit", { path: { credit_id: id }, body: { action: "cancel" } }) : undefined;
    },
  },
];

const creditColumns: Array<{ name: string; rule: Rule; body: Record<string, unknown> }> = [
  { name: "cancel with an unknown action", rule: "bank §4.7", body: { action: "void" } },
  { name: "cancel", rule: "bank §3.2", body: { action: "cancel" } },
];

function creditRowTask(ctx: CoverageContext, row: CreditRow): Task {
  const group = "coverage: credit state x action";
  const matrix = "credit";
  return {
    name: `credit ${row.name}`, planned: creditColumns.length,
    run: async (): Promise<TaskResult> => {
      const driver = rowDriver(ctx, row);
      if (driver.skip) return skippedRow(group, matrix, row, creditColumns, driver.skip);
      const fromFixtures = Boolean(row.trigger) && !ctx.triggers;
      const result = emptyResult();
      let chain: Chain | undefined;
      let subject = "";
      const statusOf = (id: string) => bank(ctx).state.credits.get(id)?.status;
      for (const [index, column] of creditColumns.entries()) {
        const stop = ctx.stopped();
        if (stop) {
          for (const rest of creditColumns.slice(index)) result.cells.push({ matrix, row: row.name, column: rest.name, outcome: "skipped", reason: `not attempted: ${stop}` });
          break;
        }
        if (!chain || chain.api.violations.length > 0 || statusOf(subject) !== row.status) {
          let stretch: Stretch;
          const reachedOn = (c: Chain) => c.api.violations.length === 0 && c.credits.length >= 2 && statusOf(c.credits.at(-1)!) === row.status;
          // A fresh chain when the server took another allowed outcome on the way (a declined intent under a linked credit, B-31).
          for (let attempt = 1; ; attempt += 1) {
            chain = openChain(ctx);
            stretch = new Stretch(chain.api, ctx.baseUrl);
            await unlinkedCredit(chain, "6.00"); // the neighbour: a second item in the chain's credit list
            await row.reach(chain, fromFixtures);
            if (reachedOn(chain) || chain.api.violations.length > 0 || attempt >= setUpAttempts) break;
          }
          subject = chain.credits.at(-1) ?? "";
          if (!reachedOn(chain)) {
            const allowed = chain.api.violations.length === 0;
            const base = stretch.check({ group, name: `${row.name}: reaching the state`, rule: "bank §3.2" }, allowed ? undefined : `could not bring a credit to ${row.name}`);
            // No fault seen: the server took another outcome the contract allows (a store number it does not know fails an unlinked credit, B-44).
            const check = allowed ? { ...base, outcome: "skipped" as const, reason: notReachedReason(statusOf(subject)) } : base;
            result.checks.push(check);
            for (const rest of creditColumns.slice(index)) result.cells.push({ matrix, row: row.name, column: rest.name, outcome: "not reached", reason: check.reason });
            break;
          }
        }
        const stretch = new Stretch(chain.api, ctx.baseUrl);
        const before = statusOf(subject);
        const response = await chain.api.call("cancelCredit", { path: { credit_id: subject }, body: column.body });
        if (ok(response) || statusOf(subject) !== before) {
          await readCreditBothKeys(chain, subject);
          const intent = bank(ctx).state.credits.get(subject);
          if (row.linked && intent) await readIntentBothKeys(chain, intent.creditableId);
          await crossCreditPages(ctx, chain);
        } else {
          await chain.api.call("getCredit", { path: { credit_id: subject } });
        }
        const check = stretch.check({ group, name: `${row.name}: ${column.name}`, rule: column.rule });
        result.checks.push(driver.label ? { ...check, trigger: driver.label } : check);
        result.cells.push({ matrix, row: row.name, column: column.name, outcome: check.outcome, answered: answerOf(response) });
      }
      return result;
    },
  };
}

/** The tasks of both matrices, and the empty matrices they fill. */
export function bankMatrixTasks(ctx: CoverageContext): { tasks: Task[]; matrices: CoverageMatrix[] } {
  const rows = intentRows(ctx.settings);
  const columns = intentColumns(ctx.settings);
  return {
    tasks: [...rows.map((row) => intentRowTask(ctx, row, columns)), ...creditRows.map((row) => creditRowTask(ctx, row))],
    matrices: [
      { id: "intent", title: "Transaction intent: state x action", rows: rows.map((row) => row.name), columns: columns.map((column) => column.name), cells: [] },
      { id: "credit", title: "Credit: state x action", rows: creditRows.map((row) => row.name), columns: creditColumns.map((column) => column.name), cells: [] },
    ],
  };
}
