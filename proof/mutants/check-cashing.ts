// Faulty variants of the check cashing service: constraints, trxID use, approvals read from the
// MICR line, and every member of the error entries.
import { eachEntry, editJson, requestJson } from "./match.js";
import type { Exchange, Mutant } from "./proxy.js";

const approval = (e: Exchange, edit: (body: any) => void) => { if (e.status === 200) editJson(e, edit); };
let readings = 0;

export const checkCashingMutants: Mutant[] = [
  {
    id: "ssn-not-enforced", service: "check-cashing", class: "status and shape", fault: "a bad ssn is approved",
    response(e) {
      const request = requestJson(e);
      // A bad ssn given, not a missing one (an empty request stays refused).
      if (e.status !== 400 || !request || typeof request !== "object" || !("ssn" in request) || /^[0-9]{9}$/.test(String(request.ssn))) return;
      e.status = 200;
      e.body = JSON.stringify({ trxID: String(request.trxID ?? "0000").slice(0, 20).padEnd(4, "0"), trxRefID: "418220017", approvalNum: "604213", aba: "011000015", accountLast4: "6789", checkType: "Y", checkNum: "1042" });
    },
  },
  {
    id: "trxid-repeat-accepted", service: "check-cashing", class: "status and shape", fault: "a repeated trxID is accepted (answered as a fresh request)",
    async response(e, c) {
      if (e.status !== 400 || !e.body.includes('"responseCode":"1005"')) return;
      const request = requestJson(e);
      const answer = await c.forward("POST", e.url.pathname, { "Content-Type": "application/json" }, JSON.stringify({ ...request, trxID: `U${Math.random().toString(36).slice(2, 12)}` }));
      e.status = answer.status;
      e.body = answer.body.replace(/"trxID":"U[a-z0-9]+"/g, `"trxID":${JSON.stringify(request.trxID)}`);
    },
  },
  {
    // Issue 36, item 10: a repeated trxID refused everywhere but after a decline or an ID error.
    id: "trxid-reusable-after-decline", service: "check-cashing", class: "check cashing",
    fault: "a trxID used by a declined check or an ID error is accepted again (answered as a fresh request; C-11: they use it up)",
    async response(e, c) {
      const request = requestJson(e);
      const refusedBefore = (c.memory.get("declined trxIDs") ?? new Set<string>()) as Set<string>;
      c.memory.set("declined trxIDs", refusedBefore);
      if (/"errorType":"(declined|id_error)"/.test(e.body) && typeof request?.trxID === "string") {
        refusedBefore.add(request.trxID);
        return;
      }
      if (e.status !== 400 || !e.body.includes('"responseCode":"1005"') || !refusedBefore.has(request?.trxID)) return;
      const answer = await c.forward("POST", e.url.pathname, { "Content-Type": "application/json" }, JSON.stringify({ ...request, trxID: `U${Math.random().toString(36).slice(2, 12)}` }));
      e.status = answer.status;
      e.body = answer.body.replace(/"trxID":"U[a-z0-9]+"/g, `"trxID":${JSON.stringify(request.trxID)}`);
    },
  },
  {
    id: "adverse-action-yes", service: "check-cashing", class: "status and shape", fault: "adverseAction \"yes\"",
    response(e) { if (e.status >= 400) e.body = e.body.replace(/"adverseAction":(true|false|"true"|"false")/g, '"adverseAction":"yes"'); },
  },
  {
    id: "approval-201", service: "check-cashing", class: "status and shape", fault: "approvals answered 201",
    response(e) { if (e.status === 200) e.status = 201; },
  },
  {
    id: "approval-trxid-lowercase", service: "check-cashing", class: "check cashing", fault: "the approval echoes trxID in lower case",
    response(e) { approval(e, (b) => { b.trxID = b.trxID.toLowerCase(); }); },
  },
  {
    id: "approval-trxrefid-constant", service: "check-cashing", class: "check cashing", fault: "every approval gets the same trxRefID",
    response(e) { approval(e, (b) => { b.trxRefID = "418220017"; }); },
  },
  {
    id: "correction-adverse-true", service: "check-cashing", class: "check cashing", fault: "corrections flag adverse action",
    response(e) { eachEntry(e, (entry) => { if (entry.errorType === "correction") entry.adverseAction = true; }); },
  },
  {
    id: "declined-adverse-false", service: "check-cashing", class: "check cashing", fault: "declines do not flag adverse action",
    response(e) { eachEntry(e, (entry) => { if (entry.errorType === "declined") entry.adverseAction = "false"; }); },
  },
  {
    id: "micr-unreadable-approved", service: "check-cashing", class: "sequences only", fault: "a check whose MICR line the sandbox cannot read is approved, even under a used trxID (C-11)",
    response(e) {
      if (e.status !== 400 || !e.body.includes('"responseCode":"1006"')) return;
      const request = requestJson(e);
      e.status = 200;
      e.body = JSON.stringify({ trxID: request.trxID, trxRefID: "518220017", approvalNum: "604213", aba: "011000015", accountLast4: "0000", checkType: "Y", checkNum: "1" });
    },
  },
  {
    id: "approval-reading-varies", service: "check-cashing", class: "check cashing", fault: "one MICR line read as another routing number on each approval",
    response(e) { approval(e, (b) => { b.aba = String(100000000 + (readings += 1)); }); },
  },
  {
    // Issue 36, item 10: killed where the fixtures name two lines of one routing number with their
    // accounts (the sandbox's own do); without them another line's reading is the server's (C-9).
    id: "micr-account-from-first-line", service: "check-cashing", class: "check cashing", triggers: false, deterministic: true,
    fault: "every approval of a routing number carries the account of the first line of that routing number it read (C-9)",
    response(e, c) {
      const firstAccount = (c.memory.get("first account by routing number") ?? new Map<string, string>()) as Map<string, string>;
      c.memory.set("first account by routing number", firstAccount);
      approval(e, (b) => {
        if (!firstAccount.has(b.aba)) firstAccount.set(b.aba, b.accountLast4);
        b.accountLast4 = firstAccount.get(b.aba);
      });
    },
  },
  {
    id: "correction-named-declined", service: "check-cashing", class: "check cashing", fault: "corrections are typed declined",
    response(e) { eachEntry(e, (entry) => { if (entry.errorType === "correction") entry.errorType = "declined"; }); },
  },
  {
    id: "error-date-stale", service: "check-cashing", class: "check cashing", fault: "errorDate a day before the request",
    response(e) { eachEntry(e, (entry) => { if (typeof entry.errorDate === "string") entry.errorDate = new Date(Date.parse(entry.errorDate) - 86_400_000).toISOString(); }); },
  },
  {
    id: "entry-trxid-other", service: "check-cashing", class: "check cashing", fault: "error entries echo another trxID",
    response(e) { eachEntry(e, (entry) => { if (typeof entry.trxID === "string") entry.trxID = `X${entry.trxID.slice(1)}`; }); },
  },
  {
    id: "payroll-empty-as-absent", service: "check-cashing", class: "check cashing",
    fault: "a member sent as \"\" is read as absent (Laravel's ConvertEmptyStringsToNull): an optional member with a stated minimum (membershipID, phoneNumber, firstName...) is processed as if left out (C-4)",
    request(e) {
      const body = requestJson(e);
      if (!body || typeof body !== "object") return;
      let found = false;
      const withoutEmpty = (object: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(object).flatMap(([name, value]) => {
        if (value === "") { found = true; return []; }
        return [[name, value !== null && typeof value === "object" && !Array.isArray(value) ? withoutEmpty(value as Record<string, unknown>) : value]];
      }));
      const read = withoutEmpty(body);
      return found ? { forward: { body: JSON.stringify(read) } } : undefined;
    },
    // The answer to the request without its empty members goes back as is; the proxy marks it as changed.
    response() {},
  },
  {
    id: "decline-422", service: "check-cashing", class: "check cashing", fault: "declines answered 422",
    response(e) { if (e.status === 400 && e.body.includes('"errorType":"declined"')) e.status = 422; },
  },
];
