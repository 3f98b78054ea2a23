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
    ...useless, id: "never-pays-credit", service: "bank-payments",
    fault: "every credit fails (201, the credit failed)",
    response(e) {
      if (!is.creditCreate(e) || e.status !== 201) return;
      editJson(e, (body) => { if (body?.data?.status === "succeeded") body.data.status = "failed"; });
    },
  },
];
