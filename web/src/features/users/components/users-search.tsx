import { type FilterOption, ListSearchForm } from "@/components/ui/list-search-form";
import type { UsersSearch } from "../api/get-admin-users";

const ROLES: FilterOption<UsersSearch["role"]>[] = [
  { value: "", label: "All roles" },
  { value: "buyer", label: "Buyers" },
  { value: "admin", label: "Admins" },
];

interface UsersSearchFormProps {
  search: UsersSearch;
  onSearch: (search: UsersSearch) => void;
}

/** All User's search box and role filter. */
export function UsersSearchForm({ search, onSearch }: UsersSearchFormProps) {
  return (
    <ListSearchForm
      name="Users"
      searchLabel="Search by email or name"
      filterLabel="Role"
      filterName="role"
      options={ROLES}
      search={{ q: search.q, filter: search.role }}
      onSearch={({ q, filter }) => onSearch({ q, role: filter })}
    />
  );
}
