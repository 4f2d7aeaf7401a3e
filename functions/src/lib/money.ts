/** Money is integer cents inside the shop and dollars on the wire. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;

/** The spec prices an order at the integer part of the unit price times the quantity. */
export const orderTotalCents = (unitPriceCents: number, quantity: number): number =>
  Math.floor(unitPriceCents / 100) * 100 * quantity;
