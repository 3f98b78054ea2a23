// The recording and the keys. No secret in the clear anywhere the proxy writes: told keys and keys
// it was not told, in Authorization, other headers both ways, URLs and query strings, bodies, the
// report and the console; the recording keeps each key's kind and stable fingerprint, and the judge
// still reads the told keys back from it. A proxy killed with SIGKILL leaves a recording that
// `conformance judge` reads, saying it was cut short. The HAR keeps what the judge needs to know of
// an exchange (not delivered, cut short) and what went over the wire. The proxy keeps nothing per
// exchange: its memory does not grow with the traffic.
import assert from "node:assert/strict";
import { appendFileSync, copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { maskKey, type RawExchange } from "../../conformance/traffic/exchange.js";
import { exchangesFromHar, harOf, readRecording, writeHar } from "../../conformance/traffic/har.js";
import { judgeTraffic } from "../../conformance/traffic/judge.js";
import { startProxy } from "../../conformance/traffic/proxy.js";
import { maskBytes } from "../../conformance/traffic/secrets.js";
import { runCli, send, stopLeftoverClis, startUpstream, type Upstream } from "./proxy-helpers.js";

const secret = "sk_test_recordingSecret42";
const publishable = "pk_test_recordingPublishable42";
const untold = "sk_live_AnotherMerchant9x";
const basic = "dXNlcjpwYXNzd29yZA==";
const everyKey = [secret, publishable, untold, basic];

describe("the recording and the keys", () => {
  let upstream: Upstream;
  const dir = mkdtempSync(join(tmpdir(), "proxy-recording-"));

  before(async () => {
    // Echoes what it was sent, keys and all, in a header and in its body (as a careless server would).
    upstream = await startUpstream((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        if (req.url === "/binary") {
          res.writeHead(200, ["Content-Type", "application/octet-stream"]);
          return res.end(Buffer.concat([Buffer.from([0xff, 0x00, 0xfe]), Buffer.from(`key=${secret};`), Buffer.from([0x80])]));
        }
        const echoed = JSON.stringify({ url: req.url, authorization: req.headers.authorization ?? null, body: Buffer.concat(chunks).toString() });
        res.writeHead(200, ["Content-Type", "application/json", "X-Echo-Authorization", req.headers.authorization ?? "", "X-Key", `${publishable}`]);
        res.end(echoed);
      });
    });
  });
  after(async () => {
    stopLeftoverClis();
    await upstream?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("no key in the clear in the recording, the report or the console, told or not; the recording keeps kind and fingerprint, and the judge reads the told keys back", async () => {
    const record = join(dir, "keys.har");
    const report = join(dir, "report");
    const proxy = runCli(["proxy", "--service", "bank-payments", "--upstream", upstream.url, "--port", "0", "--secret-key", secret, "--publishable-key", publishable,
      "--record", record, "--report", report]);
    const url = await proxy.ready;
    const json = [["Content-Type", "application/json"]] as Array<[string, string]>;
    // An API path, so the judge fails it (the echo is no intent) and the report and console show its URL and a reproducer.
    await send(url, { path: `/api/transaction-intents/transaction_intent_KeYs00000001?api_key=${secret}&pk=${publishable}`, lines: [["Authorization", `Bearer ${secret}`]] });
    await send(url, { method: "POST", path: "/api/transaction-intents", lines: [["Authorization", `Bearer ${untold}`], ...json], body: JSON.stringify({ note: `made with ${untold}` }) });
    await send(url, { path: "/echo", lines: [["Authorization", `Basic ${basic}`], ["X-Api-Key", publishable]] });
    await send(url, { path: "/binary", lines: [["Authorization", `Bearer ${publishable}`]] });
    proxy.signal("SIGTERM");
    assert.equal(await proxy.exit, 1, "the judge failed the echoes answered as intents");
    const written = [readFileSync(record, "utf8"), ...readdirSync(report).map((file) => readFileSync(join(report, file), "utf8")), ...proxy.lines, ...proxy.errors];
    assert.ok(proxy.lines.some((line) => line.startsWith("FAIL #1 ")), "the console printed a failure with its URL and reproducer");
    for (const key of everyKey) {
      assert.deepEqual(written.filter((text) => text.includes(key)).map((text) => text.slice(0, 80)), [], `${key.slice(0, 8)}… appears nowhere`);
    }
    const har = readFileSync(record, "utf8");
    // Kind and fingerprint, in headers of both directions, the URL, the query string and the bodies.
    for (const key of [secret, publishable, untold]) assert.ok(har.includes(maskKey(key)), `${maskKey(key)} recorded`);
    const recording = readRecording(record).exchanges;
    assert.equal(recording[0].requestHeaders.authorization, `Bearer ${maskKey(secret)}`);
    assert.match(recording[0].url, new RegExp(`api_key=${maskKey(secret)}`));
    assert.equal(recording[1].requestHeaders.authorization, `Bearer ${maskKey(untold)}`, "a key the proxy was not told is masked too");
    assert.equal(recording[2].requestHeaders.authorization, `Basic ${maskKey(basic)}`, "any credential, whatever its scheme");
    assert.ok(Buffer.from(recording[3].responseBodyBytes!).includes(Buffer.from(`key=${maskKey(secret)};`)), "a key inside a binary body");
    // The judge matches the told keys to their fingerprints: the first exchange is the merchant's, the second another account's.
    const judged = judgeTraffic({ service: "bank-payments", keys: { secret, publishable }, exchanges: recording });
    assert.deepEqual(judged.judgements.map((j) => j.account ?? "told"), ["told", maskKey(untold), "told", "told"]);
    assert.ok(judged.judgements.every((j) => everyKey.every((key) => !JSON.stringify(j).includes(key))));
  });

  test("conformance judge on a recording from elsewhere, keys in the clear, prints and reports none of them", async () => {
    const exchange: RawExchange = {
      method: "GET", url: `http://server.example/api/transaction-intents/transaction_intent_KeYs00000002?key=${secret}`,
      requestHeaders: { authorization: `Bearer ${secret}` }, sentAt: Date.parse("2026-11-28T10:00:00Z"), receivedAt: Date.parse("2026-11-28T10:00:00.050Z"),
      status: 200, responseHeaders: { "content-type": "application/json", "x-echo": secret }, responseText: JSON.stringify({ data: { id: "x", key: untold } }),
    };
    const file = join(dir, "foreign.har");
    const report = join(dir, "foreign-report");
    writeHar(file, [exchange]);
    assert.ok(readFileSync(file, "utf8").includes(secret), "the foreign recording holds the key in the clear");
    const judged = runCli(["judge", file, "--service", "bank-payments", "--secret-key", secret, "--publishable-key", publishable, "--report", report]);
    assert.equal(await judged.exit, 1);
    const written = [...readdirSync(report).map((name) => readFileSync(join(report, name), "utf8")), ...judged.lines, ...judged.errors];
    assert.ok(judged.lines.some((line) => line.startsWith("FAIL #1 ")));
    for (const key of everyKey) assert.deepEqual(written.filter((text) => text.includes(key)).map((text) => text.slice(0, 80)), []);
  });

  test("killed with SIGKILL, the proxy leaves a recording that conformance judge reads, saying it was cut short", async () => {
    const record = join(dir, "killed.har");
    const proxy = runCli(["proxy", "--service", "bank-payments", "--upstream", upstream.url, "--port", "0", "--record", record]);
    const url = await proxy.ready;
    for (let i = 0; i < 12; i += 1) assert.equal((await send(url, { path: `/echo/${i}` })).status, 200);
    // Each entry is written within a turn of the proxy's event loop after its answer.
    while (readFileSync(record, "utf8").split("\n").length < 12 + 2) await sleep(10);
    proxy.signal("SIGKILL");
    await proxy.exit;
    const recording = readRecording(record);
    assert.equal(recording.exchanges.length, 12);
    assert.match(recording.cutShort ?? "", /^the recording ends early \(its proxy did not stop cleanly\): 12 exchanges read$/);
    const judged = runCli(["judge", record, "--service", "bank-payments"]);
    assert.equal(await judged.exit, 0, judged.lines.join("\n"));
    assert.equal(judged.lines[0], `${record}: the recording ends early (its proxy did not stop cleanly): 12 exchanges read`);
    assert.match(judged.lines.at(-1)!, /^12 exchanges, /);
    // Killed in the middle of writing an entry: the whole ones are read, the cut one left out and said so.
    const torn = join(dir, "torn.har");
    copyFileSync(record, torn);
    appendFileSync(torn, ',{"startedDateTime":"2026-11-28T10:00:00.000Z","time":1,"request":{"method":"GET","url":"http://x/');
    assert.equal(readRecording(torn).cutShort, "the recording ends early (its proxy did not stop cleanly): 12 exchanges read, an entry cut short left out");
    // A document that is not a recording cut short is still refused.
    const damaged = join(dir, "damaged.har");
    copyFileSync(record, damaged);
    appendFileSync(damaged, "]}}\ntrailing garbage");
    assert.throws(() => readRecording(damaged), /damaged\.har: /);
  });
});

describe("what the HAR keeps", () => {
  test("not delivered, cut short, the reason phrase, the lines, trailers, 1xx, the target and the bytes are read back as written", () => {
    const bytes = new Uint8Array([0, 0xff, 0x10, 0x80]);
    const exchange: RawExchange = {
      method: "POST", url: "http://server.example/*", requestTarget: "*", httpVersion: "HTTP/1.0",
      requestHeaders: { "content-type": "application/octet-stream", "x-a": "1, 2" }, requestBody: Buffer.from(bytes).toString("utf8"), requestBodyBytes: bytes, requestBodySize: 4,
      requestHeaderLines: [["Content-Type", "application/octet-stream"], ["X-A", "1"], ["x-a", "2"]], requestTrailerLines: [["X-Sum", "9"]],
      sentAt: 1_790_000_000_000.25, receivedAt: 1_790_000_000_012.75, status: 299, statusText: "Quite Fine", delivered: false, requestTruncated: true, responseTruncated: true,
      responseHeaders: { "set-cookie": "a=1, b=2", "content-type": "text/plain" }, responseHeaderLines: [["Set-Cookie", "a=1"], ["Set-Cookie", "b=2"], ["Content-Type", "text/plain"]],
      responseText: "start of a long body", responseBodySize: 5_000_000, responseTrailerLines: [["X-Checksum", "abc"]],
      informational: [{ status: 103, statusText: "Early Hints", headerLines: [["Link", "</a>"], ["Link", "</b>"]] }],
    };
    const [read] = exchangesFromHar(harOf([exchange]));
    assert.deepEqual(read, exchange);
  });

  test("an exchange recorded as not delivered is judged as one that happened at the server, and marked", () => {
    const exchange: RawExchange = {
      method: "GET", url: "http://server.example/not-in-the-contract", requestHeaders: {}, sentAt: 1, receivedAt: 2, status: 200, responseHeaders: {}, responseText: "", delivered: false,
    };
    const result = judgeTraffic({ service: "bank-payments", exchanges: exchangesFromHar(harOf([exchange])) });
    assert.equal(result.judgements[0].undelivered, true);
  });

  test("keys inside bytes that are not UTF-8 are masked too", () => {
    const body = Buffer.concat([Buffer.from([0xc3, 0x28]), Buffer.from(`a ${secret} b ${untold}`), Buffer.from([0xff])]);
    const masked = maskBytes(body, [secret]);
    assert.ok(!masked.includes(Buffer.from(secret)) && !masked.includes(Buffer.from(untold)));
    assert.ok(masked.includes(Buffer.from(maskKey(secret))) && masked.includes(Buffer.from(maskKey(untold))));
    assert.ok(masked.subarray(0, 2).equals(Buffer.from([0xc3, 0x28])) && masked.at(-1) === 0xff, "the other bytes kept");
  });
});

describe("the proxy's memory", () => {
  test("does not grow with the traffic: nothing is kept per exchange once it is judged and recorded", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const body = "x".repeat(20_000);
    const upstream = await startUpstream((req, res) => {
      req.resume();
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(body);
    });
    const dir = mkdtempSync(join(tmpdir(), "proxy-memory-"));
    const proxy = await startProxy({ service: "bank-payments", upstream: upstream.url, record: join(dir, "memory.har") });
    try {
      const batch = async (count: number) => {
        for (let i = 0; i < count; i += 50) await Promise.all(Array.from({ length: 50 }, (_, j) => send(proxy.url, { path: `/page/${i + j}` })));
      };
      await batch(500);
      gc();
      const before = process.memoryUsage().heapUsed;
      await batch(3000);
      gc();
      const grown = (process.memoryUsage().heapUsed - before) / 2 ** 20;
      // 3,000 answers of 20 kB: kept, they would hold some 60 MiB.
      assert.ok(grown < 10, `the heap grew ${grown.toFixed(1)} MiB over 3,000 exchanges`);
    } finally {
      await proxy.close();
      await upstream.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
