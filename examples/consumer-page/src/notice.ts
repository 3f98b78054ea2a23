// The adverse action notice (bank doc 7.4): for a decline with code 07 or 12 the consumer must see
// the reference_id and the adverse action text (`reason`, read with the publishable key), and be
// able to print it or have it e-mailed (offered when `is_mailable`).
import type { TransactionIntentPublic } from "bank-payments-contract";

/**
 * Whether to show the notice: a decline (`failed`) whose `transaction_adverse_type` is true, which
 * codes 07 and 12 set (decision B-31). Outside lists the member may be absent (B-26): a page
 * cannot then tell a 07/12 decline from another, and shows the notice of any decline rather than
 * miss one it must show (doc 7.4).
 */
export function needsNotice(intent: TransactionIntentPublic): boolean {
  return intent.status === "failed" && intent.transaction_adverse_type !== false;
}

/** Fills the notice section and shows it; the e-mail option only when the service can send it. */
export function showNotice(section: HTMLElement, intent: TransactionIntentPublic): void {
  section.querySelector<HTMLElement>("[data-notice=reason]")!.textContent = intent.reason ?? "";
  section.querySelector<HTMLElement>("[data-notice=reference]")!.textContent = intent.reference_id ?? "";
  section.querySelector<HTMLButtonElement>("[data-notice=print]")!.onclick = () => window.print();
  const email = section.querySelector<HTMLElement>("[data-notice=email]")!;
  email.hidden = intent.is_mailable !== true;
  const reference = encodeURIComponent(intent.reference_id ?? "");
  // The e-mail itself is the merchant's to send (the API has no endpoint for it): the example
  // opens the consumer's mail program with the notice filled in.
  email.querySelector("a")!.href = `mailto:?subject=${encodeURIComponent("Adverse action notice")}%20${reference}&body=${encodeURIComponent(`${intent.reason ?? ""}\n\nReference: ${intent.reference_id ?? ""}`)}`;
  section.hidden = false;
}
