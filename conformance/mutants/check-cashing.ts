// Faulty variants of the check cashing service: constraints, trxID use, approvals read from the
// MICR line, and every member of the error entries.
import { eachEntry, editJson, requestJson } from "./match.js";
import type { Exchange, Mutant } from "./proxy.js";

const approval = (e: Exchange, edit: (body: any) => void) => { if (e.status === 200) editJson(e, edit); };

export const checkCashingMutants: Mutant[] = [
  {
    id: "ssn-not-enforced", service: "check-cashing", class: "status and shape", fault: "a bad ssn is approved",
    response(e) {
      const request = requestJson(e);
      if (e.status !== 400 || !request || typeof request !== "object" || /^[0-9]{9}$/.test(String(request.ssn))) return;
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
    id: "adverse-action-yes", service: "check-cashing", class: "status and shape", fault: "adverseAction \"yes\"",
    response(e) { if (e.status >= 400) e.body = e.body.replace(/"adverseAction":(true|false|"true"|"false")/g, '"adverseAction":"yes"'); },
  },
  {
    id: "approval-201", service: "check-cashing", class: "status and shape", fault: "approvals answered 201",
    response(e) { if (e.status === 200) e.status = 201; },
  },
  {
    id: "approval-aba-wrong", service: "check-cashing", class: "check cashing", fault: "the approval's aba is not the MICR line's routing number",
    response(e) { approval(e, (b) => { b.aba = [...b.aba].reverse().join(""); }); },
  },
  {
    id: "approval-account-first-digits", service: "check-cashing", class: "check cashing", fault: "accountLast4 holds the account's first four digits",
    response(e) {
      const runs: string[] = String(requestJson(e)?.account?.micrData ?? "").match(/[0-9]+/g) ?? [];
      const account = runs[runs.findIndex((run) => run.length === 9) + 1];
      approval(e, (b) => { if (account) b.accountLast4 = account.slice(0, 4); });
    },
  },
  {
    id: "approval-checktype-always-y", service: "check-cashing", class: "check cashing", fault: "government checks approved as company checks",
    response(e) { approval(e, (b) => { b.checkType = "Y"; }); },
  },
  {
    id: "approval-checknum-padded", service: "check-cashing", class: "check cashing", fault: "checkNum with a leading zero",
    response(e) { approval(e, (b) => { b.checkNum = `0${b.checkNum}`.slice(0, 15); }); },
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
    id: "entry-trxid-missing", service: "check-cashing", class: "check cashing", fault: "error entries do not echo trxID",
    response(e) { eachEntry(e, (entry) => { delete entry.trxID; }); },
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
    id: "id-error-no-customer-care", service: "check-cashing", class: "check cashing", fault: "ID errors lack customerCare",
    response(e) { eachEntry(e, (entry) => { if (entry.errorType === "id_error") delete entry.customerCare; }); },
  },
  {
    id: "correction-with-trxrefid", service: "check-cashing", class: "check cashing", fault: "corrections carry a trxRefID",
    response(e) { eachEntry(e, (entry) => { if (entry.errorType === "correction") entry.trxRefID = "418220099"; }); },
  },
  {
    id: "details-without-member", service: "check-cashing", class: "check cashing", fault: "errorDetails do not start with the member's path",
    response(e) { eachEntry(e, (entry) => { if (typeof entry.errorDetails === "string") entry.errorDetails = entry.errorDetails.replace(/^[^:]*:\s*/, ""); }); },
  },
  {
    id: "missing-as-1001", service: "check-cashing", class: "check cashing", fault: "a missing member is answered with code 1001",
    response(e) { eachEntry(e, (entry) => { if (entry.responseCode === "1002") entry.responseCode = "1001"; }); },
  },
  {
    id: "errorpath-wrong", service: "check-cashing", class: "check cashing", fault: "errorPath without the version segment",
    response(e) { eachEntry(e, (entry) => { if (entry.errorPath === "/v1/payroll") entry.errorPath = "/payroll"; }); },
  },
  {
    id: "duplicate-as-1001", service: "check-cashing", class: "check cashing", fault: "a repeated trxID is answered with code 1001",
    response(e) { eachEntry(e, (entry) => { if (entry.responseCode === "1005") entry.responseCode = "1001"; }); },
  },
  {
    id: "unknown-member-as-1001", service: "check-cashing", class: "check cashing", fault: "unknown members are answered with code 1001",
    response(e) { eachEntry(e, (entry) => { if (entry.responseCode === "1003") entry.responseCode = "1001"; }); },
  },
  {
    id: "system-error-trxrefid", service: "check-cashing", class: "check cashing", fault: "server failures carry a trxRefID",
    response(e) { eachEntry(e, (entry) => { if (entry.errorType === "system_error") entry.trxRefID = "418220100"; }); },
  },
  {
    id: "micr-unreadable-approved", service: "check-cashing", class: "sequences only", fault: "a check whose MICR line cannot be read is approved",
    response(e) {
      if (e.status !== 400 || !e.body.includes('"responseCode":"1006"')) return;
      const request = requestJson(e);
      e.status = 200;
      e.body = JSON.stringify({ trxID: request.trxID, trxRefID: "518220017", approvalNum: "604213", aba: "011000015", accountLast4: "0000", checkType: "Y", checkNum: "1" });
    },
  },
];
