// The stored transaction intent and the three views the contract returns of it.
import type { components } from "../../generated/types/bank-payments.js";
import { formatCents } from "../money.js";

type FullView = components["schemas"]["TransactionIntent"];
type PublishableView = components["schemas"]["TransactionIntentPublic"];

export type IntentStatus = FullView["status"];

/** The `captured_status` values of a failed capture. */
export type CaptureFailure = Exclude<NonNullable<FullView["captured_status"]>, "succeeded">;

/** A refund or cancel attempt, as the contract types it. */
export type Attempt = NonNullable<FullView["refund"]>;

export type StoredAddress = {
  id: string;
  standardized: boolean;
  line_1: string;
  line_2: string | null;
  city_locality: string;
  state_province: string;
  postal_code: string;
  country_code: string;
};

export type ExtrasObject = Record<string, string | number | boolean>;

/** Everything the sandbox keeps about an intent; amounts in integer cents. */
export type IntentRecord = {
  id: string;
  type: FullView["type"];
  status: IntentStatus;
  created_at: string;
  amount_cents: number;
  authorized_cents: number;
  captured_cents: number | null;
  refunded_total_cents: number | null;
  authorized_at: string | null;
  captured_at: string | null;
  captured_status: FullView["captured_status"];
  capture_reference_id: string | null;
  bank_account_id: string;
  billing_address: StoredAddress | null;
  consumer_id: string;
  cancel: Attempt | null;
  refund: Attempt | null;
  extras: ExtrasObject | null;
  payments: Array<{ amount_cents: number; scheduled_for: string }> | null;
  reason: string | null;
  reference_id: string | null;
  service_fee_cents: number | null;
  service_fee_accepted_at: string | null;
  service_fee_id: string | null;
  transaction_adverse_type: boolean;
  /** Captures refused over the adjustment limit (code 78) so far; absent in records of earlier versions. */
  capture_refusals?: number;
  /** Test helper fail-next-capture: how the next capture fails. Hidden: no view shows it. */
  fail_next_capture?: CaptureFailure;
  /** Test helper return-debit: the bank returned the debit, so a refund is refused (code 82). Hidden. */
  debit_returned?: boolean;
  store_number: string;
  submerchant_id: string | null;
  product_code: string | null;
  product_subcode: string | null;
};

/** The sandbox client's chain number (also the deprecated `merchant_id`). */
export const chainNumber = "CH1042";

const money = (cents: number | null): string | null => (cents === null ? null : formatCents(cents));

/**
 * Full view: secret-key read, lists and action responses. One object literal, typed by the
 * contract: building it from several spreads cost about 17 µs a read (bench/), most of a read's
 * own work, because V8 copies spread members one by one into a slow-mode object.
 */
export function fullView(intent: IntentRecord): FullView {
  const view: FullView = {
    id: intent.id,
    type: intent.type,
    status: intent.status,
    amount_authorized: formatCents(intent.authorized_cents),
    amount_captured: money(intent.captured_cents),
    amount_refunded_total: money(intent.refunded_total_cents),
    authorized_at: intent.authorized_at,
    captured_at: intent.captured_at,
    captured_status: intent.captured_status,
    capture_reference_id: intent.capture_reference_id,
    bank_account_id: intent.bank_account_id,
    billing_address_id: intent.billing_address?.id ?? null,
    consumer_id: intent.consumer_id,
    cancel: intent.cancel,
    refund: intent.refund,
    chain_number: chainNumber,
    merchant_id: chainNumber,
    extras: intent.extras,
    reason: intent.reason,
    reference_id: intent.reference_id,
    service_fee: money(intent.service_fee_cents),
    service_fee_accepted_at: intent.service_fee_accepted_at,
    service_fee_id: intent.service_fee_id,
    transaction_adverse_type: intent.transaction_adverse_type,
  };
  if (intent.payments) {
    view.payments = intent.payments.map((p) => ({ amount: formatCents(p.amount_cents), scheduled_for: p.scheduled_for }));
  }
  return view;
}

/**
 * Reduced view: publishable-key read and the address update: the full view without its
 * secret-only members, plus `is_mailable` (true for every intent: the sandbox's consumers all have
 * an e-mail address on file).
 */
export function publicView(intent: IntentRecord): PublishableView {
  const { captured_at, captured_status, capture_reference_id, extras, service_fee_accepted_at, ...shared } = fullView(intent);
  return { ...shared, is_mailable: true };
}

/** The reduced object of a create response. */
export function createdView(intent: IntentRecord) {
  return {
    id: intent.id,
    status: intent.status,
    bank_account_id: intent.bank_account_id,
    billing_address: intent.billing_address ? { id: intent.billing_address.id, standardized: intent.billing_address.standardized } : null,
    consumer_id: intent.consumer_id,
    extras: intent.extras,
    ...(intent.service_fee_id !== null ? { service_fee_id: intent.service_fee_id } : {}),
  };
}
