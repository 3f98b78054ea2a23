// The suite's HTTP transport (conformance/http.ts) against small servers on loopback: an answer's
// status, headers and body as sent, a compressed body decoded, a kept-alive connection that the
// server drops as it is reused sent again once on a new one (but not a fresh connection dropped),
// and an unreachable server named at the preflight.
import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { after, describe, test } from "node:test";
import { gzipSync } from "node:zlib";
import { send } from "../../conformance/http.js";
import { runConformance } from "../../conformance/runner.js";

const servers: Server[] = [];
after(async () => { await Promise.all(servers.map((server) => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }))); });

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the suite's HTTP transport", () => {
  test("returns the status, every header and the body as sent, with the request's method, headers and body", async () => {
    const url = await serve((req, res) => {
      let body = "";
      req.on("data", (chunk) => { body += chunk; });
      req.on("end", () => {
        res.writeHead(201, [["Content-Type", "application/json"], ["X-Twice", "a"], ["X-Twice", "b"]]);
        res.end(JSON.stringify({ method: req.method, key: req.headers.authorization, length: req.headers["content-length"], body }));
      });
    });
    const answer = await send(`${url}/api/x?y=1`, { method: "POST", headers: { Authorization: "Bearer k" }, body: '{"é":1}' });
    assert.equal(answer.status, 201);
    assert.equal(answer.headers.get("content-type"), "application/json");
    assert.equal(answer.headers.get("x-twice"), "a, b");
    assert.deepEqual(JSON.parse(answer.text), { method: "POST", key: "Bearer k", length: "8", body: '{"é":1}' });
  });

  test("decodes a body the server compressed unasked", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip" });
      res.end(gzipSync('{"ok":true}'));
    });
    assert.equal((await send(url, { method: "GET", headers: {} })).text, '{"ok":true}');
  });

  test("sends a request again once on a new connection when a reused one is dropped unanswered, not when a new one is", async () => {
    const connections: Socket[] = [];
    const url = await serve((req, res) => {
      // The second request on a connection is dropped: a server closing an idle connection as it is reused.
      const socket = req.socket;
      const seen = (socket as Socket & { requests?: number }).requests = ((socket as Socket & { requests?: number }).requests ?? 0) + 1;
      if (!connections.includes(socket)) connections.push(socket);
      if (seen > 1 || req.url === "/drop") { socket.destroy(); return; }
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(`{"connection":${connections.indexOf(socket)}}`);
    });
    assert.equal((await send(`${url}/a`, { method: "GET", headers: {} })).text, '{"connection":0}');
    assert.equal((await send(`${url}/b`, { method: "POST", headers: {}, body: "{}" })).text, '{"connection":1}');
    // Dropped on a new connection (the retry's connection is not pooled): not sent again.
    await assert.rejects(send(`${url}/drop`, { method: "GET", headers: {} }), /socket hang up|ECONNRESET/);
    assert.equal(connections.length, 3);
    // Dropped on a reused connection, then again on the new one: sent again once, no more.
    assert.equal((await send(`${url}/c`, { method: "GET", headers: {} })).text, '{"connection":3}');
    await assert.rejects(send(`${url}/drop`, { method: "GET", headers: {} }), /socket hang up|ECONNRESET/);
    assert.equal(connections.length, 5);
  });

  test("an unreachable server stops the run at the preflight, which names the error", async () => {
    const url = await serve(() => undefined);
    const closed = servers.pop()!;
    await new Promise((resolve) => closed.close(resolve));
    const result = await runConformance({ service: "check-cashing", baseUrl: url });
    assert.deepEqual(result.checks.map((c) => `${c.layer} ${c.outcome}`), ["preflight failed"]);
    assert.match(result.checks[0].reason ?? "", new RegExp(`^cannot reach ${url} \\(ECONNREFUSED\\): is the server running`));
  });
});
