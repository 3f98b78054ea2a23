// `conformance proxy` stops as infrastructure should. The first SIGINT stops accepting and lets the
// requests in flight finish (none cut, every one answered and recorded); what a short --drain does
// not let finish is answered 503 and counted, not recorded; a second signal (after the second in
// which npx passes the same Ctrl-C on) cuts at once and still writes what was answered; a request
// in absolute form or `OPTIONS *` does not cost the recording.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, afterEach, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { readRecording } from "../../conformance/traffic/har.js";
import { rawRequest, runCli, send, stopLeftoverClis, startUpstream, type Received, type Upstream } from "./proxy-helpers.js";

describe("stopping the proxy", () => {
  let upstream: Upstream;
  /** Requests the upstream holds until released. */
  let held: Array<{ req: IncomingMessage; res: ServerResponse }> = [];
  const dir = mkdtempSync(join(tmpdir(), "proxy-stop-"));

  const release = () => {
    for (const { req, res } of held) {
      res.writeHead(req.method === "POST" ? 201 : 200, { "content-type": "application/json" });
      res.end(JSON.stringify({ path: req.url }));
    }
    held = [];
  };
  const holding = async (count: number) => {
    while (held.length < count) await sleep(10);
  };
  const proxyCli = (record: string, ...options: string[]) =>
    runCli(["proxy", "--service", "bank-payments", "--upstream", upstream.url, "--port", "0", "--record", record, ...options]);

  before(async () => {
    upstream = await startUpstream((req, res) => {
      req.resume();
      // /now is answered at once; everything else waits for release().
      req.on("end", () => (req.url === "/now" ? res.end("now") : held.push({ req, res })));
    });
  });
  // A test that failed half-way leaves neither its proxy nor its held requests to the next one.
  afterEach(() => {
    stopLeftoverClis();
    release();
  });
  after(async () => {
    await upstream?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("SIGINT with 50 requests in flight: no new connection is taken, every one of the 50 is answered and recorded", async () => {
    const record = join(dir, "drained.har");
    const proxy = proxyCli(record);
    const url = await proxy.ready;
    const inFlight: Array<Promise<Received>> = [];
    for (let i = 0; i < 50; i += 1) {
      inFlight.push(i % 2 === 0
        ? send(url, { method: "POST", path: `/create/${i}`, lines: [["Content-Type", "application/json"]], body: `{"n":${i}}` })
        : send(url, { path: `/read/${i}` }));
    }
    await holding(50);
    proxy.signal("SIGINT");
    await proxy.printed(/^SIGINT: stopping/);
    await assert.rejects(send(url, { path: "/now" }), /ECONNREFUSED/, "no new connection once stopping");
    release();
    const answers = await Promise.all(inFlight);
    assert.deepEqual(answers.map((a) => a.status), Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? 201 : 200)), "none cut");
    assert.equal(await proxy.exit, 0, proxy.lines.join("\n"));
    assert.match(proxy.lines.at(-1)!, /^50 exchanges, /);
    const recording = readRecording(record);
    assert.equal(recording.cutShort, undefined);
    assert.equal(recording.exchanges.length, 50);
    assert.deepEqual(recording.exchanges.map((e) => new URL(e.url).pathname).sort(), answers.map((a) => JSON.parse(a.body.toString()).path).sort());
  });

  test("what a short --drain does not let finish is answered 503 and counted apart; what was answered is recorded", async () => {
    const record = join(dir, "short-drain.har");
    const proxy = proxyCli(record, "--drain", "0.2");
    const url = await proxy.ready;
    assert.equal((await send(url, { path: "/now" })).status, 200);
    const waiting = [send(url, { path: "/slow/1" }), send(url, { path: "/slow/2" })];
    await holding(2);
    proxy.signal("SIGINT");
    const cut = await Promise.all(waiting);
    assert.deepEqual(cut.map((a) => [a.status, JSON.parse(a.body.toString()).error]), [[503, "proxy_stopping"], [503, "proxy_stopping"]]);
    assert.equal(await proxy.exit, 0, proxy.lines.join("\n"));
    assert.ok(proxy.lines.includes("2 requests got no whole answer (the upstream failed or was silent, the client left first, or the proxy stopped first): not exchanges, not judged"), proxy.lines.join("\n"));
    assert.match(proxy.lines.at(-1)!, /^1 exchange, /);
    assert.deepEqual(readRecording(record).exchanges.map((e) => new URL(e.url).pathname), ["/now"]);
    held = [];
  });

  test("a second signal, after the first second, cuts what is in flight at once and still writes what was answered", async () => {
    const record = join(dir, "second-signal.har");
    const proxy = proxyCli(record, "--drain", "600");
    const url = await proxy.ready;
    assert.equal((await send(url, { path: "/now" })).status, 200);
    const waiting = [send(url, { path: "/slow/1" }), send(url, { path: "/slow/2" }), send(url, { path: "/slow/3" })];
    await holding(3);
    proxy.signal("SIGINT");
    await proxy.printed(/^SIGINT: stopping/);
    // npx passes a terminal's Ctrl-C on: a signal within the first second is that same one.
    await sleep(1100);
    proxy.signal("SIGINT");
    assert.deepEqual((await Promise.all(waiting)).map((a) => a.status), [503, 503, 503]);
    assert.equal(await proxy.exit, 0, proxy.lines.join("\n"));
    assert.ok(proxy.errors.some((line) => /^SIGINT: cutting the 3 requests still in flight$/.test(line)), proxy.errors.join("\n"));
    assert.deepEqual(readRecording(record).exchanges.map((e) => new URL(e.url).pathname), ["/now"]);
    held = [];
  });

  test("a request in absolute form and OPTIONS *, then SIGINT: the summary, the report and the recording are written", async () => {
    const record = join(dir, "targets.har");
    const proxy = proxyCli(record, "--report", dir);
    const url = await proxy.ready;
    assert.match(await rawRequest(url, "GET http://elsewhere.example/now HTTP/1.1\r\nHost: elsewhere.example\r\nConnection: close\r\n\r\n"), /^HTTP\/1\.1 200 /);
    const asterisk = rawRequest(url, "OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    await holding(1); // OPTIONS * is held like any other target
    release();
    assert.match(await asterisk, /^HTTP\/1\.1 200 /);
    proxy.signal("SIGINT");
    assert.equal(await proxy.exit, 0, [...proxy.lines, ...proxy.errors].join("\n"));
    assert.match(proxy.lines.at(-1)!, /^2 exchanges, 0 judged in full, 2 not judged: routes the contract does not know, 0 failed$/);
    assert.deepEqual(readRecording(record).exchanges.map((e) => e.requestTarget), ["http://elsewhere.example/now", "*"]);
    assert.match(readFileSync(join(dir, "traffic-bank-payments.md"), "utf8"), /OPTIONS \S+\/\* -> 200: not judged/);
  });
});
