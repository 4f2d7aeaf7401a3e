import type { Order } from "@api/orders/orders.schemas";
import { formatDollars } from "@/lib/format";

/** What was ordered, as both order tables show it: the tool, the quantity and the total. */
export function OrderedItemCells({ order }: { order: Order }) {
  return (
    <>
      <td>{order.toolName}</td>
      <td>{order.quantityAmount} units</td>
      <td>{formatDollars(order.toolPrice)}</td>
    </>
  );
}

/** Only an unpaid order can be cancelled; a paid one leaves the cell empty. */
export function CancelOrderCell({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  return (
    <td>
      {!order.paid && (
        <button type="button" className="btn btn-danger btn-small" onClick={() => onCancel(order)}>
          Cancel
        </button>
      )}
    </td>
  );
}
