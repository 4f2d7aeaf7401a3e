import { MAXIMUM_CHARGE_CENTS, MINIMUM_CHARGE_CENTS } from "../common.schemas.js";
import { ABOVE_AQ, BELOW_MOQ, orderTotalCents } from "../orders/orders.schemas.js";
import type { ToolRecord } from "../tools/tools.service.js";
import type { CartLineProblem } from "./cart.schemas.js";
import { inDollars } from "../../lib/money.js";

/** What the cart page needs of a line's tool as it is now. */
export type ToolNow = Pick<ToolRecord, "id" | "name" | "img" | "unitPriceCents" | "minOrderQuantity" | "stock">;

/** A line as a cart keeps it, a buyer's or a visitor's. */
export interface KeptLine {
  toolId: string;
  quantity: number;
  /** The unit price the buyer saw; null when they kept none, and the line is shown as it is priced now. */
  seenPriceCents: number | null;
  /** The name the line keeps for a tool that is gone; empty when it keeps none. */
  seenToolName: string;
}

/** A line against its tool as it is now, in cents: what the wire's `CartLine` says (cart-wire.ts). */
export interface PricedLine {
  toolId: string;
  toolName: string;
  img: string;
  unitPriceCents: number;
  seenPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  minOrderQuantity: number;
  stock: number;
  problem: CartLineProblem | null;
  message: string | null;
}

export interface PricedCart {
  lines: PricedLine[];
  totalCents: number;
  /** What keeps the cart as a whole from being checked out (its total above one card payment); null otherwise. */
  message: string | null;
  /** There are lines, none has a problem, and neither has the cart: it can be checked out as it stands. */
  ready: boolean;
}


const REMOVED = "This tool is no longer sold.";
const SOLD_OUT = "Sold out: fewer units are left than the minimum order.";
const repriced = (seenCents: number, nowCents: number) => `The price changed from ${inDollars(seenCents)} to ${inDollars(nowCents)} since you added it.`;
const tooSmall = (totalCents: number) =>
  `Each line is one order, and an order must come to at least ${inDollars(MINIMUM_CHARGE_CENTS)}, the smallest amount a card can be charged; this one comes to ${inDollars(totalCents)}.`;
const cartTooLarge = (totalCents: number) =>
  `A checkout's total must be at most ${inDollars(MAXIMUM_CHARGE_CENTS)}, the largest amount a card can be charged at once; this cart comes to ${inDollars(totalCents)}. Please check out fewer units.`;
const tooLarge = (totalCents: number) =>
  `Each line is one order, and an order must come to at most ${inDollars(MAXIMUM_CHARGE_CENTS)}, the largest amount a card can be charged at once; this one comes to ${inDollars(totalCents)}. Please choose fewer units.`;

/**
 * A line's first problem: one the buyer can only solve by removing the line (the tool is gone, or
 * too few units are left for any order), then the price they must accept again, then the quantity,
 * then what its order would be charged, judged as placing the order judges it (order-rules.ts).
 */
function problemOf(line: KeptLine, tool: ToolNow, seenPriceCents: number, totalCents: number): Pick<PricedLine, "problem" | "message"> {
  if (tool.stock < tool.minOrderQuantity) return { problem: "sold_out", message: SOLD_OUT };
  if (tool.unitPriceCents !== seenPriceCents) return { problem: "repriced", message: repriced(seenPriceCents, tool.unitPriceCents) };
  if (line.quantity < tool.minOrderQuantity) return { problem: "below_moq", message: BELOW_MOQ };
  if (line.quantity > tool.stock) return { problem: "above_aq", message: ABOVE_AQ };
  if (totalCents < MINIMUM_CHARGE_CENTS) return { problem: "total_too_small", message: tooSmall(totalCents) };
  if (totalCents > MAXIMUM_CHARGE_CENTS) return { problem: "total_too_large", message: tooLarge(totalCents) };
  return { problem: null, message: null };
}

function priceLine(line: KeptLine, tool: ToolNow | undefined): PricedLine {
  if (!tool) {
    // Gone from the catalogue: shown as the buyer last saw it, at the price they saw.
    const seenPriceCents = line.seenPriceCents ?? 0;
    return {
      toolId: line.toolId,
      toolName: line.seenToolName,
      img: "",
      unitPriceCents: seenPriceCents,
      seenPriceCents,
      quantity: line.quantity,
      lineTotalCents: orderTotalCents(seenPriceCents, line.quantity),
      minOrderQuantity: 0,
      stock: 0,
      problem: "removed",
      message: REMOVED,
    };
  }
  const seenPriceCents = line.seenPriceCents ?? tool.unitPriceCents;
  // What an order of the line would cost: the order's own pricing.
  const lineTotalCents = orderTotalCents(tool.unitPriceCents, line.quantity);
  return {
    toolId: line.toolId,
    toolName: tool.name,
    img: tool.img,
    unitPriceCents: tool.unitPriceCents,
    seenPriceCents,
    quantity: line.quantity,
    lineTotalCents,
    minOrderQuantity: tool.minOrderQuantity,
    stock: tool.stock,
    ...problemOf(line, tool, seenPriceCents, lineTotalCents),
  };
}

/** The cart page's view of these lines, in their order, each against its tool as it is now (absent: no longer listed). */
export function priceCart(lines: readonly KeptLine[], tools: ReadonlyMap<string, ToolNow>): PricedCart {
  const priced = lines.map((line) => priceLine(line, tools.get(line.toolId)));
  const totalCents = priced.reduce((sum, line) => sum + line.lineTotalCents, 0);
  // One card payment pays the checkout, as placing it judges (place-checkout.ts).
  const message = totalCents > MAXIMUM_CHARGE_CENTS ? cartTooLarge(totalCents) : null;
  return { lines: priced, totalCents, message, ready: priced.length > 0 && message === null && priced.every((line) => line.problem === null) };
}
