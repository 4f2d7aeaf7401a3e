import { type FilterOption, ListSearchForm } from "@/components/ui/list-search-form";
import type { OrdersSearch } from "../api/get-admin-orders";
import { statusWords } from "../lib/order-status";

/** The filter's choices: every live order, then each status in the order an order goes through them. */
export const STATUS_FILTERS: FilterOption<OrdersSearch["status"]>[] = [
  { value: "", label: "All live" },
  ...(["unpaid", "paid", "shipped", "refunded", "cancelled"] as const).map((status) => ({ value: status, label: statusWords(status) })),
];

interface OrdersSearchFormProps {
  search: OrdersSearch;
  onSearch: (search: OrdersSearch) => void;
}

/** All Orders' search box and status filter. */
export function OrdersSearchForm({ search, onSearch }: OrdersSearchFormProps) {
  return (
    <ListSearchForm
      name="Orders"
      searchLabel="Search by email, name, tool or order number"
      filterLabel="Status"
      filterName="status"
      options={STATUS_FILTERS}
      search={{ q: search.q, filter: search.status }}
      onSearch={({ q, filter }) => onSearch({ q, status: filter })}
    />
  );
}
