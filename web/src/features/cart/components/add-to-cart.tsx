import { type FormEvent, useId, useRef, useState } from "react";
import { toast } from "react-toastify";
import type { Tool } from "@api/tools/tools.schemas";
import { useAdminStatus } from "@/lib/auth";
import { useCartWrites } from "../lib/use-cart-writes";
import { quantityProblem, typedQuantity } from "../lib/quantity-problem";
import "./cart.css";

export const ADDED_TO_CART = "Added to cart";

/**
 * Add to cart, with the quantity to add: it starts at the tool's minimum order and is checked as the
 * order form checks it, in its words, while it is typed. Admins do not buy, so they have none.
 */
export function AddToCart({ tool }: { tool: Tool }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const admin = useAdminStatus();
  const { save, ready } = useCartWrites();
  const [typed, setTyped] = useState(String(tool.moq));
  const [adding, setAdding] = useState(false);
  if (admin.isAdmin) return null;

  const soldOut = tool.aq < tool.moq;
  const quantity = typedQuantity(typed);
  const problem = soldOut ? null : quantityProblem(quantity, tool);
  const messageId = `${id}-message`;

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    setAdding(true);
    const saved = await save({ toolId: tool._id, quantity, seenPrice: tool.price });
    setAdding(false);
    if (saved) toast.success(`${ADDED_TO_CART}: ${tool.name}, ${quantity} units`);
  }

  return (
    <form className="add-to-cart" onSubmit={(event) => void add(event)} noValidate>
      <div className="add-to-cart-quantity">
        <label htmlFor={id}>Quantity</label>
        <input
          ref={inputRef}
          id={id}
          type="number"
          inputMode="numeric"
          min={tool.moq}
          max={tool.aq}
          step={1}
          value={typed}
          disabled={soldOut}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? messageId : undefined}
        />
      </div>
      <button type="submit" className="btn btn-outline" disabled={soldOut || !ready || adding}>
        Add to cart
      </button>
      {problem && (
        <p id={messageId} className="field-error text-error add-to-cart-message">
          {problem}
        </p>
      )}
    </form>
  );
}
