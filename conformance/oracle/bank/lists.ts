// List pages in the model (bank doc 2.5, 4.4, 4.8; decisions B-5 to B-8, B-54). A list whose
// filters pin values only this run used is closed: the model knows every item and predicts the page
// whole. Otherwise it is open: items the run created must look as the model says and in the right
// order, the rest must match the filters, and the envelope must agree with the total the server
// gives. A `reference_number` filter of intents is always open: the documents call several values
// "reference number" (B-8).
//
// A page is judged against the states each object may have had while it was answered (the model
// of time, history.ts): an object created or changed by an exchange that overlapped the list may
// show either way. Where every object had one state, the page is judged as above; where some had
// several, each item must show one of its object's states, the total must lie between the objects
// that surely matched and those that may have, and a complete page must show every object that
// surely matched. A total never shrinks from one list to a later one of the same filters on
// members that never change (nothing is deleted in these APIs).
import { anyOf, array, exact, form, object, ruled, type Expected } from "../expect.js";
import { named } from "../forms.js";
import type { Prediction } from "../prediction.js";
import { refusal } from "./answers.js";
import type { ModelContext } from "./intents.js";
import { keepingOrder, newerThan, newestFirst } from "./order.js";
import { absent, unknown, type Interval, type ObjectState, type Timelines } from "../timeline.js";
import { readQuery } from "./requests.js";
import type { CreditRecord, IntentRecord } from "./state.js";
import { creditView, fullIntentView } from "./views.js";

export type ListContext = ModelContext & {
  /** Whether a filter value was made fresh by this process (no other run can have used it). */
  isFresh: (value: string) => boolean;
  /** The states each object had when (history.ts); without them, the objects as the model holds them now. */
  timelines?: Timelines;
  /** When the list was sent and answered. */
  interval: Interval;
  /** Totals of earlier lists. */
  totals: ListTotals;
};

/** Filters on members that never change once an object is made: a list of them never loses an item. */
const lasting: Record<string, string[]> = {
  listTransactionIntents: ["station_number", "type", "submerchant_id"],
  listCredits: ["creditable_type", "creditable_id", "employee_number", "station_number"],
};

/** The largest total each list of lasting filters was answered with, and when (a later one of the same filters shows at least as many). */
export class ListTotals {
  private readonly seen = new Map<string, Array<{ end: number; total: number }>>();

  private static keyOf(operationId: string, query: Query): string | undefined {
    const names = Object.keys(query).filter((name) => name !== "page" && name !== "per_page");
    if (names.some((name) => !lasting[operationId].includes(name))) return undefined;
    return `${operationId}?${names.sort().map((name) => `${name}=${query[name]}`).join("&")}`;
  }

  /** The largest total of a list of the same filters answered before `start`. */
  before(operationId: string, query: Query, start: number): number {
    const key = ListTotals.keyOf(operationId, query);
    if (key === undefined) return 0;
    return Math.max(0, ...(this.seen.get(key) ?? []).filter((seen) => seen.end < start).map((seen) => seen.total));
  }

  note(operationId: string, query: Query, end: number, total: unknown): void {
    const key = ListTotals.keyOf(operationId, query);
    if (key === undefined || !Number.isInteger(total)) return;
    const seen = this.seen.get(key) ?? [];
    seen.push({ end, total: total as number });
    // Only the largest total answered by each time matters: keep the entries no later, larger one covers.
    seen.sort((a, b) => a.end - b.end);
    const kept = seen.filter((entry, i) => !seen.slice(i + 1).some((later) => later.total >= entry.total && later.end <= entry.end));
    this.seen.set(key, kept.slice(-64));
  }
}

type Query = Record<string, string | number>;

const boundValue = (slot: { bound: boolean; value: unknown } | null) => (slot?.bound ? slot.value : undefined);

/** The values a `reference_number` filter of intents may match (B-8). */
const referencesOfIntent = (intent: { reference_id?: unknown; capture_reference_id?: unknown; refund?: any; cancel?: any }) =>
  [intent.reference_id, intent.capture_reference_id, intent.refund?.reference_number, intent.cancel?.reference_number];

/** Whether an intent matches the filters: undefined when the model cannot tell (an intent learned from a read does not show its store or submerchant). */
function intentMatches(intent: IntentRecord, query: Query): boolean | undefined {
  if (query.status !== undefined && intent.status !== query.status) return false;
  if (query.type !== undefined && intent.type !== query.type) return false;
  const unseen = intent.learned && (query.station_number !== undefined || query.submerchant_id !== undefined);
  if (!unseen && query.station_number !== undefined && intent.storeNumber !== query.station_number) return false;
  if (!unseen && query.submerchant_id !== undefined) {
    if (intent.submerchantId === null || !/^-?\d+$/.test(intent.submerchantId) || Number(intent.submerchantId) !== query.submerchant_id) return false;
  }
  return unseen ? undefined : true;
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

/** An object a list may show. */
type Held = IntentRecord | CreditRecord;

const isRecord = (state: ObjectState<Held>): state is Held => state !== absent && state !== unknown;

/** The states each object may have had while the list was answered; without a timeline, each as the model holds it now. */
function statesDuring(ctx: ListContext, credits: boolean): Map<string, Array<ObjectState<Held>>> {
  const map = credits ? ctx.state.credits : ctx.state.intents;
  if (ctx.timelines) return ctx.timelines.visibleAll<Held>(map, ctx.interval);
  return new Map([...(map as Map<string, Held>)].map(([id, record]) => [id, [record]]));
}

export function listPrediction(ctx: ListContext, operationId: "listTransactionIntents" | "listCredits", url: string): Prediction[] {
  const { values: query, problems } = readQuery(operationId, url, ctx.settings);
  const refused = refusal(problems);
  if (refused.must) return [{ ...refused.prediction!, rule: "bank §4.4" }];
  const alternatives = refused.prediction ? [refused.prediction] : [];
  const credits = operationId === "listCredits";
  const states = statesDuring(ctx, credits);
  const certain: Held[] = [];
  let uncertain = false;
  for (const list of states.values()) {
    if (list.length === 1 && isRecord(list[0])) certain.push(list[0]);
    else if (!(list.length === 1 && list[0] === absent)) uncertain = true;
  }
  const page = new ListPage(ctx, operationId, url, query);
  // The total this list is answered with: a later list of the same filters shows at least as many.
  let answered: unknown;
  const noted = (body: (actual: any) => Expected) => (actual: any) => {
    answered = actual?.meta?.total;
    return body(actual);
  };
  const apply = () => ctx.totals.note(operationId, query, ctx.interval.end, answered);
  const prediction = uncertain
    ? { status: 200, rule: page.rule, partial: "a list during changes: each object judged against the states it may have had", body: noted((actual) => page.during(states, actual)), apply }
    : page.isClosed() ? { status: 200, rule: page.rule, body: noted((actual) => page.closed(certain, actual)), apply }
      : { status: 200, rule: page.rule, partial: "open list: items created elsewhere are checked against the filters only", body: noted((actual) => page.open(certain, actual)), apply };
  return [...alternatives, prediction];
}

/** One list request: its filters, page and the expectations of its answer. */
class ListPage {
  readonly credits: boolean;
  readonly route: string;
  readonly page: number;
  readonly perPage: number;
  readonly rule: string;

  constructor(private readonly ctx: ListContext, private readonly operationId: "listTransactionIntents" | "listCredits", private readonly url: string, private readonly query: Query) {
    this.credits = operationId === "listCredits";
    this.route = this.credits ? "/api/credits" : "/api/transaction-intents";
    this.page = (query.page as number | undefined) ?? 1;
    this.perPage = (query.per_page as number | undefined) ?? ctx.settings.per_page_default;
    this.rule = this.credits ? "bank §4.8" : "bank §4.4";
  }

  /** Whether the record matches the filters (undefined: the model cannot tell). */
  matches(record: Held): boolean | undefined {
    return this.credits ? creditMatches(record as CreditRecord, this.query) : intentMatches(record as IntentRecord, this.query);
  }

  view(record: Held): Expected {
    return this.credits ? creditView(record as CreditRecord, "read") : fullIntentView(record as IntentRecord, this.ctx.state, true);
  }

  onPage(total: number): number {
    return Math.max(0, Math.min(this.perPage, total - (this.page - 1) * this.perPage));
  }

  /** Whether only this run can have made the list's items (and no object the model does not know may exist). */
  isClosed(): boolean {
    return !this.ctx.state.strangers && isClosed(this.ctx, this.operationId, this.query);
  }

  /** An intent's reference filter matches by any of several references (B-8): the model cannot count them. */
  private get countable(): boolean {
    return this.credits || this.query.reference_number === undefined;
  }

  /** The total a later list of the same lasting filters may not fall below. */
  private get earlierTotal(): number {
    return this.ctx.totals.before(this.operationId, this.query, this.ctx.interval.start);
  }

  /** A page whose items are all on it (the first, with the whole total) must show every object that surely matched. */
  private complete(total: number): boolean {
    return this.page === 1 && total <= this.perPage && this.countable;
  }

  private missing(actual: any, mustIds: string[], total: number): Expected | undefined {
    if (!this.complete(total)) return undefined;
    const shown = new Set((Array.isArray(actual?.data) ? actual.data : []).map((item: any) => item?.id));
    const absentIds = mustIds.filter((id) => !shown.has(id));
    if (absentIds.length === 0) return undefined;
    return form(named(`a page showing ${absentIds.join(", ")} (matching the filters, made before this list was sent)`, () => false, this.rule));
  }

  private totalBetween(lower: number, upper: number, why: string): Expected {
    const range = upper === Infinity ? `at least ${lower}` : lower === upper ? `${lower}` : `from ${lower} to ${upper}`;
    return form(named(`an integer, ${range} (${why})`, (v) => Number.isInteger(v) && (v as number) >= lower && (v as number) <= upper, this.rule));
  }

  /** The whole list in an order B-7 allows that puts on this page what the server put there where it can (B-7). */
  closed(records: Held[], actual: unknown): Expected {
    const known = records.filter((record) => this.matches(record) === true).sort((a, b) => b.seq - a.seq);
    const byId = new Map(records.map((record) => [record.id, record]));
    const start = (this.page - 1) * this.perPage;
    const shown = idsOf(actual).map((id) => byId.get(id as string));
    const newest = keepingOrder<Held>([], itself);
    const order = newestFirst(known, itself, (candidates, position) => {
      const there = shown[position - start];
      if (there && candidates.includes(there)) return there;
      const unseen = position < start ? candidates.filter((c) => !shown.includes(c)) : [];
      return newest(unseen.length > 0 ? unseen : candidates);
    });
    const items = order.slice(start, start + this.onPage(known.length)).map((record, i) => this.inOrder(record, shown[i]));
    return envelope(this.ctx, this.route, this.url, this.query, known.length, items);
  }

  /** Where the server put another object of the run than B-7 allows, the difference is B-7's. */
  private inOrder(record: Held, there: Held | undefined): Expected {
    return there !== undefined && there !== record && this.matches(there) !== false ? ruled("B-7", this.view(record)) : this.view(record);
  }

  /** Items this run holds must look as the model says and keep their relative order; the rest need only match the filters. */
  open(records: Held[], actual: any): Expected {
    const known = records.filter((record) => this.matches(record) === true);
    const byId = new Map(records.map((record) => [record.id, record]));
    const lower = Math.max(this.countable ? known.length : 0, this.earlierTotal);
    const givenTotal = actual?.meta?.total;
    const total = Number.isInteger(givenTotal) && givenTotal >= lower ? givenTotal : lower;
    const given: any[] = Array.isArray(actual?.data) ? actual.data : [];
    // Items this run holds keep their relative order (newest first, B-7, where the run knows it)
    // wherever they appear; with a reference_number filter an item of the run may match by another reference (B-8).
    const mine = given.map((item, index) => ({ index, record: byId.get(item?.id)! })).filter((entry) => entry.record);
    const ordered = newestFirst(mine, (entry) => entry.record, keepingOrder(mine, (entry) => entry.record)).map((entry) => entry.record);
    const expectedAt = new Map(mine.map((entry, i) => [entry.index, ordered[i]]));
    const items = Array.from({ length: this.onPage(total) }, (_, index): Expected => {
      const record = expectedAt.get(index);
      // The model keeps no reference list of its own: an item of the run must carry the filtered reference (B-8).
      const referenced = this.countable || itemMatchesFilters(given[index], this.query, false);
      if (record && this.matches(record) !== false && referenced) return this.inOrder(record, byId.get(given[index]?.id));
      return form(named(record ? `(${record.id} matching the filters)` : "an item matching the filters", (item) => itemMatchesFilters(item, this.query, this.credits), this.rule));
    });
    const expected = envelope(this.ctx, this.route, this.url, this.query, total, items);
    if (expected.kind === "object" && expected.members.meta.kind === "object") {
      if (givenTotal !== total) expected.members.meta.members.total = this.totalBetween(lower, Infinity, "the matching items this run holds, and earlier totals of this list");
      const missing = this.missing(actual, known.map((record) => record.id), total);
      if (missing) expected.members.data = missing;
    }
    return expected;
  }

  /**
   * A list answered while objects changed: each item must show one of the states its object may
   * have had (one that matched the filters), objects surely made before the list and matching in
   * every such state count towards the total, and those surely newer come first (B-7).
   */
  during(states: Map<string, Array<ObjectState<Held>>>, actual: any): Expected {
    type Entry = { id: string; records: Held[]; mayBeAbsent: boolean; unknown: boolean };
    const entries = new Map<string, Entry>();
    for (const [id, list] of states) {
      if (list.length === 1 && list[0] === absent) continue;
      entries.set(id, { id, records: list.filter(isRecord), mayBeAbsent: list.includes(absent), unknown: list.includes(unknown) });
    }
    const all = [...entries.values()];
    const must = all.filter((e) => !e.unknown && !e.mayBeAbsent && e.records.length > 0 && e.records.every((r) => this.matches(r) === true));
    const may = all.filter((e) => e.unknown || e.records.some((r) => this.matches(r) !== false)).length;
    const closed = this.isClosed() && all.every((e) => !e.unknown);
    const lower = Math.max(this.countable ? must.length : 0, this.earlierTotal);
    const upper = closed ? Math.max(lower, may) : Infinity;
    const givenTotal = actual?.meta?.total;
    const total = Number.isInteger(givenTotal) && givenTotal >= lower && givenTotal <= upper ? givenTotal : lower;
    const given: any[] = Array.isArray(actual?.data) ? actual.data : [];
    const items = Array.from({ length: this.onPage(total) }, (_, index): Expected => {
      const entry = entries.get(given[index]?.id);
      if (!entry || entry.unknown) {
        if (closed) return form(named("an object this run made (only this run used the list's filters)", () => false, this.rule));
        return form(named("an item matching the filters", (item) => itemMatchesFilters(item, this.query, this.credits), this.rule));
      }
      const options = entry.records.filter((r) => this.matches(r) !== false);
      if (options.length === 0) return form(named(`not ${entry.id}: it did not match the filters while the list was answered`, () => false, this.rule));
      // Shown after an object it was surely made after (B-7: newest first).
      const older = given.slice(0, index).map((item) => entries.get(item?.id)).find((other) => other && other.records.length > 0 && newerThan(entry.records[0], other.records[0]));
      if (older) return ruled("B-7", form(named(`${entry.id} before ${older.id} (created surely later: newest first)`, () => false, "B-7")));
      return anyOf(options.map((record) => this.view(record)));
    });
    const expected = envelope(this.ctx, this.route, this.url, this.query, total, items);
    if (expected.kind === "object" && expected.members.meta.kind === "object") {
      if (givenTotal !== total) expected.members.meta.members.total = this.totalBetween(lower, upper, "the objects that surely matched while the list was answered, and those that may have");
      const missing = this.missing(actual, must.map((e) => e.id), total);
      if (missing) expected.members.data = missing;
    }
    return expected;
  }
}

const itself = (record: Held) => record;
const idsOf = (actual: any): unknown[] => (Array.isArray(actual?.data) ? actual.data.map((item: any) => item?.id) : []);
