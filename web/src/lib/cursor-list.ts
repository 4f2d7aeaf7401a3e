import { infiniteQueryOptions, type QueryKey, useInfiniteQuery } from "@tanstack/react-query";

/** What every paged list of the API answers: its items under their own name, and `next`, null on the last page. */
export interface CursorPage {
  next: string | null;
}

/** Fetches one page of a list: the first for a null cursor, else the page that cursor points to. */
export type FetchPage<P extends CursorPage> = (cursor: string | null, signal?: AbortSignal) => Promise<P>;

/**
 * A list's query string, in a fixed order so equal asks read alike: the search's own parameters as
 * given (an empty one is left out), then the cursor, then the page size when the list sets one.
 */
export function cursorQuery(search: Record<string, string>, cursor: string | null, limit?: number): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(search)) if (value) query[name] = value;
  if (cursor) query.cursor = cursor;
  if (limit !== undefined) query.limit = String(limit);
  return query;
}

/** A list read page by page: each page asks for the one after the last loaded, until a page has no `next`. */
export const cursorListQueryOptions = <P extends CursorPage>(queryKey: QueryKey, fetchPage: FetchPage<P>) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });

export const useCursorList = <P extends CursorPage>(queryKey: QueryKey, fetchPage: FetchPage<P>) =>
  useInfiniteQuery(cursorListQueryOptions(queryKey, fetchPage));
