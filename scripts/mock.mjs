#!/usr/bin/env node
// Prism mocks of both services, from the published OpenAPI documents in generated/openapi/.
//
//   node scripts/mock.mjs             bank payments on 127.0.0.1:4010, check cashing on 127.0.0.1:4011
//   node scripts/mock.mjs --verbose   the same, echoing everything Prism logs (start-up included)
//                                     (MOCK_HOST, BANK_MOCK_PORT and CHECK_CASHING_MOCK_PORT override)
//
// Without --verbose nothing of Prism's start-up is shown, and afterwards only its warnings and
// errors (a request that breaks the contract): the start-up lines list every route and read like
// failures next to the banner.
//
// Programmatic use (tests): `const mock = await startMock({ bankPort, checkCashingPort }); ...;
// await mock.stop();`, or `startDocumentMock("sandbox-helpers", { port: 0 })` for one document.
// Prism is stateless: it validates each request against the contract and answers the contract's
// examples (see README, "The mock").
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { connect, createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const prismBin = join(root, "node_modules/@stoplight/prism-cli/dist/index.js");
const prismChild = join(root, "scripts/prism-child.cjs");

export const DEFAULT_BANK_PORT = 4010;
export const DEFAULT_CHECK_CASHING_PORT = 4011;
/** Where `npm run sandbox` / `npx payments-sandbox` serve by default (sandbox/cli.ts). */
const SANDBOX_BANK_URL = "http://127.0.0.1:4020";
const SANDBOX_CHECK_CASHING_URL = "http://127.0.0.1:4021";

/** A port that is free on `host` right now (the OS picks it). */
export function freePort(host = "127.0.0.1") {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

const delay = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resolves once a TCP connection to host:port opens (and closes it): no HTTP request, so Prism logs nothing. */
function tcpOpen(host, port, timeoutMs = 1000) {
  return new Promise((resolveOpen, reject) => {
    const socket = connect({ host, port });
    const timer = setTimeout(() => socket.destroy(new Error("timeout")), timeoutMs);
    socket.once("connect", () => { clearTimeout(timer); socket.end(); resolveOpen(); });
    socket.once("error", (error) => { clearTimeout(timer); reject(error); });
  });
}

/** Prism's warning and error lines (a request the contract refuses, a response it cannot build). */
export function isPrismProblem(line) {
  return /[✖⚠]|\b(error|warning)\b/.test(line);
}

/** How a mock passes Prism's lines on: `log(line, label)`, or true for stdout, false for nothing. */
function logger(log) {
  if (typeof log === "function") return log;
  return log ? (line, label) => process.stdout.write(`[${label}] ${line}\n`) : () => {};
}

/**
 * Starts one Prism mock and resolves once it listens (TCP), or rejects if it exits, never does, or
 * `signal` aborts first. Prism runs under scripts/prism-child.cjs, which ends it when this process
 * ends, so no mock outlives its starter.
 */
async function startPrism({ document, host, port, log, label, readyTimeoutMs, signal }) {
  if (!existsSync(prismBin)) throw new Error(`Prism is not installed (${prismBin}); run npm ci`);
  signal?.throwIfAborted();
  const child = spawn(process.execPath, [prismChild, prismBin, "mock", "--host", host, "--port", String(port), document], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const output = [];
  const emit = logger(log);
  // Whole lines only: a chunk may end in the middle of one.
  const collector = () => {
    let partial = "";
    return (chunk) => {
      const text = chunk.toString();
      output.push(text);
      if (output.length > 200) output.shift();
      const lines = (partial + text).split("\n");
      partial = lines.pop();
      for (const line of lines) if (line.trim()) emit(line, label);
    };
  };
  child.stdout.on("data", collector());
  child.stderr.on("data", collector());
  let exited = null;
  const exitedPromise = new Promise((r) => child.once("exit", (code, exitSignal) => { exited = { code, signal: exitSignal }; r(); }));

  const stop = async () => {
    if (exited === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => { if (exited === null) child.kill("SIGKILL"); }, 5000);
      await exitedPromise;
      clearTimeout(timer);
    }
  };

  // Prism names its URL in its "listening" line (with port 0 the OS picks the port). Waiting for
  // that line also keeps a port already taken by another server from passing for ready.
  let url;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (signal?.aborted) {
      await stop();
      throw signal.reason;
    }
    if (exited !== null) {
      throw new Error(`Prism (${label}) exited (${exited.code ?? exited.signal}) before it was ready:\n${output.join("")}`);
    }
    if (url === undefined) {
      const listening = /Prism is listening on (http:\/\/[^\s]+)/.exec(output.join(""));
      if (listening) url = listening[1].replace(/\/$/, "");
    }
    try {
      if (url === undefined) throw new Error("not listening yet");
      // A TCP probe, not an HTTP one: an HTTP probe makes Prism log the request and, for a
      // request the contract rejects, a validation error, before the banner.
      const { hostname, port: openPort } = new URL(url);
      await tcpOpen(hostname, Number(openPort));
      return { url, stop, output };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`Prism (${label}) did not answer on ${url ?? `${host}:${port}`} within ${readyTimeoutMs} ms:\n${output.join("")}`);
      }
      await delay(100);
    }
  }
}

/**
 * Starts a Prism mock of one published document (`bank-payments`, `check-cashing` or
 * `sandbox-helpers`); resolves to `{ url, stop }` once it listens.
 */
export async function startDocumentMock(name, { port = 0, host = "127.0.0.1", log = false, readyTimeoutMs = 60_000, signal } = {}) {
  const { url, stop } = await startPrism({
    document: join(root, "generated/openapi", `${name}.yaml`), host, port, log, label: name, readyTimeoutMs, signal,
  });
  return { url, stop };
}

/**
 * Starts both mocks. Resolves to `{ bankUrl, checkCashingUrl, stop }` once both answer; `stop()`
 * ends both Prism processes. Ports default to 4010 and 4011; port 0 lets the OS pick a free one
 * (the URLs then carry the port Prism reports). An aborted `signal` stops whatever started and
 * rejects.
 */
export async function startMock({
  bankPort = DEFAULT_BANK_PORT,
  checkCashingPort = DEFAULT_CHECK_CASHING_PORT,
  host = "127.0.0.1",
  log = false,
  readyTimeoutMs = 60_000,
  signal,
} = {}) {
  const common = { host, log, readyTimeoutMs, signal };
  const results = await Promise.allSettled([
    startDocumentMock("bank-payments", { ...common, port: bankPort }),
    startDocumentMock("check-cashing", { ...common, port: checkCashingPort }),
  ]);
  const started = results.filter((r) => r.status === "fulfilled").map((r) => r.value);
  const failed = results.find((r) => r.status === "rejected");
  if (failed) {
    await Promise.all(started.map((s) => s.stop()));
    throw failed.reason;
  }
  const [bank, checkCashing] = started;
  return {
    bankUrl: bank.url,
    checkCashingUrl: checkCashing.url,
    stop: () => Promise.all([bank.stop(), checkCashing.stop()]).then(() => undefined),
  };
}

/** The text printed once both mocks are ready. */
export function banner({ bankUrl, checkCashingUrl, verbose }) {
  const body = JSON.stringify({
    amount: 125, bank_account: "bank_account_Vd93LmQa2XkP7rTe", consumer_id: "consumer_Hq7Zx2LmN4pR8sTu",
    store_number: "0042", type: "bankpay",
  });
  return `
Mocks ready (Prism: stateless, answers the contract's examples, validates every request)
  Bank Payment Service   ${bankUrl}   (paths under /api)
  Check Cashing Service  ${checkCashingUrl}   (POST /v1/payroll)

Try:
  curl -s ${bankUrl}/api/transaction-intents/transaction_intent_2Rb7YcM4nQ8wLx5K -H 'Authorization: Bearer sk_test_any' -H 'Accept: application/json'
  curl -s -X POST ${bankUrl}/api/transaction-intents -H 'Authorization: Bearer sk_test_any' -H 'Content-Type: application/json' -H 'Prefer: code=201' -d '${body}'
  Pick a documented response with -H 'Prefer: code=409' or -H 'Prefer: code=201, example=Create and authorize'
  (without 'Prefer: code=201' a creation answers the lowest 2xx: the 200 "declined" example).

The mock keeps no state: a created intent cannot be read back or captured. README's complete
example (create, capture, refund, credit, list) needs the reference sandbox, which remembers and
applies the rules:
  npm run sandbox       bank on ${SANDBOX_BANK_URL}, check cashing on ${SANDBOX_CHECK_CASHING_URL}
                        (in a project that installed the package: npx payments-sandbox)
  npx tsx example.ts    the example's default URL is the sandbox's; BANK_PAYMENTS_URL=<url> for another
The typed client against this mock answers the contract's examples:
  import { createBankPayments } from "bank-payments-contract";
  const bank = createBankPayments({ baseUrl: "${bankUrl}", apiKey: "sk_test_any" });

${verbose ? "Showing everything Prism logs." : "Showing Prism's warnings and errors only (--verbose: everything)."} Ctrl-C stops both.
`;
}

async function main() {
  const verbose = process.argv.includes("--verbose");
  const host = process.env.MOCK_HOST ?? "127.0.0.1";
  const bankPort = Number(process.env.BANK_MOCK_PORT ?? DEFAULT_BANK_PORT);
  const checkCashingPort = Number(process.env.CHECK_CASHING_MOCK_PORT ?? DEFAULT_CHECK_CASHING_PORT);
  // The handlers come first, before Prism is started: a SIGINT or SIGTERM that arrived before them
  // would end this process at once, by the signal's default action, without stopping Prism. (They
  // used to be installed just after the start began, and Prism's launcher exists from the moment it
  // is forked, inside that call: a signal sent on seeing it, on a loaded machine, could come first.)
  // During start-up a signal aborts the start, which stops what already runs.
  const starting = new AbortController();
  let ready = false;
  let started;
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    starting.abort(new Error("stopped during start-up"));
    await started?.then((mock) => mock.stop(), () => undefined);
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);

  const log = (line, label) => {
    if (verbose || (ready && isPrismProblem(line))) process.stdout.write(`[${label}] ${line}\n`);
  };
  started = startMock({ host, bankPort, checkCashingPort, log, signal: starting.signal });

  const mock = await started.catch((error) => {
    if (stopping) return new Promise(() => {}); // shutdown() exits once the start has unwound
    throw error;
  });
  process.stdout.write(banner({ ...mock, verbose }));
  ready = true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
