// No false alarms, end to end: the whole check cashing suite (Dredd, scenarios, generated sequences,
// the oracle) against the sandbox behind a proxy that rewrites its answers into other readings the
// decisions leave open. Each variant must change responses and the suite must still pass.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { editJson, startMutantProxy, type Exchange, type Mutant } from "../../proof/mutants/proxy.js";
import { readRequest } from "../../conformance/oracle/check-cashing/requests.js";
import { runConformance } from "../../conformance/runner.js";

const entries = (e: Exchange, edit: (entries: any[]) => any[] | void) =>
  editJson(e, (body) => { if (Array.isArray(body?.errors)) body.errors = edit(body.errors) ?? body.errors; });

/** The same instant written with a +02:00 offset. */
const plusTwo = (time: string) => new Date(Date.parse(time) + 7_200_000).toISOString().replace(/\.\d+Z$/, "+02:00");

const reversed = (text: string) => [...text].reverse().join("");

const variants: Array<Omit<Mutant, "service" | "class">> = [
  {
    id: "payroll-500-entries-reversed", fault: "C-8, C-18: every error answer 500, entries in reverse order",
    response(e) {
      if (e.status !== 400) return;
      e.status = 500;
      entries(e, (list) => list.reverse());
    },
  },
  {
    id: "payroll-free-entries", fault: "C-6, C-7, C-17: other texts and codes, corrections named otherwise, members left out and added, +02:00 times",
    response(e) {
      entries(e, (list) => list.map((entry) => {
        const { errorPath: _path, trxID: _trxID, ...rest } = entry;
        return {
          ...rest,
          errorMessage: "Refused",
          errorDetails: "See the request",
          errorType: entry.errorType === "correction" ? "invalid_request" : entry.errorType === "system_error" ? "failure" : entry.errorType,
          responseCode: `7${entry.responseCode.slice(1)}`,
          errorDate: plusTwo(entry.errorDate),
          customerCare: "1-800-5550199",
          ...(entry.trxRefID === undefined ? { trxRefID: "0" } : {}),
        };
      }));
    },
  },
  {
    id: "payroll-numeric-ids-other-reading", fault: "C-9, C-10: trxRefID and checkNum as JSON integers, the MICR line read another (consistent) way",
    response(e) {
      if (e.status === 200) {
        editJson(e, (body) => {
          body.trxRefID = Number(body.trxRefID);
          body.checkNum = Number(body.checkNum);
          body.aba = reversed(body.aba);
          body.accountLast4 = reversed(body.accountLast4);
          body.checkType = body.checkType === "G" ? "Y" : "G";
        });
      } else {
        entries(e, (list) => list.map((entry) => (entry.trxRefID === undefined ? entry : { ...entry, trxRefID: Number(entry.trxRefID) })));
      }
    },
  },
  {
    id: "payroll-lenient-reading", fault: "C-3, C-4, C-13: unknown members ignored, numbers read as text, a third decimal dropped, an empty city left out",
    async response(e, c) {
      if (e.status !== 400 || e.method !== "POST") return;
      const request = parsed(e.requestBody);
      if (!request || !lenientServerReads(request)) return;
      const answer = await c.forward("POST", e.url.pathname, { "Content-Type": "application/json" }, JSON.stringify(normalized(request)));
      if (answer.status === 400 && answer.body.includes('"correction"')) return; // the sandbox refuses it for a reason of its own
      e.status = answer.status;
      e.body = answer.body;
    },
  },
  {
    id: "trxid-used-by-corrections", fault: "C-11: every request uses its trxID up, a refused one too",
    response(e, c) {
      const trxID = parsed(e.requestBody)?.trxID;
      if (typeof trxID !== "string") return;
      const seen = c.memory.has(trxID);
      c.memory.set(trxID, true);
      if (!seen || e.status === 500 || (e.status === 400 && e.body.includes('"correction"'))) return;
      e.status = 400;
      e.body = JSON.stringify({ errors: [{ errorMessage: "trxID already used", errorType: "duplicate", responseCode: "1005", adverseAction: false, trxID }] });
    },
  },
];

function parsed(text: string): Record<string, any> | undefined {
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a server of the lenient reading processes the request (the oracle's lenient lens). */
const lenientServerReads = (request: Record<string, unknown>) => {
  const reading = readRequest(request);
  return !reading.refused && reading.mayRefuse !== undefined && reading.request.netAmount.cents > 0;
};

const members: Record<string, string[]> = {
  "": ["merchantID", "trxID", "dob", "ssn", "membershipID", "phoneNumber", "name", "address", "id", "integratorID", "operatorID", "terminalID", "terminalGrpID", "netAmount", "account"],
  name: ["firstName", "lastName"], address: ["address1", "address2", "city", "state", "zip"], id: ["idCode", "idValue"], account: ["micrData"],
};

/** The request as that server reads it, in the form the sandbox processes. */
function normalized(request: Record<string, any>, at = ""): Record<string, any> {
  const out: Record<string, any> = {};
  for (const name of members[at]) {
    const value = request[name];
    if (value === undefined || (name === "city" && value === "")) continue;
    if (name === "netAmount") out[name] = readRequest(request).refused ? value : String(value).replace(/^(\d+\.\d\d)\d$/, "$1");
    else if (members[name] && value && typeof value === "object") out[name] = normalized(value, name);
    else out[name] = typeof value === "number" || typeof value === "boolean" ? String(value) : value;
  }
  return out;
}

describe("the check cashing suite passes every valid reading (variants of the sandbox's answers)", () => {
  let sandbox: Sandbox;
  before(async () => { sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" }); });
  after(async () => { await sandbox?.close(); });

  for (const variant of variants) {
    test(`${variant.id} (${variant.fault})`, async () => {
      const proxy = await startMutantProxy(variant, sandbox.checkCashingUrl, { secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey });
      try {
        const result = await runConformance({
          service: "check-cashing", baseUrl: proxy.url, secretKey: sandbox.secretKey, publishableKey: sandbox.publishableKey,
          profile: "full", layers: ["dredd", "scenarios", "sequences"], sequences: { seed: 20261124 },
        });
        const failed = result.checks.filter((c) => c.outcome === "failed").map((c) => `${c.name}: ${(c.reason ?? "").slice(0, 600)}`);
        assert.deepEqual(failed, []);
        assert.ok(proxy.fired() > 0, "the variant changed no response");
      } finally {
        await proxy.close();
      }
    });
  }
});
