// The Laravel paginator envelope: data, links (absolute URLs) and meta, consistent at every page.

export type PageRequest = { page: number; perPage: number };

export const defaultPerPage = 15;

export type PageEnvelope<T> = {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: { current_page: number; from: number | null; last_page: number; path: string; per_page: number; to: number | null; total: number };
};

/**
 * Builds the envelope. `path` is the absolute list URL; `keep` holds the query parameters that
 * every page link repeats (the filters and per_page), so following `next` pages the same listing.
 */
export function envelope<T>(data: T[], total: number, { page, perPage }: PageRequest, path: string, keep: URLSearchParams): PageEnvelope<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (n: number): string => {
    const query = new URLSearchParams(keep);
    query.delete("page");
    query.append("page", String(n));
    return `${path}?${query.toString()}`;
  };
  const from = data.length > 0 ? (page - 1) * perPage + 1 : null;
  return {
    data,
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page > 1 ? link(page - 1) : null,
      next: page < lastPage ? link(page + 1) : null,
    },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      path,
      per_page: perPage,
      to: from === null ? null : from + data.length - 1,
      total,
    },
  };
}
