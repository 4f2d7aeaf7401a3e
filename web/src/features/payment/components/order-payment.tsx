import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import type { Order } from "@api/orders/orders.schemas";
import { env } from "@/config/env";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useCheckOrderPayment } from "../api/check-order-payment";
import { type PaymentIntent, useStartPayment } from "../api/create-payment-intent";
import type { BillingDetails, ProviderFormProps } from "../lib/payment-client";
import { CardPaymentForm } from "./card-payment-form";
import { SandboxCardForm } from "./sandbox-card-form";
import "./payment.css";

// Stripe's React bindings load only when the server takes the card through Stripe.
const StripeCardForm = lazy(() => import("./stripe-card-form").then((module) => ({ default: module.StripeCardForm })));

export const STRIPE_NOT_CONFIGURED =
  "Card payments are unavailable: this shop takes cards through Stripe, but its web client was built without a Stripe publishable key (VITE_STRIPE_PUBLISHABLE_KEY).";

/** The card form with a disabled Pay, while the intent or the provider's client is on its way. */
function PreparingForm() {
  return (
    <CardPaymentForm client={null}>
      <p className="muted" role="status">
        Preparing the card form…
      </p>
    </CardPaymentForm>
  );
}

function ProviderForm({ intent, ...props }: Omit<ProviderFormProps, "clientSecret"> & { intent: PaymentIntent }) {
  if (intent.provider === "sandbox") return <SandboxCardForm clientSecret={intent.clientSecret} {...props} />;
  if (!env.stripePublishableKey) {
    return (
      <p role="alert" className="text-error">
        {STRIPE_NOT_CONFIGURED}
      </p>
    );
  }
  return (
    <Suspense fallback={<PreparingForm />}>
      <StripeCardForm publishableKey={env.stripePublishableKey} clientSecret={intent.clientSecret} {...props} />
    </Suspense>
  );
}

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
      {start.data?.status === "ready" ? (
        <ProviderForm intent={start.data} billing={billing} locked={paymentIntentId !== null} onConfirmed={onConfirmed} />
      ) : (
        <PreparingForm />
      )}
      {check.isPending && (
        <p className="muted" role="status">
          Your card was accepted. Completing your payment…
        </p>
      )}
      {check.isError && (
        <div className="card-actions">
          <p role="alert" className="text-error">
            {errorMessage(check.error)}
          </p>
          <button type="button" className="btn btn-outline btn-small" onClick={() => check.mutate()}>
            Check again
          </button>
        </div>
      )}
    </>
  );
}
