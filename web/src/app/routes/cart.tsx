import { type CheckoutSlotProps, CartPage } from "@/features/cart/routes/cart";
import { CheckoutForm } from "@/features/checkout/components/checkout-form";
import { useContactDefaults } from "@/features/orders/lib/use-contact-defaults";
import { useSession } from "@/lib/auth";

/** Shown to a signed-in buyer only: the phone and address start as the order form's do. */
function Checkout(props: CheckoutSlotProps) {
  const session = useSession();
  const contact = useContactDefaults(session.status === "signedIn" ? session.email : "");
  return <CheckoutForm blocked={props.blocked} settle={props.settle} onRefused={props.onRefused} contact={contact} />;
}

/** The cart is the cart feature's; checking it out is the checkout feature's. */
export function CartRoute() {
  return <CartPage checkout={(props) => <Checkout {...props} />} />;
}
