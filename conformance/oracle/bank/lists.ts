// List pages in the model (bank doc 2.5, 4.4, 4.8; decisions B-5 to B-8, B-54). A list whose
// filters pin values only this run used is closed: the model knows every item and predicts the page
// whole. Otherwise it is open: items the run created must look as the model says and in the right
// order, the rest must match the filters, and the envelope must agree with the total the server
// gives. A `reference_number` filter of intents is always open: the documents call several values
// "reference number" (B-8).
import { array, exact, form, object, ruled, type Expected } from "../expect.js";
import { named } from "../forms.js";
import type { Prediction } from "../prediction.js";
import { refusal } from "./answers.js";
import type { ModelContext } from "./intents.js";
import { keepingOrder, newestFirst } from "./order.js";
import { readQuery } from "./requests.js";
import type { CreditRecord, IntentRecord } from "./state.js";
import { creditView, fullIntentView } from "./views.js";

export type ListContext = ModelContext & {
  /** Whether a filter value was made fresh by this process (no other run can have used it). */
  isFresh: (value: string) => boolean;
};

type Query = Record<string, string | number>;

const boundValue = (slot: { bound: boolean; value: unknown } | null) => (slot?.bound ? slot.value : undefined);

/** The values a `reference_number` filter of intents may match (B-8). */
const referencesOfIntent = (intent: { reference_id?: unknown; capture_reference_id?: unknown; refund?: any; cancel?: any }) =>
  [intent.reference_id, intent.capture_reference_id, intent.refund?.reference_number, intent.cancel?.reference_number];

function intentMatches(intent: IntentRecord, query: Query): boolean {
  if (query.status !== undefined && intent.status !== query.status) return false;
  if (query.type !== undefined && intent.type !== query.type) return false;
  if (query.station_number !== undefined && intent.storeNumber !== query.station_number) return false;
  if (query.submerchant_id !== undefined) {
    if (intent.submerchantId === null || !/^-?\d+$/.test(intent.submerchantId) || Number(intent.submerchantId) !== query.submerchant_id) return false;
  }
  return true;
}

function creditMatches(credit: CreditRecord, query: Query): boolean {
  if (query.status !== undefined && credit.status !== (query.status === "canceled" ? "cancelled" : query.status)) return false;
  if (query.creditable_type !== undefined && credit.creditableType !== query.creditable_type) return false;
  if (query.creditable_id !== undefined && credit.creditableId !== query.creditable_id) return false;
  if (query.employee_number !== undefined && credit.employeeNumber !== query.employee_number) return false;
  const station = typeof credit.stationNumber === "object" && credit.stationNumber !== null ? boundValue(credit.stationNumber) : credit.stationNumber;
  if (query.station_number !== undefined && station !== query.station_number) return false;
  if (query.reference_number !== undefined && boundValue(credit.referenceNumber) !== query.reference_number) return false;
  return true;
}

/** What an item of a list must satisfy whoever created it: the filters it can be checked against. */
function itemMatchesFilters(item: any, query: Query, credits: boolean): boolean {
  if (typeof item !== "object" || item === null) return false;
  if (!credits) {
    return (query.status === undefined || item.status === query.status)
      && (query.type === undefined || item.type === query.type)
      && (query.reference_number === undefined || referencesOfIntent(item).includes(query.reference_number));
  }
  const status = query.status === "canceled" || query.status === "cancelled" ? ["canceled", "cancelled"] : [query.status];
  return (query.status === undefined || status.includes(item.status))
    && (query.creditable_type === undefined || item.creditable?.type === query.creditable_type)
    && (query.creditable_id === undefined || item.creditable?.id === query.creditable_id)
    && (query.employee_number === undefined || item.employee_number === query.employee_number)
    && (query.station_number === undefined || item.station_number === query.station_number)
    && (query.reference_number === undefined || item.reference_number === query.reference_number);
}

function isClosed(ctx: ListContext, operationId: string, query: Query): boolean {
  const fresh = (name: string) => query[name] !== undefined && ctx.isFresh(String(query[name]));
  if (operationId === "listTransactionIntents") {
    return query.reference_number === undefined && (fresh("station_number") || fresh("submerchant_id"));
  }
  const references = [...ctx.state.credits.values()].map((credit) => boundValue(credit.referenceNumber)).filter((v) => v !== null && v !== undefined);
  return fresh("employee_number") || fresh("station_number") || fresh("creditable_id")
    // Credits of an intent learned from a read may have been made before the traffic began.
    || (query.creditable_id !== undefined && ctx.state.intents.has(String(query.creditable_id)) && !ctx.state.intents.get(String(query.creditable_id))!.learned)
    || (query.reference_number !== undefined && references.includes(query.reference_number));
}

/**
 * A page URL (B-54): absolute or relative, same route, the page asked, and the same list: every
 * filter and `per_page` the request gave, repeated unchanged (a link that drops one names another
 * list, and a client paging with it would leave the one it asked for).
 */
function pageLink(page: number, route: string, url: string, nullable: boolean, query: Query): Expected {
  const asked = new URL(url).searchParams;
  const repeated = Object.keys(query).filter((name) => name !== "page");
  return form(named(`URL of page ${page} of ${route}${repeated.length ? ` with ${repeated.join(", ")}` : ""}${nullable ? ", or null" : ""}`, (value) => {
    if (value === null) return nullable;
    if (typeof value !== "string") return false;
    let link: URL;
    try {
      link = new URL(value, url);
    } catch {
      return false;
    }
    if (!link.pathname.endsWith(route) || Number(link.searchParams.get("page") ?? "1") !== page) return false;
    for (const [name, given] of link.searchParams) if (name !== "page" && asked.has(name) && asked.get(name) !== given) return false;
    return repeated.every((name) => link.searchParams.get(name) === String(query[name]) || link.searchParams.get(name) === asked.get(name));
  }, "B-54"));
}

/** B-6: an empty page's `from`/`to`: null or a number. */
const emptyPosition = form(named("null or a number (an empty page)", (v) => v === null || Number.isInteger(v), "B-6"));

function envelope(ctx: ListContext, route: string, url: string, query: Query, total: number, items: Expected[]): Expected {
  const page = (query.page as number | undefined) ?? 1;
  const perPage = (query.per_page as number | undefined) ?? ctx.settings.per_page_default;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = items.length > 0 ? (page - 1) * perPage + 1 : null;
  return object({
    data: array(items),
    links: object({
      first: pageLink(1, route, url, true, query),
      last: total === 0 ? form(named("URL of page 1 or 0, or null", () => true)) : pageLink(lastPage, route, url, true, query),
      prev: page > 1 ? pageLink(page - 1, route, url, false, query) : ruled("B-54", exact(null)),
      next: page < lastPage ? pageLink(page + 1, route, url, false, query) : ruled("B-54", exact(null)),
    }),
    meta: object({
      current_page: page,
      from: from === null ? emptyPosition : from,
      last_page: total === 0 ? form(named("1 or 0 (no results)", (v) => v === 1 || v === 0, "B-6")) : lastPage,
      path: form(named(`the list's route path (${route}) or its URL, no query`, (v) => typeof v === "string" && !v.includes("?") && v.endsWith(route), "B-54")),
      per_page: ruled("B-5", exact(perPage)),
      to: from === null ? emptyPosition : from + items.length - 1,
      total,
    }),
  });
}

export function listPrediction(ctx: ListContext, operationId: "listTransactionIntents" | "listCredits", url: string): Prediction[] {
  const { values: query, problems } = readQuery(operationId, url, ctx.settings);
  const refused = refusal(problems);
  if (refused.must) return [{ ...refused.prediction!, rule: "bank §4.4" }];
  const alternatives = refused.prediction ? [refused.prediction] : [];
  const credits = operationId === "listCredits";
  const route = credits ? "/api/credits" : "/api/transaction-intents";
  const page = (query.page as number | undefined) ?? 1;
  const perPage = (query.per_page as number | undefined) ?? ctx.settings.per_page_default;
  const records: Array<IntentRecord | CreditRecord> = credits ? [...ctx.state.credits.values()] : [...ctx.state.intents.values()];
  const matches = (record: IntentRecord | CreditRecord) => (credits ? creditMatches(record as CreditRecord, query) : intentMatches(record as IntentRecord, query));
  const view = (record: IntentRecord | CreditRecord) => (credits ? creditView(record as CreditRecord, "read") : fullIntentView(record as IntentRecord, ctx.state, true));
  const known = records.filter(matches).sort((a, b) => b.seq - a.seq);
  const onPage = (total: number) => Math.max(0, Math.min(perPage, total - (page - 1) * perPage));
  const rule = credits ? "bank §4.8" : "bank §4.4";

  const byId = new Map(records.map((record) => [record.id, record]));
  const idsOf = (actual: any): unknown[] => (Array.isArray(actual?.data) ? actual.data.map((item: any) => item?.id) : []);
  const itself = (record: IntentRecord | CreditRecord) => record;
  // Where the server put another object of the run than B-7 allows, the difference is B-7's.
  const inOrder = (record: IntentRecord | CreditRecord, there: IntentRecord | CreditRecord | undefined): Expected =>
    (there !== undefined && there !== record && matches(there) ? ruled("B-7", view(record)) : view(record));
  if (isClosed(ctx, operationId, query)) {
    // The whole list in an order B-7 allows that puts on this page what the server put there where it can (B-7).
    const body = (actual: unknown) => {
      const start = (page - 1) * perPage;
      const shown = idsOf(actual).map((id) => byId.get(id as string));
      const newest = keepingOrder<IntentRecord | CreditRecord>([], itself);
      const order = newestFirst(known, itself, (candidates, position) => {
        const there = shown[position - start];
        if (there && candidates.includes(there)) return there;
        const unseen = position < start ? candidates.filter((c) => !shown.includes(c)) : [];
        return newest(unseen.length > 0 ? unseen : candidates);
      });
      const items = order.slice(start, start + onPage(known.length)).map((record, i) => inOrder(record, shown[i]));
      return envelope(ctx, route, url, query, known.length, items);
    };
    return [...alternatives, { status: 200, rule, body }];
  }
  return [...alternatives, {
    status: 200,
    rule,
    partial: "open list: items created elsewhere are checked against the filters only",
    body: (actual: any) => {
      // The matching items this run created are counted; an intent's reference filter matches by any reference (B-8).
      const lower = credits || query.reference_number === undefined ? known.length : 0;
      const givenTotal = actual?.meta?.total;
      const total = Number.isInteger(givenTotal) && givenTotal >= lower ? givenTotal : lower;
      const given: any[] = Array.isArray(actual?.data) ? actual.data : [];
      // Items this run created keep their relative order (newest first, B-7, where the run knows
      // it) wherever they appear; with a reference_number filter an item of the run may match by another reference (B-8).
      const mine = given.map((item, index) => ({ index, record: byId.get(item?.id)! })).filter((entry) => entry.record);
      const ordered = newestFirst(mine, (entry) => entry.record, keepingOrder(mine, (entry) => entry.record)).map((entry) => entry.record);
      const expectedAt = new Map(mine.map((entry, i) => [entry.index, ordered[i]]));
      const items = Array.from({ length: onPage(total) }, (_, index): Expected => {
        const record = expectedAt.get(index);
        // The model keeps no reference list of its own: an item of the run must carry the filtered reference (B-8).
        const referenced = credits || query.reference_number === undefined || itemMatchesFilters(given[index], query, false);
        if (record && matches(record) && referenced) return inOrder(record, byId.get(given[index]?.id));
        return form(named(record ? `(${record.id} matching the filters)` : "an item matching the filters", (item) => itemMatchesFilters(item, query, credits), rule));
      });
      const expected = envelope(ctx, route, url, query, total, items);
      if (expected.kind === "object" && expected.members.meta.kind === "object" && givenTotal !== total) {
        expected.members.meta.members.total = form(named(`an integer, at least ${lower} (the matching items this run created)`, (v) => Number.isInteger(v) && (v as number) >= lower, rule));
      }
      return expected;
    },
  }];
}
