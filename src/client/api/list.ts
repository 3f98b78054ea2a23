// Walks the pages of a list operation (Laravel paginator envelope: `data`, `links`, `meta`), for
// both the resource clients' `list()` and the low-level `paginate()`.
import type { operations } from "../../../generated/types/bank-payments.js";
import type { PageLinks, PageMeta } from "../models/bank-payments.js";
import type { ApiResult, OperationError } from "./result.js";

/** A documented error of a list operation (401, 403 or 422; both lists document the same). */
export type ListError = OperationError<operations["listTransactionIntents"]> | OperationError<operations["listCredits"]>;

/** Thrown while walking pages when a page request fails with a documented error. */
export class PaginationError extends Error {
  /** The HTTP status of the failed page. */
  readonly status: ListError["status"];
  /** The error body the server sent. */
  readonly body: ListError["body"];

  constructor(
    /** The documented error, as the resource clients return it. */
    readonly error: ListError,
    /** The page that failed. */
    readonly page: number,
  ) {
    super(`Listing page ${page} failed with HTTP ${error.status} (${error.code})`);
    this.name = "PaginationError";
    this.status = error.status;
    this.body = error.body;
  }
}

/** One page of a list operation. */
export interface ListPage<Item> {
  data: Item[];
  links: PageLinks;
  meta: PageMeta;
}

export interface WalkOptions {
  /** The first page to fetch (default 1). */
  startPage?: number;
  /** A ceiling on the number of pages fetched (a guard against a server that never ends). */
  maxPages?: number;
}

/** Each page in turn, from `startPage` to `meta.last_page`; a failing page throws `PaginationError`. */
export async function* walkPages<Page extends ListPage<object>>(
  fetchPage: (page: number) => Promise<ApiResult<Page, ListError>>,
  options: WalkOptions = {},
): AsyncGenerator<Page, void, undefined> {
  const { startPage = 1, maxPages = Number.POSITIVE_INFINITY } = options;
  let page = startPage;
  for (let fetched = 0; fetched < maxPages; fetched += 1) {
    const result = await fetchPage(page);
    if (result.error) throw new PaginationError(result.error, page);
    const body = result.data;
    yield body;
    const { current_page: current, last_page: last } = body.meta;
    if (current >= last || body.links.next === null || body.data.length === 0) return;
    page = current + 1;
  }
}

/** An async iterable over every item of every page; each `for await` starts again from `startPage`. */
export function itemsOf<Item extends object>(
  fetchPage: (page: number) => Promise<ApiResult<ListPage<Item>, ListError>>,
  options: WalkOptions = {},
): AsyncIterable<Item> {
  return {
    async *[Symbol.asyncIterator]() {
      for await (const page of walkPages(fetchPage, options)) yield* page.data;
    },
  };
}
