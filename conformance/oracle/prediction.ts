// What a service model predicts for one request: the status and the whole body, and what the
// model learns when that prediction is the one the response matches. A model answers with one
// prediction, or with alternatives where the contract leaves a choice to the server.
import type { Rule } from "../rules.js";
import type { Expected } from "./expect.js";
import type { Exchange } from "./exchange.js";

export type Prediction = {
  status: number;
  /** The body; a function when part of it follows from the response itself (an open list's total). */
  body: Expected | ((actual: unknown) => Expected);
  /** The model's new state once this prediction is accepted (its slots are bound by then). */
  apply?: () => void;
  /** Why the prediction is partial (an open list), for the report. */
  partial?: string;
  /** The rule that decides this outcome (its status, and its body where no node names another). */
  rule?: Rule;
};

/** A service model: state in, request in, predicted responses (and state changes) out. */
export interface ServiceModel {
  predict(exchange: Exchange): Prediction[];
  /** The check that created an object the model holds, when the layer named it. */
  creatorOf?(id: string): string | undefined;
}

/** Client-side time window of a request, widened by the allowed clock skew. */
export function windowOf(exchange: Exchange, skewMs: number): { from: number; to: number } {
  return { from: exchange.sentAt - skewMs, to: exchange.receivedAt + skewMs };
}
