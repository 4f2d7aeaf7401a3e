import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { Order } from "@api/orders/orders.schemas";
import { QueryState } from "@/components/ui/query-state";
import { Table } from "@/components/ui/table";
import { reloadWithToast } from "@/lib/flash-toast";
import { useDocumentTitle } from "@/lib/use-document-title";
import { type OrdersSearch, useAdminOrders } from "../api/get-admin-orders";
import { AdminOrderRow } from "../components/admin-order-row";
import { CancelOrderDialog } from "../components/cancel-order-dialog";
import { OrdersSearchForm, STATUS_FILTERS } from "../components/orders-search";
import { RefundOrderDialog } from "../components/refund-order-dialog";
import "../components/orders.css";

/** The search in the page's address, so a reload, a link or the back button keeps it. */
function useOrdersSearch(): [OrdersSearch, (search: OrdersSearch) => void] {
  const [params, setParams] = useSearchParams();
  const status = STATUS_FILTERS.find((option) => option.value === params.get("status"))?.value ?? "";
  const search: OrdersSearch = { q: params.get("q")?.trim() ?? "", status };
  const setSearch = ({ q, status }: OrdersSearch) => {
    const next = new URLSearchParams();
    if (q) next.set("q", q);
    if (status) next.set("status", status);
    setParams(next);
  };
  return [search, setSearch];
}

export function AllOrdersRoute() {
  useDocumentTitle("Manage All Orders");
  const [search, setSearch] = useOrdersSearch();
  const orders = useAdminOrders(search);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [refunding, setRefunding] = useState<Order | null>(null);
  const listed = orders.data?.pages.flatMap((page) => page.orders) ?? [];
  const searching = search.q !== "" || search.status !== "";

  return (
    <section className="all-orders">
      <h1 id="all-orders-heading">Manage All Orders</h1>
      <OrdersSearchForm search={search} onSearch={setSearch} />
      <QueryState isPending={orders.isPending} error={orders.error} />
      {orders.data && listed.length === 0 && <p>{searching ? "No order matches this search." : "There are no orders yet."}</p>}
      {listed.length > 0 && (
        <Table label="All orders">
          <thead>
            <tr>
              {/* Above the rows' headers, the day each order was placed. */}
              <td />
              <th scope="col">Order Number</th>
              <th scope="col">Name</th>
              <th scope="col">Tools Name</th>
              <th scope="col">Ordered Quantity</th>
              <th scope="col">Total Price</th>
              <th scope="col">Status</th>
              <th scope="col">Status</th>
              <th scope="col">Cancel</th>
            </tr>
          </thead>
          <tbody>
            {listed.map((order) => (
              <AdminOrderRow key={order._id} order={order} onCancel={setCancelling} onRefund={setRefunding} />
            ))}
          </tbody>
        </Table>
      )}
      {listed.length > 0 && (
        <div className="orders-more">
          <p role="status">
            {listed.length === 1 ? "1 order shown" : `${listed.length} orders shown`}, newest first{orders.hasNextPage ? "; more to load." : "."}
          </p>
          {orders.hasNextPage && (
            <button
              type="button"
              className="btn btn-outline"
              aria-busy={orders.isFetchingNextPage}
              disabled={orders.isFetchingNextPage}
              onClick={() => void orders.fetchNextPage()}
            >
              Load more
            </button>
          )}
        </div>
      )}
      <CancelOrderDialog order={cancelling} onClose={() => setCancelling(null)} onCancelled={() => reloadWithToast("Deleted !!")} />
      <RefundOrderDialog order={refunding} onClose={() => setRefunding(null)} />
    </section>
  );
}
