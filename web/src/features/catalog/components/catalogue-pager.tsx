import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { type CataloguePagesState, type CatalogueSearch, catalogueSearchParams } from "../lib/catalogue-search";

interface CataloguePagerProps {
  search: CatalogueSearch;
  /** The cursor of the page after this one; null on the last page. */
  next: string | null;
  /** The cursors of the pages before this one (see CataloguePagesState); null when they are not known. */
  earlier: string[] | null;
}

/**
 * Links to the next and the previous page. Each page is its own URL and history entry, so the back
 * button walks back through the pages; the way to the previous page is carried in history state.
 */
export function CataloguePager({ search, next, earlier }: CataloguePagerProps) {
  const onFirstPage = !search.after;
  if (onFirstPage && !next) return null;

  const pageAt = (after: string | undefined) => paths.catalogue.href(catalogueSearchParams({ ...search, after }).toString());
  const known = earlier ?? [];
  const previous = known.at(-1);
  const towardsPrevious: CataloguePagesState = { cursors: known.slice(0, -1) };
  const towardsNext: CataloguePagesState = { cursors: [...known, search.after ?? ""] };

  return (
    <nav aria-label="Pages" className="catalogue-pager">
      {!onFirstPage &&
        (previous === undefined ? (
          <Link to={pageAt(undefined)} className="btn btn-outline">
            First page
          </Link>
        ) : (
          <Link to={pageAt(previous || undefined)} state={towardsPrevious} className="btn btn-outline" rel="prev">
            Previous page
          </Link>
        ))}
      {next && (
        <Link to={pageAt(next)} state={towardsNext} className="btn btn-outline next-page" rel="next">
          Next page
        </Link>
      )}
    </nav>
  );
}
