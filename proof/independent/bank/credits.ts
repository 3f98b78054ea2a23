// Credits (bank §3.2, §4.6, §4.7): creation, linked or unlinked, and cancellation.
import type { ServerConfig } from "../config.js";
import { isoTime, newId, reference } from "../wire.js";
import type { BankStore, Credit } from "./model.js";
import { codeText, creditConflict, validation, type Reply } from "./replies.js";
import type { CreditRequest } from "./requests.js";
import { creditView } from "./views.js";

export class Credits {
  constructor(private readonly store: BankStore, private readonly config: ServerConfig) {}

  find(id: string): Credit | undefined {
    return this.store.credits.get(id);
  }

  create(request: CreditRequest): Reply {
    if (request.kind === "linked") {
      const intent = this.store.intents.get(request.targetId)!;
      if (intent.status === "canceled") return creditConflict("incompatible_status", `The transaction was voided. ${codeText("77")}`);
      if (intent.status !== "succeeded") return creditConflict("incompatible_status", `A credit needs a captured transaction; this one is ${intent.status.replace(/_/g, " ")}.`);
      if (!intent.referenceId) return creditConflict("no_reference_number", "The transaction has no reference number to credit against.");
    }
    const limit = this.config.policy.creditLimitCents;
    if (limit !== null && request.amount > limit) return validation({ amount: ["invalid"] }, "74");
    const now = isoTime();
    const active = !request.inactiveStore;
    const credit: Credit = {
      id: newId("credit"),
      amount: request.amount,
      creditable: { type: request.kind === "linked" ? "transaction_intent" : "bank_account", id: request.targetId },
      type: request.kind,
      status: active ? "succeeded" : "failed",
      createdAt: now,
      updatedAt: now,
      employeeNumber: request.employeeNumber,
      extras: request.extras,
      reason: active ? "Credit sent to the consumer's bank." : "No active client account exists for that store number.",
      cancelMessage: null,
      referenceNumber: active ? reference("CRN") : null,
      stationNumber: request.station,
    };
    this.store.addCredit(credit);
    return { status: 201, body: { data: creditView(credit), meta: { type: "credit" } } };
  }

  cancel(credit: Credit): Reply {
    switch (credit.status) {
      case "canceled":
        if (this.config.fault === "credit-cancelled-twice") break;
        return creditConflict("already_cancelled", "This credit was cancelled earlier.");
      case "pending": return creditConflict("still_processing", "This credit is still being processed; try again later.");
      case "failed": return creditConflict("failed", "A failed credit has nothing to cancel.");
    }
    Object.assign(credit, {
      status: "canceled", updatedAt: isoTime(), cancelMessage: "Credit withdrawn before settlement.", reason: "Cancelled at the merchant's request.",
    });
    return { status: 200, body: { data: creditView(credit, true), meta: { type: "credit" } } };
  }
}
