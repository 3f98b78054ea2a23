// Page walking for the low-level Bank Payment Service client: `paginate(client, path, ...)` over
// `/api/transaction-intents` or `/api/credits`. Filters and items are typed from the generated
// operations; pages are walked by api/list.ts, as the resource clients' `list()` does.
import { walkPages, type ListError } from "./api/list.js";
import { apiErrorOf, UnexpectedResponseError, type ApiResult } from "./api/result.js";
import type { BankPaymentsClient } from "./bank-payments.js";
import type {
  Credit,
  CreditListQuery,
  CreditPage,
  TransactionIntent,
  TransactionIntentListQuery,
  TransactionIntentPage,
} from "./models/bank-payments.js";

/** The list endpoints. */
export type ListPath = "/api/transaction-intents" | "/api/credits";
/** A list endpoint's query parameters (filters, `page`, `per_page`), as the contract types them. */
export type ListQuery<P extends ListPath> = P extends "/api/credits" ? CreditListQuery : TransactionIntentListQuery;
/** One element of a list endpoint's `data`. */
export type ListItem<P extends ListPath> = P extends "/api/credits" ? Credit : TransactionIntent;
/** One page of a list endpoint: `{data, links, meta}`. */
export type ListPage<P extends ListPath> = P extends "/api/credits" ? CreditPage : TransactionIntentPage;
/** The error bodies a list endpoint documents (401, 403, 422). */
export type ListErrorBody = ListError["body"];

export interface PaginateOptions<P extends ListPath> {
  /** Filters and `per_page`; `page` is where the walk starts (default 1). */
  query?: ListQuery<P>;
  /** Aborts the walk between or during page requests. */
  signal?: AbortSignal;
  /** A ceiling on the number of pages fetched (a guard against a server that never ends). */
  maxPages?: number;
}

const listErrorStatuses = [401, 403, 422];

/** Each page in turn, from `query.page` (default 1) to `meta.last_page`; a failing page throws `PaginationError`. */
export function paginatePages<P extends ListPath>(
  client: BankPaymentsClient,
  path: P,
  options: PaginateOptions<P> = {},
): AsyncGenerator<ListPage<P>, void, undefined> {
  const { query = {} as ListQuery<P>, signal, maxPages } = options;
  const fetchPage = async (page: number): Promise<ApiResult<ListPage<P>, ListError>> => {
    // The request is the same for both paths; it is made through one of them and typed back.
    const { data, error, response } = await client.GET(path as "/api/credits", {
      params: { query: { ...query, page } as CreditListQuery },
      signal,
    });
    if (data !== undefined) return { data: data as ListPage<P>, response };
    const apiError = listErrorStatuses.includes(response.status) ? apiErrorOf(response.status, error) : undefined;
    if (apiError === undefined) throw new UnexpectedResponseError(response.status, JSON.stringify(error) ?? "", `GET ${path}`);
    return { error: apiError as ListError, response };
  };
  return walkPages(fetchPage, { startPage: query.page, maxPages });
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
  for await (const page of paginatePages(client, path, options)) yield* page.data as ListItem<P>[];
}

/** Every transaction intent matching the filters, walking all pages. */
export function listAllTransactionIntents(
  client: BankPaymentsClient,
  query?: ListQuery<"/api/transaction-intents">,
  options: Omit<PaginateOptions<"/api/transaction-intents">, "query"> = {},
): AsyncGenerator<TransactionIntent, void, undefined> {
  return paginate(client, "/api/transaction-intents", { ...options, query });
}

/** Every credit matching the filters, walking all pages. */
export function listAllCredits(
  client: BankPaymentsClient,
  query?: ListQuery<"/api/credits">,
  options: Omit<PaginateOptions<"/api/credits">, "query"> = {},
): AsyncGenerator<Credit, void, undefined> {
  return paginate(client, "/api/credits", { ...options, query });
}
