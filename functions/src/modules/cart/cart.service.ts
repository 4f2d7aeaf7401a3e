import type { RunChange, Tx } from "../../lib/change.js";
import { conflict, notFound, unprocessable } from "../../lib/errors.js";
import { ABOVE_AQ, BELOW_MOQ } from "../orders/orders.schemas.js";
import type { ToolsService } from "../tools/tools.service.js";
import { type BrowserCartLine, CART_MAX_LINES, type Cart } from "./cart.schemas.js";
import type { CartStore, NewCartLine } from "./cart.store.js";
import { type KeptLine, priceCart, type ToolNow } from "./cart-view.js";
import { type BrowserLine, browserLineOf, toCart } from "./cart-wire.js";

/** A buyer's cart, kept on the server so it follows them, and a visitor's shown as the cart page shows it. */
export interface CartService {
  /** The buyer's cart, oldest line first, each line against its tool as it is now. */
  get(userId: string): Promise<Cart>;
  /**
   * Adds a listed tool or sets its quantity, and records its price of now as the price seen (how a
   * buyer accepts a new price). Refused, with nothing changed, for no listed tool (404), a quantity
   * the order form refuses (422 `below_moq`, `above_aq`) or a 51st tool (409 `cart_full`).
   */
  saveLine(userId: string, toolId: string, quantity: number): Promise<Cart>;
  /** Takes the tool out of the cart; a tool it does not hold leaves it as it is. */
  removeLine(userId: string, toolId: string): Promise<Cart>;
  /**
   * A visitor's lines join the account's at sign-in: a tool in both keeps the larger quantity, so
   * the same lines merged twice change nothing; tools not listed are dropped; the account's lines
   * come first, then the visitor's until the cart holds 50.
   */
  merge(userId: string, lines: BrowserCartLine[]): Promise<Cart>;
  /** A visitor's lines as the cart page shows them, with each line's problem; nothing is kept. */
  preview(lines: BrowserCartLine[]): Promise<Cart>;
  /** Takes these tools out of the buyer's cart in the caller's change: the checkout that orders them. */
  removeLines(tx: Tx, userId: string, toolIds: readonly string[]): Promise<void>;
  /** An account is being removed: its cart goes with it, in the removal's change. */
  userRemoved(tx: Tx, userId: string): Promise<void>;
}

export interface CartServiceDependencies {
  store: CartStore;
  change: RunChange;
  /** The tools' current names, prices and stock, which each line is shown against. */
  tools: Pick<ToolsService, "findListed">;
}

/** A visitor's lines, one per tool: the first place a tool is named, and the largest quantity asked for it. */
function oncePerTool(lines: BrowserCartLine[]): BrowserLine[] {
  const byTool = new Map<string, BrowserLine>();
  for (const line of lines.map(browserLineOf)) {
    const first = byTool.get(line.toolId);
    byTool.set(line.toolId, first ? { ...first, quantity: Math.max(first.quantity, line.quantity) } : line);
  }
  return [...byTool.values()];
}

export function createCartService({ store, change, tools }: CartServiceDependencies): CartService {
  /** The listed tools among these ids, in one read. */
  async function toolsNow(toolIds: readonly string[]): Promise<Map<string, ToolNow>> {
    if (toolIds.length === 0) return new Map();
    return new Map((await tools.findListed(toolIds)).map((tool) => [tool.id, tool]));
  }

  async function view(lines: readonly KeptLine[]): Promise<Cart> {
    return toCart(priceCart(lines, await toolsNow(lines.map((line) => line.toolId))));
  }

  return {
    get: async (userId) => view(await store.lines(userId)),

    async saveLine(userId, toolId, quantity) {
      const [tool] = await tools.findListed([toolId]);
      if (!tool) throw notFound("Tool");
      // The order form's own alerts: a line the buyer saves is one they could order as it stands.
      if (quantity < tool.minOrderQuantity) throw unprocessable("below_moq", BELOW_MOQ);
      if (quantity > tool.stock) throw unprocessable("above_aq", ABOVE_AQ);
      const line: NewCartLine = { toolId: tool.id, quantity, seenPriceCents: tool.unitPriceCents, seenToolName: tool.name };
      const lines = await change(({ tx }) => store.saveLine(tx, userId, line, CART_MAX_LINES));
      if (!lines) throw conflict("cart_full", `A cart holds at most ${CART_MAX_LINES} lines.`);
      return view(lines);
    },

    async removeLine(userId, toolId) {
      return view(await change(({ tx }) => store.removeLine(tx, userId, toolId)));
    },

    async merge(userId, lines) {
      const given = oncePerTool(lines);
      const listed = await toolsNow(given.map((line) => line.toolId));
      const joining = given.flatMap((line): NewCartLine[] => {
        const tool = listed.get(line.toolId);
        if (!tool) return [];
        return [{ toolId: tool.id, quantity: line.quantity, seenPriceCents: line.seenPriceCents ?? tool.unitPriceCents, seenToolName: tool.name }];
      });
      return view(await change(({ tx }) => store.mergeLines(tx, userId, joining, CART_MAX_LINES)));
    },

    // A visitor's browser keeps no names: a line whose tool is gone shows none.
    preview: (lines) => view(oncePerTool(lines).map((line) => ({ ...line, seenToolName: "" }))),

    removeLines: (tx, userId, toolIds) => store.removeLines(tx, userId, toolIds),

    userRemoved: (tx, userId) => store.forgetCart(tx, userId),
  };
}
