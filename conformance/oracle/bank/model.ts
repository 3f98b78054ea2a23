// The bank payment service's behaviour model: the key first (401, 403), then the resource (404),
// the body (422) and the state (409), as decision B-52 orders them; each operation's rules live in
// intents.ts, credits.ts and lists.ts.
import type { Fixtures } from "../../fixtures-file.js";
import type { SuiteSettings } from "../../settings.js";
import { pathParameters, type Exchange } from "../exchange.js";
import { windowOf, type Prediction, type ServiceModel } from "../prediction.js";
import { forbidden, unauthenticated } from "./answers.js";
import { cancelCredit, createCredit, readCredit } from "./credits.js";
import { actOnIntent, createIntent, readIntent, updateAddress } from "./intents.js";
import { listPrediction, type ListContext } from "./lists.js";
import { keyKind, readBody } from "./requests.js";
import { BankState } from "./state.js";

export type BankModelOptions = {
  keys: { secret?: string; publishable?: string };
  triggers: boolean;
  skewMs: number;
  isFresh: (value: string) => boolean;
  settings: SuiteSettings;
  fixtures?: Fixtures;
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

  constructor(private readonly options: BankModelOptions) {}

  creatorOf(id: string): string | undefined {
    return (this.state.intents.get(id) ?? this.state.credits.get(id))?.created?.check;
  }

  predict(exchange: Exchange): Prediction[] {
    const policy = keyPolicy[exchange.operationId];
    if (!policy) throw new Error(`the bank model does not know ${exchange.operationId}`);
    const key = keyKind(exchange, this.options.keys);
    if (key === "none") return [unauthenticated()];
    // B-2: the secret key on the publishable-key address update may be refused or processed.
    const refusedKey = policy !== "either" && key !== policy;
    if (refusedKey && !(exchange.operationId === "updateTransactionIntentBillingAddress" && key === "secret")) return [forbidden()];
    const ctx: ListContext = {
      state: this.state, triggers: this.options.triggers, window: windowOf(exchange, this.options.skewMs), isFresh: this.options.isFresh,
      settings: this.options.settings, fixtures: this.options.fixtures,
      creation: { sentAt: exchange.sentAt, receivedAt: exchange.receivedAt, ...(exchange.check ? { check: exchange.check } : {}) },
    };
    const path = pathParameters(exchange);
    const body = () => readBody(exchange);
    switch (exchange.operationId) {
      case "createTransactionIntent": return createIntent(ctx, body());
      case "listTransactionIntents": return listPrediction(ctx, "listTransactionIntents", exchange.url);
      case "getTransactionIntent": return readIntent(ctx, path.transaction_intent_id, key as "secret" | "publishable");
      case "updateTransactionIntent": return actOnIntent(ctx, path.transaction_intent_id, body());
      case "updateTransactionIntentBillingAddress": {
        const processed = updateAddress(ctx, path.transaction_intent_id, body());
        return refusedKey ? [{ ...forbidden(), rule: "B-2" }, ...processed] : processed;
      }
      case "createCredit": return createCredit(ctx, body());
      case "listCredits": return listPrediction(ctx, "listCredits", exchange.url);
      case "getCredit": return readCredit(ctx, path.credit_id);
      default: return cancelCredit(ctx, path.credit_id, body());
    }
  }
}
