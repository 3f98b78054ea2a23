// The bank payment service's behaviour model: the key first (401, 403), then the resource (404),
// the body (422) and the state (409), as decision B-52 orders them; each operation's rules live in
// intents.ts, credits.ts and lists.ts.
import type { Fixtures } from "../../fixtures-file.js";
import type { SuiteSettings } from "../../settings.js";
import { pathParameters, requestJson, type Exchange, type RequestPart } from "../exchange.js";
import type { Partition } from "../history.js";
import { windowOf, type Prediction, type ServiceModel } from "../prediction.js";
import type { Timelines } from "../timeline.js";
import type { TrailMap } from "../trail.js";
import { forbidden, unauthenticated } from "./answers.js";
import { cancelCredit, createCredit, readCredit } from "./credits.js";
import { actOnIntent, createIntent, readIntent, updateAddress } from "./intents.js";
import { listPrediction, ListTotals, type ListContext } from "./lists.js";
import { keyKind, readBody } from "./requests.js";
import { BankState } from "./state.js";

export type BankModelOptions = {
  keys: { secret?: string; publishable?: string };
  triggers: boolean;
  skewMs: number;
  isFresh: (value: string) => boolean;
  settings: SuiteSettings;
  fixtures?: Fixtures;
  /** The states each object had when (history.ts): lists and unchanged reads are judged against them. */
  timelines?: Timelines;
  /** The keys are another account's, not told to the judge: a 401 is always an allowed answer (B-1). */
  keysMayBeUnknown?: boolean;
};

/** Which key each operation takes (B-3: bank doc 4 and 5). */
const keyPolicy: Record<string, "secret" | "publishable" | "either"> = {
  createTransactionIntent: "secret",
  listTransactionIntents: "secret",
  getTransactionIntent: "either",
  updateTransactionIntent: "secret",
  updateTransactionIntentBillingAddress: "publishable",
  createCredit: "secret",
  listCredits: "secret",
  getCredit: "secret",
  cancelCredit: "secret",
};

export class BankModel implements ServiceModel {
  readonly state = new BankState();
  /** Totals of lists already judged, by their filters (a total never shrinks: nothing is deleted in these APIs). */
  private readonly totals = new ListTotals();

  constructor(private readonly options: BankModelOptions) {}

  /**
   * What a request depends on (history.ts): the intent or credit it names; a creation, the bank
   * account's first owner while the model does not know it (B-40); a linked credit, its intent.
   */
  partitionOf(request: RequestPart): Partition {
    const path = pathParameters(request as Exchange);
    const body = () => {
      const parsed = requestJson(request as Exchange);
      return parsed.ok ? parsed.value : {};
    };
    switch (request.operationId) {
      case "getTransactionIntent": case "updateTransactionIntent": case "updateTransactionIntentBillingAddress":
        return path.transaction_intent_id === undefined ? { kind: "free" } : { kind: "object", key: `intent:${path.transaction_intent_id}` };
      case "getCredit": case "cancelCredit":
        return path.credit_id === undefined ? { kind: "free" } : { kind: "object", key: `credit:${path.credit_id}` };
      case "listTransactionIntents": case "listCredits":
        return { kind: "list" };
      case "createCredit": {
        const intent = body().transaction_intent_id;
        return typeof intent === "string" ? { kind: "object", key: `intent:${intent}` } : { kind: "free" };
      }
      case "createTransactionIntent": {
        const account = body().bank_account;
        if (typeof account !== "string") return { kind: "free" };
        const known = this.options.fixtures?.bank_accounts.some((a) => a.id === account) || this.state.accountOwners.has(account);
        return known ? { kind: "free" } : { kind: "object", key: `account:${account}` };
      }
      default:
        return { kind: "free" };
    }
  }

  holds(partition: string): boolean {
    return this.objectOf(partition)?.map.has(partition.slice(partition.indexOf(":") + 1)) ?? false;
  }

  objectOf(partition: string): { map: TrailMap<string, unknown>; key: string } | undefined {
    const at = partition.indexOf(":");
    const kind = partition.slice(0, at);
    const key = partition.slice(at + 1);
    if (kind === "intent") return { map: this.state.intents as TrailMap<string, unknown>, key };
    if (kind === "credit") return { map: this.state.credits as TrailMap<string, unknown>, key };
    return undefined;
  }

  forget(partition: string, request?: RequestPart): void {
    if (partition.startsWith("account:")) this.state.accountOwners.delete(partition.slice("account:".length));
    // A creation whose answer never came may have made an object the model does not know.
    if (request && (request.operationId === "createTransactionIntent" || request.operationId === "createCredit")) this.state.strangers = true;
    if (partition.startsWith("account:") && !request) this.state.strangers = true;
  }

  mayCreate(request: RequestPart, partition: string): boolean {
    return (partition.startsWith("intent:") && request.operationId === "createTransactionIntent") || (partition.startsWith("credit:") && request.operationId === "createCredit");
  }

  creates(exchange: Exchange): boolean {
    return (exchange.operationId === "createTransactionIntent" || exchange.operationId === "createCredit") && exchange.status >= 200 && exchange.status < 300;
  }

  creatorOf(id: string): string | undefined {
    return (this.state.intents.get(id) ?? this.state.credits.get(id))?.created?.check;
  }

  predict(exchange: Exchange): Prediction[] {
    const policy = keyPolicy[exchange.operationId];
    if (!policy) throw new Error(`the bank model does not know ${exchange.operationId}`);
    const key = keyKind(exchange, this.options.keys);
    if (key === "none") return [unauthenticated()];
    // Another account's key, not told to the judge: it may also be unknown to the server (B-1).
    if (this.options.keysMayBeUnknown) return [...this.predictWithKey(exchange, key, policy), unauthenticated()];
    return this.predictWithKey(exchange, key, policy);
  }

  private predictWithKey(exchange: Exchange, key: "secret" | "publishable", policy: "secret" | "publishable" | "either"): Prediction[] {
    // B-2: the secret key on the publishable-key address update may be refused or processed.
    const refusedKey = policy !== "either" && key !== policy;
    if (refusedKey && !(exchange.operationId === "updateTransactionIntentBillingAddress" && key === "secret")) return [forbidden()];
    const ctx: ListContext = {
      state: this.state, triggers: this.options.triggers, window: windowOf(exchange, this.options.skewMs), isFresh: this.options.isFresh,
      settings: this.options.settings, fixtures: this.options.fixtures,
      creation: { sentAt: exchange.sentAt, receivedAt: exchange.receivedAt, ...(exchange.check ? { check: exchange.check } : {}) },
      ...(this.options.timelines ? { timelines: this.options.timelines } : {}),
      interval: { start: exchange.sentAt, end: exchange.receivedAt },
      totals: this.totals,
    };
    const path = pathParameters(exchange);
    const body = () => readBody(exchange);
    switch (exchange.operationId) {
      case "createTransactionIntent": return createIntent(ctx, body());
      case "listTransactionIntents": return listPrediction(ctx, "listTransactionIntents", exchange.url);
      case "getTransactionIntent": return readIntent(ctx, path.transaction_intent_id, key as "secret" | "publishable");
      case "updateTransactionIntent": return actOnIntent(ctx, path.transaction_intent_id, body());
      case "updateTransactionIntentBillingAddress": {
        const processed = updateAddress(ctx, path.transaction_intent_id, body(), key);
        return refusedKey ? [{ ...forbidden(), rule: "B-2" }, ...processed] : processed;
      }
      case "createCredit": return createCredit(ctx, body());
      case "listCredits": return listPrediction(ctx, "listCredits", exchange.url);
      case "getCredit": return readCredit(ctx, path.credit_id);
      default: return cancelCredit(ctx, path.credit_id, body());
    }
  }
}
