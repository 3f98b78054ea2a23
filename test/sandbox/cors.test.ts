// CORS of the sandbox (docs/sandbox.md, "CORS"): a preflight of every route of both services is
// answered 204 with the route's methods, Authorization and Content-Type, a max age and the
// request's origin; every answer, errors included, carries the same Access-Control-Allow-Origin;
// --cors-origin restricts the origins, --no-cors turns it off (the CLI parses both).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";

const page = "http://localhost:5173";
const cli = join(import.meta.dirname, "../../sandbox/cli.ts");

/** Every route of both services as a concrete path and its methods (bank doc section 4, the helpers, check cashing doc). */
const bankRoutes: Array<[path: string, methods: string]> = [
  ["/api/transaction-intents", "GET, POST"],
  ["/api/transaction-intents/transaction_intent_x", "GET, PATCH"],
  ["/api/transaction-intents/transaction_intent_x/address", "PATCH"],
  ["/api/credits", "GET, POST"],
  ["/api/credits/credit_x", "GET, PATCH"],
  ["/_sandbox/transaction-intents/transaction_intent_x/status", "POST"],
  ["/_sandbox/credits/credit_x/settle", "POST"],
  ["/_sandbox/settings", "GET, PATCH"],
  ["/_sandbox/reset", "POST"],
];

function preflight(url: string, origin = page, method = "PATCH"): Promise<Response> {
  return fetch(url, {
    method: "OPTIONS",
    headers: { Origin: origin, "Access-Control-Request-Method": method, "Access-Control-Request-Headers": "authorization,content-type" },
  });
}

describe("CORS, default policy (any origin)", () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0 });
  });
  after(() => sandbox.close());

  test("a preflight of every bank route is 204 with the route's methods, both headers, a max age and the origin", async () => {
    for (const [path, methods] of bankRoutes) {
      const response = await preflight(`${sandbox.bankUrl}${path}`);
      assert.equal(response.status, 204, path);
      assert.equal(response.headers.get("access-control-allow-origin"), page, path);
      assert.equal(response.headers.get("access-control-allow-methods"), methods, path);
      assert.equal(response.headers.get("access-control-allow-headers"), "Authorization, Content-Type", path);
      assert.equal(response.headers.get("access-control-max-age"), "600", path);
    }
  });

  test("a preflight of the payroll route is 204 with POST", async () => {
    const response = await preflight(`${sandbox.checkCashingUrl}/v1/payroll`, page, "POST");
    assert.equal(response.status, 204);
    assert.equal(response.headers.get("access-control-allow-origin"), page);
    assert.equal(response.headers.get("access-control-allow-methods"), "POST");
  });

  test("answers and errors carry the same Access-Control-Allow-Origin: 200, 401, 404, 422, check cashing 404", async () => {
    const origin = { Origin: "http://127.0.0.1:9999" };
    const publishable = { ...origin, Authorization: `Bearer ${sandbox.publishableKey}` };
    const created = await fetch(`${sandbox.bankUrl}/api/transaction-intents`, {
      method: "POST",
      headers: { ...origin, Authorization: `Bearer ${sandbox.secretKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ amount: 125, bank_account: "bank_account_Vd93LmQa2XkP7rTe", consumer_id: "consumer_Hq7Zx2LmN4pR8sTu", store_number: "0042", type: "bankpay" }),
    });
    const id = ((await created.json()) as { data: { id: string } }).data.id;
    const answers = [
      [created, 201],
      [await fetch(`${sandbox.bankUrl}/api/transaction-intents/${id}`, { headers: publishable }), 200],
      [await fetch(`${sandbox.bankUrl}/api/transaction-intents/${id}`, { headers: origin }), 401],
      [await fetch(`${sandbox.bankUrl}/api/nothing`, { headers: publishable }), 404],
      [await fetch(`${sandbox.bankUrl}/api/transaction-intents/${id}/address`, {
        method: "PATCH", headers: { ...publishable, "Content-Type": "application/json" }, body: JSON.stringify({ country_code: "usa" }),
      }), 422],
      [await fetch(`${sandbox.checkCashingUrl}/v1/nothing`, { method: "POST", headers: origin }), 404],
    ] as const;
    for (const [response, status] of answers) {
      assert.equal(response.status, status);
      assert.equal(response.headers.get("access-control-allow-origin"), origin.Origin, `status ${status}`);
      assert.equal(response.headers.get("vary"), "Origin");
      if (!response.bodyUsed) await response.arrayBuffer();
    }
  });

  test("a request without Origin gets no CORS headers; an OPTIONS that is no preflight is a 404 as before", async () => {
    const plain = await fetch(`${sandbox.bankUrl}/api/nothing`);
    assert.equal(plain.headers.get("access-control-allow-origin"), null);
    await plain.arrayBuffer();
    const options = await fetch(`${sandbox.bankUrl}/api/transaction-intents`, { method: "OPTIONS" });
    assert.equal(options.status, 404);
    await options.arrayBuffer();
  });
});

describe("CORS, restricted and off", () => {
  let restricted: Sandbox;
  let off: Sandbox;
  before(async () => {
    restricted = await startSandbox({ service: "bank", bankPort: 0, cors: { origins: [page] } });
    off = await startSandbox({ service: "bank", bankPort: 0, cors: false });
  });
  after(() => Promise.all([restricted.close(), off.close()]));

  test("a listed origin is allowed; another gets a 204 preflight without allow headers and answers without Access-Control-Allow-Origin", async () => {
    const path = `${restricted.bankUrl}/api/transaction-intents/transaction_intent_x`;
    assert.equal((await preflight(path)).headers.get("access-control-allow-origin"), page);
    const other = await preflight(path, "http://localhost:3000");
    assert.equal(other.status, 204);
    assert.equal(other.headers.get("access-control-allow-origin"), null);
    assert.equal(other.headers.get("access-control-allow-methods"), null);
    const read = await fetch(path, { headers: { Origin: "http://localhost:3000" } });
    assert.equal(read.status, 401);
    assert.equal(read.headers.get("access-control-allow-origin"), null);
    await read.arrayBuffer();
  });

  test("cors: false answers a preflight like any OPTIONS (404) and sends no CORS header", async () => {
    const response = await preflight(`${off.bankUrl}/api/transaction-intents`);
    assert.equal(response.status, 404);
    assert.equal(response.headers.get("access-control-allow-origin"), null);
    await response.arrayBuffer();
  });
});

describe("payments-sandbox --cors-origin / --no-cors", () => {
  const run = (...args: string[]) => spawnSync(process.execPath, ["--import", "tsx", cli, "--bank-port", "0", "--check-cashing-port", "0", "--db", ":memory:", ...args], { encoding: "utf8", timeout: 20_000 });

  test("--help states both; a value that is not an origin and the two together are refused", () => {
    assert.match(run("--help").stdout, /--cors-origin <origin>[\s\S]*--no-cors/);
    const bad = run("--cors-origin", "localhost:5173");
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /--cors-origin must be an origin/);
    const both = run("--no-cors", "--cors-origin", page);
    assert.equal(both.status, 1);
    assert.match(both.stderr, /exclude each other/);
  });
});
