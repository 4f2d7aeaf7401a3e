import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Cart } from "@api/cart/cart.schemas";
import { cartOf, hammerLine } from "@/test/carts";
import { blockedReason, CART_NOT_SAVED, FIX_LINES_FIRST, useCartEdits } from "./use-cart-edits";

/** A save the test answers when it chooses. */
function controlledSaves() {
  const pending: { quantity: number; answer: (saved: boolean) => void }[] = [];
  const save = vi.fn(
    ({ quantity }: { quantity: number }) =>
      new Promise<boolean>((resolve) => {
        pending.push({ quantity, answer: resolve });
      }),
  );
  return { save, pending };
}

function edits(save: (line: { toolId: string; quantity: number; seenPrice: number }) => Promise<boolean>, current: () => Cart | undefined) {
  const cart = cartOf(hammerLine);
  return renderHook(() => useCartEdits({ lines: cart.lines, save, remove: async () => true, current }));
}

describe("the cart's edits, as a checkout settles them", () => {
  it("when an earlier quantity is saved but the one typed after it is refused, then the later one stays shown and nothing is checked out", async () => {
    const { save, pending } = controlledSaves();
    const saved = cartOf({ ...hammerLine, quantity: 20, lineTotal: 360 });
    const { result } = edits(save, () => saved);

    act(() => result.current.setDraft("t1", "20"));
    act(() => void result.current.saveLine("t1", 20, 18));
    act(() => result.current.setDraft("t1", "30"));
    act(() => void result.current.saveLine("t1", 30, 18));
    await act(async () => pending[0]!.answer(true));
    expect(result.current.drafts).toEqual({ t1: "30" });

    let settled: unknown;
    const settling = result.current.settle().then((outcome) => (settled = outcome));
    await act(async () => pending[1]!.answer(false));
    await act(() => settling);
    expect(settled).toEqual({ reason: CART_NOT_SAVED });
    expect(result.current.drafts).toEqual({ t1: "30" });
  });

  it("when a quantity's save failed a moment ago, then checking out saves it again and sends the cart as saved", async () => {
    const { save, pending } = controlledSaves();
    let saved = cartOf(hammerLine);
    const { result } = edits(save, () => saved);
    act(() => result.current.setDraft("t1", "12"));
    act(() => void result.current.saveLine("t1", 12, 18));
    await act(async () => pending[0]!.answer(false));
    expect(result.current.drafts).toEqual({ t1: "12" });

    let settled: unknown;
    const settling = result.current.settle().then((outcome) => (settled = outcome));
    expect(save).toHaveBeenLastCalledWith({ toolId: "t1", quantity: 12, seenPrice: 18 });
    saved = cartOf({ ...hammerLine, quantity: 12, lineTotal: 216 });
    await act(async () => pending[1]!.answer(true));
    await act(() => settling);
    expect(settled).toEqual({ cart: saved });
    expect(result.current.drafts).toEqual({});
  });

  it("when a save is under way for the quantity shown, then checking out waits for it instead of saving twice", async () => {
    const { save, pending } = controlledSaves();
    const saved = cartOf({ ...hammerLine, quantity: 12, lineTotal: 216 });
    const { result } = edits(save, () => saved);
    act(() => result.current.setDraft("t1", "12"));
    act(() => void result.current.saveLine("t1", 12, 18));
    const settling = result.current.settle();
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => pending[0]!.answer(true));
    expect(await settling).toEqual({ cart: saved });
  });
});

describe("why a cart cannot be checked out", () => {
  it("when only its total is too large, then the cart's own words say so; a line's problem or a quantity being typed sends the buyer to the lines", () => {
    const total = "A checkout's total must be at most $999,999.99, the largest amount a card can be charged at once; this cart comes to $1,200,000.00. Please check out fewer units.";
    const tooLarge: Cart = { ...cartOf(hammerLine), message: total, ready: false };
    expect(blockedReason(tooLarge, false)).toBe(total);
    expect(blockedReason(tooLarge, true)).toBe(FIX_LINES_FIRST);
    expect(blockedReason(cartOf({ ...hammerLine, problem: "above_aq", message: "x" }), false)).toBe(FIX_LINES_FIRST);
    expect(blockedReason(cartOf(hammerLine), false)).toBeNull();
    expect(blockedReason(undefined, false)).toBeNull();
  });
});
