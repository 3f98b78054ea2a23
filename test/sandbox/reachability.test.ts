// Every documented outcome is reachable (issue 11): the sandbox guide's "Sandbox test triggers" table is
// parsed, each row is run by its recipe below, and the outcomes seen in the answers must include
// what the row's last column lists; together the rows must list every intent status,
// captured_status, credit status, conflict code and response code of the published bank document
// (the enums of bank doc sections 3 and 7). Table and recipes are matched by the row's first cell,
// so neither can change without the other.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import type { Middleware } from "openapi-fetch";
import { loadDocument, packageRoot } from "../../src/openapi/documents.js";
import type { Sandbox } from "../../sandbox/server.js";
import { helpersClient, type HelpersClient } from "./helper-requests.js";
import { bankClient, billingAddress, checkCashingClient, party, payrollRequest, startTestSandbox, type BankClient } from "./helpers.js";

type Row = { input: string; outcome: string; reaches: string[] };

/** The rows of the sandbox guide's "Sandbox test triggers" table (docs/sandbox.md). */
function triggerRows(): Row[] {
  const guide = readFileSync(`${packageRoot}/docs/sandbox.md`, "utf8");
  const section = guide.slice(guide.indexOf("## Sandbox test triggers"));
  const lines = section.split("\n");
  const first = lines.findIndex((line) => line.startsWith("| Input or helper |"));
  assert.ok(first > 0, "docs/sandbox.md has the table");
  const rows: Row[] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith("|")) break;
    const cells = line.split(" | ").map((cell) => cell.replace(/^\|\s*|\s*\|$/g, "").trim());
    assert.equal(cells.length, 3, `three cells: ${line}`);
    rows.push({ input: cells[0], outcome: cells[1], reaches: [...cells[2].matchAll(/`([a-z_]+:[a-z_0-9]+)`/g)].map((m) => m[1]) });
  }
  return rows;
}

/** What the contract lists: the enums of the published bank document. */
function documentedOutcomes(): string[] {
  const schemas = loadDocument("bank-payments").components!.schemas as Record<string, { enum: Array<string | null> }>;
  const values = (name: string) => schemas[name].enum.filter((value): value is string => value !== null);
  return [
    ...values("TransactionIntentStatus").map((v) => `status:${v}`),
    ...values("CapturedStatus").map((v) => `captured_status:${v}`),
    // `canceled` is only the list filter's other spelling of `cancelled` (docs/contract-decisions.md, "Credit cancelled spelling").
    ...values("CreditStatus").filter((v) => v !== "canceled").map((v) => `credit:${v}`),
    ...values("IntentConflictCode").map((v) => `conflict:${v}`),
    ...values("CreditErrorCode").map((v) => `conflict:${v}`),
    ...values("ResponseCode").map((v) => `code:${v}`),
  ];
}

/** The outcomes one answer shows: statuses, conflict codes, response codes named anywhere. */
function outcomesOf(body: any): string[] {
  const found: string[] = [];
  const codesIn = (text: unknown) => {
    if (typeof text === "string") for (const m of text.matchAll(/response code (\d\d)/g)) found.push(`code:${m[1]}`);
  };
  const fromObject = (item: any) => {
    if (item === null || typeof item !== "object") return;
    if ("creditable" in item) found.push(`credit:${item.status}`);
    else if ("bank_account_id" in item) found.push(`status:${item.status}`);
    if (typeof item.captured_status === "string") found.push(`captured_status:${item.captured_status}`);
    codesIn(item.reason);
    for (const attempt of [item.refund, item.cancel]) if (attempt?.response_code) found.push(`code:${attempt.response_code}`);
  };
  if (Array.isArray(body?.data)) body.data.forEach(fromObject);
  else fromObject(body?.data);
  if (typeof body?.conflict === "string") found.push(`conflict:${body.conflict}`);
  if (typeof body?.error === "string") found.push(`conflict:${body.error}`);
  codesIn(body?.message);
  if (Array.isArray(body?.errors)) for (const entry of body.errors) found.push(`payroll:${entry.errorType}`);
  return found;
}

let sandbox: Sandbox;
let bank: BankClient;
let publishable: BankClient;
let helpers: HelpersClient;
let payroll: ReturnType<typeof checkCashingClient>;
/** What the running recipe has seen. */
let seen = new Set<string>();

const recording: Middleware = {
  async onResponse({ response }) {
    for (const outcome of outcomesOf(await response.clone().json())) seen.add(outcome);
    return undefined;
  },
};

before(async () => {
  sandbox = await startTestSandbox();
  bank = bankClient(sandbox, sandbox.secretKey);
  publishable = bankClient(sandbox, sandbox.publishableKey);
  helpers = helpersClient(sandbox, sandbox.secretKey);
  payroll = checkCashingClient(sandbox);
  for (const client of [bank, publishable, helpers, payroll]) client.use(recording);
});
after(() => sandbox.close());

const fee = { service_fee_id: "service_fee_Tz6Mq1PxR9bK3wLe" };
const store = { store_number: "0042" };
const path = (id: string) => ({ params: { path: { transaction_intent_id: id } } });
const creditPath = (id: string) => ({ params: { path: { credit_id: id } } });

async function create(amount: number, action?: "authorize" | "authorize_and_capture"): Promise<string> {
  const body = action === undefined ? { amount, ...party(), ...store, type: "bankpay" as const } : { amount, ...party(), ...store, ...fee, action };
  const { data } = await bank.POST("/api/transaction-intents", { body });
  // The create answer is the reduced object: read the full one, which shows captured_status and reason.
  await bank.GET("/api/transaction-intents/{transaction_intent_id}", path(data!.data.id));
  return data!.data.id;
}

async function act(id: string, body: any) {
  return bank.PATCH("/api/transaction-intents/{transaction_intent_id}", { ...path(id), body });
}

async function credit(body: any): Promise<string | undefined> {
  const { data } = await bank.POST("/api/credits", { body });
  return data?.data.id;
}

async function cancelCredit(id: string) {
  return bank.PATCH("/api/credits/{credit_id}", { ...creditPath(id), body: { action: "cancel" } });
}

async function settings(body: any) {
  const { response } = await helpers.PATCH("/_sandbox/settings", { body });
  assert.equal(response.status, 200);
}

const authorizationCodes = ["00", "01", "03", "04", "05", "06", "07", "08", "09", "11", "12", "13", "14", "15", "16", "17", "18", "19", "21", "22", "24", "25", "32", "34", "38", "66", "67", "68", "69", "70", "71", "72"] as const;

/** How each row of the table is reached, by the row's first cell. */
const recipes: Record<string, () => Promise<void>> = {
  "Create without an action": async () => void (await create(10)),
  "Create with `authorize` (no billing address needed)": async () => void (await create(11, "authorize")),
  "Create with `authorize_and_capture`": async () => void (await create(12, "authorize_and_capture")),
  "Capture before authorization; capture twice": async () => {
    await act(await create(13), { action: "capture", amount: 13 });
    await act(await create(13, "authorize_and_capture"), { action: "capture", amount: 13 });
  },
  "Refund of the captured amount; cancel the refund": async () => {
    const id = await create(14, "authorize_and_capture");
    await act(id, { action: "refund", amount: 14 });
    await act(id, { action: "cancel_refund" });
  },
  "Refund above / below the captured amount": async () => {
    const id = await create(15, "authorize_and_capture");
    await act(id, { action: "refund", amount: 16 });
    await act(id, { action: "refund", amount: 14 });
  },
  "Cancel; cancel again; cancel a refunded intent": async () => {
    const id = await create(16, "authorize");
    await act(id, { action: "cancel" });
    await act(id, { action: "cancel" });
    const refunded = await create(16, "authorize_and_capture");
    await act(refunded, { action: "refund", amount: 16 });
    await act(refunded, { action: "cancel" });
  },
  "Refund or linked credit of a cancelled intent": async () => {
    const id = await create(17, "authorize_and_capture");
    await act(id, { action: "cancel" });
    await act(id, { action: "refund", amount: 17 });
    await credit({ amount: "5.00", transaction_intent_id: id });
  },
  "A bank account used with another consumer": async () => {
    const owner = party();
    await bank.POST("/api/transaction-intents", { body: { amount: 18, ...owner, ...store, type: "bankpay" } });
    await bank.POST("/api/transaction-intents", { body: { amount: 18, bank_account: owner.bank_account, consumer_id: "consumer_Another01", ...store, type: "bankpay" } });
  },
  "Credit on a captured intent; cancel it; cancel it again": async () => {
    const id = (await credit({ amount: "5.00", transaction_intent_id: await create(19, "authorize_and_capture") })) as string;
    await cancelCredit(id);
    await cancelCredit(id);
  },
  "Create with `authorize_and_capture` and an amount ending in `.07` / `.12`": async () => {
    await create(20.07, "authorize_and_capture");
    await create(20.12, "authorize_and_capture");
  },
  "Authorize (action, or creation with an action) of an intent whose amount ends in `.66` / `.70` / `.71`": async () => {
    await act(await create(21.66), { action: "authorize" });
    await bank.POST("/api/transaction-intents", { body: { amount: 21.7, ...party(), ...store, ...fee, action: "authorize", billing_address: billingAddress } });
    await act(await create(21.71), { action: "authorize" });
  },
  "Refund of an intent whose amount ends in `.80`": async () => {
    await act(await create(22.8, "authorize_and_capture"), { action: "refund", amount: 22.8 });
  },
  "Intent whose amount ends in `.33`": async () => {
    await credit({ amount: "5.00", transaction_intent_id: await create(23.33, "authorize_and_capture") });
  },
  "Credit amount ending in `.50`": async () => {
    const id = (await credit({ amount: "5.50", transaction_intent_id: await create(24, "authorize_and_capture") })) as string;
    await cancelCredit(id);
  },
  "Unlinked credit with a `store_number` of only zeros (`0000`), or none": async () => {
    const id = (await credit({ amount: "5.00", creditable_id: "bank_account_Vd93LmQa2XkP7rTe", store_number: "0000", submerchant_id: "7" })) as string;
    await cancelCredit(id);
  },
  "Check cashing `netAmount` with cents `.07`": async () => void (await payroll.POST("/v1/payroll", { body: { ...payrollRequest("REACH-0001"), netAmount: 100.07 } })),
  "Check cashing `idValue` of only asterisks": async () =>
    void (await payroll.POST("/v1/payroll", { body: { ...payrollRequest("REACH-0002"), id: { idCode: "TX", idValue: "********" } } })),
  "Check cashing `trxID` starting with `E500`": async () => void (await payroll.POST("/v1/payroll", { body: payrollRequest("E500-REACH") })),
  "Check cashing `trxID` used before": async () => {
    await payroll.POST("/v1/payroll", { body: payrollRequest("REACH-0003") });
    await payroll.POST("/v1/payroll", { body: payrollRequest("REACH-0003") });
  },
  "Helper `accept-service-fee`": async () => {
    await helpers.POST("/_sandbox/transaction-intents/{transaction_intent_id}/accept-service-fee", { ...path(await create(25)), body: {} });
  },
  "Helper `status` with `pending_service_fee`": async () => {
    await helpers.POST("/_sandbox/transaction-intents/{transaction_intent_id}/status", { ...path(await create(26)), body: { status: "pending_service_fee" } });
  },
  "Helper `fail-next-capture` with a `captured_status`": async () => {
    for (const failure of ["duplicate_request", "error", "error_cannot_confirm", "expired", "invalid_key_data", "limit_exceeded", "printed"] as const) {
      const id = await create(27, "authorize");
      await helpers.POST("/_sandbox/transaction-intents/{transaction_intent_id}/fail-next-capture", { ...path(id), body: { captured_status: failure } });
      await act(id, { action: "capture", amount: 27 });
    }
  },
  "Helper `return-debit`": async () => {
    const id = await create(28, "authorize_and_capture");
    await helpers.POST("/_sandbox/transaction-intents/{transaction_intent_id}/return-debit", path(id));
    await act(id, { action: "refund", amount: 28 });
  },
  "Helpers `settle` / `fail` of a credit": async () => {
    const intent = await create(29, "authorize_and_capture");
    // Seen only from the helpers' answers: the credits are created pending.
    const settled = (await credit({ amount: "5.50", transaction_intent_id: intent })) as string;
    const failed = (await credit({ amount: "6.50", transaction_intent_id: intent })) as string;
    seen.clear();
    await helpers.POST("/_sandbox/credits/{credit_id}/settle", creditPath(settled));
    await helpers.POST("/_sandbox/credits/{credit_id}/fail", creditPath(failed));
  },
  "Setting `credit_limit`": async () => {
    await settings({ credit_limit: "10.00" });
    await credit({ amount: "10.01", transaction_intent_id: await create(30, "authorize_and_capture") });
    await settings({ credit_limit: null });
  },
  "Settings `capture_adjustment_limit`, `capture_retries`": async () => {
    await settings({ capture_adjustment_limit: "1.00", capture_retries: 1 });
    const id = await create(31, "authorize");
    seen.clear();
    await act(id, { action: "capture", amount: 32.01 });
    await act(id, { action: "capture", amount: 32.01 });
    await settings({ capture_adjustment_limit: "0.00", capture_retries: 3 });
  },
  "Setting `next_authorization_code`": async () => {
    for (const code of authorizationCodes) {
      await settings({ next_authorization_code: code });
      // Amounts without a trigger ending: what is seen comes from the arranged code.
      await act(await create(33.01), { action: "authorize" });
    }
  },
  "Helper `reset`": async () => {
    const { data } = await helpers.POST("/_sandbox/reset");
    assert.ok(data!.data.transaction_intents > 0, "the reset removed the intents the rows created");
    assert.equal((await bank.GET("/api/transaction-intents", { params: { query: {} } })).data!.meta.total, 0);
  },
};

const rows = triggerRows();

describe("every documented outcome is reachable (docs/sandbox.md, Sandbox test triggers)", () => {
  test("the table and the recipes name the same rows", () => {
    assert.deepEqual(rows.map((row) => row.input).sort(), Object.keys(recipes).sort());
  });

  test("together the rows reach every status, captured_status, conflict code and response code of the contract", () => {
    const listed = new Set(rows.flatMap((row) => row.reaches));
    const missing = documentedOutcomes().filter((outcome) => !listed.has(outcome));
    assert.deepEqual(missing, []);
  });

  // Rows run in table order (the reset last); each must reach what it lists.
  for (const row of rows) {
    test(row.input, async () => {
      const recipe = recipes[row.input];
      assert.ok(recipe, `no recipe for the docs/sandbox.md row "${row.input}"`);
      seen = new Set();
      await recipe();
      const unreached = row.reaches.filter((outcome) => !seen.has(outcome));
      assert.deepEqual(unreached, [], `seen: ${[...seen].join(" ")}`);
    });
  }
});
