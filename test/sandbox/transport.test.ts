// Answers before any route runs, beyond issue 11's reproductions: a missing Host, CONNECT, bytes
// that are no request at all, Expect: 100-continue; and the time limits as decided.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Sandbox } from "../../sandbox/server.js";
import { defaultTimeouts, kindOfClientError, maxHeaderBytes, serverOptions } from "../../sandbox/transport.js";
import { startTestSandbox } from "./helpers.js";
import { assertServiceShape, rawExchange } from "./raw-http.js";

let sandbox: Sandbox;
before(async () => {
  sandbox = await startTestSandbox({ timeouts: { headersMs: 300, requestMs: 600, keepAliveMs: 200 } });
});
after(() => sandbox.close());

const cases = [
  { name: "HTTP/1.1 without Host", bytes: "GET /api/credits HTTP/1.1\r\n\r\n", status: 400, bankMessage: "Bad Request", responseCode: "1400" },
  { name: "CONNECT", bytes: "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", status: 404, bankMessage: "not_found", responseCode: "1404" },
  { name: "bytes that are no request line", bytes: "\u0000\u0001\u0002hello\r\n\r\n", status: 400, bankMessage: "Bad Request", responseCode: "1400" },
  { name: "a header line without a colon", bytes: "GET /api/credits HTTP/1.1\r\nHost: sandbox\r\nbroken header\r\n\r\n", status: 400, bankMessage: "Bad Request", responseCode: "1400" },
  { name: "a connection that sends nothing", bytes: null, status: 408, bankMessage: "Request Timeout", responseCode: "1408" },
];

describe("transport answers in the service's shape", () => {
  for (const service of ["bank", "check-cashing"] as const) {
    for (const row of cases) {
      test(`${service}: ${row.name} answers ${row.status}, Connection: close`, async () => {
        const answer = await rawExchange(service === "bank" ? sandbox.bankUrl : sandbox.checkCashingUrl, row.bytes);
        assertServiceShape(service, answer, row);
        assert.equal(answer.headers.connection, "close");
        assert.ok(answer.closed);
      });
    }
  }

  test("Expect: 100-continue is met: 100, then the route's own answer", async () => {
    const answer = await rawExchange(
      sandbox.checkCashingUrl,
      "POST /v1/payroll HTTP/1.1\r\nHost: sandbox\r\nExpect: 100-continue\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}",
    );
    assert.equal(answer.status, 400);
    assert.equal(answer.body.errors[0].responseCode, "1002");
  });

  test("an idle keep-alive connection is closed after keepAliveTimeout, without an answer", async () => {
    const started = performance.now();
    const answer = await rawExchange(sandbox.bankUrl, "GET /api/nothing HTTP/1.1\r\nHost: sandbox\r\n\r\n");
    assert.equal(answer.status, 404);
    assert.ok(answer.closed);
    assert.ok(performance.now() - started < 2_000);
  });
});

describe("limits as decided (README, Start it)", () => {
  test("defaults: headers 10 s, whole request 30 s, keep-alive 5 s, headers 16 KiB, checked every second", () => {
    assert.deepEqual(defaultTimeouts, { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 });
    assert.equal(maxHeaderBytes, 16 * 1024);
    const options = serverOptions(defaultTimeouts);
    assert.equal(options.connectionsCheckingInterval, 1_000);
    assert.equal(options.requireHostHeader, false);
  });

  test("parser errors map to statuses", () => {
    const error = (code: string, raw?: string) => Object.assign(new Error(code), { code, rawPacket: raw === undefined ? undefined : Buffer.from(raw) });
    assert.equal(kindOfClientError(error("HPE_HEADER_OVERFLOW")), "headersTooLarge");
    assert.equal(kindOfClientError(error("ERR_HTTP_REQUEST_TIMEOUT")), "requestTimeout");
    assert.equal(kindOfClientError(error("HPE_INVALID_METHOD", "BREW /pot HTTP/1.1\r\n")), "unknownMethod");
    assert.equal(kindOfClientError(error("HPE_INVALID_METHOD", "\u0016\u0003\u0001")), "malformed");
    assert.equal(kindOfClientError(error("HPE_INVALID_VERSION")), "malformed");
  });
});
