import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import { explainingFetch } from "./api/connection-error.js";
import { checkedBaseUrl } from "./base-url.js";
import { serviceHeaders } from "./headers.js";

/** Options of a client of a service that takes a bearer key. */
export interface KeyedClientOptions extends Omit<ClientOptions, "baseUrl"> {
  baseUrl: string;
  apiKey: string;
}

/**
 * An openapi-fetch client of the bank service (or its sandbox helpers) sending
 * `Authorization: Bearer <apiKey>` and `Accept` as default headers. A base URL ending in `/api` or
 * without a scheme throws (base-url.ts); a network failure rejects with a ConnectionError.
 */
export function createKeyedClient<Paths extends {}>(factoryName: string, options: KeyedClientOptions): Client<Paths> {
  const { apiKey, ...clientOptions } = options;
  checkedBaseUrl(factoryName, clientOptions.baseUrl, "bank");
  if (typeof apiKey !== "string" || apiKey.length === 0) {
    throw new TypeError(`${factoryName}: apiKey must be a non-empty string`);
  }
  return createClient<Paths>({
    ...clientOptions,
    headers: serviceHeaders(apiKey, clientOptions.headers),
    fetch: explainingFetch(clientOptions.fetch),
  });
}
