// The billing address form (bank doc 4.2): sends the update with the publishable key and shows a
// 422's messages next to the fields they name. The request's members and the error keys differ
// (line_1 is reported as line_one, city as city_locality, zipcode as postal_code).
import { fieldErrors, type BankPaymentsApi, type BillingAddressUpdate } from "bank-payments-contract";

/** The error key of doc 4.2 for each input, by the input's name (the request member). */
export const errorKeyOf: Record<string, string> = {
  line_1: "line_one",
  line_2: "line_two",
  city: "city_locality",
  zipcode: "postal_code",
  state_province: "state_province",
  country_code: "country_code",
};

/** Readable words for the service's codes (`missing`, `invalid`, ...); anything else as sent. */
const wording: Record<string, string> = { missing: "Required.", invalid: "Not valid.", prohibited: "Not allowed." };

function addressOf(form: HTMLFormElement): BillingAddressUpdate {
  const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim();
  const line2 = value("line_2");
  return {
    line_1: value("line_1"),
    ...(line2 === "" ? {} : { line_2: line2 }),
    city: value("city"),
    state_province: value("state_province"),
    zipcode: value("zipcode"),
    country_code: value("country_code"),
  };
}

function clearMessages(form: HTMLFormElement, status: HTMLElement): void {
  for (const message of form.querySelectorAll<HTMLElement>("[data-error-for]")) message.textContent = "";
  for (const input of form.querySelectorAll("input")) input.removeAttribute("aria-invalid");
  status.textContent = "";
}

/** Wires the form: on submit, the update, then what came of it in `status` and next to the fields. */
export function wireAddressForm(form: HTMLFormElement, status: HTMLElement, bank: BankPaymentsApi, intentId: string): void {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearMessages(form, status);
    try {
      const { data, error } = await bank.transactionIntents.updateBillingAddress(intentId, addressOf(form));
      if (data) {
        status.textContent = "Billing address saved.";
        return;
      }
      if (error.code === "validation_error") {
        const unplaced: string[] = [];
        for (const key of Object.keys(error.body.errors)) {
          const name = Object.keys(errorKeyOf).find((input) => errorKeyOf[input] === key);
          const slot = name === undefined ? null : form.querySelector<HTMLElement>(`[data-error-for="${name}"]`);
          const text = fieldErrors(error.body, key).map((m) => wording[m] ?? m).join(" ");
          if (slot === null) unplaced.push(`${key}: ${text}`);
          else {
            slot.textContent = text;
            form.querySelector(`input[name="${name}"]`)?.setAttribute("aria-invalid", "true");
          }
        }
        status.textContent = ["Please correct the highlighted fields.", ...unplaced].join(" ");
        return;
      }
      status.textContent = `The address could not be saved (HTTP ${error.status}).`;
    } catch (thrown) {
      // A ConnectionError says what to check; a page shows something short and logs the rest.
      status.textContent = "The payment service could not be reached. Please try again later.";
      console.warn(thrown);
    }
  });
}
