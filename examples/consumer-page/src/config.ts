// Where the page's settings come from. A merchant's server would write them into the page; the
// example reads them from the query string so one build serves the sandbox, the mock and the tests:
//   ?intent=transaction_intent_...&api=http://127.0.0.1:4020&key=pk_test_sandbox
export type PageConfig = {
  /** The intent the consumer is paying with. */
  intentId: string;
  /** The bank payment service's base URL (the sandbox's by default). */
  baseUrl: string;
  /** The publishable key: the only key a page may hold (bank doc section 5). */
  publishableKey: string;
  /** A `Prefer` header for the read, to pick one of the Prism mock's examples (docs/mock.md); absent otherwise. */
  prefer?: string;
};

export const defaultBaseUrl = "http://127.0.0.1:4020";
export const defaultPublishableKey = "pk_test_sandbox";

/** The settings of the query string, or why they cannot be used. */
export function configFrom(search: string): PageConfig | { problem: string } {
  const params = new URLSearchParams(search);
  const intentId = params.get("intent") ?? "";
  const publishableKey = params.get("key") ?? defaultPublishableKey;
  if (intentId === "") return { problem: "No intent given: open the page with ?intent=<transaction intent id>." };
  // A secret key in a page is readable by anyone who opens it: refuse it rather than use it.
  if (!publishableKey.startsWith("pk_")) return { problem: "Only a publishable key (pk_...) may be used in a page; the secret key stays on the merchant's server." };
  return { intentId, baseUrl: params.get("api") ?? defaultBaseUrl, publishableKey, prefer: params.get("prefer") ?? undefined };
}
