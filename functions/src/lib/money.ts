import { type SQL, sql, type SQLWrapper } from "drizzle-orm";

/** Money is integer cents inside the shop and dollars on the wire. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;

/**
 * The spec prices an order at the integer part of the unit price times the quantity. Orders are
 * priced inside the statement that takes their stock, so the rule is SQL (integer division).
 */
export const orderTotalCentsSql = (unitPriceCents: SQLWrapper, quantity: number): SQL =>
  sql`(${unitPriceCents} / 100) * 100 * ${quantity}::integer`;
