import { toast } from "react-toastify";
import type { Order } from "@api/orders/orders.schemas";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useCancelOrder } from "../api/cancel-order";

/** An unpaid order of a checkout is cancelled with the whole checkout, as the API does it. */
const WHOLE_CHECKOUT = " It was checked out with other tools: cancelling it cancels every order of that checkout.";

interface CancelOrderDialogProps {
  order: Order | null;
  onClose: () => void;
  /** After a confirmed cancellation; by default the contract's 'Deleted !!' toast (docs/product.md §9.1). */
  onCancelled?: () => void;
}

export function CancelOrderDialog({ order, onClose, onCancelled }: CancelOrderDialogProps) {
  const cancelOrder = useCancelOrder();
  return (
    <ConfirmDialog
      open={order !== null}
      title="Are you sure you want to cancel this order?"
      message={order ? `${order.toolName}, ${order.quantityAmount} units${order.checkoutId ? `.${WHOLE_CHECKOUT}` : ""}` : undefined}
      busy={cancelOrder.isPending}
      onYes={() => {
        if (!order) return;
        cancelOrder.mutate(order._id, {
          onSuccess: () => (onCancelled ? onCancelled() : toast.success("Deleted !!")),
          onSettled: onClose,
        });
      }}
      onNo={() => {
        onClose();
        toast.info("Changes are not saved");
      }}
    />
  );
}
