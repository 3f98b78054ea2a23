// A server that serializes overlapping requests on one object in the other order (issue 34): the
// sandbox applies them in the order they arrive; this one applies the second first. The documents
// state what each action does in each state (bank §3.1, §3.2, B-28), never in which order a server
// takes two requests in flight at once, so a client must accept either (docs/conformance.md, "The
// model of time"). The proxy holds a change to an intent or a credit a few milliseconds; a second
// request on the same object that arrives meanwhile is forwarded first, and the held one only once
// the second was answered.
import type { Exchange } from "../mutants/proxy.js";
import { mapOf } from "./rewrite.js";
import type { Variant } from "./variant.js";

/** How long a change waits for a second request on its object: the gap between two requests sent at once is far shorter. */
const holdMs = 15;

/** Once a second request took its place, how long a held one waits for it to be answered at most (a proxy error answers nothing). */
const answerWaitMs = 10_000;

type Held = { claimed: boolean; release(): void };

/** The object a request changes or reads: an intent or a credit by its path (its address update included). */
function objectOf(e: Exchange): string | undefined {
  return /^\/api\/(transaction-intents|credits)\/([^/]+)/.exec(e.url.pathname)?.slice(1).join(":");
}

/** Holds the change until a second request on its object has been answered, or `holdMs` passed without one. */
function hold(waiting: Map<string, Held>, object: string): Promise<void> {
  return new Promise((resolve) => {
    const entry: Held = {
      claimed: false,
      release: () => {
        clearTimeout(timer);
        if (waiting.get(object) === entry) waiting.delete(object);
        resolve();
      },
    };
    let timer = setTimeout(() => {
      if (entry.claimed) timer = setTimeout(entry.release, answerWaitMs);
      else entry.release();
    }, holdMs);
    waiting.set(object, entry);
  });
}

const secondFirst: Variant = {
  id: "overlapping-requests-second-first", decisions: ["B-28"], kind: "behaviour", services: ["bank-payments"],
  change: "of two overlapping requests on one intent or credit, the second to arrive is applied first: a change is held 15 ms, and a request on its object arriving meanwhile goes ahead of it",
  allowedBy: "bank §3.1, §3.2 and B-28 state each action's outcome in each state, not the order in which a server applies requests in flight at once: any order real time allows",
  async request(e, c) {
    const object = objectOf(e);
    if (object === undefined) return;
    const waiting = mapOf<Held>(c.memory, "held changes");
    const held = waiting.get(object);
    if (held && !held.claimed) {
      // This one goes first; the held change follows once this one was answered.
      held.claimed = true;
      e.notes.ahead = held;
      return;
    }
    if (e.method === "PATCH") await hold(waiting, object);
  },
  response(e) {
    (e.notes.ahead as Held | undefined)?.release();
  },
  // The answers are the sandbox's own: the change is in their order, shown by the requests forwarded ahead.
  evidence: (e) => e.notes.ahead !== undefined,
};

export const raceVariants: Variant[] = [secondFirst];
