// `bank-payments-contract/sandbox`: the reference sandbox from code. Needs better-sqlite3
// (README, "Install"); the `payments-sandbox` command checks for it before loading.
export { defaults, startSandbox } from "../sandbox/server.js";
export type { Sandbox, SandboxOptions } from "../sandbox/server.js";
export type { CorsPolicy } from "../sandbox/cors.js";
