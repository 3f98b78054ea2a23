// What a service model predicts for one request: the status and the whole body, and what the
// model learns when that prediction is the one the response matches. A model answers with one
// prediction, or with alternatives where the contract leaves a choice to the server.
import type { Rule } from "../rules.js";
import type { Expected } from "./expect.js";
import type { Exchange, RequestPart } from "./exchange.js";
import type { Partition } from "./history.js";
import type { TrailMap } from "./trail.js";

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
  /** What a request depends on (history.ts): its object's partition, every object (a list), or nothing. */
  partitionOf(request: RequestPart): Partition;
  /** Whether the model holds a partition's object (then a read of it changes nothing). */
  holds(partition: string): boolean;
  /** The map and key of a partition's object, for reads judged against its timeline. */
  objectOf(partition: string): { map: TrailMap<string, unknown>; key: string } | undefined;
  /** The model no longer knows a partition's state (`request`: the one that went unanswered, if that is why). */
  forget(partition: string, request?: RequestPart): void;
  /** Whether an exchange created an object. */
  creates(exchange: Exchange): boolean;
  /** Whether a request may create the object of a partition. */
  mayCreate(request: RequestPart, partition: string): boolean;
}

/** Client-side time window of a request, widened by the allowed clock skew. */
export function windowOf(exchange: Exchange, skewMs: number): { from: number; to: number } {
  return { from: exchange.sentAt - skewMs, to: exchange.receivedAt + skewMs };
}
