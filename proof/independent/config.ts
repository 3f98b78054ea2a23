// What this server was configured with: the objects it has enrolled (the same file the conformance
// suite is handed with --fixtures) and the values the documents leave to configuration (the same
// file the suite is handed with --settings). Reading both from disk keeps the server and what the
// suite is told in step.
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import type { Fault } from "./faults.js";

export type Enrolment = {
  bank_accounts: Array<{ id: string; consumer_id: string }>;
  service_fees: string[];
  store_numbers: string[];
  submerchant_ids: { debit: string[]; credit: string[] };
};

export type Policy = {
  captureAdjustmentLimitCents: number;
  captureRetries: number;
  creditLimitCents: number | null;
  linkedCreditSubmerchant: "prohibited" | "accepted" | "required";
  perPageDefault: number;
  perPageMax: number;
};

export type ServerConfig = {
  secretKey: string;
  publishableKey: string;
  /** The client's chain number (merchant_id repeats it). */
  chainNumber: string;
  enrolment: Enrolment;
  policy: Policy;
  /** A deviation switched on to make this server wrong in one way (faults.ts); none when correct. */
  fault?: Fault;
};

const here = new URL(".", import.meta.url);
export const fixturesFile = new URL("fixtures.json", here).pathname;
export const settingsFile = new URL("settings.json", here).pathname;

function cents(text: string): number {
  const [whole, part = ""] = text.split(".");
  return Number(whole) * 100 + Number(part.padEnd(2, "0"));
}

export function loadConfig(fault?: Fault): ServerConfig {
  const enrolment = JSON.parse(readFileSync(fixturesFile, "utf8")) as Enrolment;
  const settings = JSON.parse(readFileSync(settingsFile, "utf8")) as Record<string, string | number>;
  return {
    // Fresh keys per process, in this team's own form.
    secretKey: `isk_${randomBytes(12).toString("hex")}`,
    publishableKey: `ipk_${randomBytes(12).toString("hex")}`,
    chainNumber: "CH-558120",
    fault,
    enrolment,
    policy: {
      captureAdjustmentLimitCents: cents(String(settings.capture_adjustment_limit)),
      captureRetries: Number(settings.capture_retries),
      creditLimitCents: settings.credit_limit === "none" ? null : cents(String(settings.credit_limit)),
      linkedCreditSubmerchant: settings.linked_credit_submerchant_id as Policy["linkedCreditSubmerchant"],
      perPageDefault: Number(settings.per_page_default),
      perPageMax: Number(settings.per_page_max),
    },
  };
}
