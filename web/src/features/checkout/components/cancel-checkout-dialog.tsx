import { toast } from "react-toastify";
import type { Checkout } from "@api/orders/checkout.schemas";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatDollars } from "@/lib/format";
import { useCancelCheckout } from "../api/cancel-checkout";
import { itemCount } from "../lib/checkout-words";

interface CancelCheckoutDialogProps {
  checkout: Checkout;
  open: boolean;
  onClose: () => void;
  onCancelled: () => void;
}

/** Yes/No before every order of the checkout is cancelled, as an order's cancellation asks. */
export function CancelCheckoutDialog({ checkout, open, onClose, onCancelled }: CancelCheckoutDialogProps) {
  const cancelCheckout = useCancelCheckout();
  return (
    <ConfirmDialog
      open={open}
      title="Are you sure you want to cancel this checkout?"
      message={`${itemCount(checkout.orders.length)}, ${formatDollars(checkout.total)}: every order of it is cancelled and its units go back on sale.`}
      busy={cancelCheckout.isPending}
      onYes={() =>
        cancelCheckout.mutate(checkout._id, {
          onSuccess: () => {
            toast.success("Checkout cancelled");
            onCancelled();
          },
          onSettled: onClose,
        })
      }
      onNo={() => {
        onClose();
        toast.info("Changes are not saved");
      }}
    />
  );
}
