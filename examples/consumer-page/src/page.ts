// The consumer page: reads the intent with the publishable key, shows the adverse action notice
// when it was declined with code 07 or 12, and lets the consumer correct the billing address.
import { createBankPayments, ConnectionError, isPublishableView } from "bank-payments-contract";
import { wireAddressForm } from "./address-form.js";
import { configFrom } from "./config.js";
import { needsNotice, showNotice } from "./notice.js";

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

async function main(): Promise<void> {
  const status = byId("status");
  const config = configFrom(location.search);
  if ("problem" in config) {
    status.textContent = config.problem;
    return;
  }
  const bank = createBankPayments({ baseUrl: config.baseUrl, apiKey: config.publishableKey });
  try {
    const headers = config.prefer === undefined ? undefined : { Prefer: config.prefer };
    const { data, response } = await bank.transactionIntents.retrieve(config.intentId, { headers });
    if (!data) {
      status.textContent = response.status === 404 ? "This payment was not found." : `The payment could not be read (HTTP ${response.status}).`;
      return;
    }
    byId("intent-status").textContent = data.status;
    byId("intent-amount").textContent = data.amount_authorized ?? "";
    // Read with the publishable key, the intent comes in its reduced view, the one with is_mailable.
    if (isPublishableView(data) && needsNotice(data)) showNotice(byId("notice"), data);
    const form = byId<HTMLFormElement>("address");
    wireAddressForm(form, byId("address-status"), bank, config.intentId);
    form.hidden = false;
    status.textContent = "";
  } catch (error) {
    status.textContent = "The payment service could not be reached. Please try again later.";
    // The ConnectionError's message names what to check (base URL, server, CORS origins): for the developer's console.
    console.warn(error instanceof ConnectionError ? `${error.name} (${error.failure}): ${error.message}` : error);
    document.body.dataset.failure = error instanceof ConnectionError ? `ConnectionError:${error.failure}` : "other";
  }
}

void main();
