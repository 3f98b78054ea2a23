import type { Client } from "openapi-fetch";
import type { paths } from "../../generated/types/sandbox-helpers.js";
import { createKeyedClient, type KeyedClientOptions } from "./keyed-client.js";

/** A typed client of the reference sandbox's test helpers (`/_sandbox/...`). */
export type SandboxHelpersClient = Client<paths>;

export interface SandboxHelpersClientOptions extends KeyedClientOptions {
  /** The sandbox's bank payment service URL (the helpers live under its `/_sandbox` prefix). */
  baseUrl: string;
  /** The secret key of the tenant the helpers act on. */
  apiKey: string;
}

/** Creates a typed client of the sandbox's test helpers, sending the key as the bank client does. */
export function createSandboxHelpersClient(options: SandboxHelpersClientOptions): SandboxHelpersClient {
  return createKeyedClient<paths>("createSandboxHelpersClient", options);
}
