// The request log (`payments-sandbox` prints it; `--quiet` turns it off; startSandbox() takes a
// `log` function, none by default): one line per request, so a typo'd key that opened a new
// tenant, a refused key or a slow answer shows while it happens.
import type { IncomingMessage } from "node:http";

/** A request target as logged: its path and query, cut to a readable length. */
function target(req: IncomingMessage): string {
  const url = req.url ?? "/";
  return url.length > 200 ? `${url.slice(0, 200)}…` : url;
}

/**
 * `<time> <tenant> <method> <path> <status> <ms>ms`; the tenant is `-` when the request had no
 * known key (the check cashing service has no keys: its requests are the default tenant's).
 */
export function requestLine(req: IncomingMessage, status: number, startedAt: number, tenant: string | undefined): string {
  const ms = performance.now() - startedAt;
  if (tenant === undefined) tenant = "-";
  // The default tenant of custom (non-pattern) keys has the empty name.
  return `${new Date().toISOString()} ${tenant === "" ? "default" : tenant} ${req.method ?? "-"} ${target(req)} ${status} ${ms.toFixed(1)}ms`;
}
