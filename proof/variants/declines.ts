// Valid variants that decline now and then (issue 23, point 4): correct servers with a risk engine
// the suite cannot predict. Each outcome is one the documents allow on any request (a declined
// authorization, a failed capture, a declined check), given to a few of the suite's requests, and
// stored by the sandbox itself (through its test helpers), so that later reads and lists agree.
// They run without triggers, as implementers run the suite: the suite must pass them, retrying on
// a fresh object or skipping with the reason where it needed the other outcome.
import { editJson, is, requestJson, secretKeyUsed } from "./rewrite.js";
import type { Exchange, ProxyContext } from "../mutants/proxy.js";
import type { Variant } from "./variant.js";

const json = (value: unknown) => JSON.stringify(value);

/** Counts the exchanges of one kind in the variant's memory; true on every `every`-th. */
function everyNth(c: ProxyContext, counter: string, every: number): boolean {
  const count = ((c.memory.get(counter) as number | undefined) ?? 0) + 1;
  c.memory.set(counter, count);
  return count % every === 0;
}

/** A request that asks for an authorization: a creation with `authorize` or `authorize_and_capture`, or the authorize action. */
const authorizing = (e: Exchange) =>
  (is.intentCreate(e) && ["authorize", "authorize_and_capture"].includes(requestJson(e)?.action)) || is.action(e, "authorize");

const secretHeaders = (c: ProxyContext) => ({ Authorization: `Bearer ${c.secretKey}`, "Content-Type": "application/json", Accept: "application/json" });

/** An intent a response shows failed, or still pending_capture with a failed capture (what the variants cause). */
const shows = (e: Exchange, test: (data: any) => boolean) => {
  try {
    return e.status === 200 && test(JSON.parse(e.body)?.data);
  } catch {
    return false;
  }
};

/** A server that declines every `every`-th authorization (code 12), stored by the sandbox. */
export const declinesEvery = (every: number, id: string): Variant => ({
  id, decisions: ["B-31"], kind: "declines", services: ["bank-payments"], triggers: false, coverage: true,
  change: `one authorization in ${every} is declined (response code 12, high risk), stored: the intent failed in every later read`,
  allowedBy: "bank §3.1 \"authorize_and_capture ... may be declined\", §7.4 code 12 \"Decline (high risk)\"; B-31 \"any authorization may be declined\"",
  // A tenant of its own: the arranged code is the tenant's, so no other run takes it.
  sandboxSettings: { next_authorization_code: null },
  async request(e, c) {
    if (!authorizing(e) || !secretKeyUsed(e, c.secretKey) || !everyNth(c, "authorizations", every)) return;
    // The sandbox's own decline, stored with the intent: its next authorization answered with code 12.
    const arranged = await c.forward("PATCH", "/_sandbox/settings", secretHeaders(c), json({ next_authorization_code: "12" }));
    if (arranged.status !== 200) throw new Error(`arranging a decline: ${arranged.status} ${arranged.body}`);
  },
  evidence: (e) => authorizing(e) && shows(e, (data) => data?.status === "failed"),
});

/** A server whose every `every`-th capture fails (`captured_status` error), stored by the sandbox. */
export const captureFailsEvery = (every: number, id: string): Variant => ({
  id, decisions: ["B-34"], kind: "declines", services: ["bank-payments"], triggers: false, coverage: true,
  change: `one capture in ${every} fails (200, the intent still pending_capture, captured_status error), stored; the next capture may succeed`,
  allowedBy: "bank §2.1 captured_status values (error, expired, ...); B-34 \"a failed capture is answered 200 with the intent still pending_capture ... it may be retried\"",
  sandboxSettings: { next_authorization_code: null },
  async request(e, c) {
    if (!is.action(e, "capture") || !secretKeyUsed(e, c.secretKey) || !everyNth(c, "captures", every)) return;
    // The sandbox's fail-next-capture helper: it refuses (409) an intent that cannot be captured, and then nothing fails.
    const arranged = await c.forward("POST", `/_sandbox${e.url.pathname.replace(/^\/api/, "")}/fail-next-capture`, secretHeaders(c), json({ captured_status: "error" }));
    if (arranged.status !== 200) c.memory.set("captures", ((c.memory.get("captures") as number) ?? 1) - 1);
  },
  evidence: (e) => is.action(e, "capture") && shows(e, (data) => data?.status === "pending_capture" && data?.captured_status === "error"),
});

const checkDeclinedOneInFive: Variant = {
  id: "check-declined-one-in-five", decisions: ["C-7", "C-11"], kind: "declines", services: ["check-cashing"], triggers: false, coverage: true,
  change: "one approved check in five is declined instead (400, errorType declined, 2007, adverse action); its trxID is used up as by the approval",
  allowedBy: "cc §2.3 errorType declined with adverseAction, §7 \"Declines ... come with HTTP 400 or 500\"; C-7; C-11 a trxID used up by a decline",
  response(e, c) {
    if (e.status !== 200 || !everyNth(c, "approvals", 5)) return;
    editJson(e, (approval) => {
      if (typeof approval?.approvalNum !== "string") return;
      e.status = 400;
      // The sandbox's own decline entry (its `.07` trigger), for the check it approved.
      const entry = {
        errorPath: e.url.pathname, errorMessage: "Check declined", errorDetails: "Adverse action required: provide the consumer the adverse action notice.",
        errorType: "declined", errorDate: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"), trxID: approval.trxID, trxRefID: approval.trxRefID,
        responseCode: "2007", adverseAction: true, customerCare: "800-555-0199",
      };
      for (const key of Object.keys(approval)) delete approval[key];
      approval.errors = [entry];
    });
  },
};

export const declineVariants: Variant[] = [declinesEvery(10, "declines-one-in-ten"), captureFailsEvery(5, "capture-fails-now-and-then"), checkDeclinedOneInFive];
