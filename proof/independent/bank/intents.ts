// Transaction intents: creation and the actions of bank §3.1 / §4.3, as state changes of the
// records in the store. Checks run as the contract orders them: the body was read before
// (requests.ts); here come the state (409), then the amount checks that depend on it (422).
import type { ServerConfig } from "../config.js";
import { isoDate, isoTime, newId, reference } from "../wire.js";
import type { BankStore, Intent } from "./model.js";
import { codeText, intentConflict, validation, type Reply } from "./replies.js";
import type { ActionRequest, CreateIntentRequest } from "./requests.js";
import { createdView, fullView, publicView } from "./views.js";

/** Statuses in which the consumer has not accepted the service fee, a prerequisite of a transaction (bank §1). */
const awaitingFee = ["pending_service_fee_acceptance", "pending_service_fee"];

/** Service fee amounts: this team prices every enrolled fee alike. */
const serviceFeeCents = 295;

export class Intents {
  constructor(private readonly store: BankStore, private readonly config: ServerConfig) {}

  find(id: string): Intent | undefined {
    return this.store.intents.get(id);
  }

  full(intent: Intent, inList = false) {
    return fullView(intent, this.config.chainNumber, inList);
  }

  /** The reduced view: consumers enrolled with an even-numbered account have an e-mail address on file. */
  reduced(intent: Intent) {
    const view = publicView(intent, this.config.chainNumber, /[02468]$/.test(intent.consumerId));
    return this.config.fault === "reduced-view-leaks-extras" ? { ...view, extras: intent.extras } : view;
  }

  create(request: CreateIntentRequest): Reply {
    const owner = this.config.enrolment.bank_accounts.find((a) => a.id === request.bankAccountId)?.consumer_id;
    if (owner !== request.consumerId) {
      return intentConflict("bank_account_conflict", "That bank account is enrolled to a different consumer.");
    }
    const now = new Date();
    const intent: Intent = {
      id: newId("transaction_intent"),
      type: request.type,
      status: "pending_service_fee_acceptance",
      amountAuthorized: request.amount,
      amountCaptured: null, amountRefundedTotal: null, authorizedAt: null,
      capturedAt: null, capturedStatus: null, captureReferenceId: null, refusedCaptures: 0,
      bankAccountId: request.bankAccountId,
      consumerId: request.consumerId,
      address: request.billingAddress ? { id: newId("address"), standardized: request.billingAddress.country_code === "US", lines: request.billingAddress } : null,
      cancel: null, refund: null,
      reason: "Waiting for the consumer to accept the service fee.",
      // The consumer's reference is issued with the intent, so it can be quoted from the start.
      referenceId: reference("TXR"),
      serviceFeeId: request.serviceFeeId,
      serviceFee: request.serviceFeeId ? serviceFeeCents : null,
      serviceFeeAcceptedAt: request.serviceFeeId ? isoTime(now) : null,
      adverse: false,
      extras: request.extras,
      storeNumber: request.storeNumber,
      submerchantId: request.submerchantId,
      payments: request.type === "bankpay_bnpl" ? schedule(request.amount, now) : null,
    };
    if (request.action) this.authorize(intent);
    if (request.action === "authorize_and_capture") this.capture(intent, intent.amountAuthorized);
    this.store.addIntent(intent);
    // "The authorize response shows the status value pending_capture as meta.type" (bank §2.5): so does this one.
    return { status: 201, body: { data: createdView(intent), meta: { type: request.action === "authorize" ? "pending_capture" : "transaction_intent" } } };
  }

  /**
   * The consumer accepts the service fee through the client-side SDK (bank §1; its interface is not
   * in the published contract): the intent then awaits authorization.
   */
  acceptServiceFee(intent: Intent, serviceFeeId: string): Reply {
    if (!awaitingFee.includes(intent.status)) return intentConflict("already_occurred", "The service fee of this intent was already settled.");
    Object.assign(intent, {
      status: "pending_authorization", serviceFeeId, serviceFee: serviceFeeCents, serviceFeeAcceptedAt: isoTime(),
      reason: "The consumer accepted the service fee; awaiting authorization.",
    });
    return { status: 200, body: { data: this.reduced(intent), meta: { type: "transaction_intent" } } };
  }

  act(intent: Intent, request: ActionRequest): Reply {
    const conflict = this.conflict(intent, request);
    if (conflict) return conflict;
    switch (request.action) {
      case "authorize":
        this.authorize(intent);
        return { status: 200, body: { data: this.full(intent), meta: { type: "pending_capture" } } };
      case "capture": {
        const refused = this.captureOverLimit(intent, request.amount);
        if (refused) return refused;
        this.capture(intent, request.amount);
        break;
      }
      case "refund": {
        const amount = request.amount ?? intent.amountCaptured!;
        if (amount > intent.amountCaptured! && this.config.fault !== "refund-over-debit") return validation({ amount: ["invalid"] }, "75");
        if (amount < intent.amountCaptured!) return validation({ amount: ["invalid"] }, "81");
        intent.refund = { amount, createdAt: isoTime(), message: "Refund accepted and queued for the ACH network.", referenceNumber: reference("RFD"), responseCode: "21", status: "succeeded" };
        intent.amountRefundedTotal = amount;
        intent.status = "refunded";
        intent.reason = "Refunded in full at the merchant's request.";
        break;
      }
      case "cancel":
        intent.cancel = {
          amount: intent.amountCaptured ?? intent.amountAuthorized, createdAt: isoTime(), message: "Debit voided before settlement.",
          referenceNumber: reference("VOD"), responseCode: "29", status: "succeeded",
        };
        Object.assign(intent, { amountCaptured: null, capturedAt: null, capturedStatus: null, captureReferenceId: null, status: "canceled" });
        intent.reason = "Voided at the merchant's request.";
        break;
      case "cancel_refund":
        intent.refund = { ...intent.refund!, status: "cancelled" };
        intent.amountRefundedTotal = null;
        intent.status = "succeeded";
        intent.reason = "Refund withdrawn; the captured debit stands.";
        break;
    }
    return { status: 200, body: { data: this.full(intent), meta: { type: "transaction_intent" } } };
  }

  updateAddress(intent: Intent, lines: Record<string, string | null>, key: "secret" | "publishable"): Reply {
    // Updated in place: an intent keeps its address identifier once it has one.
    intent.address = { id: intent.address?.id ?? newId("address"), standardized: lines.country_code === "US", lines };
    // is_mailable is returned only when the publishable key is used (bank §2.1).
    const { is_mailable: mailable, ...view } = this.reduced(intent);
    return { status: 200, body: { data: key === "publishable" ? { ...view, is_mailable: mailable } : view, meta: { type: "transaction_intent" } } };
  }

  /** The 409 an action meets in the intent's status, if any. */
  private conflict(intent: Intent, request: ActionRequest): Reply | undefined {
    const { action } = request;
    const status = intent.status;
    switch (action) {
      case "authorize":
        if (status === "pending_authorization") return undefined;
        // An accepted service fee is a prerequisite of a transaction (bank §1).
        if (awaitingFee.includes(status)) return intentConflict("not_ready", "The consumer has not accepted the service fee yet.", action);
        return intentConflict("already_occurred", `This intent is ${status.replace(/_/g, " ")}; it cannot be authorized again.`, action);
      case "capture":
        if (status === "pending_capture") return undefined;
        return status === "succeeded" || status === "refunded"
          ? intentConflict("already_occurred", `Nothing left to capture. ${codeText("73")}`, action)
          : intentConflict("not_ready", `Only an authorized intent can be captured. ${codeText("76")}`, action);
      case "refund":
        if (status === "succeeded") return undefined;
        if (status === "canceled") return intentConflict("not_ready", `The debit was voided. ${codeText("77")}`, action);
        if (status === "refunded") return intentConflict("not_ready", "The debit has already been refunded.", action);
        return intentConflict("not_ready", `There is no captured debit to refund. ${codeText("76")}`, action);
      case "cancel":
        if (status === "pending_capture" || status === "succeeded") return undefined;
        return status === "canceled"
          ? intentConflict("already_occurred", `The debit is already void. ${codeText("31")}`, action)
          : intentConflict("not_ready", `This intent cannot be voided while ${status.replace(/_/g, " ")}. ${codeText("30")}`, action);
      case "cancel_refund":
        return status === "refunded" ? undefined : intentConflict("not_ready", "There is no refund in force to withdraw.", action);
    }
  }

  private authorize(intent: Intent): void {
    intent.status = "pending_capture";
    intent.authorizedAt = this.config.fault === "authorized-at-without-offset" ? isoTime().replace(/\+00:00$/, "") : isoTime();
    intent.reason = "Approved by the bank; ready to capture.";
  }

  private capture(intent: Intent, amount: number): void {
    Object.assign(intent, {
      status: "succeeded", amountCaptured: amount, capturedAt: isoTime(), capturedStatus: "succeeded",
      captureReferenceId: reference("CAP"), reason: "Captured and sent for settlement.",
    });
  }

  /** A capture above the authorized amount by more than the adjustment limit: refused (78) until the retries run out, then the intent fails (79). */
  private captureOverLimit(intent: Intent, amount: number): Reply | undefined {
    const { captureAdjustmentLimitCents, captureRetries } = this.config.policy;
    if (amount <= intent.amountAuthorized + captureAdjustmentLimitCents) return undefined;
    intent.refusedCaptures += 1;
    if (intent.refusedCaptures <= captureRetries) return validation({ amount: ["invalid"] }, "78");
    Object.assign(intent, {
      status: "failed", capturedStatus: "limit_exceeded", captureReferenceId: reference("CAP"),
      reason: `Capture abandoned after repeated amounts over the limit. ${codeText("79")}`,
    });
    return { status: 200, body: { data: this.full(intent), meta: { type: "transaction_intent" } } };
  }
}

/** A bankpay_bnpl schedule: four monthly payments from the creation date, the odd cents on the last. */
function schedule(totalCents: number, created: Date): Intent["payments"] {
  const base = Math.floor(totalCents / 4);
  return [0, 1, 2, 3].map((i) => ({
    amount: base + (i === 3 ? totalCents % 4 : 0),
    scheduledFor: isoDate(addMonths(created, i)),
  }));
}

/** The same day `months` later, or the last day of a shorter month (Jan 31 + 1 month is Feb 28). */
function addMonths(date: Date, months: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}
