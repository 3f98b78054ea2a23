// Valid variants of the check cashing service: readings of cc §2 that the sandbox does not take.
import { editJson, eachEntry, requestJson, setOf } from "./rewrite.js";
import type { Variant } from "./variant.js";

const wellFormedTrxId = (value: unknown): value is string => typeof value === "string" && /^[A-Za-z0-9-]{4,20}$/.test(value);

const trxIdUsedByCorrections: Variant = {
  id: "trxid-used-by-corrections", decisions: ["C-11"], kind: "check cashing", services: ["check-cashing"],
  change: "a trxID once used, even by a request answered with a correction, is refused when used again (1005)",
  allowedBy: "cc §2.1 trxID \"not repeatable across requests\", §8 \"unique per request\"; issue 15 item 7",
  request(e, c) {
    const trxID = requestJson(e)?.trxID;
    if (!wellFormedTrxId(trxID)) return;
    e.notes.trxID = trxID;
    const usedByCorrections = setOf(c.memory, "used by corrections");
    const usedUp = [...setOf(c.memory, "used up")][0];
    // Ask the sandbox with a trxID it has used up, so that its own answer (and precedence) comes back.
    if (!usedByCorrections.has(trxID) || usedUp === undefined) return;
    e.notes.standIn = usedUp;
    return { forward: { body: JSON.stringify({ ...requestJson(e), trxID: usedUp }) } };
  },
  response(e, c) {
    const trxID = e.notes.trxID as string | undefined;
    if (trxID === undefined) return;
    if (typeof e.notes.standIn === "string") {
      e.body = e.body.split(JSON.stringify(e.notes.standIn)).join(JSON.stringify(trxID));
      return;
    }
    let entries: Array<{ errorType?: string }> = [];
    try {
      entries = JSON.parse(e.body)?.errors ?? [];
    } catch {
      return;
    }
    if (e.status === 200 || entries.some((entry) => entry.errorType === "declined" || entry.errorType === "id_error")) setOf(c.memory, "used up").add(trxID);
    else if (entries.length > 0 && entries.every((entry) => entry.errorType === "correction")) setOf(c.memory, "used by corrections").add(trxID);
  },
};

const numericIds: Variant = {
  id: "payroll-numeric-ids", decisions: ["C-10"], kind: "check cashing", services: ["check-cashing"],
  change: "trxRefID and checkNum are JSON integers",
  allowedBy: "cc §2.2/2.3 trxRefID \"numeric, up to 15 digits\", checkNum \"numeric\" (netAmount's \"numeric\" is read as number or string); contract-audit row 6",
  response(e) {
    editJson(e, (body) => {
      for (const holder of [body, ...(Array.isArray(body?.errors) ? body.errors : [])]) {
        for (const member of ["trxRefID", "checkNum"]) if (typeof holder?.[member] === "string" && /^[0-9]{1,15}$/.test(holder[member])) holder[member] = Number(holder[member]);
      }
    });
  },
};

let references = 0;

const everyMember: Variant = {
  id: "payroll-every-member", decisions: ["C-6"], kind: "check cashing", services: ["check-cashing"],
  change: "every error entry carries every cc §2.3 member: trxRefID on corrections too, customerCare and errorDetails everywhere",
  allowedBy: "cc §2.3 lists the ten members of an entry with no conditions; contract-audit row 4",
  response(e) {
    eachEntry(e, (entry) => {
      entry.trxRefID ??= String(600_000_000 + (references += 1));
      entry.customerCare ??= "800-555-0199";
      entry.errorDetails ??= entry.errorMessage ?? "See errorMessage";
    });
  },
};

const declines500: Variant = {
  id: "payroll-500-declines", decisions: ["C-8"], kind: "check cashing", services: ["check-cashing"],
  change: "declines are answered with HTTP 500",
  allowedBy: "cc §7 \"Declines and correction requests come with HTTP 400 or 500\"; contract-audit row 18",
  response(e) {
    if (e.status !== 400) return;
    editJson(e, (body) => { if (body?.errors?.some((entry: { errorType?: string }) => entry.errorType === "declined")) e.status = 500; });
  },
};

const freeDetails: Variant = {
  id: "payroll-free-details", decisions: ["C-6"], kind: "check cashing", services: ["check-cashing"],
  change: "errorDetails is free text (no member path), errorPath the full URL of the route",
  allowedBy: "cc §2.3 errorDetails \"string up to 260 chars\", errorPath \"string up to 200 chars; route that failed\"; contract-audit rows 5 and 11",
  response(e) {
    const url = `http://${e.requestHeaders.host ?? "127.0.0.1"}${e.url.pathname}`;
    eachEntry(e, (entry) => {
      if (typeof entry.errorDetails === "string") entry.errorDetails = `Please check the request and send it again (${entry.responseCode ?? "no code"}).`;
      entry.errorPath = url.slice(0, 200);
    });
  },
};

const customerCareOther: Variant = {
  id: "customer-care-other", decisions: ["C-6"], kind: "check cashing", services: ["check-cashing"],
  change: "another support telephone number in customerCare",
  allowedBy: "cc §2.3 customerCare \"support telephone number, digits with two dashes\"",
  response(e) { eachEntry(e, (entry) => { if (typeof entry.customerCare === "string") entry.customerCare = "888-301-4422"; }); },
};

/** Another valid routing number (ABA checksum holds) than the one given. */
const otherAba = (aba: string) => (aba === "011000015" ? "021000021" : "011000015");

const micrOtherReading: Variant = {
  id: "micr-other-reading", decisions: ["C-9"], kind: "check cashing", services: ["check-cashing"],
  change: "approvals read the MICR line by another layout: other well-formed aba, accountLast4, checkNum and checkType, the same for the same line",
  allowedBy: "cc §2.1/2.2: the MICR line is \"a named layout\", not shown; checkType is the kind of payer; contract-audit row 7",
  response(e) {
    if (e.status !== 200) return;
    editJson(e, (body) => {
      if (typeof body?.aba === "string") body.aba = otherAba(body.aba);
      if (typeof body?.accountLast4 === "string") body.accountLast4 = [...body.accountLast4].reverse().join("");
      if (typeof body?.checkNum === "string" && /^[0-9]+$/.test(body.checkNum)) body.checkNum = String((Number(body.checkNum) + 7) % 10 ** 9);
      if (body?.checkType === "Y" || body?.checkType === "G") body.checkType = body.checkType === "Y" ? "G" : "Y";
    });
  },
};

const micrLayoutUnread: Variant = {
  id: "micr-readable-as-1006", decisions: ["C-9", "C-12"], kind: "check cashing", services: ["check-cashing"],
  change: "a well-formed MICR line in which the sandbox finds a government check (a G) is one this server cannot read: correction 1006",
  allowedBy: "cc §2.1 micrData is a named layout not shown; a server that does not read a line answers a correction; contract-audit row 7",
  request(e) {
    const body = requestJson(e);
    const line = body?.account?.micrData;
    if (typeof line !== "string" || !/G/.test(line) || !/^[A-Za-z0-9 ]{1,75}$/.test(line)) return;
    // The sandbox's own answer to a line it cannot read: its corrections, its precedence, its trxID rules.
    return { forward: { body: JSON.stringify({ ...body, account: { ...body.account, micrData: "UNREADABLE LINE" } }) } };
  },
};

export const checkCashingVariants: Variant[] = [
  trxIdUsedByCorrections, numericIds, everyMember, declines500, freeDetails, customerCareOther, micrOtherReading, micrLayoutUnread,
];
