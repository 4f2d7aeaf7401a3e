import { describe, expect, it } from "vitest";
import { ABOVE_AQ, BELOW_MOQ } from "../orders/orders.schemas.js";
import { type KeptLine, priceCart, type ToolNow } from "./cart-view.js";
import { browserLineOf, toCart } from "./cart-wire.js";

const hammer: ToolNow = { id: "hammer", name: "Claw Hammer", img: "/images/tools/hammer.svg", unitPriceCents: 12_99, minOrderQuantity: 2, stock: 10 };
const line = (changes: Partial<KeptLine> = {}): KeptLine => ({ toolId: "hammer", quantity: 3, seenPriceCents: 12_99, seenToolName: "Old Hammer", ...changes });
const toolsOf = (...tools: ToolNow[]) => new Map(tools.map((tool) => [tool.id, tool]));
const problemOf = (kept: KeptLine, tool: ToolNow | null = hammer) => {
  const [priced] = priceCart([kept], tool ? toolsOf(tool) : new Map()).lines;
  return { problem: priced!.problem, message: priced!.message };
};

describe("a line's problem", () => {
  it("when the line can be ordered as it stands, then it has none and the cart is ready", () => {
    const cart = priceCart([line()], toolsOf(hammer));
    expect(cart.lines[0]).toMatchObject({ problem: null, message: null });
    expect(cart.ready).toBe(true);
  });

  it("when the tool is no longer listed, then it is removed, shown under the name and price last seen", () => {
    const [removed] = priceCart([line({ seenPriceCents: 9_50 })], new Map()).lines;
    expect(removed).toEqual({
      toolId: "hammer",
      toolName: "Old Hammer",
      img: "",
      unitPriceCents: 9_50,
      seenPriceCents: 9_50,
      quantity: 3,
      lineTotalCents: 27_00,
      minOrderQuantity: 0,
      stock: 0,
      problem: "removed",
      message: "This tool is no longer sold.",
    });
  });

  it("when fewer units are left than the minimum order, then it is sold out", () => {
    expect(problemOf(line(), { ...hammer, stock: 1 })).toEqual({ problem: "sold_out", message: "Sold out: fewer units are left than the minimum order." });
  });

  it("when the price changed since the line was saved, then it is repriced, in dollars both ways", () => {
    expect(problemOf(line({ seenPriceCents: 10_00 }), { ...hammer, unitPriceCents: 1_234_50 })).toEqual({
      problem: "repriced",
      message: "The price changed from $10.00 to $1,234.50 since you added it.",
    });
  });

  it("when the quantity is below the minimum or above what is left, then it gets the order form's alert", () => {
    expect(problemOf(line({ quantity: 1 }))).toEqual({ problem: "below_moq", message: BELOW_MOQ });
    expect(problemOf(line({ quantity: 11 }))).toEqual({ problem: "above_aq", message: ABOVE_AQ });
    expect(problemOf(line({ quantity: 10 }))).toEqual({ problem: null, message: null });
  });

  it("when a line has several problems, then the first of removed, sold out, repriced, below the minimum, above what is left is shown", () => {
    const repricedAndSoldOut = { ...hammer, unitPriceCents: 20_00, stock: 1 };
    expect(problemOf(line({ quantity: 50 }), null).problem).toBe("removed");
    expect(problemOf(line({ quantity: 50 }), repricedAndSoldOut).problem).toBe("sold_out");
    expect(problemOf(line({ quantity: 1 }), { ...hammer, unitPriceCents: 20_00 }).problem).toBe("repriced");
    expect(problemOf(line({ quantity: 1 }), { ...hammer, minOrderQuantity: 5, stock: 4 }).problem).toBe("sold_out");
    expect(problemOf(line({ quantity: 11 }), { ...hammer, unitPriceCents: 20_00 }).problem).toBe("repriced");
  });

  it("when the line's order would come to less than a card can be charged, or more than one payment can be, then it says so as placing it would", () => {
    const pencil: ToolNow = { ...hammer, unitPriceCents: 99, minOrderQuantity: 1, stock: 1_000 };
    expect(problemOf(line({ quantity: 500, seenPriceCents: 99 }), pencil)).toEqual({
      problem: "total_too_small",
      message: "Each line is one order, and an order must come to at least $0.50, the smallest amount a card can be charged; this one comes to $0.00.",
    });
    const press: ToolNow = { ...hammer, unitPriceCents: 250_000_00, minOrderQuantity: 1, stock: 10 };
    expect(problemOf(line({ quantity: 3, seenPriceCents: 250_000_00 }), press)).toEqual({ problem: null, message: null });
    expect(problemOf(line({ quantity: 4, seenPriceCents: 250_000_00 }), press)).toEqual({
      problem: "total_too_large",
      message:
        "Each line is one order, and an order must come to at most $999,999.99, the largest amount a card can be charged at once; this one comes to $1,000,000.00. Please choose fewer units.",
    });
  });

  it("when a visitor kept no price, then the line is shown as priced now, not repriced", () => {
    expect(problemOf(line({ seenPriceCents: null }), { ...hammer, unitPriceCents: 20_00 })).toEqual({ problem: null, message: null });
  });
});

describe("the cart", () => {
  it("when it has lines, then each costs what an order of it would, the total sums them, and the lines keep their order", () => {
    const saw: ToolNow = { id: "saw", name: "Saw", img: "/saw.svg", unitPriceCents: 5_75, minOrderQuantity: 1, stock: 5 };
    const cart = priceCart([line({ toolId: "saw", quantity: 2, seenPriceCents: 5_75 }), line({ quantity: 3 })], toolsOf(hammer, saw));
    expect(cart.lines.map((priced) => [priced.toolId, priced.lineTotalCents])).toEqual([
      ["saw", 10_00],
      ["hammer", 36_00],
    ]);
    expect(cart.totalCents).toBe(46_00);
    expect(cart.ready).toBe(true);
  });

  it("when the lines are each one card payment but together more, then the cart says so and is not ready", () => {
    const press: ToolNow = { ...hammer, id: "press", unitPriceCents: 300_000_00, minOrderQuantity: 1, stock: 10 };
    const lathe: ToolNow = { ...press, id: "lathe" };
    const cart = priceCart([line({ toolId: "press", quantity: 2, seenPriceCents: 300_000_00 }), line({ toolId: "lathe", quantity: 2, seenPriceCents: 300_000_00 })], toolsOf(press, lathe));
    expect(cart.lines.map((priced) => priced.problem)).toEqual([null, null]);
    expect(cart.message).toBe(
      "A checkout's total must be at most $999,999.99, the largest amount a card can be charged at once; this cart comes to $1,200,000.00. Please check out fewer units.",
    );
    expect(cart.ready).toBe(false);
  });

  it("when one line has a problem, or there are none, then it is not ready", () => {
    expect(priceCart([line(), line({ toolId: "gone" })], toolsOf(hammer)).ready).toBe(false);
    expect(priceCart([], new Map())).toEqual({ lines: [], totalCents: 0, message: null, ready: false });
  });

  it("when it goes on the wire, then prices are dollars and the tool's facts have the contract's names", () => {
    expect(toCart(priceCart([line({ seenPriceCents: 11_00 })], toolsOf(hammer)))).toEqual({
      lines: [
        {
          toolId: "hammer",
          toolName: "Claw Hammer",
          img: "/images/tools/hammer.svg",
          unitPrice: 12.99,
          seenPrice: 11,
          quantity: 3,
          lineTotal: 36,
          moq: 2,
          aq: 10,
          problem: "repriced",
          message: "The price changed from $11.00 to $12.99 since you added it.",
        },
      ],
      count: 1,
      total: 36,
      message: null,
      ready: false,
    });
  });

  it("when a browser's line comes in, then its price is read in cents, and none is kept as none", () => {
    expect(browserLineOf({ toolId: "hammer", quantity: 2, seenPrice: 12.99 })).toEqual({ toolId: "hammer", quantity: 2, seenPriceCents: 12_99 });
    expect(browserLineOf({ toolId: "hammer", quantity: 2 })).toEqual({ toolId: "hammer", quantity: 2, seenPriceCents: null });
  });
});
