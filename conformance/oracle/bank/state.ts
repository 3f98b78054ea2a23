// What the bank model knows: every transaction intent and credit this run created, as the
// contract says they must look now, with the values the server chose held in slots.
import { Slot, type Expected } from "../expect.js";
import { nonEmptyText } from "../forms.js";
import { TrailMap } from "../trail.js";
import type { Creation } from "./order.js";

export type IntentStatus =
  | "succeeded" | "failed" | "refunded" | "canceled"
  | "pending_authorization" | "pending_capture" | "pending_service_fee" | "pending_service_fee_acceptance";

export const awaitingAuthorization: readonly IntentStatus[] = ["pending_service_fee_acceptance", "pending_service_fee", "pending_authorization"];

/** A refund or cancel attempt (bank doc 2.2). */
export type AttemptRecord = {
  amount: string;
  createdAt: Slot;
  message: Slot;
  referenceNumber: Slot;
  /** A code the contract fixes, or a slot where the server chooses among codes (B-29). */
  responseCode: string | Slot;
  status: "succeeded" | "cancelled";
};

export type IntentRecord = {
  id: string;
  /** Creation order in this run (B-7 orders by `created` where the run knows it). */
  seq: number;
  /** When the run sent the creation and had its answer, and the check that sent it. */
  created?: Creation;
  type: "bankpay" | "bankpay_bnpl";
  status: IntentStatus;
  amountCents: number;
  capturedCents: number | null;
  refundedCents: number | null;
  /** null: the field must be null; a slot: the value the server chose (held). */
  authorizedAt: Slot | null;
  capturedAt: Slot | null;
  /** A slot where the traffic has not shown it yet (an intent learned from a publishable read). */
  capturedStatus: string | null | Slot;
  captureReferenceId: Slot | null;
  bankAccountId: string;
  consumerId: string;
  billingAddressId: Slot | null;
  cancel: AttemptRecord | null;
  refund: AttemptRecord | null;
  /** The creation's extras; a slot where the traffic has not shown them yet (learned from a publishable read). */
  extras: unknown;
  /** The schedule of a bankpay_bnpl intent, held once seen. */
  payments: Slot | null;
  reason: Slot | null;
  referenceId: Slot | null;
  serviceFee: Slot;
  serviceFeeId: string | null;
  serviceFeeAcceptedAt: Slot;
  /** `transaction_adverse_type`; a slot after a decline whose code the suite cannot know (held once seen). */
  adverse: boolean | Slot;
  isMailable: Slot;
  /** Captured before it was canceled: a later capture reads either way (B-28). */
  capturedBeforeCancel?: boolean;
  /** Captures refused over the adjustment limit so far (code 78). */
  captureRefusals: number;
  storeNumber: string;
  submerchantId: string | null;
  /** Learned from a read of traffic that began after its creation (conformance/traffic/learned.ts): what came before is unknown. */
  learned?: boolean;
};

export type CreditStatus = "pending" | "failed" | "succeeded" | "cancelled";

export type CreditRecord = {
  id: string;
  seq: number;
  created?: Creation;
  amount: string;
  creditableType: "transaction_intent" | "bank_account";
  creditableId: string;
  type: "linked" | "unlinked";
  status: CreditStatus;
  createdAt: Slot;
  updatedAt: Slot;
  employeeNumber: string | null;
  extras: unknown;
  reason: Slot;
  cancelMessage: Slot | null;
  referenceNumber: Slot;
  /** The station number: the store number given, null when failed, a slot where the server chooses (B-49). */
  stationNumber: string | null | Slot;
  /** The creation's store number, for the station_number filter. */
  storeNumber: string | null;
};

export class BankState {
  // Trail maps: the model of time takes back the changes of the orders it tries (oracle/trail.ts).
  readonly intents = new TrailMap<string, IntentRecord>("intent");
  readonly credits = new TrailMap<string, CreditRecord>("credit");
  /** Bank account to the consumer it was first used with (README, "Bank account conflict"). */
  readonly accountOwners = new TrailMap<string, string>();
  /**
   * Objects the model does not know may exist (a creation went unanswered, or was judged beyond the
   * search bound): lists it would call closed are judged as open.
   */
  strangers = false;
  /** The client's chain number: one client, one chain number on every intent (also `merchant_id`). */
  readonly chainNumber = new Slot("chain_number", nonEmptyText);
  private sequence = 0;

  next(): number {
    this.sequence += 1;
    return this.sequence;
  }
}
