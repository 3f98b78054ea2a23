// Request builders and fresh identifiers. The suite creates every piece of state it needs
// through the API; identifiers of enrolled resources (consumers, bank accounts, service fees)
// are fresh well-formed values, as the enrolment endpoints are not part of the contract.
import { randomBytes } from "node:crypto";

const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

// Random values this process made: a list filtered by one of them lists only what the run that
// made it created, so the oracle can predict the page whole (README, "Closed and open lists").
const freshValues = new Set<string>();
const freshLengths = new Set<number>();

function remember(value: string): string {
  if (value.length >= 8) {
    freshValues.add(value);
    freshLengths.add(value.length);
  }
  return value;
}

/** Whether the value contains a random token this process made (8 characters or more). */
export function isFresh(value: string): boolean {
  for (const length of freshLengths) {
    for (let at = 0; at + length <= value.length; at += 1) if (freshValues.has(value.slice(at, at + length))) return true;
  }
  return false;
}

export function token(length = 16): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return remember(out);
}

export const ids = {
  consumer: () => `consumer_${token()}`,
  bankAccount: () => `bank_account_${token()}`,
  serviceFee: () => `service_fee_${token()}`,
  unknownIntent: () => `transaction_intent_${token()}`,
  unknownCredit: () => `credit_${token()}`,
  store: () => `S${token(8)}`,
  numeric: (digits = 8) => remember(String(10 ** (digits - 1) + Math.floor(Math.random() * 9 * 10 ** (digits - 1)))),
};

export const billingAddress = () => ({
  line_1: "1200 Barton Springs Rd",
  city_locality: "Austin",
  state_province: "TX",
  postal_code: "78704",
  country_code: "US",
});

export const addressUpdate = () => ({
  line_1: "500 Congress Ave",
  line_2: "Suite 300",
  city: "Austin",
  state_province: "TX",
  zipcode: "78701",
  country_code: "US",
});

export type IntentInput = {
  amount?: number;
  action?: "authorize" | "authorize_and_capture";
  type?: "bankpay" | "bankpay_bnpl";
  consumer?: string;
  bankAccount?: string;
  store?: string;
  submerchant?: string;
  extras?: Record<string, unknown>;
  address?: boolean;
};

/** A valid create body: variant A without action, variant B with one. */
export function intentBody(input: IntentInput = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    amount: input.amount ?? 40,
    bank_account: input.bankAccount ?? ids.bankAccount(),
    consumer_id: input.consumer ?? ids.consumer(),
    store_number: input.store ?? ids.store(),
  };
  if (input.address !== false) body.billing_address = billingAddress();
  if (input.extras) body.extras = input.extras;
  if (input.submerchant) body.submerchant_id = input.submerchant;
  if (input.action) {
    body.action = input.action;
    body.service_fee_id = ids.serviceFee();
  } else {
    body.type = input.type ?? "bankpay";
  }
  return body;
}

/** A valid check cashing request with a fresh trxID. */
export function payrollRequest(overrides: Record<string, unknown> = {}): Record<string, any> {
  return {
    merchantID: "104233",
    trxID: `CF-${token(12)}`,
    dob: "1988-04-12",
    ssn: "123456789",
    membershipID: "MBR-0042",
    phoneNumber: "5125550142",
    name: { firstName: "Dana", lastName: "Whitfield" },
    address: { address1: "1200 Barton Springs Rd", city: "Austin", state: "TX", zip: "78704" },
    id: { idCode: "TX", idValue: "12345678" },
    integratorID: "INTG-0042",
    operatorID: "op_17",
    terminalID: "T-01",
    netAmount: 1250.75,
    account: { micrData: "T011000015T 123456789O 1042" },
    ...overrides,
  };
}
