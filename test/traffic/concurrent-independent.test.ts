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
import { judgeTraffic } from "../../conformance/traffic/judge.js";
import { cleanRunProblems, clientsThroughProxy, notClean, runLine, type ConcurrentRun } from "../../proof/concurrent-traffic.js";
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

  test("every request was answered, the traffic overlapped (double-clicked captures refused once, exchanges judged among overlapping ones), and the proxy judged it clean: 0 failed, no error of the suite's own, every exchange counted once, exit code 0", () => {
    console.log(`# ${runLine(run)}`);
    assert.deepEqual(cleanRunProblems(run), []);
  });

  test("the same recording judged again from its HAR (judgeTraffic) judges clean too", () => {
    const again = judgeTraffic({ service: "bank-payments", keys, exchanges: run.proxy.recording, settings, fixtures });
    assert.equal(again.exchanges, run.proxy.result.exchanges);
    assert.deepEqual(notClean(again), []);
  });
});
