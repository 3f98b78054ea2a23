// What the resource client tests share against a real sandbox: fresh payers (so that no two
// intents share a bank account by accident), creation bodies, the data of a result that must
// succeed, and a fetch that records what went on the wire.
import assert from "node:assert/strict";
import type { CreateAndAuthorizeTransactionIntentRequest } from "../../entry/index.js";

/** A source of fresh bank accounts and consumers, named after the test file (`tag`: letters and digits). */
export function payers(tag: string) {
  let count = 0;
  return () => {
    count += 1;
    const n = String(count).padStart(4, "0");
    return { bank_account: `bank_account_${tag}${n}Acct`, consumer_id: `consumer_${tag}${n}Cons`, store_number: "0042" };
  };
}

/** The accepted service fee of every creation with an action. */
export const serviceFeeId = "service_fee_Tz6Mq1PxR9bK3wLe";

/** A creation body with an action, for a fresh payer. */
export function withActionOf(party: () => ReturnType<ReturnType<typeof payers>>) {
  return (amount: number, action: "authorize" | "authorize_and_capture"): CreateAndAuthorizeTransactionIntentRequest =>
    ({ amount, ...party(), action, service_fee_id: serviceFeeId });
}

/** The data of a result, failing the test with the error when there is none. */
export function ok<T>(result: { data?: T; error?: { status: number; code: string; message: string } }): T {
  assert.equal(result.error, undefined, JSON.stringify(result.error));
  assert.ok(result.data);
  return result.data;
}

/** One request as it went on the wire. */
export interface WireRequest {
  method: string;
  path: string;
  /** The JSON body, parsed; undefined without one. */
  body: Record<string, unknown> | undefined;
}

/** A fetch that records each request's method, path and JSON body, then sends it. */
export function recordingFetch(): { fetch: (request: Request) => Promise<Response>; sent: WireRequest[] } {
  const sent: WireRequest[] = [];
  return {
    sent,
    fetch: async (request) => {
      const text = await request.clone().text();
      sent.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
      return fetch(request);
    },
  };
}
