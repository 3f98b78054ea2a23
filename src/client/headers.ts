import type { Middleware } from "openapi-fetch";

/**
 * Sends the headers both APIs ask for on every request: `Accept: application/json`, and
 * `Authorization: Bearer <key>` when a key is given. openapi-fetch already sets
 * `Content-Type: application/json` on requests with a JSON body.
 */
export function jsonHeadersMiddleware(apiKey?: string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set("Accept", "application/json");
      if (apiKey !== undefined) request.headers.set("Authorization", `Bearer ${apiKey}`);
      return request;
    },
  };
}
