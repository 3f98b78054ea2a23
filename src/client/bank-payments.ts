import type { Client } from "openapi-fetch";
import type { paths } from "../../generated/types/bank-payments.js";
import { createKeyedClient, type KeyedClientOptions } from "./keyed-client.js";

/** A typed client of the Bank Payment Service: `GET`, `POST`, `PATCH`... keyed by the contract's paths. */
export type BankPaymentsClient = Client<paths>;

export interface BankPaymentsClientOptions extends KeyedClientOptions {
  /** The service's `{base_url}`, without `/api` (the paths carry it), e.g. `http://127.0.0.1:4010`. */
  baseUrl: string;
  /**
   * The secret key (server side: create, list, actions, credits) or the publishable key (read an
   * intent, update its billing address). Sent as `Authorization: Bearer <key>`.
   */
  apiKey: string;
}

/**
 * Creates a typed Bank Payment Service client. Every call returns `{ data, error, response }`:
 * `data` is the success body of the operation, `error` the union of its documented error bodies.
 */
export function createBankPaymentsClient(options: BankPaymentsClientOptions): BankPaymentsClient {
  return createKeyedClient<paths>("createBankPaymentsClient", options);
}
