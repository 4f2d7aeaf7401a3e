import { Link } from "react-router-dom";
import { QueryState } from "@/components/ui/query-state";
import { paths } from "@/config/paths";
import { formatDollars } from "@/lib/format";
import { useOverview } from "../api/get-overview";
import "./admin-overview.css";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The shop at a glance for an admin: each figure opens the list it counts, filtered. */
export function AdminOverview() {
  const overview = useOverview();
  const figures = overview.data && [
    { label: "Paid today", value: formatDollars(overview.data.revenueToday), to: paths.dashboard.allOrders.href() },
    { label: "Paid this week", value: formatDollars(overview.data.revenueThisWeek), to: paths.dashboard.allOrders.href() },
    {
      label: "Awaiting shipment",
      value: plural(overview.data.awaitingShipment, "order", "orders"),
      to: `${paths.dashboard.allOrders.href()}?status=paid`,
    },
    {
      label: "Low on stock",
      value: plural(overview.data.lowStockTools, "tool", "tools"),
      to: `${paths.dashboard.manageTools.href()}?lowStock=true`,
    },
    { label: "New wishes", value: plural(overview.data.openWishes, "wish", "wishes"), to: `${paths.dashboard.wishList.href()}?status=open` },
  ];
  return (
    <section className="admin-overview" aria-labelledby="overview-heading">
      <h2 id="overview-heading">Shop overview</h2>
      <QueryState isPending={overview.isPending} error={overview.error} />
      {figures && (
        <>
          <ul className="overview-figures">
            {figures.map(({ label, value, to }) => (
              <li key={label}>
                <Link to={to} className="overview-figure">
                  <span className="overview-label">{label}</span>
                  <span className="overview-value">{value}</span>
                </Link>
              </li>
            ))}
          </ul>
          <p className="muted">Today and this week are counted in {overview.data!.timeZone}; refunded orders are left out.</p>
        </>
      )}
    </section>
  );
}
