import { useRef, useState } from "react";
import type { Cart } from "@api/cart/cart.schemas";
import { quantityProblem, typedQuantity } from "./quantity-problem";

export const FIX_LINES_FIRST = "Deal with the lines marked above before checking out.";
export const CART_NOT_SAVED = "A change to your cart was not saved: check the lines above, then check out again.";

/**
 * Why a cart cannot be checked out as the page shows it; null when it can. The whole cart's own
 * problem (its total) is told in its words; a line's, or a quantity being typed, sends the buyer to the lines.
 */
export function blockedReason(cart: Cart | undefined, typingProblems: boolean): string | null {
  if (!cart || (cart.ready && !typingProblems)) return null;
  if (!typingProblems && cart.message && cart.lines.every((line) => line.problem === null)) return cart.message;
  return FIX_LINES_FIRST;
}

/** The cart a checkout is to send, once every change to it has been saved; or why there is none. */
export type SettledCart = { cart: Cart } | { reason: string };

interface CartEditsOptions {
  /** The lines as the page shows them now. */
  lines: Cart["lines"];
  save: (line: { toolId: string; quantity: number; seenPrice: number }) => Promise<boolean>;
  remove: (toolId: string) => Promise<boolean>;
  /** The cart as last saved, read when it is needed rather than when the page last rendered. */
  current: () => Cart | undefined;
}

/**
 * The buyer's changes to the cart's lines: the quantities typed and not saved yet (drafts), each
 * save and removal while it is under way, and the refusals a checkout named. A checkout asks
 * `settle` for the cart it should send, which waits for every change and saves again a quantity whose
 * save failed, so that what is placed is always what the lines show.
 */
export function useCartEdits({ lines, save, remove, current }: CartEditsOptions) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  // Read by `settle` after it waited, so kept where a render need not have happened to see them.
  const unsaved = useRef(new Map<string, string>());
  const saving = useRef(new Map<string, number>());
  const inFlight = useRef(new Set<Promise<boolean>>());

  const setDraft = (toolId: string, typed: string | undefined) => {
    if (typed === undefined) unsaved.current.delete(toolId);
    else unsaved.current.set(toolId, typed);
    setDrafts(({ [toolId]: _dropped, ...others }) => (typed === undefined ? others : { ...others, [toolId]: typed }));
  };
  const forgetRefusal = (toolId: string) => setRefusals(({ [toolId]: _dropped, ...others }) => others);

  /** A write and what follows it on the page are tracked as one, so a checkout waits for both. */
  const track = (write: Promise<boolean>) => {
    inFlight.current.add(write);
    void write.finally(() => inFlight.current.delete(write));
    return write;
  };

  const saveLine = (toolId: string, quantity: number, seenPrice: number) => {
    saving.current.set(toolId, quantity);
    return track(
      save({ toolId, quantity, seenPrice }).then((saved) => {
        if (saving.current.get(toolId) === quantity) saving.current.delete(toolId);
        if (!saved) return false;
        // A quantity typed since this save started is not the one saved: it stays, for its own save.
        const shown = unsaved.current.get(toolId);
        if (shown === undefined || typedQuantity(shown) === quantity) {
          setDraft(toolId, undefined);
          forgetRefusal(toolId);
        }
        return true;
      }),
    );
  };

  const removeLine = (toolId: string) =>
    track(
      remove(toolId).then((done) => {
        if (done) {
          setDraft(toolId, undefined);
          forgetRefusal(toolId);
        }
        return done;
      }),
    );

  const typingProblems = lines.some((line) => drafts[line.toolId] !== undefined && quantityProblem(typedQuantity(drafts[line.toolId]!), line));

  async function settle(): Promise<SettledCart> {
    // Checking out means "with the quantities shown": one whose save failed (the network, a busy moment) is saved again.
    for (const [toolId, typed] of unsaved.current) {
      const line = lines.find((shownLine) => shownLine.toolId === toolId);
      const quantity = typedQuantity(typed);
      if (line && !quantityProblem(quantity, line) && saving.current.get(toolId) !== quantity) void saveLine(toolId, quantity, line.unitPrice);
    }
    await Promise.all(inFlight.current);
    if (unsaved.current.size > 0) return { reason: CART_NOT_SAVED };
    const latest = current();
    if (!latest?.ready) return { reason: blockedReason(latest, false) ?? FIX_LINES_FIRST };
    return { cart: latest };
  }

  return {
    drafts,
    refusals,
    setDraft,
    setRefusals: (refused: { toolId: string; message: string }[]) => setRefusals(Object.fromEntries(refused.map(({ toolId, message }) => [toolId, message]))),
    saveLine,
    removeLine,
    /** A quantity being typed is not one the line can take. */
    typingProblems,
    settle,
  };
}
