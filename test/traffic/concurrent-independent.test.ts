// Issue 34's proof against the independent implementation (proof/independent/: written from the
// documents alone, other valid choices, enrolled accounts, fees and stores only, no test triggers):
// 50 concurrent clients of one merchant through `conformance proxy` judge clean, every exchange
// counted once, and the recording judges clean again from its HAR. Its 12 enrolled accounts and
// stores are shared by the 50 clients, so creations on one account and lists of one store overlap
// far more than against the sandbox.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { readFixtures } from "../../conformance/fixtures-file.js";
import { readSettings } from "../../conformance/settings.js";
import { judgeTraffic, trafficSummaryLine } from "../../conformance/traffic/judge.js";
import { clientsThroughProxy, countsAddUp, type ConcurrentRun } from "../../proof/concurrent-traffic.js";
import { startIndependentServers, type IndependentServers } from "../../proof/independent/server.js";

const clients = 50;
const rounds = 3;

describe(`${clients} concurrent clients of one merchant through conformance proxy, in front of the independent implementation`, () => {
  let servers: IndependentServers;
  let run: ConcurrentRun;
  let keys: { secret: string; publishable: string };
  let settings: ReturnType<typeof readSettings>;
  let fixtures: ReturnType<typeof readFixtures>;

  before(async () => {
    servers = await startIndependentServers();
    keys = { secret: servers.secretKey, publishable: servers.publishableKey };
    settings = readSettings(JSON.parse(readFileSync(servers.settingsFile, "utf8")));
    fixtures = readFixtures(JSON.parse(readFileSync(servers.fixturesFile, "utf8")));
    run = await clientsThroughProxy(
      { service: "bank-payments", upstream: servers.bankUrl, keys, settingsFile: servers.settingsFile, fixturesFile: servers.fixturesFile },
      { keys, clients, rounds, seed: 3401, fixtures, settings },
    );
  });
  after(async () => { await servers?.close(); });

  test("every request was answered and the traffic overlapped", () => {
    assert.deepEqual(run.clients.errors, []);
    assert.equal(run.proxy.result.exchanges, run.clients.requests);
    assert.equal(run.proxy.result.lost ?? 0, 0);
    assert.ok((run.clients.answers["capture 409"] ?? 0) > 0, JSON.stringify(run.clients.answers));
    assert.ok((run.proxy.result.overlapping ?? 0) > 0);
  });

  test("the proxy judged it clean: 0 failed, no error of the suite's own, every exchange counted once, exit code 0", () => {
    const { result, exitCode, lines } = run.proxy;
    console.log(`# ${trafficSummaryLine(result)}; ${result.overlapping} among overlapping ones; backlog at the stop ${result.backlogAtStop}`);
    assert.deepEqual(result.judgements.filter((j) => !j.ok).slice(0, 5).map((j) => `#${j.index} ${j.method} ${j.url} -> ${j.status}: ${j.problems.join("; ")}`), []);
    assert.equal(result.failed, 0);
    assert.equal(result.suiteErrors, 0);
    assert.ok(countsAddUp(result), trafficSummaryLine(result));
    assert.ok(result.full > 0.95 * result.exchanges, trafficSummaryLine(result));
    assert.equal(exitCode, 0, lines.slice(-5).join("\n"));
  });

  test("the same recording judged again from its HAR (judgeTraffic) judges clean too", () => {
    const again = judgeTraffic({ service: "bank-payments", keys, exchanges: run.proxy.recording, settings, fixtures });
    assert.equal(again.exchanges, run.proxy.result.exchanges);
    assert.deepEqual(again.judgements.filter((j) => !j.ok).slice(0, 5).map((j) => `#${j.index} ${j.method} ${j.url} -> ${j.status}: ${j.problems.join("; ")}`), []);
    assert.equal(again.suiteErrors, 0);
    assert.ok(countsAddUp(again), trafficSummaryLine(again));
  });
});
