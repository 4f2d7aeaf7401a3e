/** Money is integer cents inside the shop and dollars on the wire. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;

