// N concurrent clients of one merchant, as issue 34 measured them from outside: each creates intents
// with and without an action, reads them with either key, lists its own store and a store they all
// share, acts on its intents (a capture, sometimes sent twice at once as a double click, a refund,
// a cancel racing a capture), makes linked and unlinked credits, reads and cancels them, acts on
// another client's intent, and reads an id that does not exist. Loopback only, bounded in count
// (rounds per client) and in time (no round starts after the deadline). Used by the concurrent
// traffic proofs (test/traffic/concurrent-*.test.ts) and the bench (bench/concurrent-traffic.ts).
//
// Each client's choices are a fast-check value drawn from the seed (the same seed, the same plans);
// the interleaving is the machine's. Requests go through the typed client (the real one a merchant
// uses), bodies come from the suite's own builders (conformance/fixtures.ts), so a server with
// enrolled objects (the independent implementation) gets its fixtures' accounts, fees and stores.
import fc from "fast-check";
import type { Fixtures } from "../conformance/fixtures-file.js";
import { ids, intentBody, linkedCreditSubmerchant, token, withRunContext } from "../conformance/fixtures.js";
import { defaultSettings, type SuiteSettings } from "../conformance/settings.js";
import { createBankPayments, type BankPaymentsApi } from "../src/client/api/bank-payments.js";
import type { CreateCreditParams, CreateTransactionIntentParams } from "../src/client/models/bank-payments.js";

export type TrafficClientsOptions = {
  /** Where the clients send (the proxy in front of the server). */
  baseUrl: string;
  keys: { secret: string; publishable: string };
  clients: number;
  /** Rounds each client makes (about 15 requests a round). */
  rounds: number;
  /** No round starts after this many ms from the start (default: none). */
  deadlineMs?: number;
  seed: number;
  /** The server's enrolled objects and configuration, for the bodies (the independent implementation's). */
  fixtures?: Fixtures;
  settings?: SuiteSettings;
  /** Store numbers: each client's own (`own(i)`) and the one they all share. Default: fresh ones, or the fixtures' stores. */
  stores?: { own(client: number): string; shared: string };
};

export type TrafficClientsOutcome = {
  /** Requests sent (each answered: a connection failure or an undocumented answer is in `errors`). */
  requests: number;
  /** Answers per operation and status, e.g. `capture 409`. */
  answers: Record<string, number>;
  /** What went wrong on the clients' side (a connection failure, an answer the typed client does not know). */
  errors: string[];
  durationMs: number;
};

/** Amounts none of the sandbox's triggers use (docs/sandbox.md, "Sandbox test triggers"). */
const amounts = [25, 40, 60.25, 125, 19.99, 300];
const creditAmounts = ["5.00", "10.25", "12.00"];

/** One round of one client: what it does, drawn from the seed. */
export type RoundPlan = {
  amount: number;
  /** How the second intent of the round is made: authorized, or authorized and captured at once. */
  create: "authorize" | "authorize_and_capture";
  /** Where the authorized intent lives: the client's own store or the shared one. */
  store: "own" | "shared";
  /** How the authorized intent is captured: once, twice at once (a double click), raced by a cancel, or not. */
  capture: "once" | "double" | "cancel-race" | "none";
  /** What follows a capture: a refund, a linked credit (read, sometimes cancelled), a refund and its cancel, or nothing. */
  after: "refund" | "credit" | "credit-cancel" | "refund-cancel" | "none";
  /** Which key reads the intent made without an action. */
  readKey: "secret" | "publishable";
  /** Page size of the lists (small pages show pagination under concurrent creations). */
  perPage: number;
  unlinkedCredit: boolean;
  /** Reads or captures an intent another client made (overlapping changes from two clients). */
  other: "read" | "capture" | "cancel" | "none";
  /** Which of the intents authorized so far (by any client) it acts on: this number modulo how many there are. */
  otherPick: number;
};

const roundPlan: fc.Arbitrary<RoundPlan> = fc.record({
  amount: fc.constantFrom(...amounts),
  create: fc.constantFrom("authorize", "authorize_and_capture"),
  store: fc.constantFrom("own", "shared"),
  capture: fc.constantFrom("once", "double", "cancel-race", "none"),
  after: fc.constantFrom("refund", "credit", "credit-cancel", "refund-cancel", "none"),
  readKey: fc.constantFrom("secret", "publishable"),
  perPage: fc.constantFrom(3, 5, 15),
  unlinkedCredit: fc.boolean(),
  other: fc.constantFrom("read", "capture", "cancel", "none"),
  otherPick: fc.nat(),
});

/** The plans of every client, from the seed. */
export function clientPlans(clients: number, rounds: number, seed: number): RoundPlan[][] {
  return fc.sample(fc.array(roundPlan, { minLength: rounds, maxLength: rounds }), { seed, numRuns: clients });
}

type Api = { secret: BankPaymentsApi; publishable: BankPaymentsApi };

/** Fresh store numbers: each client's own starts with `ownPrefix` (only that client creates there), and one they share. */
export function freshStores(): { own(client: number): string; shared: string; ownPrefix: string } {
  const ownPrefix = `OWN${token(6)}-`;
  return { own: (i) => `${ownPrefix}${i}`, shared: `SHR${token(6)}`, ownPrefix };
}

/** The stores of a run: fresh ones, or with fixtures the enrolled ones (an enrolled-only server refuses others). */
function defaultStores(fixtures: Fixtures | undefined): { own(client: number): string; shared: string } {
  const enrolled = fixtures?.intent_store_numbers ?? fixtures?.store_numbers ?? [];
  if (enrolled.length > 1) return { own: (i) => enrolled[1 + (i % (enrolled.length - 1))], shared: enrolled[0] };
  return freshStores();
}

/** Runs the clients to the end of their rounds (or the deadline); rejects only a target off loopback: what failed on the way is in `errors`. */
export async function runTrafficClients(options: TrafficClientsOptions): Promise<TrafficClientsOutcome> {
  const host = new URL(options.baseUrl).hostname;
  if (!["127.0.0.1", "localhost", "[::1]"].includes(host)) throw new Error(`the traffic clients send on loopback only, not to ${host}`);
  const started = performance.now();
  const settings = options.settings ?? defaultSettings;
  const stores = options.stores ?? defaultStores(options.fixtures);
  const plans = clientPlans(options.clients, options.rounds, options.seed);
  const outcome: TrafficClientsOutcome = { requests: 0, answers: {}, errors: [], durationMs: 0 };
  // Intents the clients authorized, for other clients to act on.
  const pool: string[] = [];
  const api: Api = {
    secret: createBankPayments({ baseUrl: options.baseUrl, apiKey: options.keys.secret, retries: 0 }),
    publishable: createBankPayments({ baseUrl: options.baseUrl, apiKey: options.keys.publishable, retries: 0 }),
  };
  const deadline = options.deadlineMs === undefined ? Infinity : started + options.deadlineMs;

  /** One request: counted, its answer tallied by operation and status; a throw is the clients' error, not a verdict. */
  const send = async <T extends { response: Response }>(name: string, request: () => Promise<T>): Promise<T | undefined> => {
    outcome.requests += 1;
    try {
      const answer = await request();
      const key = `${name} ${answer.response.status}`;
      outcome.answers[key] = (outcome.answers[key] ?? 0) + 1;
      return answer;
    } catch (error) {
      outcome.errors.push(`${name}: ${(error as Error).message}`);
      return undefined;
    }
  };

  const client = async (index: number) => {
    const own = stores.own(index);
    for (const plan of plans[index]) {
      if (performance.now() > deadline) return;
      await round(plan, own);
    }
  };

  const round = async (plan: RoundPlan, own: string) => {
    const intents = api.secret.transactionIntents;
    const credits = api.secret.credits;
    const waiting = await send("create", () => intents.create(intentBody({ amount: plan.amount, store: own }) as CreateTransactionIntentParams));
    const authorized = await send("create", () => intents.create(intentBody({
      amount: plan.amount, action: plan.create, store: plan.store === "own" ? own : stores.shared,
    }) as CreateTransactionIntentParams));
    const waitingId = waiting?.data?.id;
    const id = authorized?.data?.id;
    if (waitingId) await send(`read (${plan.readKey})`, () => api[plan.readKey].transactionIntents.retrieve(waitingId));
    if (id) await send("read (publishable)", () => api.publishable.transactionIntents.retrieve(id));
    await send("list", () => intents.listPage({ station_number: own, per_page: plan.perPage }));
    await send("list", () => intents.listPage({ station_number: stores.shared, per_page: plan.perPage }));
    if (id && plan.create === "authorize") {
      pool.push(id);
      const capture = () => send("capture", () => intents.capture(id, { amount: plan.amount }));
      if (plan.capture === "once") await capture();
      else if (plan.capture === "double") await Promise.all([capture(), capture()]);
      else if (plan.capture === "cancel-race") await Promise.all([capture(), send("cancel", () => intents.cancel(id))]);
    }
    if (id) await afterCapture(plan, id);
    if (plan.unlinkedCredit) {
      const unlinked = await send("credit", () => credits.create({
        amount: creditAmounts[0], creditable_id: ids.bankAccount(), store_number: ids.creditStore(), submerchant_id: ids.creditSubmerchant(),
      } as CreateCreditParams));
      const creditId = unlinked?.data?.id;
      if (creditId) await send("read credit", () => credits.retrieve(creditId));
    }
    const other = pool.length > 0 ? pool[plan.otherPick % pool.length] : undefined;
    if (other && plan.other === "read") await send("read (secret)", () => intents.retrieve(other));
    if (other && plan.other === "capture") await send("capture", () => intents.capture(other, { amount: plan.amount }));
    if (other && plan.other === "cancel") await send("cancel", () => intents.cancel(other));
    await send("read missing", () => intents.retrieve(ids.unknownIntent()));
  };

  const afterCapture = async (plan: RoundPlan, id: string) => {
    const intents = api.secret.transactionIntents;
    const credits = api.secret.credits;
    if (plan.after === "refund" || plan.after === "refund-cancel") {
      await send("refund", () => intents.refund(id));
      if (plan.after === "refund-cancel") await send("cancel refund", () => intents.cancelRefund(id));
    } else if (plan.after === "credit" || plan.after === "credit-cancel") {
      const credit = await send("credit", () => credits.create({ amount: creditAmounts[1], transaction_intent_id: id, ...linkedCreditSubmerchant() } as CreateCreditParams));
      const creditId = credit?.data?.id;
      if (creditId) {
        await send("read credit", () => credits.retrieve(creditId));
        if (plan.after === "credit-cancel") await send("cancel credit", () => credits.cancel(creditId));
      }
      await send("list credits", () => credits.listPage({ creditable_id: id, per_page: plan.perPage }));
    }
    await send("read (secret)", () => intents.retrieve(id));
  };

  await withRunContext({ fixtures: options.fixtures, settings }, () => Promise.all(plans.map((_, index) => client(index))));
  outcome.durationMs = performance.now() - started;
  return outcome;
}
