/** What a list loaded page by page tells its footer: react-query's infinite query has it all. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface LoadMoreProps {
  /** The list's own footer class, for its spacing. */
  className: string;
  /** How many items are shown, and what one and several of them are called: ["tool", "tools"]. */
  count: number;
  noun: [one: string, many: string];
  /** Words after the count, before whether more are to load: ", newest first". */
  note?: string;
  list: PagedList;
}

/**
 * Under a list read page by page: how many items are shown and whether more are to load, and the
 * button that loads the next page. A list with nothing shown has no footer.
 */
export function LoadMore({ className, count, noun: [one, many], note = "", list }: LoadMoreProps) {
  if (count === 0) return null;
  return (
    <div className={className}>
      <p role="status">
        {`${count === 1 ? `1 ${one}` : `${count} ${many}`} shown${note}${list.hasNextPage ? "; more to load." : "."}`}
      </p>
      {list.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline"
          aria-busy={list.isFetchingNextPage}
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          Load more
        </button>
      )}
    </div>
  );
}
