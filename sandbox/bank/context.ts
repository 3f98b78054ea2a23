// What a bank route handler receives.
import type { IncomingMessage } from "node:http";
import { authorize, bearerKey, type KeyKind, type KeyPolicy } from "../auth.js";
import { isPlainObject, type BodyResult, type JsonReply } from "../http.js";
import type { Store } from "../store.js";
import type { TenantKey, Tenants } from "../tenants.js";
import { bodyInvalid, forbidden, unauthenticated } from "./errors.js";

export type BankContext = {
  /** The store of the request key's tenant (opened on first access, so a refused key opens nothing). */
  readonly store: Store;
  /** The request key's tenant and kind; undefined for a missing, malformed or unknown key. */
  key: TenantKey | undefined;
  req: IncomingMessage;
  /** The query string's parameters. */
  query: URLSearchParams;
  /** `http://host:port` of this request, for absolute page links (from the Host header). */
  origin: () => string;
  /** The parsed body, for methods that carry one. */
  body: BodyResult | undefined;
};

/**
 * The context of one request: its key's tenant and kind, and that tenant's store, looked up when a
 * handler first reads `store` (after its key check), so an unknown key can never reach any data.
 */
export function bankContext(tenants: Tenants, req: IncomingMessage, rest: Omit<BankContext, "store" | "key" | "req">): BankContext {
  const bearer = bearerKey(req);
  const key = bearer === undefined ? undefined : tenants.keyOf(bearer);
  let store: Store | undefined;
  return {
    ...rest,
    req,
    key,
    get store(): Store {
      if (key === undefined) throw new Error("the store was read before the key was checked");
      store ??= tenants.storeOf(key.tenant);
      return store;
    },
  };
}

/** The key kind when the request's key is accepted, else the 401/403 reply. */
export function requireKey(ctx: BankContext, policy: KeyPolicy): { kind: KeyKind } | { reply: JsonReply } {
  const outcome = authorize(ctx.key?.kind, policy);
  if (outcome.ok) return { kind: outcome.kind };
  return { reply: outcome.status === 401 ? unauthenticated() : forbidden() };
}

/** The body as a JSON object within the shape limits (http.ts), else the 422 `{body: ["invalid"]}` reply. */
export function objectBody(ctx: BankContext): { value: Record<string, unknown> } | { reply: JsonReply } {
  const body = ctx.body;
  if (!body || !body.ok || !isPlainObject(body.value)) return { reply: bodyInvalid() };
  return { value: body.value };
}
