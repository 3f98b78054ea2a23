#!/usr/bin/env node
// Prism mocks of both services, from the published OpenAPI documents in generated/openapi/.
//
//   node scripts/mock.mjs        bank payments on 127.0.0.1:4010, check cashing on 127.0.0.1:4011
//                                (MOCK_HOST, BANK_MOCK_PORT and CHECK_CASHING_MOCK_PORT override)
//
// Programmatic use (tests): `const mock = await startMock({ bankPort, checkCashingPort }); ...;
// await mock.stop();`. Prism is stateless: it validates each request against the contract and
// answers the contract's examples (see README, "The mock").
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const prismBin = join(root, "node_modules/@stoplight/prism-cli/dist/index.js");

export const DEFAULT_BANK_PORT = 4010;
export const DEFAULT_CHECK_CASHING_PORT = 4011;

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

/** Starts one Prism mock and resolves once it answers HTTP, or rejects if it exits or never does. */
async function startPrism({ document, host, port, probePath, log, label, readyTimeoutMs }) {
  if (!existsSync(prismBin)) throw new Error(`Prism is not installed (${prismBin}); run npm ci`);
  const child = spawn(process.execPath, [prismBin, "mock", "--host", host, "--port", String(port), document], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = [];
  const collect = (chunk) => {
    const text = chunk.toString();
    output.push(text);
    if (output.length > 200) output.shift();
    if (log) for (const line of text.split("\n")) if (line.trim()) process.stdout.write(`[${label}] ${line}\n`);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  let exited = null;
  const exitedPromise = new Promise((r) => child.once("exit", (code, signal) => { exited = { code, signal }; r(); }));

  const stop = async () => {
    if (exited === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => { if (exited === null) child.kill("SIGKILL"); }, 5000);
      await exitedPromise;
      clearTimeout(timer);
    }
  };

  // With port 0 the OS picks the port; Prism names it in its "listening" line.
  let url = port === 0 ? undefined : `http://${host}:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exited !== null) {
      throw new Error(`Prism (${label}) exited (${exited.code ?? exited.signal}) before it was ready:\n${output.join("")}`);
    }
    if (url === undefined) {
      const listening = /Prism is listening on (http:\/\/[^\s]+)/.exec(output.join(""));
      if (listening) url = listening[1].replace(/\/$/, "");
    }
    try {
      if (url === undefined) throw new Error("not listening yet");
      // Any HTTP answer (a 401, 404 or 405 included) means Prism is listening.
      const response = await fetch(url + probePath, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
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
 * Starts both mocks. Resolves to `{ bankUrl, checkCashingUrl, stop }` once both answer; `stop()`
 * ends both Prism processes. Ports default to 4010 and 4011; port 0 lets the OS pick a free one
 * (the URLs then carry the port Prism reports).
 */
export async function startMock({
  bankPort = DEFAULT_BANK_PORT,
  checkCashingPort = DEFAULT_CHECK_CASHING_PORT,
  host = "127.0.0.1",
  log = false,
  readyTimeoutMs = 60_000,
} = {}) {
  const common = { host, log, readyTimeoutMs };
  const results = await Promise.allSettled([
    startPrism({ ...common, label: "bank-payments", port: bankPort, probePath: "/api/transaction-intents",
      document: join(root, "generated/openapi/bank-payments.yaml") }),
    startPrism({ ...common, label: "check-cashing", port: checkCashingPort, probePath: "/v1/payroll",
      document: join(root, "generated/openapi/check-cashing.yaml") }),
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

async function main() {
  const host = process.env.MOCK_HOST ?? "127.0.0.1";
  const bankPort = Number(process.env.BANK_MOCK_PORT ?? DEFAULT_BANK_PORT);
  const checkCashingPort = Number(process.env.CHECK_CASHING_MOCK_PORT ?? DEFAULT_CHECK_CASHING_PORT);
  const mock = await startMock({ host, bankPort, checkCashingPort, log: true });
  const body = JSON.stringify({
    amount: 125, bank_account: "bank_account_Vd93LmQa2XkP7rTe", consumer_id: "consumer_Hq7Zx2LmN4pR8sTu",
    store_number: "0042", type: "bankpay",
  });
  process.stdout.write(`
Mocks ready (Prism, stateless: answers the contract's examples, validates requests):
  Bank Payment Service   ${mock.bankUrl}        (paths under /api)
  Check Cashing Service  ${mock.checkCashingUrl}        (POST /v1/payroll)

Try:
  curl -s ${mock.bankUrl}/api/transaction-intents/transaction_intent_2Rb7YcM4nQ8wLx5K -H 'Authorization: Bearer sk_test_any' -H 'Accept: application/json'
  curl -s -X POST ${mock.bankUrl}/api/transaction-intents -H 'Authorization: Bearer sk_test_any' -H 'Content-Type: application/json' -H 'Prefer: code=201' -d '${body}'

Pick a documented response with a header, e.g. -H 'Prefer: code=409' or -H 'Prefer: code=201, example=Create and authorize'.
Without 'Prefer: code=201', creating a transaction intent answers the lowest 2xx: the 200 "declined" example.
Ctrl-C stops both.
`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await mock.stop();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
