// What a bank route handler receives.
import type { IncomingMessage } from "node:http";
import { authorize, bearerKey, type KeyKind, type KeyPolicy } from "../auth.js";
import { isPlainObject, type BodyResult, type JsonReply } from "../http.js";
import type { Store } from "../store.js";
import type { TenantKey, Tenants } from "../tenants.js";
import { bodyInvalid, forbidden, tenantCapReached, unauthenticated } from "./errors.js";

export type BankContext = {
  /**
   * What the request key's tenant reads: its store, or an empty one while the tenant does not
   * exist yet (looked up when a handler first reads it, after its key check).
   */
  readonly store: Store;
  /**
   * Runs `work` in one transaction of the tenant's store; a tenant's first write creates it (a
   * refusal inside `work` creates nothing). `work` must use the store it is given.
   */
  write<T>(work: (store: Store) => T): T;
  /** The request key's tenant and kind; undefined for a missing, malformed or unknown key. */
  key: TenantKey | undefined;
  /** Whether the key's tenant exists or fits under the tenant cap (else 401, saying so). */
  admitted: boolean;
  /** The tenant cap (`--max-tenants`), for the 401 that names it. */
  maxTenants: number;
  /** The operationId of the route (403 messages name it). */
  operation: string;
  req: IncomingMessage;
  /** The query string's parameters. */
  query: URLSearchParams;
  /** `http://host:port` of this request, for absolute page links (from the Host header). */
  origin: () => string;
  /** The parsed body, for methods that carry one. */
  body: BodyResult | undefined;
};

/** A route: its method and path, its operationId (403 messages name it), its handler. */
export type Route = { method: string; pattern: RegExp; operation: string; handle: (ctx: BankContext, id: string) => JsonReply };

/**
 * The context of one request: its key's tenant and kind, and that tenant's store, reached only
 * after the key check, so an unknown key, or a new key past the tenant cap, can never reach any
 * data. A class, not an object literal with a getter: one shape for every request (bench/).
 */
class RequestContext implements BankContext {
  readonly admitted: boolean;
  readonly maxTenants: number;

  constructor(
    private readonly tenants: Tenants,
    readonly req: IncomingMessage,
    readonly key: TenantKey | undefined,
    readonly operation: string,
    readonly query: URLSearchParams,
    readonly origin: () => string,
    readonly body: BodyResult | undefined,
  ) {
    this.admitted = key !== undefined && tenants.admits(key.tenant);
    this.maxTenants = tenants.maxTenants;
  }

  private checkedTenant(): string {
    if (this.key === undefined || !this.admitted) throw new Error("the store was used before the key was checked");
    return this.key.tenant;
  }

  get store(): Store {
    return this.tenants.reader(this.checkedTenant());
  }

  write<T>(work: (store: Store) => T): T {
    return this.tenants.write(this.checkedTenant(), work);
  }
}

export function bankContext(
  tenants: Tenants,
  req: IncomingMessage,
  { key, operation, query, origin, body }: Pick<BankContext, "key" | "operation" | "query" | "origin" | "body">,
): BankContext {
  return new RequestContext(tenants, req, key, operation, query, origin, body);
}

/** The bearer key's tenant and kind, or undefined (a missing, malformed or unknown key). */
export function requestKey(tenants: Tenants, req: IncomingMessage): TenantKey | undefined {
  const bearer = bearerKey(req);
  return bearer === undefined ? undefined : tenants.keyOf(bearer);
}

/**
 * The key kind when the request's key is accepted, else the reply: 401 for no known key or a new
 * tenant past the cap, 403 (naming the key the operation takes) for a key of the wrong kind.
 */
export function requireKey(ctx: BankContext, policy: KeyPolicy): { kind: KeyKind } | { reply: JsonReply } {
  const outcome = authorize(ctx.key?.kind, policy);
  if (!outcome.ok && outcome.status === 401) return { reply: unauthenticated() };
  if (!ctx.admitted) return { reply: tenantCapReached(ctx.key!.tenant, ctx.maxTenants) };
  if (outcome.ok) return { kind: outcome.kind };
  return { reply: forbidden(ctx.operation, policy, ctx.key!.kind) };
}

/** The body as a JSON object within the shape limits (http.ts), else the 422 `{body: ["invalid"]}` reply. */
export function objectBody(ctx: BankContext): { value: Record<string, unknown> } | { reply: JsonReply } {
  const body = ctx.body;
  if (!body || !body.ok || !isPlainObject(body.value)) return { reply: bodyInvalid() };
  return { value: body.value };
}
