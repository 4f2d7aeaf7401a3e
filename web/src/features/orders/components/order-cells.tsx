import type { Order } from "@api/orders/orders.schemas";
import { formatDollars } from "@/lib/format";

/**
 * What was ordered, as both order tables show it: the tool, the quantity and the total. Each cell's
 * data-label is its column's header, which names the value on a phone, where a row is a card.
 */
export function OrderedItemCells({ order, quantityLabel = "Quantity" }: { order: Order; quantityLabel?: string }) {
  return (
    <>
      <td data-label="Tools Name">{order.toolName}</td>
      <td data-label={quantityLabel}>{order.quantityAmount} units</td>
      <td data-label="Total Price">{formatDollars(order.toolPrice)}</td>
    </>
  );
}

/** Only an unpaid order can be cancelled; any other (paid, or cancelled already) leaves the cell empty. */
export function CancelOrderCell({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  return (
    <td data-label="Cancel">
      {order.status === "unpaid" && (
        <button type="button" className="btn btn-danger btn-small" onClick={() => onCancel(order)}>
          Cancel
        </button>
      )}
    </td>
  );
}
