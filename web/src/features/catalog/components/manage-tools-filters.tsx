import { type FormEvent, useEffect, useRef } from "react";
import type { ManageToolsSearch } from "../api/get-managed-tools";

interface ManageToolsFiltersProps {
  search: ManageToolsSearch;
  /** A new search, from its first page. */
  onSearch: (search: ManageToolsSearch) => void;
}

function searchOf(form: HTMLFormElement): ManageToolsSearch {
  const data = new FormData(form);
  return { q: String(data.get("q") ?? "").trim(), lowStock: data.get("lowStock") === "true" };
}

/** The search box and the low-stock filter; the filter applies at once, the words when they are sent. */
export function ManageToolsFilters({ search, onSearch }: ManageToolsFiltersProps) {
  const words = useRef<HTMLInputElement>(null);

  // The box follows the address when the back button brings an earlier search back.
  useEffect(() => {
    if (words.current) words.current.value = search.q;
  }, [search.q]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(searchOf(event.currentTarget));
  };

  return (
    <form role="search" aria-label="Tools" className="catalogue-filters manage-tools-filters" onSubmit={submit}>
      <div className="field">
        <label htmlFor="manage-tools-q">Search tools</label>
        <div className="catalogue-search-row">
          <input ref={words} id="manage-tools-q" name="q" type="search" defaultValue={search.q} autoComplete="off" />
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </div>
      </div>
      <label className="catalogue-in-stock">
        <input
          type="checkbox"
          name="lowStock"
          value="true"
          checked={search.lowStock}
          onChange={(event) => event.currentTarget.form && onSearch(searchOf(event.currentTarget.form))}
        />
        Low on stock
      </label>
    </form>
  );
}
