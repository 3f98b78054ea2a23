// The race layer (docs/conformance.md, "The race layer"): requests on one object sent at once, as
// real clients race (a double click, a retry, two workers). Each race goes through one ApiClient
// with `Promise.all`, so the oracle judges the racing exchanges as a history (oracle/history.ts):
// whatever order the server chose must explain every answer, and the reads and lists after the race
// must agree with that order. A scenario asserts only what the contract states whichever order was
// chosen (bank §3.1, §3.2, B-28); the oracle checks everything else, and when no order explains the
// answers its verdict draws the race on a time line.
import type { ApiClient, ApiResponse } from "../client.js";
import { ids, linkedCreditSubmerchant } from "../fixtures.js";
import type { Exchange } from "../oracle/exchange.js";
import { raceLines } from "../oracle/race.js";
import { AssertionFailure, check, equal, type Scenario } from "./scenario.js";
import { act, captureAmount, captureFailed, capturedIntent, createIntent, expectStatus, linkedCredit, OtherAllowedWay, readIntent, setUpAttempts, StepError } from "./steps.js";

const group = "race";

/** Whether some instant had every exchange in flight (equal times overlap: they order nothing). */
function overlapped(exchanges: Array<Pick<Exchange, "sentAt" | "receivedAt">>): boolean {
  return Math.max(...exchanges.map((e) => e.sentAt)) <= Math.min(...exchanges.map((e) => e.receivedAt));
}

/** The exchanges' intervals, for a message: `sent +0.0 ms, answered +3.1 ms` from the first request. */
function intervals(exchanges: Exchange[]): string {
  const origin = Math.min(...exchanges.map((e) => e.sentAt));
  return exchanges.map((e) => `${e.operationId} [+${(e.sentAt - origin).toFixed(1)}, +${(e.receivedAt - origin).toFixed(1)}] ms`).join(", ");
}

/**
 * The race drawn on a time line (the oracle's drawing, oracle/race.ts), for a failure of the
 * scenario's own assertions (a later read, say): the oracle draws it on its findings only where no
 * order explained the racing answers themselves.
 */
function timeLine(exchanges: Exchange[]): string {
  const span = Math.max(...exchanges.map((e) => e.receivedAt)) - Math.min(...exchanges.map((e) => e.sentAt));
  return [`the race on a time line (left to right over ${span.toFixed(1)} ms):`, ...raceLines(exchanges, 0, "").slice(1)].join("\n");
}

/** Runs a race's assertions; a failure's message ends with the race on its time line. */
async function judged<T>(exchanges: Exchange[], assertions: () => Promise<T> | T): Promise<T> {
  try {
    return await assertions();
  } catch (error) {
    if (error instanceof AssertionFailure || error instanceof StepError) throw new AssertionFailure(`${error.message}\n${timeLine(exchanges)}`);
    throw error;
  }
}

/**
 * Sends the racing calls at once and returns their answers in the order of `calls`, with the
 * exchanges they made. A race whose requests were not all in flight at one instant proved nothing:
 * the check is skipped, saying so (the suite sends them in one turn of its event loop, so this
 * means a request was answered before the next one could leave).
 */
async function race(api: ApiClient, what: string, calls: Array<() => Promise<ApiResponse>>): Promise<{ answers: ApiResponse[]; exchanges: Exchange[] }> {
  const from = api.exchanges.length;
  const answers = await Promise.all(calls.map((call) => call()));
  const exchanges = api.exchanges.slice(from);
  if (!overlapped(exchanges)) throw new OtherAllowedWay(`${what}: the racing requests did not overlap (${intervals(exchanges)}), so the race was not run`);
  return { answers, exchanges };
}

const capture = (api: ApiClient, id: string, amount: number) => () => act(api, id, { action: "capture", amount: captureAmount(amount) }, 200);

/** The conflict of a 409 answer, for messages. */
const answered = (response: ApiResponse) => `${response.status}${response.body?.conflict ?? response.body?.error ? ` ${response.body.conflict ?? response.body.error}` : ""}${response.body?.data?.status ? ` ${response.body.data.status}` : ""}`;

/** Two of the same action at once: one applied (200, `status`), the other refused (409, `conflict`), whichever the server took first (B-28). */
function oneAppliedOneRefused([first, second]: ApiResponse[], action: string, expected: { status: string; conflict: string }): void {
  const applied = [first, second].filter((r) => r.status === 200);
  const refused = [first, second].filter((r) => r.status === 409);
  check(applied.length === 1 && refused.length === 1, `B-28: one ${action} applied (200) and the other refused (409), whichever the server took first; got ${answered(first)} and ${answered(second)}`);
  equal(applied[0].body.data.status, expected.status, `status after the ${action} that was applied`);
  equal(refused[0].body.conflict, expected.conflict, `B-28: conflict of the second ${action}`);
}

/** A read of the intent after the race shows the state the order the server chose left. */
async function readBack(api: ApiClient, id: string, expected: Record<string, unknown>): Promise<void> {
  const read = await readIntent(api, id);
  for (const [member, value] of Object.entries(expected)) equal(read[member], value, `${member} read after the race`);
}

type Raced = { answers: ApiResponse[]; exchanges: Exchange[] };

/**
 * Races on a fresh authorized intent until no racing capture failed (a failed capture, B-34, may
 * be retried, and is: the race then raced something else); after `setUpAttempts`, skips.
 */
async function onAuthorizedIntent(api: ApiClient, amount: number, what: string, calls: (id: string) => Array<() => Promise<ApiResponse>>): Promise<Raced & { id: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const id = await createIntent(api, { action: "authorize", amount });
    const raced = await race(api, what, calls(id));
    if (!raced.answers.some(captureFailed)) return { ...raced, id };
    if (attempt >= setUpAttempts) throw new OtherAllowedWay(`a racing capture failed on each of ${setUpAttempts} intents tried (B-34)`);
  }
}

export const raceScenarios: Scenario[] = [
  {
    group, rule: "B-28",
    name: "two captures of one authorized intent at once -> one succeeds, the other gets 409 already_occurred; later reads show one capture",
    async run({ api }) {
      const amount = 40;
      const { id, answers: [first, second], exchanges } = await onAuthorizedIntent(api, amount, "two captures", (id) => [capture(api, id, amount), capture(api, id, amount)]);
      await judged(exchanges, async () => {
        oneAppliedOneRefused([first, second], "capture", { status: "succeeded", conflict: "already_occurred" });
        await readBack(api, id, { status: "succeeded", amount_captured: captureAmount(amount) });
      });
    },
  },
  {
    group, rule: "B-28",
    name: "a cancel racing a capture of an authorized intent -> the cancel succeeds; the capture succeeded before it or got 409 not_ready; later reads show canceled",
    async run({ api }) {
      const amount = 30;
      const { id, answers: [cancel, captured], exchanges } = await onAuthorizedIntent(api, amount, "a cancel and a capture", (id) => [() => act(api, id, { action: "cancel" }, 200), capture(api, id, amount)]);
      await judged(exchanges, async () => {
        // Either order is allowed: capture then cancel (both 200: a captured debit may be voided), or
        // cancel then capture (409 not_ready: a canceled intent was never captured, B-28).
        expectStatus(cancel, 200, "B-28: the cancel of an authorized or captured intent");
        equal(cancel.body.data.status, "canceled", "status after the cancel");
        check(captured.status === 200 ? captured.body.data.status === "succeeded" : captured.status === 409 && captured.body.conflict === "not_ready",
          `B-28: the capture succeeded before the cancel, or was refused 409 not_ready after it; got ${answered(captured)}`);
        // A cancel nulls the captured fields (bank §3.1).
        await readBack(api, id, { status: "canceled", amount_captured: null });
      });
    },
  },
  {
    group, rule: "B-28",
    name: "two full refunds of a captured intent at once -> one refunded, the other gets 409 not_ready; never more refunded than captured",
    async run({ api }) {
      const amount = 35;
      const id = await capturedIntent(api, amount);
      const refund = () => act(api, id, { action: "refund", amount }, 200);
      const { answers: [first, second], exchanges } = await race(api, "two refunds", [refund, refund]);
      await judged(exchanges, async () => {
        oneAppliedOneRefused([first, second], "refund", { status: "refunded", conflict: "not_ready" });
        // The captured amount, refunded once.
        await readBack(api, id, { status: "refunded", amount_refunded_total: captureAmount(amount) });
      });
    },
  },
  {
    group, rule: "bank §3.2",
    name: "a credit cancel racing a read of the credit -> cancelled; the read shows it succeeded or cancelled; later reads show it cancelled",
    async run({ api }) {
      const intent = await createIntent(api, { action: "authorize_and_capture", amount: 40 });
      const created = await linkedCredit(api, { amount: "10.00", transaction_intent_id: intent, ...linkedCreditSubmerchant() });
      if (created.body.data.status !== "succeeded") throw new OtherAllowedWay(`the credit was created ${created.body.data.status}, not succeeded, so there was no cancel to race (bank §3.2)`);
      const id: string = created.body.data.id;
      const { answers: [cancel, read], exchanges } = await race(api, "a credit cancel and a read", [
        () => api.call("cancelCredit", { path: { credit_id: id }, body: { action: "cancel" }, expect: 200 }),
        () => api.call("getCredit", { path: { credit_id: id }, expect: 200 }),
      ]);
      await judged(exchanges, async () => {
        expectStatus(cancel, 200, "bank §3.2: cancel of a succeeded credit");
        equal(cancel.body.data.status, "cancelled", "status in the cancel response (bank §4.7)");
        expectStatus(read, 200, "read racing the cancel");
        // B-42: a cancelled credit may read canceled or cancelled; the oracle judges which state the read may show.
        check(["succeeded", "cancelled", "canceled"].includes(read.body.data.status), `the racing read shows the credit before or after the cancel, got ${JSON.stringify(read.body.data.status)}`);
        const after = await api.call("getCredit", { path: { credit_id: id }, expect: 200 });
        expectStatus(after, 200, "read after the race");
        check(["cancelled", "canceled"].includes(after.body.data.status), `B-42: status read after the race cancelled or canceled, got ${JSON.stringify(after.body.data.status)}`);
      });
    },
  },
  {
    group, rule: "bank §4.4",
    name: "creations in flight while a list pages -> each page shows what may exist by then; a list after them shows every intent created",
    async run({ api, settings }) {
      const store = ids.listStore("RL");
      // A store of the run's own lists nothing else (a closed list); an enrolled one holds other intents too.
      const closed = !ids.enrolledIntentStores();
      const before = [await createIntent(api, { store, amount: 11 }), await createIntent(api, { store, amount: 12 })];
      const list = (page: number) => api.call("listTransactionIntents", { query: { station_number: store, per_page: 2, page }, expect: 200 });
      const pages: ApiResponse[] = [];
      const from = api.exchanges.length;
      const [third, fourth] = await Promise.all([
        createIntent(api, { store, amount: 13 }),
        createIntent(api, { store, amount: 14 }),
        (async () => {
          pages.push(await list(1));
          pages.push(await list(2));
        })(),
      ]);
      const exchanges = api.exchanges.slice(from);
      const paging = exchanges.filter((e) => e.operationId === "listTransactionIntents");
      const during = { sentAt: Math.min(...paging.map((e) => e.sentAt)), receivedAt: Math.max(...paging.map((e) => e.receivedAt)) };
      if (!exchanges.filter((e) => e.operationId === "createTransactionIntent").every((creation) => overlapped([creation, during]))) {
        throw new OtherAllowedWay(`creations and list pages: the creations were not in flight while the list paged (${intervals(exchanges)}), so the race was not run`);
      }
      const ours = new Set([...before, third, fourth]);
      await judged(exchanges, async () => {
        for (const page of pages) {
          expectStatus(page, 200, "list page during the creations");
          if (!closed) continue;
          for (const item of page.body.data) check(ours.has(item.id), `a page of a store of this run's own lists only its intents, got ${item.id}`);
          check(page.body.meta.total >= 2 && page.body.meta.total <= 4, `bank §4.4: meta.total during two creations is between 2 and 4, got ${page.body.meta.total}`);
        }
        const whole = await api.call("listTransactionIntents", { query: { station_number: store, per_page: settings.per_page_max }, expect: 200 });
        expectStatus(whole, 200, "list after the race");
        const shown = new Set(whole.body.data.map((item: { id: string }) => item.id));
        for (const id of ours) check(shown.has(id), `a list sent after every creation was answered shows ${id}`);
        if (closed) equal(whole.body.meta.total, 4, "meta.total of the list after the race");
      });
    },
  },
];
