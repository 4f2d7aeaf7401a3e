import { CheckboxFilter, chosenOption, SearchForm, SelectFilter } from "@/components/ui/search-form";
import { paths } from "@/config/paths";
import { CATALOGUE_SORTS, type CatalogueSearch } from "../lib/catalogue-search";

interface CatalogueFiltersProps {
  search: CatalogueSearch;
  /** A new search, from its first page. */
  onSearch: (search: CatalogueSearch) => void;
}

const readFilters = (data: FormData) => ({ sort: chosenOption(CATALOGUE_SORTS, data.get("sort")), inStock: data.get("inStock") === "true" });

/**
 * The search box, the sort and the in-stock filter. Without JavaScript the form still works: it is
 * a GET form whose fields are the page's own query parameters.
 */
export function CatalogueFilters({ search, onSearch }: CatalogueFiltersProps) {
  return (
    <SearchForm id="catalogue" className="catalogue-filters" searchLabel="Search tools" action={paths.catalogue.href()} search={search} read={readFilters} onSearch={onSearch}>
      {(field) => (
        <>
          <SelectFilter field={field} name="sort" label="Sort by" options={CATALOGUE_SORTS} value={search.sort} />
          <CheckboxFilter field={field} name="inStock" label="In stock only" checked={search.inStock} />
        </>
      )}
    </SearchForm>
  );
}
