import { MyOrdersRoute } from "@/features/orders/routes/my-orders";
import { AdminOverview } from "@/features/overview/components/admin-overview";
import { useAdminStatus } from "@/lib/auth";

/** The dashboard's index: My Orders, as docs/product.md §3.2 has it, and for an admin the shop's overview after it. */
export function DashboardIndexRoute() {
  const { isAdmin } = useAdminStatus();
  return (
    <>
      <MyOrdersRoute />
      {isAdmin && <AdminOverview />}
    </>
  );
}
