// Test helpers moving a `pending` credit on (bank doc 3.2 leaves "out of pending" unshown).
import { nowIso } from "../ids.js";
import { reply, type JsonReply } from "../http.js";
import { requireKey, type BankContext } from "../bank/context.js";
import { creditView, type CreditRecord } from "../bank/credits.js";
import { notFound } from "../bank/errors.js";
import { invalidState } from "./conflict.js";

function movePending(ctx: BankContext, id: string, refused: string, outcome: (credit: CreditRecord) => CreditRecord): JsonReply {
  const key = requireKey(ctx, "secret");
  if ("reply" in key) return key.reply;
  return ctx.write((store) => {
    const credit = store.get<CreditRecord>("credits", id);
    if (!credit) return notFound();
    if (credit.status !== "pending") return invalidState(refused);
    const moved = { ...outcome(credit), updated_at: nowIso() };
    store.update("credits", id, moved);
    return reply(200, { data: creditView(moved), meta: { type: "credit" } });
  });
}

/** The pending credit succeeds: it can then be cancelled. */
export function settleCredit(ctx: BankContext, id: string): JsonReply {
  return movePending(ctx, id, "Only a pending credit can be settled.", (credit) => ({ ...credit, status: "succeeded", reason: "Approved" }));
}

/** The pending credit fails: like every failed credit, no reference or station number. */
export function failCredit(ctx: BankContext, id: string): JsonReply {
  return movePending(ctx, id, "Only a pending credit can fail.", (credit) => ({
    ...credit,
    status: "failed",
    reason: "The credit failed.",
    reference_number: null,
    station_number: null,
  }));
}
