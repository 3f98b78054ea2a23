#!/usr/bin/env node
// `payments-sandbox` (also `npm run sandbox --`): starts the services and prints how to use them;
// stops on SIGINT/SIGTERM.
import { parseArgs } from "node:util";
import { busyGiveUpMs } from "./busy-retry.js";
import { defaults, serviceChoices, startSandbox, type ServiceChoice } from "./server.js";
import { defaultMaxTenants } from "./tenants.js";
import type { CorsPolicy } from "./cors.js";

const bin = "payments-sandbox";

const usage = `Usage: ${bin} [options]

  --service <which>         bank, check-cashing or both (default both); two processes, one
                            service each, may share one --db file (a write waiting for the
                            other's lock is answered 503 after ${busyGiveUpMs / 1000} s)
  --host <addr>             interface to bind (default ${defaults.host})
  --bank-port <n>           bank payment service port (default ${defaults.bankPort}; 0 = free port)
  --check-cashing-port <n>  check cashing service port (default ${defaults.checkCashingPort}; 0 = free port)
  --db <file>               SQLite file of the default tenant (default sandbox.db; other tenants
                            go to <file>.tenants/; ":memory:" keeps nothing)
  --secret-key <key>        the default tenant's secret key (default ${defaults.secretKey})
  --publishable-key <key>   the default tenant's publishable key (default ${defaults.publishableKey})
  --max-tenants <n>         tenants that may exist besides the default one (default ${defaultMaxTenants});
                            any sk_test_<name>/pk_test_<name> pair is a tenant, created by its
                            first write; past the cap a new tenant's key gets 401
  --cors-origin <origin>    allow only this origin (e.g. http://localhost:5173) to call from a
                            browser; repeat for more (default: any origin)
  --no-cors                 no CORS headers at all: browsers block every cross-origin call
  --quiet                   no request log (by default one line per request on stdout:
                            time, tenant, method, path, status, ms; and a line when a tenant
                            is created or refused)
  --help                    this text`;

function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^[0-9]+$/.test(value) || n > 65535) throw new Error(`--${name} must be a port number (0 to 65535)`);
  return n;
}

function count(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!/^[0-9]{1,9}$/.test(value)) throw new Error(`--${name} must be a whole number, 0 or more`);
  return Number(value);
}

function cors(origins: string[] | undefined, off: boolean | undefined): CorsPolicy {
  if (off && origins !== undefined) throw new Error("--no-cors and --cors-origin exclude each other");
  if (off) return false;
  if (origins === undefined) return { origins: "any" };
  for (const origin of origins) {
    // A browser sends the origin as scheme://host[:port], nothing more; anything else would never match.
    if (!/^https?:\/\/[^/?#\s]+$/.test(origin)) throw new Error(`--cors-origin must be an origin such as http://localhost:5173 (got ${JSON.stringify(origin)})`);
  }
  return { origins };
}

function service(value: string | undefined): ServiceChoice {
  if (value === undefined) return "both";
  if (!(serviceChoices as readonly string[]).includes(value)) throw new Error(`--service must be one of ${serviceChoices.join(", ")}`);
  return value as ServiceChoice;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      service: { type: "string" },
      host: { type: "string" },
      "bank-port": { type: "string" },
      "check-cashing-port": { type: "string" },
      db: { type: "string" },
      "secret-key": { type: "string" },
      "publishable-key": { type: "string" },
      "max-tenants": { type: "string" },
      "cors-origin": { type: "string", multiple: true },
      "no-cors": { type: "boolean" },
      quiet: { type: "boolean" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const corsPolicy = cors(values["cors-origin"], values["no-cors"]);
  const sandbox = await startSandbox({
    service: service(values.service),
    host: values.host,
    bankPort: port(values["bank-port"], defaults.bankPort, "bank-port"),
    checkCashingPort: port(values["check-cashing-port"], defaults.checkCashingPort, "check-cashing-port"),
    database: values.db ?? "sandbox.db",
    secretKey: values["secret-key"],
    publishableKey: values["publishable-key"],
    maxTenants: count(values["max-tenants"], defaultMaxTenants, "max-tenants"),
    cors: corsPolicy,
    log: values.quiet ? undefined : (line) => console.log(line),
  });
  const lines = [`Reference sandbox running (database: ${sandbox.database})`];
  if (sandbox.bankUrl) lines.push(`  Bank payment service:  ${sandbox.bankUrl}`);
  if (sandbox.checkCashingUrl) lines.push(`  Check cashing service: ${sandbox.checkCashingUrl}`);
  lines.push(`  Browsers (CORS):       ${corsPolicy === false ? "off (--no-cors)" : corsPolicy.origins === "any" ? "any origin" : corsPolicy.origins.join(", ")}`);
  if (sandbox.bankUrl) {
    lines.push(
      `  Secret key:            ${sandbox.secretKey}`,
      `  Publishable key:       ${sandbox.publishableKey}`,
      `  Tenants:               any sk_test_<name>/pk_test_<name> pair is its own data space (at most ${sandbox.maxTenants} besides this one)`,
      "",
      "Try:",
      `  curl -s -H 'Authorization: Bearer ${sandbox.secretKey}' -H 'Content-Type: application/json' \\`,
      `    -d '{"amount": 125, "bank_account": "bank_account_Vd93LmQa2XkP7rTe", "consumer_id": "consumer_Hq7Zx2LmN4pR8sTu", "store_number": "0042", "type": "bankpay"}' \\`,
      `    ${sandbox.bankUrl}/api/transaction-intents`,
    );
  }
  lines.push("", values.quiet ? "Press Ctrl+C to stop." : "Press Ctrl+C to stop. Requests are logged below (--quiet turns the log off).");
  console.log(lines.join("\n"));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the sandbox`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(`${bin}: ${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
  process.exit(1);
});
