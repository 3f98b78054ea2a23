// The proxy forwards byte for byte, and records what it forwarded: binary bodies of every size and
// unusual statuses come back as the upstream sent them, header lines in their order and repeated as
// sent (both ways), trailers both ways, 1xx answers (103 Early Hints and others) before the final
// one, request bodies exact; a body above the cap is forwarded whole and recorded as cut short; a
// request target in absolute form and `OPTIONS *` are forwarded and recorded. For every exchange,
// what the client received equals what the HAR holds, byte for byte (base64 where not UTF-8).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { gzipSync } from "node:zlib";
import { readRecording } from "../../conformance/traffic/har.js";
import { startProxy } from "../../conformance/traffic/proxy.js";
import type { RawExchange } from "../../conformance/traffic/exchange.js";
import { bytesOf, endToEnd, pairs, rawRequest, send, startUpstream, type Line, type Received, type Upstream } from "./proxy-helpers.js";

const cap = 2 * 1024 * 1024;
const sizes = [0, 1, 2, 3, 127, 128, 1023, 1024, 4095, 4096, 16383, 16384, 16385, 65535, 65536, 65537, 1_000_000, cap - 1, cap, cap + 1, 5 * 1024 * 1024, 8 * 1024 * 1024];
const statuses = [200, 201, 202, 203, 204, 206, 207, 226, 299, 300, 301, 302, 304, 307, 308, 400, 401, 403, 409, 418, 422, 429, 451, 499, 500, 502, 503, 504, 599];
const invalidUtf8 = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0xff, 0xfe, 0xc3, 0x28, 0x7d, 0xed, 0xa0, 0x80, 0xf8, 0x88, 0x80, 0x80, 0x80]);
const gzipped = gzipSync(Buffer.from(JSON.stringify({ data: Array.from({ length: 50 }, (_, i) => ({ id: `transaction_intent_${i}`, amount: "1.00" })) })));

/** What the upstream was sent, request by request. */
type Seen = { method: string; url: string; lines: Line[]; sha256: string; length: number; trailers: Line[] };

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

function answer(res: ServerResponse, url: URL) {
  const [, route, arg] = url.pathname.split("/");
  if (route === "binary") {
    const size = Number(arg);
    res.writeHead(200, "OK", ["Content-Type", "application/octet-stream", "Content-Length", String(size)]);
    return res.end(bytesOf(size));
  }
  if (route === "status") {
    const status = Number(arg);
    const empty = status === 204 || status === 304;
    res.writeHead(status, `Reason for ${status}`, ["Content-Type", "text/plain", ...(status >= 300 && status < 400 ? ["Location", "/elsewhere"] : [])]);
    return res.end(empty ? undefined : `status ${status}`);
  }
  if (route === "repeated") {
    res.writeHead(200, ["Set-Cookie", "a=1; Path=/", "Set-Cookie", "b=2", "Set-Cookie", "c=3; HttpOnly", "Location", "/one", "Location", "/two",
      "Server", "first", "Server", "second", "X-Multi", "1", "x-multi", "2", "Content-Type", "text/plain"]);
    return res.end("repeated");
  }
  if (route === "trailers") {
    res.writeHead(200, ["Content-Type", "text/plain", "Trailer", "X-Checksum"]);
    res.write("first part, ");
    res.addTrailers([["X-Checksum", "abc"], ["X-Checksum", "def"]]);
    return res.end("second part");
  }
  if (route === "hints") {
    res.socket!.write("HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\nLink: </app.js>; rel=preload\r\n\r\n");
    res.socket!.write("HTTP/1.1 104 Upload Resumption Supported\r\nUpload-Draft-Interop-Version: 6\r\n\r\n");
    res.writeHead(200, ["Content-Type", "text/plain"]);
    return res.end("after hints");
  }
  if (route === "gzip") {
    res.writeHead(200, ["Content-Type", "application/json", "Content-Encoding", "gzip", "Content-Length", String(gzipped.length)]);
    return res.end(gzipped);
  }
  if (route === "invalid-utf8") {
    res.writeHead(200, ["Content-Type", "application/json; charset=utf-8"]);
    return res.end(invalidUtf8);
  }
  res.writeHead(200, ["Content-Type", "text/plain"]);
  res.end("echoed");
}

/** Each answer the client received equals the HAR's entry at the same place: status, reason, end-to-end lines, body bytes, trailers, 1xx. */
function assertRecorded(received: Received[], recording: RawExchange[]) {
  assert.equal(recording.length, received.length, "one entry per answer");
  received.forEach((got, i) => {
    const entry = recording[i];
    const where = `entry ${i + 1} (${entry.method} ${entry.url})`;
    assert.equal(entry.status, got.status, where);
    assert.equal(entry.statusText, got.statusText, where);
    assert.deepEqual(endToEnd(entry.responseHeaderLines!), endToEnd(got.lines), where);
    const bytes = entry.responseBodyBytes ? Buffer.from(entry.responseBodyBytes) : Buffer.from(entry.responseText, "utf8");
    if (entry.responseTruncated) {
      assert.ok(got.body.length > cap, where);
      assert.ok(bytes.equals(got.body.subarray(0, cap)), `${where}: the kept start is the body's start`);
    } else {
      assert.ok(bytes.equals(got.body), `${where}: the body, byte for byte`);
    }
    assert.equal(entry.responseBodySize, got.body.length, where);
    assert.deepEqual(entry.responseTrailerLines ?? [], got.trailers, where);
    assert.deepEqual((entry.informational ?? []).map((i) => ({ status: i.status, statusText: i.statusText, lines: i.headerLines })), got.informational, where);
  });
}

describe("the proxy forwards byte for byte, and records what it forwarded", () => {
  let upstream: Upstream;
  const seen: Seen[] = [];
  const dir = mkdtempSync(join(tmpdir(), "proxy-forwarding-"));
  let files = 0;

  /** A proxy recording to a file of its own. */
  const recordingProxy = async () => {
    const record = join(dir, `${(files += 1)}.har`);
    const proxy = await startProxy({ service: "bank-payments", upstream: upstream.url, record, bodyCap: cap });
    return { proxy, stop: async () => { await proxy.close(); return readRecording(record); }, record };
  };

  before(async () => {
    upstream = await startUpstream((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const body = Buffer.concat(chunks);
        seen.push({ method: req.method!, url: req.url!, lines: pairs(req.rawHeaders), sha256: sha(body), length: body.length, trailers: pairs(req.rawTrailers) });
        answer(res, new URL(req.url!, "http://upstream.invalid"));
      });
    });
  });
  after(async () => {
    await upstream?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("binary bodies of every size come back byte for byte; the HAR holds each (base64), the ones above the cap cut short and marked", async () => {
    const { proxy, stop } = await recordingProxy();
    const received: Received[] = [];
    for (const size of sizes) {
      const got = await send(proxy.url, { path: `/binary/${size}` });
      assert.ok(got.body.equals(bytesOf(size)), `${size} bytes unchanged`);
      assert.deepEqual(endToEnd(got.lines), [["Content-Type", "application/octet-stream"], ["Content-Length", String(size)]]);
      received.push(got);
    }
    const recording = await stop();
    assert.equal(recording.cutShort, undefined);
    assertRecorded(received, recording.exchanges);
    assert.deepEqual(recording.exchanges.map((e) => e.responseTruncated === true), sizes.map((size) => size > cap));
  });

  test("unusual statuses and their reason phrases come back unchanged, and are recorded with their statusText", async () => {
    const { proxy, stop } = await recordingProxy();
    const received: Received[] = [];
    for (const status of statuses) {
      const got = await send(proxy.url, { path: `/status/${status}` });
      assert.equal(got.status, status);
      assert.equal(got.statusText, `Reason for ${status}`);
      received.push(got);
    }
    assertRecorded(received, (await stop()).exchanges);
  });

  test("header lines go both ways in their order, repeated as sent (Host names the upstream), and the HAR has one entry per line", async () => {
    const { proxy, stop } = await recordingProxy();
    const lines: Line[] = [["Host", "proxy.example"], ["User-Agent", "first-agent/1"], ["Referer", "https://a.example/"], ["X-Trace", "1"], ["user-agent", "second-agent/2"],
      ["Referer", "https://b.example/"], ["x-trace", "2"], ["Accept", "application/json"], ["Accept", "text/plain"]];
    seen.length = 0;
    const echoed = await send(proxy.url, { path: "/echo", lines });
    assert.deepEqual(endToEnd(seen[0].lines), lines.map(([name, value]): Line => (name === "Host" ? [name, new URL(upstream.url).host] : [name, value])));
    const got = await send(proxy.url, { path: "/repeated" });
    assert.deepEqual(endToEnd(got.lines), [["Set-Cookie", "a=1; Path=/"], ["Set-Cookie", "b=2"], ["Set-Cookie", "c=3; HttpOnly"], ["Location", "/one"], ["Location", "/two"],
      ["Server", "first"], ["Server", "second"], ["X-Multi", "1"], ["x-multi", "2"], ["Content-Type", "text/plain"]]);
    const recording = await stop();
    assert.deepEqual(endToEnd(recording.exchanges[0].requestHeaderLines!), lines, "the request's lines as they came");
    const har = JSON.parse(readFileSync(join(dir, `${files}.har`), "utf8"));
    assert.equal(har.log.entries[1].response.headers.filter((h: { name: string }) => h.name === "Set-Cookie").length, 3, "three Set-Cookie lines, three entries");
    assertRecorded([echoed, got], recording.exchanges);
  });

  test("trailers go both ways, and 1xx answers (103 Early Hints and others) come before the final one; all recorded", async () => {
    const { proxy, stop } = await recordingProxy();
    seen.length = 0;
    const echoed = await send(proxy.url, { method: "POST", path: "/echo", lines: [["Transfer-Encoding", "chunked"], ["Trailer", "X-Request-Sum"]], body: "chunked body", trailers: [["X-Request-Sum", "42"]] });
    assert.equal(echoed.status, 200);
    assert.deepEqual(seen[0].trailers, [["X-Request-Sum", "42"]], "the request's trailers reached the upstream");
    assert.equal(seen[0].length, "chunked body".length);
    const trailed = await send(proxy.url, { path: "/trailers" });
    assert.equal(trailed.body.toString(), "first part, second part");
    assert.deepEqual(trailed.trailers, [["X-Checksum", "abc"], ["X-Checksum", "def"]]);
    const hinted = await send(proxy.url, { path: "/hints" });
    assert.deepEqual(hinted.informational, [
      { status: 103, statusText: "Early Hints", lines: [["Link", "</style.css>; rel=preload"], ["Link", "</app.js>; rel=preload"]] },
      { status: 104, statusText: "Upload Resumption Supported", lines: [["Upload-Draft-Interop-Version", "6"]] },
    ]);
    assert.equal(hinted.body.toString(), "after hints");
    const recording = await stop();
    assert.deepEqual(recording.exchanges[0].requestTrailerLines, [["X-Request-Sum", "42"]]);
    assertRecorded([echoed, trailed, hinted], recording.exchanges);
  });

  test("Expect: 100-continue: the upstream's own 100 reaches the client, once, before it sends its body", async () => {
    const { proxy, stop } = await recordingProxy();
    seen.length = 0;
    const url = new URL(proxy.url);
    const got = await new Promise<{ continues: number; informational: number[]; status: number }>((resolve, reject) => {
      let continues = 0;
      const informational: number[] = [];
      const outgoing = request({ host: url.hostname, port: url.port, method: "POST", path: "/echo", headers: { expect: "100-continue", "content-length": "4" }, agent: false }, (answer) => {
        answer.resume();
        answer.on("end", () => resolve({ continues, informational, status: answer.statusCode! }));
      });
      outgoing.on("information", (info) => informational.push(info.statusCode));
      outgoing.on("continue", () => {
        continues += 1;
        outgoing.end("body");
      });
      outgoing.on("error", reject);
    });
    assert.deepEqual(got, { continues: 1, informational: [100], status: 200 });
    assert.equal(seen[0].length, 4);
    const recording = await stop();
    assert.deepEqual(recording.exchanges[0].informational?.map((i) => i.status), [100]);
  });

  test("request bodies to 5 MiB arrive exact; each one that is not UTF-8 is in the HAR byte for byte (base64), the one above the cap cut short", async () => {
    const { proxy, stop, record } = await recordingProxy();
    const bodies = [Buffer.alloc(0), Buffer.from("plain text ✓ ünïcode"), invalidUtf8, gzipped, bytesOf(1000), bytesOf(65_537), bytesOf(cap), bytesOf(5 * 1024 * 1024)];
    seen.length = 0;
    for (const body of bodies) {
      const got = await send(proxy.url, { method: "POST", path: "/echo", lines: [["Content-Type", "application/octet-stream"], ["Content-Length", String(body.length)]], body });
      assert.equal(got.status, 200);
    }
    assert.deepEqual(seen.map((s) => [s.length, s.sha256]), bodies.map((body) => [body.length, sha(body)]), "every body reached the upstream exact");
    const recording = await stop();
    recording.exchanges.forEach((entry, i) => {
      const body = bodies[i];
      const kept = entry.requestBodyBytes ? Buffer.from(entry.requestBodyBytes) : Buffer.from(entry.requestBody ?? "", "utf8");
      if (body.length > cap) {
        assert.equal(entry.requestTruncated, true);
        assert.ok(kept.equals(body.subarray(0, cap)));
      } else {
        assert.ok(kept.equals(body), `request body ${i + 1} (${body.length} bytes), byte for byte`);
      }
    });
    const har = JSON.parse(readFileSync(record, "utf8"));
    assert.equal(har.log.entries[2].request.postData.encoding, "base64", "a body that is not UTF-8 is written as base64");
    assert.equal(har.log.entries[1].request.postData.encoding, undefined, "a UTF-8 body as text");
  });

  test("response bodies that are not UTF-8 (gzip, invalid sequences) are recorded byte for byte", async () => {
    const { proxy, stop } = await recordingProxy();
    const received = [await send(proxy.url, { path: "/gzip" }), await send(proxy.url, { path: "/invalid-utf8" }), await send(proxy.url, { path: "/binary/300" })];
    assert.ok(received[0].body.equals(gzipped) && received[1].body.equals(invalidUtf8));
    const recording = await stop();
    assertRecorded(received, recording.exchanges);
    assert.ok(recording.exchanges.every((e) => e.responseBodyBytes !== undefined));
  });

  test("a request target in absolute form and OPTIONS * are forwarded and recorded", async () => {
    const { proxy, stop } = await recordingProxy();
    seen.length = 0;
    const port = new URL(proxy.url).port;
    const absolute = await rawRequest(proxy.url, `GET http://elsewhere.example/echo?q=1 HTTP/1.1\r\nHost: elsewhere.example\r\nConnection: close\r\n\r\n`);
    const asterisk = await rawRequest(proxy.url, `OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    assert.match(absolute, /^HTTP\/1\.1 200 OK\r\n/);
    assert.match(asterisk, /^HTTP\/1\.1 200 OK\r\n/);
    assert.deepEqual(seen.map((s) => `${s.method} ${s.url}`), ["GET /echo?q=1", "OPTIONS *"]);
    const recording = await stop();
    assert.deepEqual(recording.exchanges.map((e) => [e.method, e.url, e.requestTarget]), [
      ["GET", `${upstream.url}/echo?q=1`, "http://elsewhere.example/echo?q=1"],
      ["OPTIONS", `${upstream.url}/*`, "*"],
    ]);
  });
});
