// Starts both services of the reference sandbox, each on its own port, over SQLite stores (one per tenant).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Keys } from "./auth.js";
import { handleBank } from "./bank/app.js";
import { handleCheckCashing } from "./check-cashing/payroll.js";
import { sendJson, type JsonReply } from "./http.js";
import { Tenants } from "./tenants.js";

export type SandboxOptions = {
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Port of the bank payment service; default 4020, 0 for a free port. */
  bankPort?: number;
  /** Port of the check cashing service; default 4021, 0 for a free port. */
  checkCashingPort?: number;
  /**
   * SQLite file, or ":memory:" (the default here; the CLI defaults to a file). The file is the default
   * tenant's; other tenants' files go to `<database>.tenants/` (README, "Tenants").
   */
  database?: string;
  /** The default tenant's secret key; default `sk_test_sandbox`. */
  secretKey?: string;
  /** The default tenant's publishable key; default `pk_test_sandbox`. */
  publishableKey?: string;
};

export type Sandbox = {
  bankUrl: string;
  checkCashingUrl: string;
  secretKey: string;
  publishableKey: string;
  database: string;
  close(): Promise<void>;
};

export const defaults = {
  host: "127.0.0.1",
  bankPort: 4020,
  checkCashingPort: 4021,
  database: ":memory:",
  secretKey: "sk_test_sandbox",
  publishableKey: "pk_test_sandbox",
} as const;

type Handler = (req: IncomingMessage) => Promise<JsonReply>;

/** A server whose handler errors become a JSON 500 in the service's shape (never an HTML page or a hang). */
function serve(handler: Handler, internalError: () => JsonReply): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    handler(req)
      .then((answer) => sendJson(res, answer))
      .catch((error: unknown) => {
        console.error("sandbox: internal error", error);
        if (!res.headersSent) sendJson(res, internalError());
        else res.destroy();
      });
  });
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function urlHost(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? defaults.host;
  const keys: Keys = { secretKey: options.secretKey ?? defaults.secretKey, publishableKey: options.publishableKey ?? defaults.publishableKey };
  if (keys.secretKey === keys.publishableKey) throw new Error("The secret and publishable keys must differ");
  const database = options.database ?? defaults.database;
  // One database per tenant; the check cashing service has no keys and uses the default tenant's.
  const tenants = new Tenants(keys, database);
  let bankOrigin = "";
  const bank = serve(
    (req) => handleBank(req, tenants, bankOrigin),
    () => ({ status: 500, body: { message: "Server Error" } }),
  );
  const checkCashing = serve(
    (req) => handleCheckCashing(req, tenants.defaultStore),
    () => ({
      status: 500,
      body: { errors: [{ errorPath: "/v1/payroll", errorMessage: "System error, try again later", errorType: "system_error", errorDate: new Date().toISOString(), responseCode: "9999", adverseAction: false }] },
    }),
  );
  try {
    const bankPort = await listen(bank, options.bankPort ?? defaults.bankPort, host);
    const checkCashingPort = await listen(checkCashing, options.checkCashingPort ?? defaults.checkCashingPort, host);
    bankOrigin = `http://${urlHost(host)}:${bankPort}`;
    return {
      bankUrl: bankOrigin,
      checkCashingUrl: `http://${urlHost(host)}:${checkCashingPort}`,
      secretKey: keys.secretKey,
      publishableKey: keys.publishableKey,
      database,
      async close() {
        await Promise.all([closeServer(bank), closeServer(checkCashing)]);
        tenants.close();
      },
    };
  } catch (error) {
    await Promise.all([closeServer(bank), closeServer(checkCashing)]);
    tenants.close();
    throw error;
  }
}
