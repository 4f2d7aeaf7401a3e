import { type OrderStatusName, statusWords } from "../lib/order-status";

const TONES: Record<OrderStatusName, string> = {
  unpaid: "badge",
  paid: "badge badge-warning",
  shipped: "badge badge-success",
  cancelled: "badge",
  refunded: "badge",
};

/** The status in words, coloured as the admin's table colours it: waiting in amber, done in green. */
export function OrderStatusBadge({ status }: { status: string }) {
  return <span className={TONES[status as OrderStatusName] ?? "badge"}>{statusWords(status)}</span>;
}
