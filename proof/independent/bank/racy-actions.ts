// The race faults (faults.ts, issue 34): an action handler written as many are, check then act with
// a wait in between. It reads the intent (a copy, as an ORM loads a row), waits for the bank's
// answer, decides on the copy, then saves only the members it changed onto the stored intent (as an
// ORM saves dirty attributes; a refunded total as an increment, as a ledger keeps it) and answers the
// intent as saved. Two overlapping actions on one intent therefore both decide on the state before
// either: both captures applied, both refunds (twice the captured amount refunded), a cancel and a
// capture both saved. One request at a time, it answers exactly as the correct server does.
import { isDeepStrictEqual } from "node:util";
import { setTimeout as wait } from "node:timers/promises";
import type { Fault } from "../faults.js";
import type { Intents } from "./intents.js";
import type { Intent } from "./model.js";
import type { Reply } from "./replies.js";
import type { ActionRequest } from "./requests.js";

/** The actions each race fault handles this way. */
const racyActions: Partial<Record<Fault, Array<ActionRequest["action"]>>> = {
  "overlapping-captures-both-applied": ["capture"],
  "overlapping-refunds-both-applied": ["refund"],
  "overlapping-cancel-and-capture-both-applied": ["cancel", "capture"],
};

/** How long the bank takes to answer an action: long beside the gap between two requests sent at once. */
const bankAnswerMs = 50;

export function isRacy(fault: Fault | undefined, action: ActionRequest["action"]): boolean {
  return fault !== undefined && (racyActions[fault] ?? []).includes(action);
}

/** The action decided on a copy read before the bank's answer, its changes saved onto the intent. */
export async function actOnStaleCopy(intents: Intents, intent: Intent, request: ActionRequest): Promise<Reply> {
  const loaded = structuredClone(intent);
  const copy = structuredClone(intent);
  await wait(bankAnswerMs);
  const reply = intents.act(copy, request);
  // Saved whatever the answer: a refused capture over the limit counts against the retries too.
  for (const key of Object.keys(copy) as Array<keyof Intent>) {
    if (isDeepStrictEqual(copy[key], loaded[key])) continue;
    if (key === "amountRefundedTotal") intent.amountRefundedTotal = (intent.amountRefundedTotal ?? 0) + (copy.amountRefundedTotal ?? 0) - (loaded.amountRefundedTotal ?? 0);
    else (intent as Record<string, unknown>)[key] = copy[key];
  }
  if (reply.status !== 200) return reply;
  const { meta } = reply.body as { meta: unknown };
  return { status: 200, body: { data: intents.full(intent), meta } };
}
