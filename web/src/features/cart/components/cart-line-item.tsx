import { useRef } from "react";
import { Link } from "react-router-dom";
import type { CartLine } from "@api/cart/cart.schemas";
import { paths } from "@/config/paths";
import { formatDollars } from "@/lib/format";
import { quantityProblem, typedQuantity } from "../lib/quantity-problem";

interface CartLineItemProps {
  line: CartLine;
  /** The quantity as being typed, until it is saved; undefined shows the line's own. */
  draft: string | undefined;
  onDraft: (typed: string | undefined) => void;
  /** Saves the line at this quantity and at the unit price shown, which accepts a new price; true once saved. */
  onSave: (quantity: number) => Promise<boolean>;
  onRemove: () => void;
  /** Why the last checkout refused this line, in the API's words. */
  refusal?: string;
}

/** Lines whose tool can no longer be bought at all, or never for a card's least charge: only Remove helps. */
const GONE = new Set<CartLine["problem"]>(["removed", "sold_out", "total_too_small"]);
/** Problems of the quantity itself, which a new quantity being typed replaces. */
const QUANTITY = new Set<CartLine["problem"]>(["below_moq", "above_aq", "total_too_large"]);

/**
 * One line of the cart: the tool, its price, the quantity to edit (checked as it is typed, saved when
 * the buyer leaves the field or presses Enter), the line's total and Remove; and what is wrong with it.
 */
export function CartLineItem({ line, draft, onDraft, onSave, onRemove, refusal }: CartLineItemProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = `cart-quantity-${line.toolId}`;
  const messageId = `${inputId}-message`;
  const typed = draft ?? String(line.quantity);
  const quantity = typedQuantity(typed);
  const gone = GONE.has(line.problem);
  const typingProblem = draft === undefined || gone ? null : quantityProblem(quantity, line);
  const lineNote = draft !== undefined && QUANTITY.has(line.problem) ? null : line.message;
  const notes = [...new Set([typingProblem, lineNote, refusal])].filter((note): note is string => Boolean(note));
  const invalid = typingProblem !== null || (draft === undefined && QUANTITY.has(line.problem));

  const commit = () => {
    if (draft === undefined || typingProblem) return;
    if (quantity === line.quantity) onDraft(undefined);
    else void onSave(quantity);
  };

  // The button goes once the price is accepted; focus goes on to the line's quantity rather than the page's top.
  const acceptPrice = async () => {
    if (await onSave(draft === undefined ? line.quantity : quantity)) inputRef.current?.focus();
  };

  return (
    <li className="cart-line">
      <img src={line.img} alt="" width={96} height={72} loading="lazy" className="cart-line-image" />
      <div className="cart-line-tool">
        <h2 className="cart-line-name">
          {line.problem === "removed" ? line.toolName : <Link to={paths.tool.href(line.toolId)}>{line.toolName}</Link>}
        </h2>
        <p className="cart-line-price">Unit price: {formatDollars(line.unitPrice)}</p>
      </div>
      <div className="cart-line-quantity field">
        <label htmlFor={inputId}>Quantity</label>
        <input
          ref={inputRef}
          id={inputId}
          type="number"
          inputMode="numeric"
          min={line.moq}
          max={line.aq}
          step={1}
          value={typed}
          disabled={gone}
          onChange={(event) => onDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === "Enter") commit();
          }}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={notes.length > 0 ? messageId : undefined}
        />
      </div>
      <p className="cart-line-total">
        Line total: <strong>{formatDollars(line.lineTotal)}</strong>
      </p>
      {notes.length > 0 && (
        <div id={messageId} className="cart-line-notes">
          {notes.map((note) => (
            <p key={note} className="field-error text-error">
              {note}
            </p>
          ))}
        </div>
      )}
      <div className="cart-line-actions">
        {line.problem === "repriced" && !typingProblem && (
          <button type="button" className="btn btn-primary btn-small" onClick={() => void acceptPrice()}>
            Accept new price
          </button>
        )}
        <button type="button" className="btn btn-outline btn-small" onClick={onRemove}>
          Remove{" "}
          <span className="visually-hidden">{line.toolName}</span>
        </button>
      </div>
    </li>
  );
}
