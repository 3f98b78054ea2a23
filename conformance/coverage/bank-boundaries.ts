// The bank service's documented boundaries, each sent exactly and one past it: the amount ceiling
// on every request amount, the smallest amount, the configured credit and capture limits (suite
// settings), every text and identifier length of the request schemas, the `extras` limits, the
// members per object, `per_page` and `page`, and a bank account used again by another consumer long
// after its first use. Lengths are read from the published document (lengths.ts).
import type { ApiClient, ApiResponse } from "../client.js";
import { addressUpdate, billingAddress, ids, intentBody, linkedCreditSubmerchant, token } from "../fixtures.js";
import { settingCents } from "../settings.js";
import { boundaryRecorder, boundaryTask, NotReached, shown, untilCaptured, untilNotDeclined, type BoundarySpec, type Send } from "./boundary.js";
import type { CoverageContext, Task } from "./context.js";
import { lengthBounds, valueOfLength } from "./lengths.js";
import { Stretch, type CoverageBoundary } from "./record.js";

const money = (cents: number) => (cents / 100).toFixed(2);
const ceiling = 99_999_999_999;
// The sandbox's amount ceiling; the documents state none (B-20): at it and past it, refused or accepted.
const amountRule = "B-20";

const act = (api: ApiClient, id: string, body: Record<string, unknown>) =>
  api.call("updateTransactionIntent", { path: { transaction_intent_id: id }, body });

function createdId(response: ApiResponse): string {
  const id = response.body?.data?.id;
  if ((response.status !== 201 && response.status !== 200) || typeof id !== "string") throw new NotReached(`the creation was answered ${response.status}: nothing to go on with`);
  return id;
}

/** An intent authorized for `cents`, for the boundaries that act on one (a declined one is replaced, B-31). */
async function authorized(api: ApiClient, cents: number, store = ids.store()): Promise<string> {
  return createdId(await untilNotDeclined(() => api.call("createTransactionIntent", { body: intentBody({ amount: cents / 100, action: "authorize", store }) })));
}

function amountSpecs(ctx: CoverageContext): BoundarySpec[] {
  const creditLimit = settingCents(ctx.settings.credit_limit);
  const adjustment = settingCents(ctx.settings.capture_adjustment_limit) ?? 0;
  return [
    {
      group: "amounts", name: "the amount ceiling 999999999.99 on every request amount", rule: amountRule,
      async run(api, send) {
        const id = createdId(await untilNotDeclined(() => send("create amount", "999999999.99 (number)", () =>
          api.call("createTransactionIntent", { body: intentBody({ amount: ceiling / 100, action: "authorize" }) }))));
        await untilCaptured(() => send("capture amount", '"999999999.99" (string)', () => act(api, id, { action: "capture", amount: money(ceiling) })));
        await send("linked credit amount", '"999999999.99"', () => api.call("createCredit", { body: { amount: money(ceiling), transaction_intent_id: id, ...linkedCreditSubmerchant() } }));
        await send("refund amount", "999999999.99 (number)", () => act(api, id, { action: "refund", amount: ceiling / 100 }));
      },
    },
    {
      group: "amounts", name: "one cent past the amount ceiling on every request amount", rule: amountRule,
      async run(api, send) {
        await send("create amount", "1000000000.00 (number)", () => api.call("createTransactionIntent", { body: intentBody({ amount: (ceiling + 1) / 100, action: "authorize" }) }));
        const id = await authorized(api, 4000);
        await send("capture amount", '"1000000000.00" (string)', () => act(api, id, { action: "capture", amount: money(ceiling + 1) }));
        await untilCaptured(() => act(api, id, { action: "capture", amount: "40.00" }));
        await send("refund amount", "1000000000.00 (number)", () => act(api, id, { action: "refund", amount: (ceiling + 1) / 100 }));
        await send("linked credit amount", '"1000000000.00"', () => api.call("createCredit", { body: { amount: money(ceiling + 1), transaction_intent_id: id, ...linkedCreditSubmerchant() } }));
      },
    },
    {
      group: "amounts", name: "the smallest amount 0.01, and zero", rule: "B-19",
      async run(api, send) {
        await send("create amount", "0.01", () => api.call("createTransactionIntent", { body: intentBody({ amount: 0.01, type: "bankpay" }) }));
        await send("create amount", "0", () => api.call("createTransactionIntent", { body: intentBody({ amount: 0, type: "bankpay" }) }));
        for (const amount of ["0.01", "0.00"]) {
          await send("unlinked credit amount", `"${amount}"`, () => api.call("createCredit", { body: { amount, creditable_id: ids.bankAccount(), submerchant_id: ids.creditSubmerchant(), store_number: ids.creditStore() } }));
        }
      },
    },
    {
      // No limit unless configured (B-46): with none, a credit at the amount ceiling is within it.
      group: "settings", rule: "B-46",
      name: creditLimit === undefined ? "credit_limit (none): an unlinked credit at the amount ceiling" : `credit_limit (${ctx.settings.credit_limit}): a credit at the limit, and a cent more`,
      async run(api, send) {
        for (const cents of creditLimit === undefined ? [ceiling] : [creditLimit, creditLimit + 1]) {
          await send("unlinked credit amount", `"${money(cents)}"`, () => api.call("createCredit", { body: { amount: money(cents), creditable_id: ids.bankAccount(), submerchant_id: ids.creditSubmerchant(), store_number: ids.creditStore() } }));
        }
      },
    },
    {
      group: "settings", name: `capture_adjustment_limit (${ctx.settings.capture_adjustment_limit}): a capture at the amount plus the limit, and a cent more`, rule: "B-34",
      async run(api, send) {
        for (const over of [adjustment, adjustment + 1]) {
          const id = await authorized(api, 4000);
          await send("capture amount", `40.00 + ${money(over)} = ${money(4000 + over)}`, () => act(api, id, { action: "capture", amount: money(4000 + over) }));
        }
      },
    },
  ];
}

type LengthCase = { schema: string; path: string[]; key: string; build: (value: string) => (api: ApiClient) => Promise<ApiResponse>; prefix?: string };

/** Every text and identifier member of the request bodies, sent at its length bounds. */
function lengthCases(): LengthCase[] {
  const create = (override: (body: Record<string, any>, value: string) => void, action = false) => (value: string) => (api: ApiClient) => {
    const body = intentBody(action ? { action: "authorize" } : { type: "bankpay" });
    override(body, value);
    return api.call("createTransactionIntent", { body });
  };
  const member = (name: string) => (body: Record<string, any>, value: string) => { body[name] = value; };
  const address = (name: string) => (body: Record<string, any>, value: string) => { body.billing_address = { ...billingAddress(), [name]: value }; };
  const credit = (name: string) => (value: string) => (api: ApiClient) =>
    api.call("createCredit", { body: { amount: "5.00", creditable_id: ids.bankAccount(), submerchant_id: ids.creditSubmerchant(), store_number: ids.creditStore(), employee_number: `E${token(8)}`, [name]: value } });
  const update = (name: string) => (value: string) => async (api: ApiClient) => {
    const id = createdId(await api.call("createTransactionIntent", { body: intentBody({ type: "bankpay" }) }));
    return api.call("updateTransactionIntentBillingAddress", { path: { transaction_intent_id: id }, body: { ...addressUpdate(), [name]: value }, key: "publishable" });
  };
  const intentRequest = "CreateTransactionIntentRequest";
  return [
    ...["store_number", "product_code", "product_subcode", "submerchant_id"].map((name) => ({ schema: intentRequest, path: [name], key: name, build: create(member(name)) })),
    { schema: intentRequest, path: ["bank_account"], key: "bank_account", prefix: "bank_account_", build: create(member("bank_account")) },
    { schema: intentRequest, path: ["consumer_id"], key: "consumer_id", prefix: "consumer_", build: create(member("consumer_id")) },
    { schema: "CreateAndAuthorizeTransactionIntentRequest", path: ["service_fee_id"], key: "service_fee_id", prefix: "service_fee_", build: create(member("service_fee_id"), true) },
    ...["line_1", "line_2", "city_locality", "state_province", "postal_code"].map((name) => ({
      schema: intentRequest, path: ["billing_address", name], key: `billing_address.${name}`, build: create(address(name)),
    })),
    { schema: "UnlinkedCreditRequest", path: ["creditable_id"], key: "creditable_id", prefix: "bank_account_", build: credit("creditable_id") },
    ...["store_number", "submerchant_id", "employee_number"].map((name) => ({ schema: "UnlinkedCreditRequest", path: [name], key: `credit ${name}`, build: credit(name) })),
    ...["line_1", "line_2", "city", "state_province", "zipcode"].map((name) => ({ schema: "BillingAddressUpdate", path: [name], key: `address update ${name}`, build: update(name) })),
  ];
}

function lengthSpecs(): BoundarySpec[] {
  // A member the published document leaves unbounded (a credit's store_number, B-44) has no length boundary to send.
  return lengthCases().flatMap((item): BoundarySpec[] => {
    const bounds = lengthBounds("bank-payments", item.schema, item.path);
    if (!bounds) return [];
    // An identifier is its prefix and a token: the shortest is not a length case (the pattern refuses it).
    const lengths = item.prefix ? [bounds.max, bounds.max + 1] : [bounds.max, bounds.max + 1, ...(bounds.min > 0 ? [bounds.min - 1] : [])];
    return [{
      group: "lengths", name: `${item.key}: ${bounds.max} characters, ${bounds.max + 1}${item.prefix || bounds.min === 0 ? "" : ` and ${bounds.min - 1}`}`, rule: bounds.rule,
      async run(api, send) {
        for (const length of lengths) {
          const value = item.prefix ? item.prefix + token(length - item.prefix.length) : valueOfLength(bounds, length, `L${token(8)}`);
          await send(item.key, shown(value), () => item.build(value)(api));
        }
      },
    }];
  });
}

function requestSpecs(ctx: CoverageContext): BoundarySpec[] {
  const members = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));
  const createWith = (api: ApiClient, extra: Record<string, unknown>) => api.call("createTransactionIntent", { body: { ...intentBody({ type: "bankpay" }), ...extra } });
  const perPage = ctx.settings.per_page_max;
  return [
    {
      group: "extras", name: "extras: 50 members, a 40-character name, a 500-character value, and one past each", rule: "B-21",
      async run(api, send) {
        const at = { ...members(48), ["n".repeat(40)]: "v", long: "v".repeat(500) };
        await send("extras", "50 members, a 40-character name, a 500-character value", () => createWith(api, { extras: at }));
        // The member count and a value's length are stated in the published document; a name's length only in B-21.
        await send("extras", "51 members", () => createWith(api, { extras: members(51) }), "oas bank-payments#/components/schemas/Extras/maxProperties");
        await send("extras", "a 41-character name", () => createWith(api, { extras: { ["n".repeat(41)]: "v" } }));
        await send("extras", "a 501-character value", () => createWith(api, { extras: { long: "v".repeat(501) } }), "oas bank-payments#/components/schemas/ExtrasText/maxLength");
      },
    },
    {
      group: "members per object", name: "a body object of 100 members, and 101", rule: "B-21",
      async run(api, send) {
        for (const count of [100, 101]) {
          const address = { ...billingAddress(), ...Object.fromEntries(Array.from({ length: count - Object.keys(billingAddress()).length }, (_, i) => [`m${i}`, "x"])) };
          await send("billing_address", `${count} members`, () => createWith(api, { billing_address: address }));
        }
      },
    },
    {
      group: "pages", name: `per_page: the maximum ${perPage}, ${perPage + 1}, 1 and 0, and none (default ${ctx.settings.per_page_default})`, rule: "B-5",
      async run(api, send) {
        const store = ids.store();
        const employee = `E${token(12)}`;
        for (let i = 0; i < 2; i += 1) {
          await api.call("createTransactionIntent", { body: intentBody({ type: "bankpay", store }) });
          await api.call("createCredit", { body: { amount: "5.00", creditable_id: ids.bankAccount(), submerchant_id: ids.creditSubmerchant(), store_number: ids.creditStore(), employee_number: employee } });
        }
        for (const [operationId, filter] of [["listTransactionIntents", { station_number: store }], ["listCredits", { employee_number: employee }]] as const) {
          for (const [value, page] of [[perPage, 1], [perPage + 1, 1], [1, 2], [0, 1]] as const) {
            await send(`${operationId} per_page`, String(value), () => api.call(operationId, { query: { ...filter, per_page: value, page } }));
          }
          await send(`${operationId} per_page`, "(none)", () => api.call(operationId, { query: filter }));
        }
      },
    },
    {
      group: "pages", name: "page: 2147483647 (the largest int32), and 2147483648", rule: "B-5",
      async run(api, send) {
        const store = ids.store();
        for (const page of [2 ** 31 - 1, 2 ** 31]) {
          await send("listTransactionIntents page", String(page), () => api.call("listTransactionIntents", { query: { station_number: store, page } }));
        }
      },
    },
    {
      group: "lengths", name: "list filters station_number and employee_number: 255 characters, and 256", rule: "oas bank-payments#/components/schemas/RequestText/maxLength",
      async run(api, send) {
        for (const length of [255, 256]) {
          const value = `F${token(8)}`.padEnd(length, "f");
          await send("listTransactionIntents station_number", shown(value), () => api.call("listTransactionIntents", { query: { station_number: value } }));
          await send("listCredits employee_number", shown(value), () => api.call("listCredits", { query: { employee_number: value } }));
        }
      },
    },
  ];
}

/**
 * A bank account used with one consumer when the layer starts, and again when it ends (every
 * other coverage request in between): with another consumer (409 bank_account_conflict), and with
 * the first one.
 */
function reuseTasks(ctx: CoverageContext): { first: Task; last: Task } {
  const rule = "B-40";
  const group = "reuse";
  const name = "a bank account used again long after its first use: by another consumer, and by its own";
  // With fixtures, an enrolled account and the consumer it is enrolled for (B-40).
  const account = ids.bankAccount();
  const owner = ids.ownerOf(account) ?? ids.consumer();
  let api: ApiClient | undefined;
  let stretch: Stretch | undefined;
  let recorder: { send: Send; entries: CoverageBoundary[] } | undefined;
  let sentBetween = 0;
  const create = (consumer: string) => () => api!.call("createTransactionIntent", { body: { ...intentBody({ type: "bankpay" }), bank_account: account, consumer_id: consumer } });
  return {
    first: {
      name: "first use of a bank account", planned: 0,
      run: async () => {
        api = ctx.client();
        stretch = new Stretch(api, ctx.baseUrl);
        recorder = boundaryRecorder(group, rule, api);
        await recorder.send("bank_account, first use", "a new bank account with its consumer", create(owner));
        sentBetween = ctx.oracle.stats.responses;
        return { checks: [], cells: [], boundaries: [] };
      },
    },
    last: {
      name, planned: 1,
      run: async () => {
        const between = ctx.oracle.stats.responses - sentBetween;
        await recorder!.send("bank_account, used again", `${between} responses later, with another consumer`, create(ids.otherConsumer(owner)));
        await recorder!.send("bank_account, used again", "then with its own consumer", create(owner));
        return { checks: [stretch!.check({ group: `coverage: boundaries (${group})`, name, rule })], cells: [], boundaries: recorder!.entries };
      },
    },
  };
}

export function bankBoundaryTasks(ctx: CoverageContext): { first: Task[]; tasks: Task[]; last: Task[] } {
  const reuse = reuseTasks(ctx);
  return {
    first: [reuse.first],
    tasks: [...amountSpecs(ctx), ...lengthSpecs(), ...requestSpecs(ctx)].map((spec) => boundaryTask(ctx, spec)),
    last: [reuse.last],
  };
}
