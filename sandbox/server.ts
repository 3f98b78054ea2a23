// Starts the services of the reference sandbox (both by default), each on its own port, over
// SQLite stores (one per tenant). Two processes may share one database file, each running one service.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Keys } from "./auth.js";
import { bankMethodsAt, handleBank } from "./bank/app.js";
import { requestKey } from "./bank/context.js";
import { checkCashingMethodsAt, handleCheckCashing } from "./check-cashing/payroll.js";
import { applyCors, defaultCorsPolicy, type CorsPolicy, type MethodsAt } from "./cors.js";
import { busyRetryAfterSeconds, retryWhileBusy } from "./busy-retry.js";
import { sendJson, type JsonReply } from "./http.js";
import { generalErrorReply, type ServiceName } from "./service-errors.js";
import { requestLine } from "./request-log.js";
import { defaultMaxTenants, Tenants } from "./tenants.js";
import { answerAndClose, answerTransportErrors, defaultTimeouts, serverOptions, type Timeouts } from "./transport.js";

/** Which services one sandbox runs. */
export type ServiceChoice = ServiceName | "both";

export const serviceChoices: readonly ServiceChoice[] = ["both", "bank", "check-cashing"];

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
  /** Which services to run; default both. */
  service?: ServiceChoice;
  /** Connection time limits; defaults in transport.ts (README, "Start it"). */
  timeouts?: Partial<Timeouts>;
  /**
   * Tenants that may exist besides the default one (README, "Tenants"); default 1,000. A new
   * tenant's key past it gets 401 saying so.
   */
  maxTenants?: number;
  /**
   * Where the request log goes, one line per call: each request (time, tenant, method, path,
   * status, ms), each tenant created or refused. Default: no log (the CLI passes console.log
   * unless --quiet).
   */
  log?: (line: string) => void;
  /**
   * CORS for pages in a browser (docs/sandbox.md, "CORS"): default `{ origins: "any" }`; a list of
   * exact origins restricts it (`{ origins: ["http://localhost:5173"] }`); false turns it off.
   */
  cors?: CorsPolicy;
};

export type Sandbox = {
  /** Base URL of the bank payment service; "" when this sandbox does not run it. */
  bankUrl: string;
  /** Base URL of the check cashing service; "" when this sandbox does not run it. */
  checkCashingUrl: string;
  secretKey: string;
  publishableKey: string;
  database: string;
  /** The tenant cap in force. */
  maxTenants: number;
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

/** How one service logs: where lines go, and the tenant a request is logged under (undefined: no known key). */
type ServiceLog = { log?: (line: string) => void; tenantOf: (req: IncomingMessage) => string | undefined };

/** How one service answers CORS: the policy, and the methods it serves at a path (all of them for a path it does not serve). */
type ServiceCors = { policy: CorsPolicy; methodsAt: MethodsAt; allMethods: readonly string[] };

/**
 * A server whose handler errors become a JSON answer in the service's shape (never an HTML page or
 * a hang): a request that finds the database busy is run again until the give-up time
 * (busy-retry.ts), then gets 503 with Retry-After; any other failure is a 500.
 */
function serve(service: ServiceName, handler: Handler, timeouts: Timeouts, { log, tenantOf }: ServiceLog, cors: ServiceCors): Server {
  const server = createServer(serverOptions(timeouts), (req: IncomingMessage, res: ServerResponse) => {
    if (log) {
      const startedAt = performance.now();
      res.once("finish", () => log(requestLine(req, res.statusCode, startedAt, tenantOf(req))));
    }
    if (applyCors(cors.policy, cors.methodsAt, cors.allMethods, req, res)) return;
    if (req.httpVersion === "1.1" && req.headers.host === undefined) {
      req.resume();
      answerAndClose(res, service, "malformed");
      return;
    }
    retryWhileBusy(() => handler(req))
      .then((outcome) => {
        if (!outcome.busy) return sendJson(res, outcome.value);
        sendJson(res, { ...generalErrorReply(service, "busy"), headers: { "Retry-After": String(busyRetryAfterSeconds) } });
      })
      .catch((error: unknown) => {
        console.error("sandbox: internal error", error);
        if (!res.headersSent) sendJson(res, generalErrorReply(service, "internal"));
        else res.destroy();
      });
  });
  answerTransportErrors(server, service);
  return server;
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
  const service = options.service ?? "both";
  if (!serviceChoices.includes(service)) throw new Error(`service must be one of ${serviceChoices.join(", ")}`);
  const timeouts: Timeouts = { ...defaultTimeouts, ...options.timeouts };
  const database = options.database ?? defaults.database;
  const log = options.log;
  const policy = options.cors ?? defaultCorsPolicy;
  // One database per tenant; the check cashing service has no keys and uses the default tenant's.
  const tenants = new Tenants(keys, database, { maxTenants: options.maxTenants ?? defaultMaxTenants, log });
  let bankOrigin = "";
  const bank = service === "check-cashing"
    ? undefined
    : serve("bank", (req) => handleBank(req, tenants, bankOrigin), timeouts, { log, tenantOf: (req) => requestKey(tenants, req)?.tenant },
      { policy, methodsAt: bankMethodsAt, allMethods: ["GET", "POST", "PATCH"] });
  const checkCashing = service === "bank"
    ? undefined
    : serve("check-cashing", (req) => handleCheckCashing(req, tenants.defaultStore), timeouts, { log, tenantOf: () => tenants.defaultTenant },
      { policy, methodsAt: checkCashingMethodsAt, allMethods: ["POST"] });
  const servers = [bank, checkCashing].filter((server): server is Server => server !== undefined);
  const closeAll = () => Promise.all(servers.map(closeServer));
  try {
    const bankPort = bank ? await listen(bank, options.bankPort ?? defaults.bankPort, host) : undefined;
    const checkCashingPort = checkCashing ? await listen(checkCashing, options.checkCashingPort ?? defaults.checkCashingPort, host) : undefined;
    bankOrigin = bankPort === undefined ? "" : `http://${urlHost(host)}:${bankPort}`;
    return {
      bankUrl: bankOrigin,
      checkCashingUrl: checkCashingPort === undefined ? "" : `http://${urlHost(host)}:${checkCashingPort}`,
      secretKey: keys.secretKey,
      publishableKey: keys.publishableKey,
      database,
      maxTenants: tenants.maxTenants,
      async close() {
        await closeAll();
        tenants.close();
      },
    };
  } catch (error) {
    await closeAll();
    tenants.close();
    throw error;
  }
}
