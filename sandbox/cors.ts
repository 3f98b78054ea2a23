// CORS, so a page in the consumer's browser can call the sandbox with the publishable key (doc
// section 5: the key of "the client SDK"). A preflight is answered 204 with the route's methods;
// every other answer, errors included, carries the same Access-Control-Allow-Origin, since a 401,
// 404 or 422 the page cannot read is useless. Default: any origin (test keys on loopback).
import type { IncomingMessage, ServerResponse } from "node:http";

/** Which origins may call: "any", a list of exact origins (`http://localhost:5173`), or false for no CORS at all. */
export type CorsPolicy = { origins: "any" | readonly string[] } | false;

export const defaultCorsPolicy: CorsPolicy = { origins: "any" };

/** The request headers a page may send: the key and the JSON body's type. */
export const corsAllowedHeaders = "Authorization, Content-Type";

/** How long a browser may keep a preflight's answer, in seconds (Chromium caps it at 7,200). */
export const corsMaxAgeSeconds = 600;

/** Methods a service serves at a path; empty for a path it does not serve. */
export type MethodsAt = (pathname: string) => readonly string[];

/** The origin an answer allows for this request, or undefined (no CORS, no Origin, or one not listed). */
function allowedOrigin(policy: CorsPolicy, req: IncomingMessage): string | undefined {
  const origin = req.headers.origin;
  if (policy === false || origin === undefined) return undefined;
  return policy.origins === "any" || policy.origins.includes(origin) ? origin : undefined;
}

function isPreflight(req: IncomingMessage): boolean {
  return req.method === "OPTIONS" && req.headers.origin !== undefined && req.headers["access-control-request-method"] !== undefined;
}

/**
 * Applies the policy to one request: sets the CORS headers every answer carries, and answers a
 * preflight itself. Returns true when the request was a preflight (answered; nothing else to do).
 * With the policy off, a preflight is an OPTIONS like any other (404, a method neither service serves).
 */
export function applyCors(policy: CorsPolicy, methodsAt: MethodsAt, fallbackMethods: readonly string[], req: IncomingMessage, res: ServerResponse): boolean {
  if (policy === false) return false;
  // The answer depends on the Origin: caches must not hand one origin's answer to another.
  res.setHeader("Vary", "Origin");
  const origin = allowedOrigin(policy, req);
  if (origin !== undefined) {
    res.setHeader("Access-Control-Allow-Origin", origin);
    res.setHeader("Access-Control-Expose-Headers", "Retry-After");
  }
  if (!isPreflight(req)) return false;
  req.resume();
  if (origin !== undefined) {
    const pathname = (req.url ?? "/").split("?")[0];
    const methods = methodsAt(pathname);
    // A path no route serves still lets the request through, so the page can read its JSON 404.
    res.setHeader("Access-Control-Allow-Methods", (methods.length > 0 ? methods : fallbackMethods).join(", "));
    res.setHeader("Access-Control-Allow-Headers", corsAllowedHeaders);
    res.setHeader("Access-Control-Max-Age", String(corsMaxAgeSeconds));
  }
  // An origin not listed gets a 204 without the allow headers: the browser then blocks the call.
  res.writeHead(204, { "Cache-Control": "no-store" });
  res.end();
  return true;
}
