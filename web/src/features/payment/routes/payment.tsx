import { useParams } from "react-router-dom";
import { QueryState } from "@/components/ui/query-state";
import { formatDollars } from "@/lib/format";
import { useOrder } from "../api/get-order";
import { useDocumentTitle } from "@/lib/use-document-title";

export function PaymentRoute() {
  useDocumentTitle("Payment");
  const { id = "" } = useParams();
  const order = useOrder(id);

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
            {order.data.paid ? (
              <p className="badge badge-success">This order is paid.</p>
            ) : (
              <p className="note">Card payment is coming soon: the card form will appear here.</p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
