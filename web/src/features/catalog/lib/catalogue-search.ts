import type { CatalogueSort } from "@api/tools/tools.schemas";
import type { CatalogueParams } from "../api/get-catalogue-page";

/** The orders a buyer picks from on the catalogue page; "listed" is the home page's own. */
export const CATALOGUE_SORTS = [
  { value: "name", label: "Name" },
  { value: "price", label: "Price: low to high" },
  { value: "newest", label: "Newest" },
] as const satisfies readonly { value: CatalogueSort; label: string }[];

export type CataloguePageSort = (typeof CATALOGUE_SORTS)[number]["value"];

const DEFAULT_SORT: CataloguePageSort = "name";

/** A catalogue search as the URL holds it, so that it can be shared and the back button restores it. */
export interface CatalogueSearch {
  q: string;
  sort: CataloguePageSort;
  inStock: boolean;
  /** The cursor of the page shown; absent on the first page. */
  after?: string;
}

const isPageSort = (value: unknown): value is CataloguePageSort => CATALOGUE_SORTS.some((sort) => sort.value === value);

/** Reads the search from the URL; an unknown sort is the default one rather than a refused call. */
export function readCatalogueSearch(params: URLSearchParams): CatalogueSearch {
  const sort = params.get("sort");
  const after = params.get("after");
  return {
    q: (params.get("q") ?? "").trim(),
    sort: isPageSort(sort) ? sort : DEFAULT_SORT,
    inStock: params.get("inStock") === "true",
    ...(after ? { after } : {}),
  };
}

/** The URL's query string for a search; defaults are left out, so the plain catalogue is plain `/tools`. */
export function catalogueSearchParams({ q, sort, inStock, after }: CatalogueSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (sort !== DEFAULT_SORT) params.set("sort", sort);
  if (inStock) params.set("inStock", "true");
  if (after) params.set("after", after);
  return params;
}

export const catalogueParams = ({ q, sort, inStock, after }: CatalogueSearch): CatalogueParams => ({
  ...(q ? { q } : {}),
  sort,
  ...(inStock ? { inStock: "true" as const } : {}),
  ...(after ? { after } : {}),
});

/**
 * The history state of a catalogue page: the cursors of the pages before it, the latest last, with
 * "" for the first page. It lives in history rather than in the URL, so a shared link stays short;
 * a page opened from a link has none, and then the way back leads to the first page.
 */
export interface CataloguePagesState {
  cursors: string[];
}

export function readEarlierCursors(state: unknown): string[] | null {
  if (typeof state !== "object" || state === null || !("cursors" in state)) return null;
  const { cursors } = state;
  return Array.isArray(cursors) && cursors.every((cursor) => typeof cursor === "string") ? cursors : null;
}
