import { toast } from "react-toastify";
import type { Order } from "@api/orders/orders.schemas";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatDollars } from "@/lib/format";
import { useRefundOrder } from "../api/refund-order";
import { orderNumber } from "../lib/order-status";

interface RefundOrderDialogProps {
  order: Order | null;
  onClose: () => void;
}

/** Asks before a paid order is cancelled and its money sent back: that cannot be undone. */
export function RefundOrderDialog({ order, onClose }: RefundOrderDialogProps) {
  const refundOrder = useRefundOrder();
  return (
    <ConfirmDialog
      open={order !== null}
      title={order ? `Cancel and refund order ${orderNumber(order._id)}?` : ""}
      message={
        order
          ? `${order.toolName}, ${order.quantityAmount} units: ${formatDollars(order.toolPrice)} goes back to the card ${order.userName} paid with, the units go back on sale and ${order.userEmail} is e-mailed.`
          : undefined
      }
      busy={refundOrder.isPending}
      onYes={() => {
        if (!order) return;
        const number = orderNumber(order._id);
        refundOrder.mutate(order._id, {
          onSuccess: () => toast.success(`Order ${number} cancelled and refunded`),
          onSettled: onClose,
        });
      }}
      onNo={onClose}
    />
  );
}
