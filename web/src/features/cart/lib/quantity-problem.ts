import { ABOVE_AQ, BELOW_MOQ } from "@api/orders/orders.schemas";

export const NOT_WHOLE = "Must be a whole number of units";

/**
 * What is wrong with a quantity for a tool, in the order form's words (docs/product.md §6.2): below
 * the tool's minimum order, or above what is left. Null when it can be added or saved. A quantity not
 * typed yet is below the minimum, as the order form treats it.
 */
export function quantityProblem(quantity: number, { moq, aq }: { moq: number; aq: number }): string | null {
  if (!Number.isFinite(quantity) || quantity < moq) return BELOW_MOQ;
  if (quantity > aq) return ABOVE_AQ;
  if (!Number.isInteger(quantity)) return NOT_WHOLE;
  return null;
}

/** A quantity as typed in a number input: blank is not a number, not zero. */
export const typedQuantity = (typed: string) => (typed.trim() === "" ? Number.NaN : Number(typed));
