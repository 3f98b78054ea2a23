// Racy servers (issue 34), in front of the sandbox: each remembers which actions on an intent were in
// flight at once at the proxy, and answers the one the sandbox refused (it serializes) as a server
// that checked, then acted, on the state before either would have: both captures applied, both
// refunds (twice the captured amount refunded), a cancel and a capture both written onto the intent.
// Later views of the intent show what such a server stored. The actions they race wait a moment before
// they are forwarded (a slow server), so two sent at once are in flight together at the proxy. Only
// the race scenarios send such pairs; every other exchange passes through unchanged.
import { currentIntent, eachIntent, editJson, requestJson } from "./match.js";
import type { Exchange, Mutant, ProxyContext } from "./proxy.js";

/** How long a raced action waits before it is forwarded: far longer than the gap between two requests sent at once. */
const slowMs = 20;

type Flight = { action: string; overlapped: Set<string> };

const intentOf = (e: Exchange) => /^\/api\/transaction-intents\/([^/]+)$/.exec(e.url.pathname)?.[1];

function table<V>(c: ProxyContext, name: string): Map<string, V> {
  if (!c.memory.has(name)) c.memory.set(name, new Map<string, V>());
  return c.memory.get(name) as Map<string, V>;
}

/**
 * The request hook of a racy mutant: notes the action in flight on its intent (each action in
 * flight learns of the others), then waits `slowMs`. Only the given actions, on an intent.
 */
function inFlight(actions: string[]) {
  return async (e: Exchange, c: ProxyContext) => {
    const intent = intentOf(e);
    const action = requestJson(e)?.action;
    if (e.method !== "PATCH" || intent === undefined || !actions.includes(action)) return;
    const flying = table<Set<Flight>>(c, "actions in flight");
    const others = flying.get(intent) ?? new Set<Flight>();
    flying.set(intent, others);
    const flight: Flight = { action, overlapped: new Set() };
    for (const other of others) {
      other.overlapped.add(action);
      flight.overlapped.add(other.action);
    }
    others.add(flight);
    e.notes.flight = flight;
    e.notes.landed = () => {
      others.delete(flight);
      if (others.size === 0) flying.delete(intent);
    };
    await new Promise((resolve) => setTimeout(resolve, slowMs));
  };
}

/** The actions that were in flight on the same intent while this one was (none outside a race). */
const overlappedBy = (e: Exchange) => (e.notes.flight as Flight | undefined)?.overlapped ?? new Set<string>();

/** Members every later view of an intent shows (what the racy server stored), by intent id. */
function stored(c: ProxyContext): Map<string, Record<string, unknown>> {
  return table<Record<string, unknown>>(c, "stored members");
}

/** Shows what the racy server stored on every view of its intents (reads, lists, action answers). */
function showStored(e: Exchange, c: ProxyContext): void {
  const members = stored(c);
  if (members.size === 0) return;
  eachIntent(e, (intent) => {
    for (const [name, value] of Object.entries(members.get(intent.id) ?? {})) if (name in intent) intent[name] = value;
  });
}

const conflict = (e: Exchange, code: string) => e.status === 409 && (() => {
  try {
    return JSON.parse(e.body)?.conflict === code;
  } catch {
    return false;
  }
})();

/** Answers the exchange 200 with the intent as the sandbox holds it now, `edit`ed. */
async function answerApplied(e: Exchange, c: ProxyContext, edit: (intent: any) => void = () => {}): Promise<void> {
  const intent = await currentIntent(e, c);
  if (!intent) return;
  edit(intent);
  e.status = 200;
  e.body = JSON.stringify({ data: intent, meta: { type: "transaction_intent" } });
}

const money = (cents: number) => (cents / 100).toFixed(2);
const cents = (amount: unknown) => Math.round(Number(amount) * 100);

export const raceMutants: Mutant[] = [
  {
    id: "overlapping-captures-both-applied", service: "bank-payments", class: "race", deterministic: true,
    fault: "of two overlapping captures of one authorized intent, the second is applied too and answered 200 (B-28: 409 already_occurred)",
    request: inFlight(["capture"]),
    async response(e, c) {
      try {
        if (conflict(e, "already_occurred") && overlappedBy(e).has("capture")) await answerApplied(e, c);
      } finally {
        (e.notes.landed as (() => void) | undefined)?.();
      }
    },
  },
  {
    id: "overlapping-refunds-both-applied", service: "bank-payments", class: "race", deterministic: true,
    fault: "of two overlapping full refunds, the second is applied too: answered 200, the refunded total twice the captured amount from then on (B-28: 409 not_ready)",
    request: inFlight(["refund"]),
    async response(e, c) {
      try {
        if (conflict(e, "not_ready") && overlappedBy(e).has("refund")) {
          await answerApplied(e, c, (intent) => {
            const total = money(cents(intent.amount_refunded_total) + cents(requestJson(e)?.amount ?? intent.amount_captured));
            stored(c).set(intent.id, { ...stored(c).get(intent.id), amount_refunded_total: total });
          });
        }
        showStored(e, c);
      } finally {
        (e.notes.landed as (() => void) | undefined)?.();
      }
    },
  },
  {
    id: "overlapping-cancel-and-capture-both-applied", service: "bank-payments", class: "race", deterministic: true,
    fault: "a cancel and a capture that overlap are both written onto the intent, each answered with it as written: captured and voided at once (bank §3.1)",
    request: inFlight(["cancel", "capture"]),
    async response(e, c) {
      try {
        const action = requestJson(e)?.action;
        const intentId = intentOf(e);
        if (action === "capture" && e.status === 200 && intentId && overlappedBy(e).has("cancel")) {
          // The capture was applied first: the cancel that overlaps it will keep what it wrote.
          editJson(e, (body) => {
            const { amount_captured, captured_at, captured_status, capture_reference_id } = body?.data ?? {};
            table<Record<string, unknown>>(c, "captures").set(intentId, { amount_captured, captured_at, captured_status, capture_reference_id });
          });
        }
        if (action === "cancel" && e.status === 200 && intentId && overlappedBy(e).has("capture")) {
          const captured = table<Record<string, unknown>>(c, "captures").get(intentId);
          if (captured) stored(c).set(intentId, captured);
        }
        if (action === "capture" && conflict(e, "not_ready") && overlappedBy(e).has("cancel")) {
          // The cancel was applied first; the capture, decided on the state before it, is written over it.
          const amount = money(cents(requestJson(e)?.amount));
          await answerApplied(e, c, (intent) => {
            const written = {
              status: "succeeded", amount_captured: amount, captured_at: new Date().toISOString().replace(/\.\d+Z$/, "+00:00"),
              captured_status: "succeeded", capture_reference_id: `CAP${intent.id.slice(-8)}`,
            };
            stored(c).set(intent.id, written);
            Object.assign(intent, written);
          });
        }
        showStored(e, c);
      } finally {
        (e.notes.landed as (() => void) | undefined)?.();
      }
    },
  },
];
