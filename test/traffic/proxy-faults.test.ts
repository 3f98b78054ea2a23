// The proxy under faults, from both sides. Upstream: one that refuses, resets, talks garbage or
// stalls is answered 502 or 504 with a JSON body, and the proxy stays up; a kept-alive connection
// the upstream closes as the next request arrives costs no GET a 502 (sent again once on a fresh
// connection) and is never sent again for a POST that reached it. Client: malformed requests (a
// header without a colon, a 100 KiB header, CL with TE, a bad chunk size, NUL in a header...) are
// answered as a plain node:http server answers them (400, 431); clients that read nothing of a
// large answer hold the upstream back (backpressure) instead of filling the proxy's memory, and
// leave no exchange in the recording when they go.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect, type Socket } from "node:net";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { readRecording } from "../../conformance/traffic/har.js";
import { startProxy } from "../../conformance/traffic/proxy.js";
import { freePort } from "../../scripts/mock.mjs";
import { rawRequest, send, startRawUpstream, startUpstream, type Upstream } from "./proxy-helpers.js";

const dir = mkdtempSync(join(tmpdir(), "proxy-faults-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The proxy's JSON error answer: status and the `error` it names. */
async function gatewayError(url: string): Promise<[number, string]> {
  const got = await send(url, { path: "/api/transaction-intents" });
  assert.match(got.lines.find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "", /^application\/json/);
  return [got.status, (JSON.parse(got.body.toString()) as { error: string }).error];
}

describe("an upstream that fails", () => {
  test("refused, reset, garbage and a stall are answered 502, 502, 502 and 504 with a JSON body; the proxy stays up and judges none of them", async () => {
    const closedPort = await freePort();
    const reset = await startRawUpstream((socket) => socket.once("data", () => socket.resetAndDestroy()));
    const garbage = await startRawUpstream((socket) => socket.once("data", () => socket.end("this is not HTTP\r\n\r\n")));
    const stalled = await startRawUpstream(() => {});
    const healthy = await startUpstream((_req, res) => res.end("fine"));
    try {
      const cases: Array<[string, [number, string]]> = [
        [`http://127.0.0.1:${closedPort}`, [502, "bad_gateway"]], [reset.url, [502, "bad_gateway"]], [garbage.url, [502, "bad_gateway"]], [stalled.url, [504, "gateway_timeout"]],
      ];
      for (const [upstream, expected] of cases) {
        const proxy = await startProxy({ service: "bank-payments", upstream, upstreamTimeout: 0.3 });
        assert.deepEqual(await gatewayError(proxy.url), expected, upstream);
        assert.deepEqual(await gatewayError(proxy.url), expected, "and again: the proxy stays up");
        const result = await proxy.close();
        assert.equal(result.exchanges, 0, "a failure of the upstream is no exchange");
        assert.equal(result.lost, 2, "counted as requests that got no answer");
      }
      const proxy = await startProxy({ service: "bank-payments", upstream: healthy.url });
      assert.equal((await send(proxy.url, { path: "/" })).body.toString(), "fine");
      await proxy.close();
    } finally {
      await Promise.all([reset.close(), garbage.close(), stalled.close(), healthy.close()]);
    }
  });

  test("an answer the upstream breaks off half-way is cut for the client too, and is no exchange", async () => {
    const upstream = await startRawUpstream((socket) => socket.once("data", () => {
      socket.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"half\":");
      setImmediate(() => socket.destroy());
    }));
    const record = join(dir, "broken-off.har");
    const proxy = await startProxy({ service: "bank-payments", upstream: upstream.url, record });
    try {
      await assert.rejects(send(proxy.url, { path: "/x" }), "the client sees the answer cut, not a shorter one passed as whole");
    } finally {
      const result = await proxy.close();
      await upstream.close();
      assert.equal(result.lost, 1);
    }
    assert.deepEqual(readRecording(record).exchanges, []);
  });
});

describe("a kept-alive upstream connection closed as the next request arrives", () => {
  let upstream: Awaited<ReturnType<typeof startRawUpstream>>;
  const received: string[] = [];

  before(async () => {
    // Answers the first request on each connection (kept alive), and closes the connection when the next one arrives.
    upstream = await startRawUpstream((socket) => {
      let answered = false;
      socket.on("data", (chunk) => {
        const requestLine = chunk.toString("latin1").split("\r\n")[0];
        received.push(requestLine);
        if (answered) return void socket.destroy();
        answered = true;
        socket.write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok");
      });
    });
  });
  after(async () => { await upstream?.close(); });

  test("40 GETs one after another all get their 200 (each sent again once on a fresh connection)", async () => {
    const proxy = await startProxy({ service: "bank-payments", upstream: upstream.url });
    received.length = 0;
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) statuses.push((await send(proxy.url, { path: `/read/${i}` })).status);
    await proxy.close();
    assert.deepEqual(statuses.filter((status) => status !== 200), [], "no 502");
    assert.ok(received.length > 40, "some were sent twice: the test's upstream did close connections under them");
  });

  test("a POST that reached the upstream before it closed is answered 502, and was sent once", async () => {
    const proxy = await startProxy({ service: "bank-payments", upstream: upstream.url });
    received.length = 0;
    assert.equal((await send(proxy.url, { path: "/first" })).status, 200);
    // The POST goes on the connection the GET left open.
    const posted = await send(proxy.url, { method: "POST", path: "/create", lines: [["Content-Type", "application/json"]], body: "{}" });
    await proxy.close();
    assert.equal(posted.status, 502);
    assert.equal(received.filter((line) => line.startsWith("POST /create ")).length, 1, "a POST that may have taken effect is not sent again");
  });
});

describe("malformed requests", () => {
  let upstream: Upstream;
  before(async () => {
    // A plain node:http server that reads the whole request before it answers, as servers that need the body do.
    upstream = await startUpstream((req, res) => {
      req.resume();
      req.on("end", () => res.end("ok"));
    });
  });
  after(async () => { await upstream?.close(); });

  const malformed: Record<string, string> = {
    "garbage": "garbage\r\n\r\n",
    "a header line without a colon": "GET / HTTP/1.1\r\nHost: x\r\nNoColonHeader\r\n\r\n",
    "a 100 KiB header": `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(100 * 1024)}\r\n\r\n`,
    "Content-Length with Transfer-Encoding": "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    "a bad chunk size": "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n",
    "a chunk without its CRLF": "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhelloXX0\r\n\r\n",
    "NUL in a header": "GET / HTTP/1.1\r\nHost: x\r\nX: a\0b\r\n\r\n",
    "a space before the colon": "GET / HTTP/1.1\r\nHost : x\r\n\r\n",
    "a space in a header name": "GET / HTTP/1.1\r\nHost: x\r\nX Y: z\r\n\r\n",
    "a header name with a separator": "GET / HTTP/1.1\r\nHost: x\r\nX(: a\r\n\r\n",
    "a method that is no token": "G@T / HTTP/1.1\r\nHost: x\r\n\r\n",
    "HTTP/9.9": "GET / HTTP/9.9\r\nHost: x\r\n\r\n",
    "two Content-Lengths that differ": "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
    "a negative Content-Length": "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
    "a Content-Length that is no number": "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
    "chunked not last": "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, gzip\r\n\r\n",
    "a folded header line": "GET / HTTP/1.1\r\nHost: x\r\nX: a\r\n  folded\r\n\r\n",
    "bare LF line ends": "GET / HTTP/1.1\nHost: x\n\n",
    "a bare CR": "GET / HTTP/1.1\rHost: x\r\n\r\n",
    "a control character in the target": "GET /a\x01b HTTP/1.1\r\nHost: x\r\n\r\n",
    "no Host in HTTP/1.1": "GET / HTTP/1.1\r\n\r\n",
  };

  test("each is answered as a plain node:http server answers it (400 or 431), and the proxy stays up", async () => {
    const proxy = await startProxy({ service: "bank-payments", upstream: upstream.url });
    const statusLine = (answer: string) => answer.split("\r\n")[0];
    const differ: string[] = [];
    for (const [kind, bytes] of Object.entries(malformed)) {
      const plain = statusLine(await rawRequest(upstream.url, bytes));
      const proxied = statusLine(await rawRequest(proxy.url, bytes));
      assert.match(plain, /^HTTP\/1\.1 4(00|31) /, `node:http refuses ${kind}`);
      if (proxied !== plain) differ.push(`${kind}: node:http "${plain}", the proxy "${proxied}"`);
    }
    assert.deepEqual(differ, []);
    assert.equal((await send(proxy.url, { path: "/" })).body.toString(), "ok", "still serving");
    await proxy.close();
  });
});

describe("backpressure", () => {
  test("clients that read nothing of a large answer hold the upstream back, and leave no exchange when they go", async () => {
    const total = 256 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const written: number[] = [];
    const closed: boolean[] = [];
    // Writes its answer as fast as it is taken, never buffering more than one chunk.
    const upstream = await startUpstream((_req, res) => {
      const index = written.push(0) - 1;
      closed.push(false);
      res.on("close", () => { closed[index] = true; });
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(total) });
      const more = () => {
        while (written[index] < total && !res.destroyed) {
          written[index] += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", more);
        }
        res.end();
      };
      more();
    });
    const record = join(dir, "backpressure.har");
    const proxy = await startProxy({ service: "bank-payments", upstream: upstream.url, record });
    const clients: Socket[] = [];
    try {
      for (let i = 0; i < 4; i += 1) {
        const socket = connect(Number(new URL(proxy.url).port), "127.0.0.1");
        socket.on("error", () => {});
        socket.write(`GET /large/${i} HTTP/1.1\r\nHost: proxy\r\n\r\n`);
        socket.pause(); // reads nothing
        clients.push(socket);
      }
      // Until every answer stops moving: then only the sockets' buffers hold what the upstream wrote.
      let last = "";
      for (let still = 0; still < 5; still += 1) {
        await sleep(200);
        const now = written.join();
        if (now !== last || written.length < clients.length) still = -1;
        last = now;
      }
      assert.ok(written.every((bytes) => bytes < total / 4), `the upstream wrote ${written.map((b) => `${(b / 2 ** 20).toFixed(1)} MiB`).join(", ")} of ${total / 2 ** 20} MiB each`);
      for (const socket of clients) socket.destroy();
      while (!closed.every(Boolean)) await sleep(20);
    } finally {
      const result = await proxy.close();
      await upstream.close();
      assert.equal(result.exchanges, 0, "no client received its answer: no exchange");
      assert.equal(result.lost, clients.length);
    }
    assert.deepEqual(readRecording(record).exchanges, [], "nothing recorded that no client received");
  });
});
