import { toCents, toDollars } from "../../lib/money.js";
import type { BrowserCartLine, Cart, CartLine } from "./cart.schemas.js";
import type { PricedCart, PricedLine } from "./cart-view.js";

/**
 * The one place the cart module meets the contract's names: inside, prices and totals are cents
 * (`unitPriceCents`, `seenPriceCents`, `lineTotalCents`, `minOrderQuantity`, `stock`); on the wire
 * they are dollars (`unitPrice`, `seenPrice`, `lineTotal`) and `moq`, `aq`.
 */
const toCartLine = (line: PricedLine): CartLine => ({
  toolId: line.toolId,
  toolName: line.toolName,
  img: line.img,
  unitPrice: toDollars(line.unitPriceCents),
  seenPrice: toDollars(line.seenPriceCents),
  quantity: line.quantity,
  lineTotal: toDollars(line.lineTotalCents),
  moq: line.minOrderQuantity,
  aq: line.stock,
  problem: line.problem,
  message: line.message,
});

export const toCart = (cart: PricedCart): Cart => ({
  lines: cart.lines.map(toCartLine),
  count: cart.lines.length,
  total: toDollars(cart.totalCents),
  message: cart.message,
  ready: cart.ready,
});

/** A line a visitor's browser kept, in cents; null for the price seen when the browser kept none. */
export interface BrowserLine {
  toolId: string;
  quantity: number;
  seenPriceCents: number | null;
}

export const browserLineOf = ({ toolId, quantity, seenPrice }: BrowserCartLine): BrowserLine => ({
  toolId,
  quantity,
  seenPriceCents: seenPrice === undefined ? null : toCents(seenPrice),
});
