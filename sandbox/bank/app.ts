// Routing of the bank payment service: method and path to handler.
import type { IncomingMessage } from "node:http";
import { drain, readJsonBody, type JsonReply } from "../http.js";
import type { Tenants } from "../tenants.js";
import { bankContext, requestKey, type Route } from "./context.js";
import { cancelCredit, createCredit, listCredits, readCredit } from "./credits.js";
import { notFound } from "./errors.js";
import { actOnIntent, createIntent, listIntents, readIntent, updateAddress } from "./intents.js";
import { helperRoutes } from "../helpers/routes.js";


const segment = "([^/]+)";

const routes: Route[] = [
  { method: "GET", pattern: /^\/api\/transaction-intents$/, operation: "listTransactionIntents", handle: (ctx) => listIntents(ctx) },
  { method: "POST", pattern: /^\/api\/transaction-intents$/, operation: "createTransactionIntent", handle: (ctx) => createIntent(ctx) },
  { method: "GET", pattern: new RegExp(`^/api/transaction-intents/${segment}$`), operation: "getTransactionIntent", handle: readIntent },
  { method: "PATCH", pattern: new RegExp(`^/api/transaction-intents/${segment}$`), operation: "updateTransactionIntent", handle: actOnIntent },
  { method: "PATCH", pattern: new RegExp(`^/api/transaction-intents/${segment}/address$`), operation: "updateTransactionIntentBillingAddress", handle: updateAddress },
  { method: "GET", pattern: /^\/api\/credits$/, operation: "listCredits", handle: (ctx) => listCredits(ctx) },
  { method: "POST", pattern: /^\/api\/credits$/, operation: "createCredit", handle: (ctx) => createCredit(ctx) },
  { method: "GET", pattern: new RegExp(`^/api/credits/${segment}$`), operation: "getCredit", handle: readCredit },
  { method: "PATCH", pattern: new RegExp(`^/api/credits/${segment}$`), operation: "cancelCredit", handle: cancelCredit },
  // The sandbox's test helpers, same port and keys (sandbox/helpers/).
  ...helperRoutes,
];

/** The methods the bank service serves at a path (its routes and the helpers'), for CORS preflights. */
export function bankMethodsAt(pathname: string): string[] {
  return [...new Set(routes.filter((route) => route.pattern.test(pathname)).map((route) => route.method))];
}

/** A Host header safe to build absolute URLs from, else the address the server is bound to. */
function originOf(req: IncomingMessage, fallback: string): string {
  const host = req.headers.host;
  return host !== undefined && /^[A-Za-z0-9.-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$/.test(host) ? `http://${host}` : fallback;
}

/**
 * Handles one bank request. Unknown routes and methods get 404 `{"message": "not_found"}`.
 * The request target is split by hand rather than parsed with `new URL`: only the lists read the
 * query, and the origin is worked out only when a list builds its page links (bench/ measured
 * both on every read).
 */
export async function handleBank(req: IncomingMessage, tenants: Tenants, fallbackOrigin: string): Promise<JsonReply> {
  const target = req.url ?? "/";
  const queryAt = target.indexOf("?");
  const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
  for (const route of routes) {
    const match = route.method === req.method ? route.pattern.exec(pathname) : null;
    if (!match) continue;
    let id = "";
    if (match[1] !== undefined) {
      try {
        id = decodeURIComponent(match[1]);
      } catch {
        await drain(req);
        return notFound();
      }
    }
    const body = req.method === "GET" ? (await drain(req), undefined) : await readJsonBody(req);
    const query = new URLSearchParams(queryAt === -1 ? "" : target.slice(queryAt + 1));
    const key = requestKey(tenants, req);
    return route.handle(bankContext(tenants, req, { key, operation: route.operation, query, origin: () => originOf(req, fallbackOrigin), body }), id);
  }
  await drain(req);
  return notFound();
}
