// B-8's open reading of the intent list's `reference_number` filter: the documents call several values
// "reference number" (an intent's reference_id, its capture_reference_id, its attempts'
// reference_number), so a server may match any of them. The sandbox matches reference_id only.
import { currentIntent, editJson, eachIntent, is, mapOf } from "./rewrite.js";
import type { Variant } from "./variant.js";

/** The other references an intent shows, each naming the intent. */
function otherReferences(intent: any): string[] {
  return [intent.capture_reference_id, intent.refund?.reference_number, intent.cancel?.reference_number].filter((r): r is string => typeof r === "string");
}

const referenceFilterAnyReference: Variant = {
  id: "reference-filter-any-reference", decisions: ["B-8"], kind: "pages", services: ["bank-payments"],
  change: "the intent list's reference_number filter also matches capture_reference_id and the refund's and cancel's reference_number",
  allowedBy: "bank §4.4 reference_number \"Filter\", and §2.1/§2.2 name capture_reference_id and the attempts' reference_number reference numbers too (B-8)",
  async response(e, c) {
    const owners = mapOf<string>(c.memory, "intents by other reference");
    eachIntent(e, (intent) => { for (const reference of otherReferences(intent)) owners.set(reference, intent.id); });
    const asked = e.url.searchParams.get("reference_number");
    const onlyFilter = [...e.url.searchParams.keys()].every((name) => ["reference_number", "page", "per_page"].includes(name));
    const owner = asked === null ? undefined : owners.get(asked);
    if (!is.intentList(e) || e.status !== 200 || !onlyFilter || owner === undefined) return;
    const intent = await currentIntent({ ...e, url: new URL(`/api/transaction-intents/${owner}`, e.url) }, c);
    if (!intent) return;
    editJson(e, (page) => {
      // Added to a list that fits on its first page, so the envelope stays one page.
      if (page.data.some((item: any) => item.id === owner) || page.meta.total !== page.data.length || page.data.length >= page.meta.per_page || page.meta.current_page !== 1) return;
      page.data.push(intent);
      page.meta.total += 1;
      page.meta.from = 1;
      page.meta.to = page.data.length;
      page.meta.last_page = 1;
    });
  },
};

export const referenceFilterVariants: Variant[] = [referenceFilterAnyReference];
