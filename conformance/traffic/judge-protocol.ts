// Messages between the proxy (proxy.ts) and its judge's thread (judge-worker.ts). The judge sees
// each exchange as an interval of time (docs/traffic.md, "The model of time"): `begin` when a
// request has fully arrived at the proxy, `end` when its answer has come back whole, `lost` when
// none will. An exchange is judged once every request that began before it ended has ended too.
import type { RawExchange } from "./exchange.js";
import type { ExchangeJudgement, TrafficResult } from "./judge.js";

export type ToJudge =
  /** A request has fully arrived (`at`: the proxy's clock in ms, fractional); `end` or `lost` follows under the same id. */
  | { begin: { id: number; at: number; method: string; url: string; requestHeaders: Record<string, string>; requestBody?: string } }
  /** Its answer came back whole (`exchange.sentAt` is the `begin`'s `at`); `exchange.delivered` false when the client left before receiving it. */
  | { end: { id: number; exchange: RawExchange } }
  /** No answer will come (the upstream failed or timed out, or the client left first): the request may or may not have taken effect. */
  | { lost: { id: number; at: number } }
  /** No more traffic: judge what is left, then answer with the result. */
  | { done: true };

export type FromJudge =
  | { ready: true }
  /** Each exchange once judged, in the order judged (which is not always the order answered). */
  | { judgement: ExchangeJudgement }
  | { result: TrafficResult };
