import { Link, useParams } from "react-router-dom";
import type { Checkout } from "@api/orders/checkout.schemas";
import { CardFacts, Fact, TimeFact } from "@/components/ui/fact";
import { QueryState } from "@/components/ui/query-state";
import { paths } from "@/config/paths";
import { useSession } from "@/lib/auth";
import { formatDate, formatDollars } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useCheckout } from "../api/get-checkout";
import { CheckoutLines } from "../components/checkout-lines";
import { checkoutNumber, checkoutStatusWords, itemCount } from "../lib/checkout-words";
import "../components/checkout.css";

/** The one receipt of a paid checkout: every line, linked to its order, and the one payment. */
function CheckoutReceipt({ checkout }: { checkout: Checkout & { paidAt: string } }) {
  return (
    <section className="card receipt" aria-labelledby="receipt-heading">
      <div className="card-body">
        <h2 id="receipt-heading">Receipt</h2>
        <p className="receipt-shop">Toolshop</p>
        <CheckoutLines checkout={checkout} linkOrders showTotal={false} />
        <dl className="receipt-facts">
          <Fact term="Checkout Number">{checkoutNumber(checkout._id)}</Fact>
          <Fact term="Total Price">{formatDollars(checkout.total)}</Fact>
          <TimeFact term="Paid at" at={checkout.paidAt} />
          <CardFacts cardLast4={checkout.cardLast4} transactionId={checkout.transactionId} />
          <Fact term="Delivery address">{checkout.userAddress}</Fact>
          <Fact term="Phone Number">{checkout.userPhone}</Fact>
        </dl>
      </div>
    </section>
  );
}

/** One checkout: its receipt once paid; until then its lines and the way to pay; or that it was cancelled. */
export function CheckoutReceiptPage() {
  const { id = "" } = useParams();
  const session = useSession();
  const checkout = useCheckout(id);
  const number = checkoutNumber(id);
  useDocumentTitle(`Checkout ${number}`);
  const data = checkout.data;
  // An admin may look at anyone's checkout; only its buyer can pay for it.
  const ownUnpaid = data?.status === "unpaid" && session.status === "signedIn" && session.email === data.userEmail;

  return (
    <section className="checkout-page">
      <h1>Checkout {number}</h1>
      <QueryState isPending={checkout.isPending} error={checkout.error} />
      {data && (
        <>
          <p>
            <time dateTime={data.createdAt}>{formatDate(data.createdAt)}</time> · {itemCount(data.orders.length)} · {formatDollars(data.total)} ·{" "}
            <span className={data.status === "paid" ? "badge badge-success" : "badge"}>{checkoutStatusWords(data.status)}</span>
          </p>
          <div className="card-actions">
            {ownUnpaid && (
              <Link to={paths.dashboard.checkoutPayment.href(data._id)} className="btn btn-primary btn-small">
                Pay
              </Link>
            )}
            {data.paidAt && (
              <button type="button" className="btn btn-primary btn-small" onClick={() => window.print()}>
                Print receipt
              </button>
            )}
            <Link to={paths.dashboard.orders.href()} className="btn btn-outline btn-small">
              Back to My Orders
            </Link>
          </div>
          {data.status === "paid" && data.paidAt ? (
            <CheckoutReceipt checkout={{ ...data, paidAt: data.paidAt }} />
          ) : (
            <>
              {data.status === "cancelled" && <p>This checkout was cancelled: none of its orders is to be paid.</p>}
              <CheckoutLines checkout={data} linkOrders />
            </>
          )}
        </>
      )}
    </section>
  );
}
