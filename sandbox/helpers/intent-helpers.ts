// Test helpers acting on one transaction intent: what the public API cannot reach (a consumer
// accepting the service fee, a failing capture, a debit returned by the bank). Check order as the
// bank API's: key, intent (404), body (422), status (409).
import type { components } from "../../generated/types/sandbox-helpers.js";
import { nowIso, token } from "../ids.js";
import { reply, type JsonReply } from "../http.js";
import { requireKey, type BankContext } from "../bank/context.js";
import { notFound } from "../bank/errors.js";
import { fullView, type IntentRecord, type IntentStatus } from "../bank/intent-record.js";
import { sandboxServiceFeeCents } from "../bank/intents.js";
import { invalidState } from "./conflict.js";
import { helperBody } from "./validation.js";

type Schemas = components["schemas"];

const awaitingAuthorization: readonly IntentStatus[] = ["pending_service_fee_acceptance", "pending_service_fee", "pending_authorization"];
const awaitingAcceptance: readonly IntentStatus[] = ["pending_service_fee_acceptance", "pending_service_fee"];

/** Why a helper refuses the intent in its status, or undefined when it acts. */
type Change = (intent: IntentRecord) => { intent: IntentRecord } | { refused: string };

/**
 * Runs one intent helper: the key, the intent, the body, then the change inside one transaction
 * (so a concurrent action cannot slip between the status check and the write).
 */
function actOn<T>(ctx: BankContext, id: string, schemaName: string | undefined, change: (body: T) => Change): JsonReply {
  const key = requireKey(ctx, "secret");
  if ("reply" in key) return key.reply;
  if (!ctx.store.get<IntentRecord>("intents", id)) return notFound();
  let body = {} as T;
  if (schemaName !== undefined) {
    const parsed = helperBody<T>(ctx, schemaName);
    if ("reply" in parsed) return parsed.reply;
    body = parsed.value;
  }
  const apply = change(body);
  return ctx.write((store) => {
    const outcome = apply(store.get<IntentRecord>("intents", id) as IntentRecord);
    if ("refused" in outcome) return invalidState(outcome.refused);
    store.update("intents", id, outcome.intent);
    return reply(200, { data: fullView(outcome.intent), meta: { type: "transaction_intent" } });
  });
}

/** The fields of a service fee the consumer has accepted (the sandbox's fixed 2.50) at `acceptedAt`. */
function feeAccepted(intent: IntentRecord, serviceFeeId: string | undefined, acceptedAt: string): IntentRecord {
  return {
    ...intent,
    status: "pending_authorization",
    service_fee_id: serviceFeeId ?? intent.service_fee_id ?? `service_fee_${token()}`,
    service_fee_cents: sandboxServiceFeeCents,
    service_fee_accepted_at: acceptedAt,
  };
}

export function acceptServiceFee(ctx: BankContext, id: string): JsonReply {
  return actOn<Schemas["AcceptServiceFeeRequest"]>(ctx, id, "AcceptServiceFeeRequest", (body) => (intent) =>
    awaitingAcceptance.includes(intent.status)
      ? { intent: feeAccepted(intent, body.service_fee_id, nowIso()) }
      : { refused: "The service fee can be accepted in pending_service_fee_acceptance or pending_service_fee only." },
  );
}

export function setIntentStatus(ctx: BankContext, id: string): JsonReply {
  return actOn<Schemas["SetStatusRequest"]>(ctx, id, "SetStatusRequest", (body) => (intent) => {
    if (!awaitingAuthorization.includes(intent.status)) return { refused: "An intent can be moved only while it awaits authorization." };
    // An intent already in pending_authorization keeps the time its fee was accepted.
    if (body.status === "pending_authorization") return { intent: feeAccepted(intent, undefined, intent.service_fee_accepted_at ?? nowIso()) };
    return { intent: { ...intent, status: "pending_service_fee", service_fee_id: null, service_fee_cents: null, service_fee_accepted_at: null } };
  });
}

export function failNextCapture(ctx: BankContext, id: string): JsonReply {
  return actOn<Schemas["FailNextCaptureRequest"]>(ctx, id, "FailNextCaptureRequest", (body) => (intent) =>
    awaitingAuthorization.includes(intent.status) || intent.status === "pending_capture"
      ? { intent: { ...intent, fail_next_capture: body.captured_status } }
      : { refused: "A capture failure can be arranged only before the intent is captured." },
  );
}

export function returnDebit(ctx: BankContext, id: string): JsonReply {
  return actOn<Record<string, never>>(ctx, id, undefined, () => (intent) => {
    if (intent.status !== "succeeded" || intent.captured_cents === null) {
      return { refused: "A debit can be returned only once the intent is captured and not refunded." };
    }
    if (intent.debit_returned) return { refused: "The debit of this intent was already returned." };
    return { intent: { ...intent, debit_returned: true, reason: "Debit related to the refund was returned by the bank (response code 82)" } };
  });
}
