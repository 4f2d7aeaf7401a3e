import type { Cart, CartLine } from "@api/cart/cart.schemas";

/** A cart line as the API sends it: 10 Claw Hammers at $18, ready to check out; tests spread it into the others. */
export const hammerLine: CartLine = {
  toolId: "t1",
  toolName: "Claw Hammer",
  img: "/images/claw-hammer.svg",
  unitPrice: 18,
  seenPrice: 18,
  quantity: 10,
  lineTotal: 180,
  moq: 10,
  aq: 50,
  problem: null,
  message: null,
};

/** 4 Spirit Levels at $4.50, ready to check out. */
export const levelLine: CartLine = { ...hammerLine, toolId: "t2", toolName: "Spirit Level", unitPrice: 4.5, seenPrice: 4.5, quantity: 4, lineTotal: 16, moq: 2, aq: 9 };

/** A cart of these lines as the API would sum it: ready when it has lines and none has a problem. */
export const cartOf = (...lines: CartLine[]): Cart => ({
  lines,
  count: lines.length,
  total: lines.reduce((sum, line) => sum + line.lineTotal, 0),
  message: null,
  ready: lines.length > 0 && lines.every((line) => line.problem === null),
});
