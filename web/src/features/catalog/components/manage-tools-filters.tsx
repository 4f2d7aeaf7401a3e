import { CheckboxFilter, SearchForm } from "@/components/ui/search-form";
import type { ManageToolsSearch } from "../api/get-managed-tools";

interface ManageToolsFiltersProps {
  search: ManageToolsSearch;
  /** A new search, from its first page. */
  onSearch: (search: ManageToolsSearch) => void;
}

const readFilters = (data: FormData) => ({ lowStock: data.get("lowStock") === "true" });

/** The search box and the low-stock filter, laid out as the catalogue's. */
export function ManageToolsFilters({ search, onSearch }: ManageToolsFiltersProps) {
  return (
    <SearchForm id="manage-tools" name="Tools" className="catalogue-filters manage-tools-filters" searchLabel="Search tools" search={search} read={readFilters} onSearch={onSearch}>
      {(field) => <CheckboxFilter field={field} name="lowStock" label="Low on stock" checked={search.lowStock} />}
    </SearchForm>
  );
}
