import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { paths } from "../../generated/types/check-cashing.js";
import { explainingFetch } from "./api/connection-error.js";
import { checkedBaseUrl } from "./base-url.js";
import { serviceHeaders } from "./headers.js";

/** A typed client of the Check Cashing Service (`POST /v1/payroll`). */
export type CheckCashingClient = Client<paths>;

export interface CheckCashingClientOptions extends Omit<ClientOptions, "baseUrl"> {
  /** The service's `{cashline_url}`, without `/v1` (the path carries it), e.g. `http://127.0.0.1:4011`. */
  baseUrl: string;
}

/**
 * Creates a typed Check Cashing Service client. The contract declares no authentication (the API
 * documentation shows none); pass `headers` if a deployment needs one.
 */
export function createCheckCashingClient(options: CheckCashingClientOptions): CheckCashingClient {
  checkedBaseUrl("createCheckCashingClient", options.baseUrl, "check-cashing");
  return createClient<paths>({ ...options, headers: serviceHeaders(undefined, options.headers), fetch: explainingFetch(options.fetch) });
}
