import { type FilterOption, ListSearchForm } from "@/components/ui/list-search-form";
import type { WishesSearch } from "../api/get-wish-groups";

const STATUSES: FilterOption<WishesSearch["status"]>[] = [
  { value: "open", label: "Open" },
  { value: "done", label: "Done" },
  { value: "declined", label: "Declined" },
];

interface WishesSearchFormProps {
  search: WishesSearch;
  onSearch: (search: WishesSearch) => void;
}

/** User Wish's search box and status filter. */
export function WishesSearchForm({ search, onSearch }: WishesSearchFormProps) {
  return (
    <ListSearchForm
      name="Wishes"
      searchLabel="Search by tool, wisher's name or email"
      filterLabel="Status"
      filterName="status"
      options={STATUSES}
      search={{ q: search.q, filter: search.status }}
      onSearch={({ q, filter }) => onSearch({ q, status: filter })}
    />
  );
}
