// What a bank route handler receives.
import type { IncomingMessage } from "node:http";
import { authorize, type KeyKind, type KeyPolicy, type Keys } from "../auth.js";
import { hasOversizedObject, isPlainObject, type BodyResult, type JsonReply } from "../http.js";
import type { Store } from "../store.js";
import { bodyInvalid, forbidden, unauthenticated } from "./errors.js";

export type BankContext = {
  store: Store;
  keys: Keys;
  req: IncomingMessage;
  /** The query string's parameters. */
  query: URLSearchParams;
  /** `http://host:port` of this request, for absolute page links (from the Host header). */
  origin: () => string;
  /** The parsed body, for methods that carry one. */
  body: BodyResult | undefined;
};

/** The key kind when the request's key is accepted, else the 401/403 reply. */
export function requireKey(ctx: BankContext, policy: KeyPolicy): { kind: KeyKind } | { reply: JsonReply } {
  const outcome = authorize(ctx.req, ctx.keys, policy);
  if (outcome.ok) return { kind: outcome.kind };
  return { reply: outcome.status === 401 ? unauthenticated() : forbidden() };
}

/** The body as a JSON object of bounded size, else the 422 `{body: ["invalid"]}` reply. */
export function objectBody(ctx: BankContext): { value: Record<string, unknown> } | { reply: JsonReply } {
  const body = ctx.body;
  if (!body || !body.ok || !isPlainObject(body.value) || hasOversizedObject(body.value)) return { reply: bodyInvalid() };
  return { value: body.value };
}
