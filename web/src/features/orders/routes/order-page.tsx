import type { Order } from "@api/orders/orders.schemas";
import { Link, useParams } from "react-router-dom";
import { Fact, TimeFact } from "@/components/ui/fact";
import { QueryState } from "@/components/ui/query-state";
import { paths } from "@/config/paths";
import { useSession } from "@/lib/auth";
import { formatDate, formatDateTime, formatDollars } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useOrder } from "../api/get-order";
import { FollowLive, useOrderFollowing } from "../components/follow-orders";
import { OrderReceipt } from "../components/order-receipt";
import { OrderStatusBadge } from "../components/order-status-badge";
import { canChange } from "../lib/follow-orders";
import { heldUntil } from "../lib/held-until";
import { orderNumber, payHref, timelineOf } from "../lib/order-status";
import "../components/orders.css";

function Timeline({ order }: { order: Order }) {
  return (
    <section className="card" aria-labelledby="timeline-heading">
      <div className="card-body">
        <h2 id="timeline-heading">Timeline</h2>
        <ol className="timeline">
          {timelineOf(order).map((step) => (
            <li key={step.label}>
              <span className="timeline-label">{step.label}</span> <time dateTime={step.at}>{formatDateTime(step.at)}</time>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Summary({ order }: { order: Order }) {
  return (
    <dl className="tool-facts">
      <Fact term="Status">
        <OrderStatusBadge status={order.status} />
      </Fact>
      <TimeFact term="Date" at={order.createdAt} format={formatDate} />
      <Fact term="Tools Name">{order.toolName}</Fact>
      <Fact term="Quantity">{order.quantityAmount} units</Fact>
      <Fact term="Total Price">{formatDollars(order.toolPrice)}</Fact>
      {order.status === "shipped" && order.shippingCarrier && <Fact term="Carrier">{order.shippingCarrier}</Fact>}
      {order.status === "shipped" && order.trackingNumber && <Fact term="Tracking number">{order.trackingNumber}</Fact>}
      {!order.paid && order.releasesAt && <TimeFact term="Held until" at={order.releasesAt} format={heldUntil} />}
    </dl>
  );
}

/** One order: what it is, what happened to it and when, and once paid its receipt, ready to print. */
export function OrderRoute() {
  const { id = "" } = useParams();
  const session = useSession();
  const following = useOrderFollowing(session.status === "signedIn");
  const order = useOrder(id, { poll: following.poll });
  const number = orderNumber(id);
  useDocumentTitle(`Order ${number}`);
  const data: Order | undefined = order.data;
  // An admin may look at anyone's order; only its buyer can pay for it.
  const ownUnpaid = data && !data.paid && data.status === "unpaid" && session.status === "signedIn" && session.email === data.userEmail;

  return (
    <section className="order-page">
      <h1 id="order-heading">Order {number}</h1>
      <QueryState isPending={order.isPending} error={order.error} />
      {data && (
        <>
          <Summary order={data} />
          <div className="card-actions">
            {ownUnpaid && (
              <Link
                to={payHref(data)}
                className="btn btn-primary btn-small"
              >
                Pay
              </Link>
            )}
            {data.paid && data.paidAt && (
              <button type="button" className="btn btn-primary btn-small" onClick={() => window.print()}>
                Print receipt
              </button>
            )}
            <Link to={paths.dashboard.orders.href()} className="btn btn-outline btn-small">
              Back to My Orders
            </Link>
          </div>
          <div className="order-sections">
            <Timeline order={data} />
            {data.paid && data.paidAt && <OrderReceipt order={{ ...data, paidAt: data.paidAt }} />}
          </div>
          {following.live && canChange(data) && <FollowLive followed={{ kind: "order", id: data._id }} shown={[data]} onFailed={following.failed} />}
        </>
      )}
    </section>
  );
}
