// The oracle for traffic it did not generate. Real traffic starts in the middle: objects made before
// the recording, by other clients or by the server's own jobs. This thin wrapper around the one Oracle
// decides, before each exchange, whether the traffic so far tells enough to predict it. An object
// first seen in a 200 secret-key read (an intent, a credit) whose body passes the schema is learned
// from that read (learned.ts) and held from then on: the read is judged by the invariants, every
// later exchange on the object in full. So is an object first seen as an item of a 200 secret-key
// list page that passes the schema: the page is judged first, as the open list it is, then its items
// the model does not hold are learned. A publishable-key intent read teaches a partial record
// (learned.ts). An exchange that names an object the traffic has neither
// shown created nor read (a path identifier, a linked credit's transaction intent, a bank account
// first used outside the traffic that the server calls in conflict) is judged against the schema
// only and counted, and so is every later exchange on it until a read or a list page shows it. Lists are open
// (nothing in foreign traffic is fresh to us), so items made elsewhere are allowed. What the
// traffic cannot tell is not judged. A 404 for an object the traffic has not shown is what the
// oracle predicts too, and is judged in full.
import { requestJson, type Exchange } from "../oracle/exchange.js";
import { pathParameters } from "../oracle/exchange.js";
import { BankModel } from "../oracle/bank/model.js";
import type { BankState } from "../oracle/bank/state.js";
import { keyKind } from "../oracle/bank/requests.js";
import { Oracle, type OracleOptions, type World } from "../oracle/oracle.js";
import { TrailSet } from "../oracle/trail.js";
import { creditFromRead, intentFromRead } from "./learned.js";

/** An exchange of traffic: whether its response passed the schema (only such a view teaches an object). */
export type TrafficExchange = Exchange & { schemaValid?: boolean };

export class OpenWorldOracle implements World {
  readonly oracle: Oracle;
  /** Objects the traffic named before showing them created or read: not predicted, so judged against the schema only. */
  readonly unseen = new TrailSet<string>();

  constructor(options: Omit<OracleOptions, "isFresh" | "world">) {
    // Nothing in traffic we did not generate is fresh to us: every list is open.
    this.oracle = new Oracle({ ...options, isFresh: () => false, world: this });
  }

  /** Before an exchange is judged (in the order the model of time chose): learn, or say why the traffic cannot tell. */
  prepare(exchange: TrafficExchange): { judged: "full" | "learned" } | { judged: "schema"; why: string } {
    if (exchange.schemaValid && this.learnFromRead(exchange)) return { judged: "learned" };
    const why = this.unknowable(exchange);
    return why ? { judged: "schema", why } : { judged: "full" };
  }

  /** After a page is judged, so it is judged as the open list it was before (nothing new is demanded of it). */
  learnFromPage(exchange: TrafficExchange): boolean {
    return exchange.schemaValid === true && this.learnFromList(exchange);
  }

  private get state(): BankState | undefined {
    return this.oracle.model instanceof BankModel ? this.oracle.model.state : undefined;
  }

  /** Which key a bank 200 was answered to. */
  private keyOfAnswer(exchange: Exchange): "secret" | "publishable" | undefined {
    if (!(this.oracle.model instanceof BankModel) || exchange.status !== 200) return undefined;
    const kind = keyKind(exchange, this.oracle.options.keys ?? {});
    return kind === "secret" || kind === "publishable" ? kind : undefined;
  }

  /** Takes an object the model does not hold (or no longer knows) from its first read, if it is one (a publishable read of an intent: a partial record). */
  private learnFromRead(exchange: Exchange): boolean {
    const key = this.keyOfAnswer(exchange);
    const data = (exchange.responseBody as { data?: unknown } | undefined)?.data;
    const state = this.state;
    if (!key || !state || typeof data !== "object" || data === null) return false;
    const path = pathParameters(exchange);
    if (exchange.operationId === "getTransactionIntent") return this.take(state, key === "secret" ? "intent" : "public intent", path.transaction_intent_id, data, exchange.receivedAt);
    if (exchange.operationId === "getCredit" && key === "secret") return this.take(state, "credit", path.credit_id, data, exchange.receivedAt);
    return false;
  }

  /**
   * Takes every item of a secret-key list page the model does not hold; whether it took one. An
   * item whose object another judged exchange overlapped or followed is left: the page may show it
   * as it was before that exchange.
   */
  private learnFromList(exchange: Exchange): boolean {
    const state = this.keyOfAnswer(exchange) === "secret" ? this.state : undefined;
    const kind = exchange.operationId === "listTransactionIntents" ? "intent" : exchange.operationId === "listCredits" ? "credit" : undefined;
    const items = (exchange.responseBody as { data?: unknown } | undefined)?.data;
    if (!state || !kind || !Array.isArray(items)) return false;
    let taught = false;
    // Oldest first, so the creation order the model falls back on is the page's own (newest first, B-7).
    for (const item of [...items].reverse()) {
      const id = (item as { id?: unknown } | null)?.id;
      if (typeof item !== "object" || item === null || typeof id !== "string") continue;
      if (this.oracle.judgedSince(`${kind}:${id}`, exchange.sentAt)) continue;
      if (this.take(state, kind, id, item, exchange.receivedAt)) taught = true;
    }
    return taught;
  }

  /** Holds an object the model does not hold yet (or no longer knows), as a view answered at `receivedAt` shows it; whether it did. */
  private take(state: BankState, kind: "intent" | "public intent" | "credit", id: unknown, data: object, receivedAt: number): boolean {
    if (typeof id !== "string") return false;
    const partition = `${kind === "credit" ? "credit" : "intent"}:${id}`;
    const forgotten = this.oracle.isForgotten(partition);
    if (!forgotten && (state.intents.has(id) || state.credits.has(id))) return false;
    // An object the traffic showed made (or taught before) is known, even where a timeline shows it absent: never learned afresh.
    const map = kind === "credit" ? state.credits : state.intents;
    if (!forgotten && this.oracle.timelines.knows(map, id)) return false;
    if (kind !== "credit") {
      const intent = intentFromRead(id, data, state.next(), receivedAt, kind === "intent" ? "full" : "public");
      if (!intent) return false;
      state.intents.set(id, intent);
    } else {
      state.credits.set(id, creditFromRead(id, data, state.next(), receivedAt));
    }
    if (forgotten) this.oracle.remember(partition);
    this.unseen.delete(id);
    return true;
  }

  /** Why the traffic so far cannot tell this exchange's answer, if it cannot. */
  private unknowable(exchange: Exchange): string | undefined {
    const state = this.state;
    if (!state) return undefined; // check cashing holds no objects between requests
    const { intents, credits, accountOwners } = state;
    const path = pathParameters(exchange);
    const named: string[] = [];
    if (path.transaction_intent_id !== undefined && !intents.has(path.transaction_intent_id)) named.push(path.transaction_intent_id);
    if (path.credit_id !== undefined && !credits.has(path.credit_id)) named.push(path.credit_id);
    // The server says it has no such object, as the oracle holds none: its 404 is judged in full.
    if (exchange.status === 404 && named.length > 0) return undefined;
    const body = requestJson(exchange);
    if (exchange.operationId === "createCredit" && body.ok && typeof body.value.transaction_intent_id === "string" && !intents.has(body.value.transaction_intent_id)) {
      named.push(body.value.transaction_intent_id);
    }
    if (exchange.operationId === "createTransactionIntent" && exchange.status === 409 && body.ok
      && typeof body.value.bank_account === "string" && !accountOwners.has(body.value.bank_account)) {
      named.push(body.value.bank_account);
    }
    if (named.length === 0) return undefined;
    named.forEach((id) => this.unseen.add(id));
    return "objects not seen before";
  }
}
