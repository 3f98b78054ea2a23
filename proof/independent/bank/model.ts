// The bank service's records, kept in memory: transaction intents and credits in creation order,
// and the bank accounts' bindings to consumers.
import type { ExtrasValue } from "./fields.js";

export type IntentStatus =
  | "succeeded" | "failed" | "refunded" | "canceled"
  | "pending_authorization" | "pending_capture" | "pending_service_fee" | "pending_service_fee_acceptance";

export type Attempt = {
  amount: number;
  createdAt: string;
  message: string;
  referenceNumber: string;
  responseCode: string;
  status: "succeeded" | "cancelled";
};

export type Address = {
  id: string;
  standardized: boolean;
  lines: Record<string, string | null>;
};

export type Intent = {
  id: string;
  type: "bankpay" | "bankpay_bnpl";
  status: IntentStatus;
  amountAuthorized: number;
  amountCaptured: number | null;
  amountRefundedTotal: number | null;
  authorizedAt: string | null;
  capturedAt: string | null;
  capturedStatus: string | null;
  captureReferenceId: string | null;
  refusedCaptures: number;
  bankAccountId: string;
  consumerId: string;
  address: Address | null;
  cancel: Attempt | null;
  refund: Attempt | null;
  reason: string | null;
  referenceId: string | null;
  serviceFeeId: string | null;
  serviceFee: number | null;
  serviceFeeAcceptedAt: string | null;
  adverse: boolean;
  extras: Record<string, ExtrasValue> | null;
  storeNumber: string;
  submerchantId: string | null;
  payments: Array<{ amount: number; scheduledFor: string }> | null;
};

export type CreditStatus = "pending" | "failed" | "succeeded" | "canceled";

export type Credit = {
  id: string;
  amount: number;
  creditable: { type: "transaction_intent" | "bank_account"; id: string };
  type: "linked" | "unlinked";
  status: CreditStatus;
  createdAt: string;
  updatedAt: string;
  employeeNumber: string | null;
  extras: Record<string, ExtrasValue> | null;
  reason: string | null;
  cancelMessage: string | null;
  referenceNumber: string | null;
  stationNumber: string | null;
};

export class BankStore {
  readonly intents = new Map<string, Intent>();
  readonly intentOrder: Intent[] = [];
  readonly credits = new Map<string, Credit>();
  readonly creditOrder: Credit[] = [];

  addIntent(intent: Intent): void {
    this.intents.set(intent.id, intent);
    this.intentOrder.push(intent);
  }

  addCredit(credit: Credit): void {
    this.credits.set(credit.id, credit);
    this.creditOrder.push(credit);
  }
}
