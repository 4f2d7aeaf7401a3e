import { useState } from "react";
import type { Order } from "@api/orders/orders.schemas";
import { type FilterOption, ListSearchForm, type ListSearchSpec, useListSearch } from "@/components/ui/list-search-form";
import { LoadMore } from "@/components/ui/load-more";
import { QueryState } from "@/components/ui/query-state";
import { Table } from "@/components/ui/table";
import { reloadWithToast } from "@/lib/flash-toast";
import { useDocumentTitle } from "@/lib/use-document-title";
import { type OrdersSearch, useAdminOrders } from "../api/get-admin-orders";
import { AdminOrderRow } from "../components/admin-order-row";
import { CancelOrderDialog } from "../components/cancel-order-dialog";
import { RefundOrderDialog } from "../components/refund-order-dialog";
import { statusWords } from "../lib/order-status";
import "../components/orders.css";

/** The status filter's choices: every live order, then each status in the order an order goes through them. */
const STATUS_FILTERS: FilterOption<OrdersSearch["status"]>[] = [
  { value: "", label: "All live" },
  ...(["unpaid", "paid", "shipped", "refunded", "cancelled"] as const).map((status) => ({ value: status, label: statusWords(status) })),
];

const ORDERS_SEARCH: ListSearchSpec<"status", OrdersSearch["status"]> = {
  name: "Orders",
  searchLabel: "Search by email, name, tool or order number",
  filter: { name: "status", label: "Status", options: STATUS_FILTERS },
};

export function AllOrdersRoute() {
  useDocumentTitle("Manage All Orders");
  const [search, setSearch] = useListSearch(ORDERS_SEARCH);
  const orders = useAdminOrders(search);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [refunding, setRefunding] = useState<Order | null>(null);
  const listed = orders.data?.pages.flatMap((page) => page.orders) ?? [];
  const searching = search.q !== "" || search.status !== "";

  return (
    <section className="all-orders">
      <h1 id="all-orders-heading">Manage All Orders</h1>
      <ListSearchForm spec={ORDERS_SEARCH} search={search} onSearch={setSearch} />
      <QueryState isPending={orders.isPending} error={orders.error} />
      {orders.data && listed.length === 0 && <p>{searching ? "No order matches this search." : "There are no orders yet."}</p>}
      {listed.length > 0 && (
        // The first header cell is left empty: below it, each row heads itself with the day the order was placed.
        <Table label="All orders" columns={[null, "Order Number", "Name", "Tools Name", "Ordered Quantity", "Total Price", "Status", "Status", "Cancel"]}>
          {listed.map((order) => (
            <AdminOrderRow key={order._id} order={order} onCancel={setCancelling} onRefund={setRefunding} />
          ))}
        </Table>
      )}
      <LoadMore className="orders-more" count={listed.length} noun={["order", "orders"]} note=", newest first" list={orders} />
      <CancelOrderDialog order={cancelling} onClose={() => setCancelling(null)} onCancelled={() => reloadWithToast("Deleted !!")} />
      <RefundOrderDialog order={refunding} onClose={() => setRefunding(null)} />
    </section>
  );
}
