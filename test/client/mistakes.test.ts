// A merchant's first-hour mistakes with the client, as the messages they see: a base URL ending in
// /api or without a scheme (refused when the client is created, naming the value and the URL to
// use, which then works against the real sandbox), and a server that cannot be reached (nothing
// listening on the port, a host name that does not resolve, a server that closes the connection,
// https against the plain-http sandbox), each a ConnectionError that says what to check and keeps
// fetch's error as its cause.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import {
  ConnectionError,
  createBankPayments,
  createBankPaymentsClient,
  createCheckCashing,
  createCheckCashingClient,
  createSandboxHelpers,
  createSandboxHelpersClient,
  type ConnectionFailure,
} from "../../entry/index.js";

let sandbox: Sandbox;

before(async () => {
  sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
});

after(async () => {
  await sandbox?.close();
});

/** The thrown error's message (the test fails when nothing is thrown). */
function messageOf(create: () => unknown): string {
  try {
    create();
  } catch (error) {
    assert.ok(error instanceof TypeError, String(error));
    return error.message;
  }
  assert.fail("no error was thrown");
}

/** The URL a message says to use. */
const suggested = (message: string) => /Use "([^"]+)"\.$/.exec(message)?.[1];

const bankFactories: [string, (baseUrl: string) => unknown][] = [
  ["createBankPayments", (baseUrl) => createBankPayments({ baseUrl, apiKey: "sk_test_sandbox" })],
  ["createSandboxHelpers", (baseUrl) => createSandboxHelpers({ baseUrl, apiKey: "sk_test_sandbox" })],
  ["createBankPaymentsClient", (baseUrl) => createBankPaymentsClient({ baseUrl, apiKey: "sk_test_sandbox" })],
  ["createSandboxHelpersClient", (baseUrl) => createSandboxHelpersClient({ baseUrl, apiKey: "sk_test_sandbox" })],
];

describe("a base URL ending in the path prefix, or without a scheme, is refused at creation", () => {
  it("ends in /api: the message names the value, why it fails, and the URL to use", () => {
    const given = `${sandbox.bankUrl}/api`;
    assert.equal(
      messageOf(() => createBankPayments({ baseUrl: given, apiKey: sandbox.secretKey })),
      `createBankPayments: baseUrl "${given}" ends in /api, but the operation paths start with /api (the documented ` +
        "{base_url} is without it): every request would go to /api/api/... and answer 404, which reads like an unknown id. " +
        `Use "${sandbox.bankUrl}".`,
    );
  });

  it("the URL the message suggests works against the sandbox", async () => {
    const message = messageOf(() => createBankPayments({ baseUrl: `${sandbox.bankUrl}/api/`, apiKey: sandbox.secretKey }));
    const fixed = suggested(message);
    assert.equal(fixed, sandbox.bankUrl);
    const { data, response } = await createBankPayments({ baseUrl: fixed!, apiKey: sandbox.secretKey }).transactionIntents.listPage();
    assert.equal(response.status, 200);
    assert.ok(data);
  });

  it("every bank factory refuses it, named in its message; a deeper base path keeps its prefix", () => {
    for (const [name, create] of bankFactories) {
      const message = messageOf(() => create("https://payments.example/v2/api"));
      assert.ok(message.startsWith(`${name}: baseUrl "https://payments.example/v2/api" ends in /api`), message);
      assert.equal(suggested(message), "https://payments.example/v2");
    }
  });

  it("check cashing: a base URL ending in /v1", () => {
    const given = `${sandbox.checkCashingUrl}/v1`;
    for (const [name, create] of [["createCheckCashing", createCheckCashing], ["createCheckCashingClient", createCheckCashingClient]] as const) {
      assert.equal(
        messageOf(() => create({ baseUrl: given })),
        `${name}: baseUrl "${given}" ends in /v1, but the operation paths start with /v1 (the documented {cashline_url} ` +
          "is without it): every request would go to /v1/v1/... and answer 404, which reads like an unknown id. " +
          `Use "${sandbox.checkCashingUrl}".`,
      );
    }
  });

  it("no scheme: the message says so and gives the URL with http://", () => {
    const hostAndPort = sandbox.bankUrl.replace("http://", "");
    assert.equal(
      messageOf(() => createBankPayments({ baseUrl: hostAndPort, apiKey: sandbox.secretKey })),
      `createBankPayments: baseUrl "${hostAndPort}" has no scheme. Expected the service's {base_url}, an absolute ` +
        `http:// or https:// URL without /api, e.g. "http://127.0.0.1:4020". Use "http://${hostAndPort}".`,
    );
    // `localhost:4020` parses as a URL of scheme `localhost:`: still no http(s) scheme.
    assert.equal(suggested(messageOf(() => createBankPayments({ baseUrl: "localhost:4020", apiKey: "k" }))), "http://localhost:4020");
    assert.match(messageOf(() => createCheckCashing({ baseUrl: "127.0.0.1:4021" })), /^createCheckCashing: baseUrl "127\.0\.0\.1:4021" has no scheme\. .* Use "http:\/\/127\.0\.0\.1:4021"\.$/);
  });

  it("another scheme, or an empty URL", () => {
    assert.equal(
      messageOf(() => createBankPayments({ baseUrl: "ftp://127.0.0.1:4020", apiKey: "k" })),
      'createBankPayments: baseUrl "ftp://127.0.0.1:4020" is not an http:// or https:// URL. Expected the service\'s ' +
        '{base_url}, an absolute http:// or https:// URL without /api, e.g. "http://127.0.0.1:4020".',
    );
    assert.match(messageOf(() => createBankPayments({ baseUrl: "", apiKey: "k" })), /^createBankPayments: baseUrl is ""\. Expected/);
  });

  it("a base URL that merely contains api elsewhere is accepted", () => {
    for (const baseUrl of ["https://api.payments.example", "https://payments.example/myapi", "http://127.0.0.1:4020/"]) {
      assert.doesNotThrow(() => createBankPayments({ baseUrl, apiKey: "k" }), baseUrl);
    }
  });
});

/** A port nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Asserts a ConnectionError of the given kind whose cause is fetch's own error; returns its message. */
async function connectionFailure(pending: Promise<object>, failure: ConnectionFailure): Promise<string> {
  let message = "";
  await assert.rejects(pending, (error: unknown) => {
    assert.ok(error instanceof ConnectionError, String(error));
    assert.ok(error instanceof TypeError, "a ConnectionError is a TypeError, as fetch's own");
    assert.equal(error.failure, failure, error.message);
    assert.ok(error.cause instanceof TypeError && error.cause.message === "fetch failed", "the original error is the cause");
    message = error.message;
    return true;
  });
  return message;
}

describe("a server that cannot be reached: a ConnectionError that says what to check", () => {
  const sandboxDefaults = "The sandbox (npx payments-sandbox) listens on http://127.0.0.1:4020 (bank) and " +
    "http://127.0.0.1:4021 (check cashing) unless --bank-port or --check-cashing-port say otherwise.";

  it("connection refused (the sandbox is not running): is it running, is the port right", async () => {
    const port = await closedPort();
    const bank = createBankPayments({ baseUrl: `http://127.0.0.1:${port}`, apiKey: "sk_test_sandbox" });
    const message = await connectionFailure(bank.transactionIntents.create({ amount: 10, bank_account: "bank_account_Conn0001",
      consumer_id: "consumer_Conn0001", store_number: "0042", type: "bankpay" }), "refused");
    assert.equal(
      message,
      `POST http://127.0.0.1:${port}/api/transaction-intents failed: connection refused: nothing is listening at ` +
        `127.0.0.1:${port} (ECONNREFUSED). Is the sandbox or your server running, and is the port in baseUrl the one ` +
        `it listens on? ${sandboxDefaults}`,
    );
  });

  it("connection refused on a GET, after its retries; and on the check cashing client", async () => {
    const port = await closedPort();
    const bank = createBankPayments({ baseUrl: `http://127.0.0.1:${port}`, apiKey: "sk_test_sandbox", retries: 1 });
    const message = await connectionFailure(bank.credits.retrieve("credit_Conn0001"), "refused");
    assert.match(message, /^GET http:\/\/127\.0\.0\.1:\d+\/api\/credits\/credit_Conn0001 failed: connection refused/);
    const cashing = createCheckCashing({ baseUrl: `http://127.0.0.1:${port}` });
    const payroll = await connectionFailure(cashing.payroll.submit({
      merchantID: "104233", trxID: "CONN-1", dob: "1988-04-12", ssn: "123456789", name: { lastName: "W" },
      id: { idCode: "TX", idValue: "1" }, integratorID: "INTG-0042", netAmount: 10, account: { micrData: "1" },
    }), "refused");
    assert.match(payroll, /^POST http:\/\/127\.0\.0\.1:\d+\/v1\/payroll failed: connection refused/);
  });

  it("the low-level clients explain it too", async () => {
    const port = await closedPort();
    const client = createBankPaymentsClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: "sk_test_sandbox" });
    const message = await connectionFailure(client.GET("/api/credits/{credit_id}", { params: { path: { credit_id: "credit_Conn0001" } } }), "refused");
    assert.match(message, /^GET http:\/\/127\.0\.0\.1:\d+\/api\/credits\/credit_Conn0001 failed: connection refused/);
    const cashing = createCheckCashingClient({ baseUrl: `http://127.0.0.1:${port}` });
    await connectionFailure(cashing.POST("/v1/payroll", { body: {} as never }), "refused");
  });

  it("a host name that does not resolve: check the host", async () => {
    const bank = createBankPayments({ baseUrl: "http://payments-sandbox.invalid", apiKey: "sk_test_sandbox", retries: 0 });
    const message = await connectionFailure(bank.transactionIntents.retrieve("transaction_intent_Conn0001"), "host_not_found");
    assert.match(
      message,
      /^GET http:\/\/payments-sandbox\.invalid\/api\/transaction-intents\/transaction_intent_Conn0001 failed: the host name "payments-sandbox\.invalid" could not be resolved \((ENOTFOUND|EAI_AGAIN)\)\. Check the host in baseUrl \(the sandbox runs on 127\.0\.0\.1\)\.$/,
    );
  });

  describe("a server that closes the connection", () => {
    let closer: Server;
    before(async () => {
      closer = createServer((socket) => socket.on("data", () => socket.resetAndDestroy()));
      await new Promise<void>((resolve) => closer.listen(0, "127.0.0.1", resolve));
    });
    after(() => new Promise<void>((resolve) => closer.close(() => resolve())));

    it("is this the API's server, is it still running", async () => {
      const { port } = closer.address() as AddressInfo;
      const bank = createBankPayments({ baseUrl: `http://127.0.0.1:${port}`, apiKey: "sk_test_sandbox" });
      const message = await connectionFailure(bank.transactionIntents.cancel("transaction_intent_Conn0001"), "closed");
      assert.equal(
        message,
        `PATCH http://127.0.0.1:${port}/api/transaction-intents/transaction_intent_Conn0001 failed: the server at ` +
          `127.0.0.1:${port} closed the connection before answering (ECONNRESET). Is baseUrl the address of a server ` +
          "of this API, and is it still running?",
      );
    });
  });

  it("a browser's bare `TypeError: Failed to fetch` (no cause): the browser kind, naming baseUrl, the server and its CORS origins", async () => {
    for (const wording of ["Failed to fetch", "NetworkError when attempting to fetch resource.", "Load failed"]) {
      const bank = createBankPayments({ baseUrl: "http://127.0.0.1:4020", apiKey: "pk_test_sandbox", retries: 0, fetch: () => Promise.reject(new TypeError(wording)) });
      await assert.rejects(bank.transactionIntents.retrieve("transaction_intent_Conn0001"), (error: unknown) => {
        assert.ok(error instanceof ConnectionError, String(error));
        assert.equal(error.failure, "browser");
        assert.equal(error.code, undefined);
        assert.ok(error.cause instanceof TypeError && error.cause.message === wording, "the browser's error is the cause");
        assert.match(error.message, /^GET http:\/\/127\.0\.0\.1:4020\/api\/transaction-intents\/transaction_intent_Conn0001 failed: the browser could not make the request \(it does not say why\)\. Check that baseUrl is right, that the server is running, and that it allows this page's origin \(this page\) in its CORS origins/);
        return true;
      });
    }
    // Any other TypeError without a cause is not a network failure, and stays as it is.
    const bank = createBankPayments({ baseUrl: "http://127.0.0.1:4020", apiKey: "pk_test_sandbox", retries: 0, fetch: () => Promise.reject(new TypeError("Invalid header value")) });
    await assert.rejects(bank.transactionIntents.retrieve("transaction_intent_Conn0001"), (error: unknown) => !(error instanceof ConnectionError) && error instanceof TypeError);
  });

  it("https against the plain-http sandbox: use http://", async () => {
    const bank = createBankPayments({ baseUrl: sandbox.bankUrl.replace("http:", "https:"), apiKey: sandbox.secretKey });
    const message = await connectionFailure(bank.transactionIntents.cancel("transaction_intent_Conn0001"), "tls");
    assert.match(message, /failed: the TLS handshake with 127\.0\.0\.1:\d+ failed \(ERR_SSL_[A-Z_]+\)\. Does the server speak https\? The sandbox speaks plain http: use an http:\/\/ baseUrl\.$/);
  });
});
