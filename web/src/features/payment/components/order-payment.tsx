import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import type { Order } from "@api/orders/orders.schemas";
import { paths } from "@/config/paths";
import { PaymentCheckState } from "@/components/ui/payment-check-state";
import { errorMessage } from "@/lib/api-client";
import { useCheckOrderPayment } from "../api/check-order-payment";
import { useStartPayment } from "../api/create-payment-intent";
import type { BillingDetails } from "../lib/payment-client";
import { IntentCardForm } from "./provider-card-form";
import "./payment.css";

export { STRIPE_NOT_CONFIGURED } from "./provider-card-form";

/** Where a paid order leads: its receipt on the order's page, and back to the buyer's orders. */
function AfterPayment({ orderId }: { orderId: string }) {
  return (
    <p className="card-actions">
      <Link to={paths.dashboard.order.href(orderId)} className="btn btn-primary btn-small">
        View receipt
      </Link>
      <Link to={paths.dashboard.orders.href()} className="btn btn-outline btn-small">
        Back to My Orders
      </Link>
    </p>
  );
}

function PaymentCompleted({ orderId, transactionId }: { orderId: string; transactionId: string }) {
  return (
    <>
      <div className="payment-success" role="status">
        <p className="payment-success-title">Your payment is completed</p>
        <p>
          Your transaction Id: <span className="transaction-id">{transactionId}</span>
        </p>
      </div>
      <AfterPayment orderId={orderId} />
    </>
  );
}

interface OrderPaymentProps {
  order: Order;
  billing: BillingDetails;
}

/**
 * Paying one order: the server's intent for it, the provider's card form, then the server's own check
 * with the provider, which is what marks the order paid.
 */
export function OrderPayment({ order, billing }: OrderPaymentProps) {
  // Decided once: the order refetches as paid after a payment made here, whose receipt must stay on screen.
  const [paidOnOpen] = useState(order.paid);
  const start = useStartPayment();
  const startPayment = start.mutate;
  const check = useCheckOrderPayment(order._id);
  const [paymentIntentId, setPaymentIntentId] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (paidOnOpen || started.current) return;
    started.current = true;
    startPayment({ orderId: order._id, toolPrice: order.toolPrice });
  }, [paidOnOpen, order._id, order.toolPrice, startPayment]);

  if (check.isSuccess) return <PaymentCompleted orderId={order._id} transactionId={check.data.transactionId ?? paymentIntentId ?? ""} />;
  if (paidOnOpen || start.data?.status === "paid") {
    return (
      <>
        <p className="badge badge-success">This order is paid.</p>
        <AfterPayment orderId={order._id} />
      </>
    );
  }
  if (start.isError) {
    return (
      <p role="alert" className="text-error">
        {errorMessage(start.error)}
      </p>
    );
  }

  const onConfirmed = (intentId: string) => {
    setPaymentIntentId(intentId);
    check.mutate();
  };

  return (
    <>
      <IntentCardForm intent={start.data?.status === "ready" ? start.data : null} billing={billing} locked={paymentIntentId !== null} onConfirmed={onConfirmed} />
      <PaymentCheckState isPending={check.isPending} error={check.isError ? check.error : null} onRetry={() => check.mutate()} />
    </>
  );
}
