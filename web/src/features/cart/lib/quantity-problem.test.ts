import { describe, expect, it } from "vitest";
import { ABOVE_AQ, BELOW_MOQ } from "@api/orders/orders.schemas";
import { NOT_WHOLE, quantityProblem, typedQuantity } from "./quantity-problem";

const tool = { moq: 10, aq: 50 };

describe("quantityProblem", () => {
  it.each([
    [typedQuantity(""), BELOW_MOQ],
    [9, BELOW_MOQ],
    [10, null],
    [50, null],
    [51, ABOVE_AQ],
    [12.5, NOT_WHOLE],
  ])("when the quantity is %s, then it says %s, as the order form does", (quantity, expected) => {
    expect(quantityProblem(quantity, tool)).toBe(expected);
  });
});
