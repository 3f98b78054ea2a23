// Walks the pages of the Bank Payment Service's list endpoints (Laravel paginator envelope:
// `data`, `links`, `meta`). Filters and items are typed from the generated operations.
import type { paths } from "../../generated/types/bank-payments.js";
import type { BankPaymentsClient } from "./bank-payments.js";

/** The list endpoints. */
export type ListPath = "/api/transaction-intents" | "/api/credits";
/** A list endpoint's query parameters (filters, `page`, `per_page`), as the contract types them. */
export type ListQuery<P extends ListPath> = NonNullable<paths[P]["get"]["parameters"]["query"]>;
/** One page of a list endpoint: `{data, links, meta}`. */
export type ListPage<P extends ListPath> = paths[P]["get"]["responses"][200]["content"]["application/json"];
/** One element of a list endpoint's `data`. */
export type ListItem<P extends ListPath> = ListPage<P>["data"][number];
/** The error bodies a list endpoint documents (401, 403, 422). */
export type ListErrorBody<P extends ListPath> = {
  [S in keyof paths[P]["get"]["responses"]]: S extends 200
    ? never
    : paths[P]["get"]["responses"][S] extends { content: { "application/json": infer B } } ? B : never;
}[keyof paths[P]["get"]["responses"]];

export interface PaginateOptions<P extends ListPath> {
  /** Filters and `per_page`; `page` is where the walk starts (default 1). */
  query?: ListQuery<P>;
  /** Aborts the walk between or during page requests. */
  signal?: AbortSignal;
  /** A ceiling on the number of pages fetched (a guard against a server that never ends). */
  maxPages?: number;
}

/** Thrown by the pagination helpers when a page request fails; carries the typed error body. */
export class PaginationError<P extends ListPath = ListPath> extends Error {
  constructor(
    readonly status: number,
    readonly body: ListErrorBody<P>,
    readonly page: number,
  ) {
    super(`Listing page ${page} failed with HTTP ${status}`);
    this.name = "PaginationError";
  }
}

/** Each page in turn, from `query.page` (default 1) to `meta.last_page`. */
export async function* paginatePages<P extends ListPath>(
  client: BankPaymentsClient,
  path: P,
  options: PaginateOptions<P> = {},
): AsyncGenerator<ListPage<P>, void, undefined> {
  const { query = {} as ListQuery<P>, signal, maxPages = Number.POSITIVE_INFINITY } = options;
  let page = query.page ?? 1;
  for (let fetched = 0; fetched < maxPages; fetched += 1) {
    // The path is one of two literals; the request is the same for both, so it is made through
    // one of them and the page typed back from the caller's path.
    const { data, error, response } = await client.GET(path as "/api/credits", {
      params: { query: { ...query, page } as ListQuery<"/api/credits"> },
      signal,
    });
    if (data === undefined) {
      throw new PaginationError<P>(response.status, error as ListErrorBody<P>, page);
    }
    const body = data as ListPage<P>;
    yield body;
    const { current_page: current, last_page: last } = body.meta;
    if (current >= last || body.links.next === null || body.data.length === 0) return;
    page = current + 1;
  }
}

/**
 * Each item of every page, in order: `for await (const intent of paginate(client,
 * "/api/transaction-intents", { query: { status: "succeeded" } })) { ... }`.
 */
export async function* paginate<P extends ListPath>(
  client: BankPaymentsClient,
  path: P,
  options: PaginateOptions<P> = {},
): AsyncGenerator<ListItem<P>, void, undefined> {
  for await (const page of paginatePages(client, path, options)) {
    yield* page.data as ListItem<P>[];
  }
}

/** Every transaction intent matching the filters, walking all pages. */
export function listAllTransactionIntents(
  client: BankPaymentsClient,
  query?: ListQuery<"/api/transaction-intents">,
  options: Omit<PaginateOptions<"/api/transaction-intents">, "query"> = {},
): AsyncGenerator<ListItem<"/api/transaction-intents">, void, undefined> {
  return paginate(client, "/api/transaction-intents", { ...options, query });
}

/** Every credit matching the filters, walking all pages. */
export function listAllCredits(
  client: BankPaymentsClient,
  query?: ListQuery<"/api/credits">,
  options: Omit<PaginateOptions<"/api/credits">, "query"> = {},
): AsyncGenerator<ListItem<"/api/credits">, void, undefined> {
  return paginate(client, "/api/credits", { ...options, query });
}
