import { type FormEvent, useEffect, useRef } from "react";
import { paths } from "@/config/paths";
import { CATALOGUE_SORTS, type CatalogueSearch } from "../lib/catalogue-search";

interface CatalogueFiltersProps {
  search: CatalogueSearch;
  /** A new search, from its first page. */
  onSearch: (search: CatalogueSearch) => void;
}

function searchOf(form: HTMLFormElement): CatalogueSearch {
  const data = new FormData(form);
  const sort = CATALOGUE_SORTS.find((option) => option.value === data.get("sort"))?.value ?? "name";
  return { q: String(data.get("q") ?? "").trim(), sort, inStock: data.get("inStock") === "true" };
}

/**
 * The search box, the sort and the in-stock filter. A new sort or filter applies at once, together
 * with the words in the box; the words apply when the search is sent. Without JavaScript the form
 * still works: it is a GET form whose fields are the page's own query parameters.
 */
export function CatalogueFilters({ search, onSearch }: CatalogueFiltersProps) {
  const words = useRef<HTMLInputElement>(null);

  // The box follows the URL when the back button brings an earlier search back.
  useEffect(() => {
    if (words.current) words.current.value = search.q;
  }, [search.q]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(searchOf(event.currentTarget));
  };
  const apply = (form: HTMLFormElement | null) => form && onSearch(searchOf(form));

  return (
    <form role="search" className="catalogue-filters" method="get" action={paths.catalogue.href()} onSubmit={submit}>
      <div className="field">
        <label htmlFor="catalogue-q">Search tools</label>
        <div className="catalogue-search-row">
          <input ref={words} id="catalogue-q" name="q" type="search" defaultValue={search.q} autoComplete="off" />
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </div>
      </div>
      <div className="field">
        <label htmlFor="catalogue-sort">Sort by</label>
        <select id="catalogue-sort" name="sort" value={search.sort} onChange={(event) => apply(event.currentTarget.form)}>
          {CATALOGUE_SORTS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <label className="catalogue-in-stock">
        <input type="checkbox" name="inStock" value="true" checked={search.inStock} onChange={(event) => apply(event.currentTarget.form)} />
        In stock only
      </label>
    </form>
  );
}
