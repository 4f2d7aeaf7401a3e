import { type ReactNode, useState } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router-dom";
import { QueryState } from "@/components/ui/query-state";
import { paths } from "@/config/paths";
import { formatDateTime } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useCheckout } from "../api/get-checkout";
import { CancelCheckoutDialog } from "../components/cancel-checkout-dialog";
import { CheckoutLines } from "../components/checkout-lines";
import { type CardFormSlot, CheckoutPayment } from "../components/checkout-payment";
import "../components/checkout.css";

/**
 * Pays for a checkout: its lines and total, the card form (given by the page that composes this one)
 * and Cancel checkout. A paid checkout goes on to its receipt.
 */
export function CheckoutPaymentPage({ cardForm }: { cardForm: (slot: CardFormSlot) => ReactNode }) {
  useDocumentTitle("Checkout payment");
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const checkout = useCheckout(id);
  const [cancelling, setCancelling] = useState(false);
  const data = checkout.data;

  if (data?.status === "paid") return <Navigate to={paths.dashboard.checkout.href(id)} replace />;

  return (
    <section className="checkout-page">
      <h1>Pay for your checkout</h1>
      <QueryState isPending={checkout.isPending} error={checkout.error} />
      {data && (
        <>
          <CheckoutLines checkout={data} />
          {data.status === "cancelled" ? (
            <p>
              This checkout was cancelled: its units are back on sale. <Link to={paths.cart.href()}>Back to your cart</Link>
            </p>
          ) : (
            <>
              {data.releasesAt && (
                <p className="field-hint">
                  Its units are held for you until <time dateTime={data.releasesAt}>{formatDateTime(data.releasesAt)}</time>, then they go back on
                  sale unless it is paid.
                </p>
              )}
              <div className="payment-area">
                <CheckoutPayment key={data._id} checkout={data} cardForm={cardForm} />
              </div>
              <div className="card-actions">
                <button type="button" className="btn btn-danger btn-small" onClick={() => setCancelling(true)}>
                  Cancel checkout
                </button>
                <Link to={paths.dashboard.orders.href()} className="btn btn-outline btn-small">
                  Back to My Orders
                </Link>
              </div>
              <CancelCheckoutDialog
                checkout={data}
                open={cancelling}
                onClose={() => setCancelling(false)}
                onCancelled={() => navigate(paths.dashboard.orders.href())}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}
