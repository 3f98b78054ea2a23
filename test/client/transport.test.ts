// What the resource clients do off the contract's happy paths, against a local server that
// misbehaves on purpose: GETs retried after network failures and timeouts, other methods never
// retried, the caller's abort honoured, undocumented answers thrown as UnexpectedResponseError.
import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, beforeEach, describe, it } from "node:test";
import { createBankPayments, UnexpectedResponseError } from "../../entry/index.js";

type Behaviour = "drop" | "hang" | "ok" | "html-500" | "bad-409";
let script: Behaviour[] = [];
let attempts = 0;
const credit = {
  id: "credit_Lm3Qx8RzT5vK2pWa", amount: "25.00", creditable: { type: "transaction_intent", id: "transaction_intent_2Rb7YcM4nQ8wLx5K" },
  type: "linked", status: "succeeded", created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z",
  employee_number: null, extras: null, reason: null, cancel_message: null, reference_number: "CR-1",
};

const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  attempts += 1;
  request.resume();
  const behaviour = script.shift() ?? "ok";
  if (behaviour === "drop") return void request.socket.destroy();
  if (behaviour === "hang") return;
  if (behaviour === "html-500") return void response.writeHead(500, { "Content-Type": "text/html" }).end("<h1>Server Error</h1>");
  if (behaviour === "bad-409") return void response.writeHead(409, { "Content-Type": "application/json" }).end('{"message":"no code"}');
  response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ data: credit, meta: { type: "credit" } }));
});
let baseUrl = "";

before(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  attempts = 0;
  script = [];
});

const client = (options: { retries?: number; timeoutMs?: number } = {}) =>
  createBankPayments({ baseUrl, apiKey: "sk_test_transport", ...options });

describe("retries and timeouts", () => {
  it("retries a GET after network failures, then answers", async () => {
    script = ["drop", "drop", "ok"];
    const { data } = await client({ retries: 2 }).credits.retrieve(credit.id);
    assert.equal(data?.id, credit.id);
    assert.equal(attempts, 3);
  });

  it("gives up after the retries with the network error", async () => {
    script = ["drop", "drop"];
    await assert.rejects(client({ retries: 1 }).credits.retrieve(credit.id), TypeError);
    assert.equal(attempts, 2);
  });

  it("never retries a PATCH (it may have been carried out)", async () => {
    script = ["drop", "ok"];
    await assert.rejects(client({ retries: 3 }).credits.cancel(credit.id), TypeError);
    assert.equal(attempts, 1);
  });

  it("abandons a request after timeoutMs and retries a GET that timed out", async () => {
    script = ["hang", "hang"];
    await assert.rejects(client({ timeoutMs: 100, retries: 1 }).credits.retrieve(credit.id), { name: "TimeoutError" });
    assert.equal(attempts, 2);
    script = ["hang", "ok"];
    attempts = 0;
    const { data } = await client({ timeoutMs: 100, retries: 1 }).credits.retrieve(credit.id);
    assert.equal(data?.id, credit.id);
    assert.equal(attempts, 2);
  });

  it("does not retry after the caller aborted", async () => {
    script = ["hang", "ok"];
    const controller = new AbortController();
    const pending = client({ retries: 3, timeoutMs: 0 }).credits.retrieve(credit.id, { signal: controller.signal });
    while (attempts === 0) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await assert.rejects(pending, { name: "AbortError" });
    assert.equal(attempts, 1);
  });
});

describe("answers the contract does not document", () => {
  it("an undocumented status throws UnexpectedResponseError with the status and the text", async () => {
    script = ["html-500"];
    await assert.rejects(client().credits.retrieve(credit.id), (error: unknown) => {
      assert.ok(error instanceof UnexpectedResponseError);
      assert.equal(error.status, 500);
      assert.equal(error.operationId, "getCredit");
      assert.match(error.bodyText, /Server Error/);
      return true;
    });
  });

  it("a documented status whose body lacks its code throws too", async () => {
    script = ["bad-409"];
    await assert.rejects(client().credits.cancel(credit.id), UnexpectedResponseError);
  });
});
