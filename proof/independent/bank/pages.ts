// Lists (bank §2.5, §4.4, §4.8): query parameters, filters and the page envelope. `meta.path` is
// the route path, as §2.5 says; `from` and `to` are numbers, as §2.5 types them (0 on an empty page).
import type { Policy } from "../config.js";
import type { Problems, Reply } from "./replies.js";

export type Filters = Record<string, (value: string) => boolean>;

export type ListQuery = { page: number; perPage: number; filters: Record<string, string> };

/** Page, per_page and the filters of a list request; a parameter given twice or out of range is `invalid`. */
export function readListQuery(search: URLSearchParams, filters: Filters, policy: Policy): { problems: Problems } | { query: ListQuery } {
  const problems: Problems = {};
  const once = (name: string): string | undefined => {
    const values = search.getAll(name);
    if (values.length > 1) problems[name] = ["invalid"];
    return values.length === 1 ? values[0] : undefined;
  };
  const whole = (name: string, fallback: number, max: number): number => {
    const raw = once(name);
    if (raw === undefined) return fallback;
    const value = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
    if (!(value >= 1 && value <= max)) problems[name] = ["invalid"];
    return value;
  };
  const page = whole("page", 1, 2_147_483_647);
  const perPage = whole("per_page", policy.perPageDefault, policy.perPageMax);
  const chosen: Record<string, string> = {};
  for (const [name, accepts] of Object.entries(filters)) {
    const raw = once(name);
    if (raw === undefined || problems[name]) continue;
    if (accepts(raw)) chosen[name] = raw;
    else problems[name] = ["invalid"];
  }
  return Object.keys(problems).length > 0 ? { problems } : { query: { page, perPage, filters: chosen } };
}

export const isText = (value: string) => value.length >= 1 && value.length <= 255;
export const isOneOf = (values: string[]) => (value: string) => values.includes(value);

/** One page of `items` (already filtered, newest first), with absolute page links that repeat the query. */
export function pageOf<T>(items: T[], query: ListQuery, origin: string, path: string, show: (item: T) => unknown): Reply {
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / query.perPage));
  const start = (query.page - 1) * query.perPage;
  const data = items.slice(start, start + query.perPage).map(show);
  const link = (page: number) => {
    const search = new URLSearchParams({ ...query.filters, per_page: String(query.perPage), page: String(page) });
    return `${origin}${path}?${search}`;
  };
  return {
    status: 200,
    body: {
      data,
      links: {
        first: link(1),
        last: link(lastPage),
        prev: query.page > 1 ? link(query.page - 1) : null,
        next: query.page < lastPage ? link(query.page + 1) : null,
      },
      meta: {
        current_page: query.page,
        from: data.length > 0 ? start + 1 : 0,
        last_page: lastPage,
        path,
        per_page: query.perPage,
        to: data.length > 0 ? start + data.length : 0,
        total,
      },
    },
  };
}
