// "Useless" servers: each answer they give is one the documents allow on its own (a decline, a failed
// capture, a failed credit, an unreadable MICR line), but they never do the job. Run as implementers
// run the suite (without the sandbox's triggers), each must fail: by the oracle where it can tell,
// else by the evidence checks (conformance/evidence.ts), which fail a run that never saw the job done.
import { editJson, eachIntent, is, requestJson } from "./match.js";
import type { Mutant } from "./proxy.js";

const useless = { class: "useless", triggers: false } as const;

export const uselessMutants: Mutant[] = [
  {
    ...useless, id: "never-approves-check", service: "check-cashing",
    fault: "every valid check is answered with a correction (MICR unreadable, 1006): nothing is ever approved",
    response(e) {
      if (e.status !== 200) return;
      const trxID = requestJson(e)?.trxID;
      e.status = 400;
      e.body = JSON.stringify({ errors: [{
        errorMessage: "Request field invalid", errorDetails: "account.micrData: routing, account and check numbers not found",
        errorType: "correction", responseCode: "1006", adverseAction: false, errorDate: new Date().toISOString(), ...(typeof trxID === "string" ? { trxID } : {}),
      }] });
    },
  },
  {
    ...useless, id: "declines-every-authorization", service: "bank-payments",
    fault: "every authorization is declined (200, the intent failed)",
    response(e) {
      const authorizing = (is.intentCreate(e) && ["authorize", "authorize_and_capture"].includes(requestJson(e)?.action)) || is.action(e, "authorize");
      if (!authorizing || e.status < 200 || e.status > 299) return;
      e.status = 200;
      eachIntent(e, (intent) => { intent.status = "failed"; intent.reason = "Declined (response code 05)"; });
      editJson(e, (body) => { if (body?.meta) body.meta.type = "transaction_intent"; });
    },
  },
  {
    ...useless, id: "never-captures", service: "bank-payments",
    fault: "every capture fails (200, the intent still pending_capture, captured_status error)",
    response(e) {
      if (!is.action(e, "capture") || e.status !== 200) return;
      eachIntent(e, (intent) => {
        if (intent.status !== "succeeded") return;
        Object.assign(intent, { status: "pending_capture", captured_status: "error", amount_captured: null, captured_at: null });
      });
    },
  },
  {
    // B-37 lets an authorized intent carry no reference (null before, or a text); B-45 then refuses its
    // linked credits. Each answer is allowed; never paying a linked credit back is not doing the job.
    ...useless, id: "captured-without-reference", service: "bank-payments",
    fault: "no intent but a declined one ever carries a reference_id, so every linked credit gets 409 no_reference_number",
    async request(e, c) {
      const body = requestJson(e);
      const secret = e.requestHeaders.authorization === `Bearer ${c.secretKey}` && /^application\/json/.test(e.requestHeaders["content-type"] ?? "");
      if (!is.creditCreate(e) || !secret || typeof body?.transaction_intent_id !== "string" || !plainLinkedCredit(body)) return;
      // Answered only where the implementation would pay (a succeeded intent); elsewhere its own refusal stands.
      const intent = await c.forward("GET", `/api/transaction-intents/${encodeURIComponent(body.transaction_intent_id)}`, { Authorization: `Bearer ${c.secretKey}`, Accept: "application/json" });
      if (intent.status !== 200 || JSON.parse(intent.body).data?.status !== "succeeded") return;
      return { answer: { status: 409, body: JSON.stringify({ error: "no_reference_number", message: "The transaction intent has no reference number (response code 33)." }) } };
    },
    response(e) {
      eachIntent(e, (intent) => { if (intent.status !== "failed" && intent.reference_id !== null) intent.reference_id = null; });
    },
  },
  {
    ...useless, id: "never-pays-credit", service: "bank-payments",
    fault: "every credit fails (201, the credit failed)",
    response(e) {
      if (!is.creditCreate(e) || e.status !== 201) return;
      editJson(e, (body) => { if (body?.data?.status === "succeeded") body.data.status = "failed"; });
    },
  },
];

/** A linked credit body a server would pay as it is: an amount of cents, and only the members doc 4.6 lists (no submerchant id: the sandbox prohibits it). */
function plainLinkedCredit(body: Record<string, unknown>): boolean {
  const members = ["amount", "transaction_intent_id", "employee_number", "extras", "store_number"];
  return typeof body.amount === "string" && /^[0-9]+\.[0-9]{2}$/.test(body.amount) && Number(body.amount) > 0
    && Object.keys(body).every((member) => members.includes(member));
}
