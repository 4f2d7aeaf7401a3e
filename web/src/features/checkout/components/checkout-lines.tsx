import { Link } from "react-router-dom";
import type { Checkout } from "@api/orders/checkout.schemas";
import { Table } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { formatDollars } from "@/lib/format";

interface CheckoutLinesProps {
  checkout: Checkout;
  /** Each line's tool links to its order's page (the receipt), where it is followed on its own. */
  linkOrders?: boolean;
  /** The total under the lines; a receipt states it among its facts instead. */
  showTotal?: boolean;
}

/** What a checkout holds: one line per order, in the order they were sent, and what they come to. */
export function CheckoutLines({ checkout, linkOrders = false, showTotal = true }: CheckoutLinesProps) {
  return (
    <>
      <Table label="Lines of this checkout" columns={["Tools Name", "Quantity", "Total Price"]}>
        {checkout.orders.map((order) => (
          <tr key={order._id}>
            <td data-label="Tools Name">{linkOrders ? <Link to={paths.dashboard.order.href(order._id)}>{order.toolName}</Link> : order.toolName}</td>
            <td data-label="Quantity">{order.quantityAmount} units</td>
            <td data-label="Total Price">{formatDollars(order.toolPrice)}</td>
          </tr>
        ))}
      </Table>
      {showTotal && (
        <p className="checkout-total">
          Total: <strong>{formatDollars(checkout.total)}</strong>
        </p>
      )}
    </>
  );
}
