import { Navigate, useParams } from "react-router-dom";
import { paths } from "@/config/paths";
import { QueryState } from "@/components/ui/query-state";
import { useOrder } from "@/features/orders/api/get-order";
import { OrderPayment } from "@/features/payment/components/order-payment";
import "@/features/payment/components/payment.css";
import { useSession } from "@/lib/auth";
import { formatDollars } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Pays for one order: the order is the orders feature's, the payment the payment feature's. */
export function PaymentRoute() {
  useDocumentTitle("Payment");
  const { id = "" } = useParams();
  const order = useOrder(id);
  const session = useSession();

  // An order of a checkout is paid with the checkout's other orders, on the checkout's own page.
  if (order.data?.checkoutId) return <Navigate to={paths.dashboard.checkoutPayment.href(order.data.checkoutId)} replace />;

  return (
    <section className="narrow">
      <h1 id="payment-heading">Pay here for the order</h1>
      <QueryState isPending={order.isPending} error={order.error} />
      {order.data && (
        <div className="card">
          <div className="card-body">
            <p>Hello, {order.data.userName}</p>
            <h2>Please pay for {order.data.toolName}</h2>
            <dl className="tool-facts">
              <div>
                <dt>Tools Name</dt>
                <dd>{order.data.toolName}</dd>
              </div>
              <div>
                <dt>Quantity</dt>
                <dd>{order.data.quantityAmount} units</dd>
              </div>
              <div>
                <dt>Total Price</dt>
                <dd>{formatDollars(order.data.toolPrice)}</dd>
              </div>
            </dl>
            <div className="payment-area">
              {session.status === "signedIn" && (
                <OrderPayment
                  key={order.data._id}
                  order={order.data}
                  billing={{ name: session.displayName, email: session.email }}
                />
              )}
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
