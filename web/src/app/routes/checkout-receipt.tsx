import { CheckoutReceiptPage } from "@/features/checkout/routes/checkout-receipt";
// The receipt looks, and prints, as an order's does.
import "@/features/orders/components/orders.css";

export function CheckoutReceiptRoute() {
  return <CheckoutReceiptPage />;
}
