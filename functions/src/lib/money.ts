/** Money is integer cents inside the shop and dollars on the wire. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;

/** Cents as a buyer reads an amount in a message: `$1,234.50`. */
export const inDollars = (cents: number): string => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
