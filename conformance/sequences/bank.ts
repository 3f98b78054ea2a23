// Generated sequences for the bank service: fast-check model-based commands over several intents
// and credits. No command has a precondition: every action is attempted in every state (a refund
// of an intent never captured, a capture after a cancel, a credit on a failed intent...), with
// reads under both keys and list pages in between. The commands only drive; the oracle judges
// every response.
import type * as FastCheck from "fast-check";
import type { ApiClient, KeyChoice } from "../client.js";
import { billingAddress, currentFixtures, ids, linkedCreditSubmerchant, promised, token } from "../fixtures.js";
import type { BankModel } from "../oracle/bank/model.js";
import { captureFailed, setUpAttempts } from "../scenarios/steps.js";

/** One generated sequence's world: its client, its objects, and the values that scope its lists. */
export type BankWorld = {
  api: ApiClient;
  model: BankModel;
  /** store_number of every intent of this sequence (closed intent lists). */
  store: string;
  /** employee_number of every credit of this sequence (closed credit lists). */
  employee: string;
  submerchant: string;
  consumers: string[];
  accounts: string[];
  intents: string[];
  credits: string[];
  /** Actions tried per intent status in this sequence (`untried` picks from it). */
  tried: Map<string, number>;
};

export function bankWorld(api: ApiClient, model: BankModel): BankWorld {
  return {
    api, model,
    store: ids.listStore("SQ"),
    employee: `EQ${token(12)}`,
    submerchant: ids.debitSubmerchant(),
    consumers: ids.consumers(2),
    accounts: ids.bankAccounts(3),
    intents: [],
    credits: [],
    tried: new Map(),
  };
}

type Model = Record<string, never>;
type Command = FastCheck.AsyncCommand<Model, BankWorld, false>;

/** Throws the first problem a call met, so fast-check records the failure and shrinks. */
function stopOnViolation(world: BankWorld): void {
  if (world.api.violations.length > 0) throw new Error(world.api.violations[0]);
}

const pick = <T>(list: T[], ref: number): T | undefined => (list.length === 0 ? undefined : list[ref % list.length]);
/** Half the references name the newest object, so that actions carry one intent deep into its life. */
const pickRecent = <T>(list: T[], ref: number): T | undefined => (ref < 4 ? list[list.length - 1] : pick(list, ref));
const money = (cents: number) => (cents / 100).toFixed(2);

abstract class BankCommand implements Command {
  check(): boolean {
    return true;
  }
  async run(_model: Model, world: BankWorld): Promise<void> {
    await this.act(world);
    stopOnViolation(world);
  }
  abstract act(world: BankWorld): Promise<void>;
  abstract toString(): string;
}

type Variant = "bankpay" | "bankpay_bnpl" | "authorize" | "authorize_and_capture";

class CreateIntent extends BankCommand {
  constructor(readonly variant: Variant, readonly cents: number, readonly address: boolean, readonly extras: boolean, readonly account: number, readonly consumer: number, readonly submerchant: boolean) {
    super();
  }
  async act(world: BankWorld) {
    const body: Record<string, unknown> = {
      amount: this.cents / 100,
      bank_account: world.accounts[this.account],
      consumer_id: world.consumers[this.consumer],
      store_number: world.store,
    };
    if (this.address) body.billing_address = billingAddress();
    if (this.extras) body.extras = { order: "A-17", seats: 2, gift: true };
    if (this.submerchant) body.submerchant_id = world.submerchant;
    if (this.variant === "authorize" || this.variant === "authorize_and_capture") {
      body.action = this.variant;
      body.service_fee_id = ids.serviceFee();
    } else body.type = this.variant;
    const response = await world.api.call("createTransactionIntent", { body });
    const id = response.body?.data?.id;
    if ((response.status === 200 || response.status === 201) && typeof id === "string") world.intents.push(id);
  }
  toString() {
    return `createIntent(${this.variant}, ${money(this.cents)}${this.address ? ", address" : ""}${this.extras ? ", extras" : ""}, account ${this.account}, consumer ${this.consumer}${this.submerchant ? ", submerchant" : ""})`;
  }
}

type Action = "authorize" | "capture" | "refund" | "cancel" | "cancel_refund";
type AmountChoice = "same" | "below" | "above";

/** The action that moves an intent on along the happy path from its status (as the model knows it). */
const nextAction: Record<string, Action> = {
  pending_service_fee_acceptance: "authorize",
  pending_service_fee: "authorize",
  pending_authorization: "authorize",
  pending_capture: "capture",
  succeeded: "refund",
  refunded: "cancel_refund",
};

const allActions: Action[] = ["authorize", "capture", "refund", "cancel", "cancel_refund"];

class Act extends BankCommand {
  /**
   * `next`: the happy path's next action for the intent's status, so sequences reach deep states
   * (`fallback` where the status has none: failed, canceled). `untried`: the action this sequence
   * has tried least in the intent's status, so every action meets every status. Both depend only
   * on the sequence's own history, so a seed replays the same requests.
   */
  constructor(readonly ref: number, readonly chosen: Action | "next" | "untried", readonly fallback: Action, readonly amount: AmountChoice, readonly asString: boolean, readonly then?: Action | "again") {
    super();
  }
  private choose(world: BankWorld, status: string): Action {
    if (this.chosen === "next") return nextAction[status] ?? this.fallback;
    if (this.chosen !== "untried") return this.chosen;
    const start = allActions.indexOf(this.fallback);
    const order = allActions.map((_, i) => allActions[(start + i) % allActions.length]);
    return order.reduce((best, action) => ((world.tried.get(`${status} ${action}`) ?? 0) < (world.tried.get(`${status} ${best}`) ?? 0) ? action : best));
  }
  private action: Action = "authorize";
  /** An amount relative to what the intent was authorized or captured for. */
  amountFor(world: BankWorld, id: string): number | string {
    const intent = world.model.state.intents.get(id);
    const base = this.action === "refund" ? intent?.capturedCents ?? intent?.amountCents ?? 1000 : intent?.amountCents ?? 1000;
    const cents = this.amount === "same" ? base : this.amount === "below" ? Math.max(1, base - 100) : base + 1;
    return this.action === "capture" && this.asString ? money(cents) : cents / 100;
  }
  async act(world: BankWorld) {
    const id = pickRecent(world.intents, this.ref) ?? ids.unknownIntent();
    await this.send(world, id, this.choose(world, this.statusOf(world, id)));
    // A second action at once on the same intent: the same request again (a repeat must meet its
    // conflict, not act twice) or another one, from whatever state the first left.
    if (this.then !== undefined && world.api.violations.length === 0) await this.send(world, id, this.then === "again" ? this.action : this.then);
  }
  private statusOf(world: BankWorld, id: string): string {
    return world.model.state.intents.get(id)?.status ?? "unknown";
  }
  private async send(world: BankWorld, id: string, action: Action) {
    const status = this.statusOf(world, id);
    world.tried.set(`${status} ${action}`, (world.tried.get(`${status} ${action}`) ?? 0) + 1);
    this.action = action;
    const body: Record<string, unknown> = { action };
    if (action === "capture" || action === "refund") body.amount = this.amountFor(world, id);
    await world.api.call("updateTransactionIntent", { path: { transaction_intent_id: id }, body });
  }
  toString() {
    const moves = this.chosen === "next" || this.chosen === "untried" || this.chosen === "capture" || this.chosen === "refund";
    const amount = moves ? `, amount ${this.amount}${this.asString ? " (a string for captures)" : ""}` : "";
    const name = this.chosen === "next" ? `nextAction or ${this.fallback}` : this.chosen === "untried" ? `untriedAction from ${this.fallback}` : this.chosen;
    return `${name}(intent ${this.ref < 4 ? "newest" : `#${this.ref}`}${amount})${this.then === "again" ? " twice" : this.then ? ` then ${this.then}` : ""}`;
  }
}

class UpdateAddress extends BankCommand {
  constructor(readonly ref: number) {
    super();
  }
  async act(world: BankWorld) {
    const id = pick(world.intents, this.ref) ?? ids.unknownIntent();
    await world.api.call("updateTransactionIntentBillingAddress", {
      path: { transaction_intent_id: id }, key: "publishable",
      body: { line_1: "500 Congress Ave", city: "Austin", state_province: "TX", zipcode: "78701", country_code: "US" },
    });
  }
  toString() {
    return `updateAddress(intent #${this.ref})`;
  }
}

class ReadIntent extends BankCommand {
  constructor(readonly ref: number, readonly key: "secret" | "publishable") {
    super();
  }
  async act(world: BankWorld) {
    const id = pick(world.intents, this.ref) ?? ids.unknownIntent();
    await world.api.call("getTransactionIntent", { path: { transaction_intent_id: id }, key: this.key });
  }
  toString() {
    return `readIntent(intent #${this.ref}, ${this.key} key)`;
  }
}

class ListIntents extends BankCommand {
  constructor(readonly page: number, readonly perPage: number, readonly filter: [string, string] | undefined) {
    super();
  }
  async act(world: BankWorld) {
    const query: Record<string, string | number> = { station_number: world.store, page: this.page, per_page: this.perPage };
    if (this.filter) query[this.filter[0]] = this.filter[1];
    await world.api.call("listTransactionIntents", { query });
  }
  toString() {
    return `listIntents(page ${this.page} by ${this.perPage}${this.filter ? `, ${this.filter[0]}=${this.filter[1]}` : ""})`;
  }
}

class CreateCredit extends BankCommand {
  constructor(readonly linked: boolean, readonly ref: number, readonly cents: number, readonly store: "fresh" | "none" | "zeros") {
    super();
  }
  async act(world: BankWorld) {
    const body: Record<string, unknown> = { amount: money(this.cents), employee_number: world.employee };
    if (this.linked) Object.assign(body, { transaction_intent_id: pick(world.intents, this.ref) ?? ids.unknownIntent(), ...linkedCreditSubmerchant() });
    else {
      body.creditable_id = world.accounts[this.ref % world.accounts.length];
      body.submerchant_id = ids.creditSubmerchant();
    }
    // With fixtures, only enrolled store numbers are active client accounts (doc 4.6).
    if (this.store === "fresh") body.store_number = !this.linked && currentFixtures() ? ids.creditStore() : world.store;
    if (this.store === "zeros") body.store_number = "0000";
    const response = await world.api.call("createCredit", { body });
    const id = response.body?.data?.id;
    if (response.status === 201 && typeof id === "string") world.credits.push(id);
  }
  toString() {
    return `createCredit(${this.linked ? `linked to intent #${this.ref}` : `unlinked to account ${this.ref % 3}`}, ${money(this.cents)}, store ${this.store})`;
  }
}

class CancelCredit extends BankCommand {
  constructor(readonly ref: number) {
    super();
  }
  async act(world: BankWorld) {
    const id = pick(world.credits, this.ref) ?? ids.unknownCredit();
    await world.api.call("cancelCredit", { path: { credit_id: id }, body: { action: "cancel" } });
  }
  toString() {
    return `cancelCredit(credit #${this.ref})`;
  }
}

class ReadCredit extends BankCommand {
  constructor(readonly ref: number) {
    super();
  }
  async act(world: BankWorld) {
    const id = pick(world.credits, this.ref) ?? ids.unknownCredit();
    await world.api.call("getCredit", { path: { credit_id: id } });
  }
  toString() {
    return `readCredit(credit #${this.ref})`;
  }
}

class ListCredits extends BankCommand {
  constructor(readonly page: number, readonly perPage: number, readonly status: string | undefined) {
    super();
  }
  async act(world: BankWorld) {
    const query: Record<string, string | number> = { employee_number: world.employee, page: this.page, per_page: this.perPage };
    if (this.status) query.status = this.status;
    await world.api.call("listCredits", { query });
  }
  toString() {
    return `listCredits(page ${this.page} by ${this.perPage}${this.status ? `, status=${this.status}` : ""})`;
  }
}

const misuses = [
  "unknown-action", "bad-amount", "no-key", "publishable-on-action", "unknown-intent", "missing-member", "unknown-member",
  "bad-billing-address", "publishable-list", "submerchant-on-linked-credit", "captures-over-limit", "inexact-amount", "oversized-object",
] as const;
type MisuseKind = (typeof misuses)[number];

/**
 * Requests the contract refuses (or answers with a failure), between the others: each refusal must
 * be the decided one and leave the state alone.
 */
class Misuse extends BankCommand {
  constructor(readonly kind: MisuseKind, readonly ref: number) {
    super();
  }
  async act(world: BankWorld) {
    const id = pick(world.intents, this.ref) ?? ids.unknownIntent();
    const call = (body: Record<string, unknown>, key?: KeyChoice, target = id) =>
      world.api.call("updateTransactionIntent", { path: { transaction_intent_id: target }, body, key });
    const create = (body: Record<string, unknown>) => world.api.call("createTransactionIntent", { body });
    const valid = () => ({ amount: 15, bank_account: world.accounts[0], consumer_id: world.consumers[0], store_number: world.store, type: "bankpay" });
    switch (this.kind) {
      case "unknown-action": return void (await call({ action: "explode" }));
      case "bad-amount": return void (await call({ action: "capture", amount: "12.345" }));
      case "no-key": return void (await call({ action: "cancel" }, "none"));
      case "publishable-on-action": return void (await call({ action: "cancel" }, "publishable"));
      case "unknown-intent": return void (await call({ action: "authorize" }, "secret", ids.unknownIntent()));
      case "missing-member": {
        const { consumer_id: _missing, ...body } = valid();
        return void (await create(body));
      }
      case "unknown-member": return void (await create({ ...valid(), colour: "blue" }));
      // 5e-324 is a double no two-decimal amount denotes (README, "Amounts").
      case "inexact-amount": return void (await create({ ...valid(), amount: 5e-324 }));
      // An object of more than 100 members is refused whole (README, "Members per object").
      case "oversized-object": return void (await create({ ...valid(), billing_address: { ...billingAddress(), ...Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`m${i}`, "x"])) } }));
      case "bad-billing-address": return void (await create({ ...valid(), billing_address: { ...billingAddress(), postal_code: "" } }));
      case "publishable-list": return void (await world.api.call("listTransactionIntents", { query: { station_number: world.store }, key: "publishable" }));
      case "submerchant-on-linked-credit":
        return void (await world.api.call("createCredit", { body: { amount: "5.00", transaction_intent_id: id, employee_number: world.employee, submerchant_id: ids.creditSubmerchant() } }));
      case "captures-over-limit": {
        // Four captures over the amount authorized: three refusals (78), then the intent fails (79).
        const amount = ((world.model.state.intents.get(id)?.amountCents ?? 1000) + 100) / 100;
        for (let i = 0; i < 4 && world.api.violations.length === 0; i += 1) await call({ action: "capture", amount });
      }
    }
  }
  toString() {
    return `misuse(${this.kind}, intent #${this.ref})`;
  }
}

/** States an opening brings an intent to, through the API, before the random commands start. */
const targets = ["awaiting", "authorized", "captured", "partly captured", "refunded", "refund cancelled", "refunded again", "canceled", "declined", "capture failed"] as const;
type Target = (typeof targets)[number];
const creditStates = ["succeeded", "pending", "failed", "cancelled"] as const;
type CreditState = (typeof creditStates)[number];

/**
 * The opening of every sequence: intents brought to chosen states (each state the contract
 * describes, a bankpay_bnpl now and then) and credits in chosen states, so that the random commands
 * that follow meet every state early instead of by luck.
 */
class Opening extends BankCommand {
  constructor(readonly intents: Array<{ target: Target; bnpl: boolean }>, readonly credits: CreditState[]) {
    super();
  }
  async act(world: BankWorld) {
    for (const { target, bnpl } of this.intents) {
      if (world.api.violations.length > 0) return;
      await this.intent(world, target, bnpl);
    }
    for (const state of this.credits) {
      if (world.api.violations.length > 0) return;
      await this.credit(world, state);
    }
  }
  /**
   * An intent brought to `target`; a decline on the way (B-31) leaves it failed, and a fresh one is
   * tried, at most `setUpAttempts` times (the failed ones stay in the world for the commands).
   */
  private async intent(world: BankWorld, target: Target, bnpl: boolean) {
    for (let attempt = 1; attempt <= setUpAttempts; attempt += 1) {
      const id = await this.intentOnce(world, target, bnpl);
      const intent = id === undefined ? undefined : world.model.state.intents.get(id);
      const wanted = target === "declined" || (target === "capture failed" && intent?.capturedStatus === "limit_exceeded");
      if (intent?.status !== "failed" || wanted || world.api.violations.length > 0) return;
    }
  }
  private async intentOnce(world: BankWorld, target: Target, bnpl: boolean): Promise<string | undefined> {
    const account = world.intents.length % world.accounts.length;
    const cents = target === "declined" ? 4007 : bnpl ? 10003 : 4000;
    const variant: Variant = target === "declined" ? "authorize_and_capture" : target === "awaiting" || bnpl ? (bnpl ? "bankpay_bnpl" : "bankpay") : "authorize";
    const before = world.intents.length;
    await new CreateIntent(variant, cents, true, bnpl, account, account % 2, false).act(world);
    const id = world.intents[before];
    if (id === undefined || target === "awaiting" || target === "declined") return id;
    const act = (body: Record<string, unknown>) => world.api.call("updateTransactionIntent", { path: { transaction_intent_id: id }, body });
    if (variant !== "authorize") await act({ action: "authorize" });
    if (target === "capture failed") {
      for (let i = 0; i < 4; i += 1) await act({ action: "capture", amount: money(cents + 1) });
      return id;
    }
    if (target === "authorized") return id;
    if (target === "canceled") {
      await act({ action: "cancel" });
      return id;
    }
    const captured = target === "partly captured" ? cents - 1000 : cents;
    // A failed capture (B-34) may be retried, and is.
    for (let attempt = 1; attempt <= setUpAttempts && captureFailed(await act({ action: "capture", amount: money(captured) })); attempt += 1);
    if (target === "captured" || target === "partly captured") return id;
    await act({ action: "refund", amount: captured / 100 });
    if (target === "refunded") return id;
    await act({ action: "cancel_refund" });
    if (target === "refunded again") await act({ action: "refund", amount: captured / 100 });
    return id;
  }
  private async credit(world: BankWorld, state: CreditState) {
    // A pending credit: the sandbox's .50 trigger, or an amount the fixtures promise stays pending.
    const body: Record<string, unknown> = { amount: state === "pending" ? promised.pendingCreditAmount() ?? "5.50" : "5.00", employee_number: world.employee, creditable_id: world.accounts[0], submerchant_id: ids.creditSubmerchant() };
    if (state !== "failed") body.store_number = currentFixtures() ? ids.creditStore() : world.store;
    const response = await world.api.call("createCredit", { body });
    const id = response.body?.data?.id;
    if (response.status !== 201 || typeof id !== "string") return;
    world.credits.push(id);
    if (state === "cancelled") await world.api.call("cancelCredit", { path: { credit_id: id }, body: { action: "cancel" } });
  }
  toString() {
    return `opening(intents: ${this.intents.map((i) => `${i.target}${i.bnpl ? " bnpl" : ""}`).join(", ")}; credits: ${this.credits.join(", ")})`;
  }
}

/** Cents of an amount: whole amounts, a remainder for schedules, and the sandbox triggers when on. */
function amountArbitrary(fc: typeof FastCheck, triggers: boolean): FastCheck.Arbitrary<number> {
  const endings = [0, 3, 25, ...(triggers ? [7, 12, 33, 66, 70, 71, 80] : [])];
  return fc.tuple(fc.constantFrom(10, 25, 40, 100), fc.constantFrom(...endings)).map(([whole, cents]) => whole * 100 + cents);
}

/**
 * The command arbitraries. fast-check picks among them evenly, so creations and actions are listed
 * more than once: sequences then reach deep states (refunded, refund cancelled, refunded again)
 * rather than acting on nothing.
 */
export function bankCommands(fc: typeof FastCheck, triggers: boolean): { first: FastCheck.Arbitrary<Command>; commands: Array<FastCheck.Arbitrary<Command>> } {
  const ref = fc.nat(7);
  const statuses = ["succeeded", "failed", "refunded", "canceled", "pending_capture", "pending_service_fee_acceptance"];
  // Each account belongs to consumer account % 2; now and then a creation uses another consumer's
  // account (409 bank_account_conflict).
  const create = fc.tuple(
    fc.constantFrom<Variant>("bankpay", "bankpay_bnpl", "authorize", "authorize_and_capture", "authorize_and_capture"),
    amountArbitrary(fc, triggers), fc.boolean(), fc.boolean(), fc.nat(2), fc.nat(7), fc.boolean(),
  ).map(([variant, cents, address, extras, account, swap, submerchant]) => new CreateIntent(variant, cents, address, extras, account, (account + (swap === 0 ? 1 : 0)) % 2, submerchant));
  const actions = fc.constantFrom<Action>("authorize", "capture", "refund", "cancel", "cancel_refund");
  const act = fc.tuple(ref, fc.oneof(fc.constantFrom<"next" | "untried">("next", "untried"), actions), actions, fc.constantFrom<AmountChoice>("same", "same", "same", "below", "above"), fc.boolean(),
    fc.option(fc.constantFrom<Action | "again">("again", ...allActions), { nil: undefined, freq: 2 }))
    .map(([r, action, fallback, amount, asString, then]) => new Act(r, action, fallback, amount, asString, then));
  const credit = fc.tuple(fc.boolean(), ref, fc.constantFrom(500, 1225, ...(triggers ? [550] : [])), fc.constantFrom<"fresh" | "none" | "zeros">("fresh", "fresh", "none", ...(triggers ? ["zeros" as const] : [])))
    .map(([linked, r, cents, store]) => new CreateCredit(linked, r, cents, store));
  const misuse = fc.tuple(fc.constantFrom<MisuseKind>(...misuses), ref).map(([kind, r]) => new Misuse(kind, r));
  const listIntents = fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 4 }), fc.option(fc.oneof(
    fc.constantFrom(...statuses).map((s): [string, string] => ["status", s]),
    fc.constantFrom("bankpay", "bankpay_bnpl").map((t): [string, string] => ["type", t]),
  ), { nil: undefined })).map(([page, perPage, filter]) => new ListIntents(page, perPage, filter));
  const listCredits = fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 4 }), fc.option(fc.constantFrom("succeeded", "pending", "failed", "cancelled", "canceled"), { nil: undefined }))
    .map(([page, perPage, status]) => new ListCredits(page, perPage, status));
  const commands = [
    create, create,
    act, act, act, act,
    ref.map((r) => new UpdateAddress(r)),
    fc.tuple(ref, fc.constantFrom<"secret" | "publishable">("secret", "publishable")).map(([r, key]) => new ReadIntent(r, key)),
    listIntents, listIntents,
    credit, credit,
    ref.map((r) => new CancelCredit(r)),
    ref.map((r) => new ReadCredit(r)),
    listCredits, listCredits,
    misuse, misuse,
  ];
  // Every sequence opens with objects in chosen states (two or three intents, one to three credits).
  const first = fc.tuple(
    fc.array(fc.record({ target: fc.constantFrom(...targets.filter((t) => triggers || t !== "declined")), bnpl: fc.nat(3).map((n) => n === 0) }), { minLength: 2, maxLength: 3 }),
    fc.array(fc.constantFrom(...creditStates.filter((c) => triggers || c !== "pending" || promised.pendingCreditAmount() !== undefined)), { minLength: 1, maxLength: 3 }),
  ).map(([intents, credits]) => new Opening(intents, credits));
  return { first, commands };
}
