// Valid variants for rows the documents let a server read two ways, where the suite accepts both
// (issue 23): the sandbox takes one reading, the proxy answers the other.
import { currentIntent, editJson, is, requestJson, secretKeyUsed, setOf } from "./rewrite.js";
import type { Variant } from "./variant.js";

/** B-28: a capture of an intent captured and then canceled is "already captured" (73), not "not captured" (76). */
const captureAfterCancelAlreadyOccurred: Variant = {
  id: "capture-after-cancel-already-occurred", decisions: ["B-28"], kind: "behaviour", services: ["bank-payments"], coverage: true,
  change: "capturing an intent that was captured and then canceled is refused 409 already_occurred (code 73), not not_ready (76)",
  allowedBy: "bank §7.4 code 73 \"Debit already captured\" is true of such an intent, and so is 76 of its canceled state; B-28 accepts both",
  // Rewrites the implementation's own 409 not_ready, so a request whose body is also wrong still gets
  // its 422 first (B-52's order), as any server reading B-28 this way would answer.
  async response(e, c) {
    if (e.status >= 200 && e.status < 300) {
      // Remembers every intent a response shows captured (a capture, an authorize_and_capture).
      editJson(e, (body) => {
        const items = Array.isArray(body?.data) ? body.data : body?.data ? [body.data] : [];
        for (const item of items) if (typeof item?.id === "string" && item.amount_captured != null) setOf(c.memory, "captured").add(item.id);
      });
      return;
    }
    if (e.status !== 409 || !is.action(e, "capture") || !secretKeyUsed(e, c.secretKey)) return;
    const id = e.url.pathname.split("/").pop() ?? "";
    if (!setOf(c.memory, "captured").has(id) || (await currentIntent(e, c))?.status !== "canceled") return;
    e.body = JSON.stringify({ conflict: "already_occurred", message: "The transaction intent is already captured (response code 73).", action: "capture" });
  },
};


const canadianProvinces = new Set(["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"]);

/** C-15: a Canadian province code in `address.state` processed like any state (the sandbox refuses it). */
const provinceStateProcessed: Variant = {
  id: "province-state-processed", decisions: ["C-15"], kind: "check cashing", services: ["check-cashing"], coverage: true,
  change: "a Canadian province code in address.state is processed like a US state, not refused",
  allowedBy: "cc §2 states only the zip's form (5 or 9 digits) for US addresses; nothing refuses a state code; C-15 open for state",
  request(e) {
    const body = requestJson(e);
    const state = body?.address?.state;
    if (typeof state !== "string" || !canadianProvinces.has(state.toUpperCase())) return;
    // The sandbox is asked with a US state in its place; nothing the answer carries names the state.
    return { forward: { body: JSON.stringify({ ...body, address: { ...body.address, state: "TX" } }) } };
  },
};

export const readingVariants: Variant[] = [captureAfterCancelAlreadyOccurred, provinceStateProcessed];
