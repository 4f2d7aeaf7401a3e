import { type ReactNode, useRef } from "react";
import { Link, useLocation } from "react-router-dom";
import { QueryState } from "@/components/ui/query-state";
import { paths } from "@/config/paths";
import { formatDollars } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";
import { CartLineItem } from "../components/cart-line-item";
import { useCart } from "../lib/use-cart";
import { blockedReason, type SettledCart, useCartEdits } from "../lib/use-cart-edits";
import "../components/cart.css";

export const EMPTY_CART_SENTENCE = "Your cart is empty.";
export { CART_NOT_SAVED, FIX_LINES_FIRST } from "../lib/use-cart-edits";

/** A line the last checkout refused, with the API's reason. */
export interface RefusedCartLine {
  toolId: string;
  message: string;
}

/** What the checkout below the lines is given: the page owns the lines, the checkout owns the order. */
export interface CheckoutSlotProps {
  /** Why the cart cannot be checked out as it stands; null when it can. */
  blocked: string | null;
  /** The cart as saved once every change to it has been saved, which is what a checkout must send; or why it cannot be. */
  settle: () => Promise<SettledCart>;
  /** Shows beside each line why the checkout refused it; an empty list clears what was shown. */
  onRefused: (lines: RefusedCartLine[]) => void;
}

function SignInToCheckOut() {
  const location = useLocation();
  return (
    <p>
      <Link to={paths.login.href()} state={{ from: location }} className="btn btn-primary">
        Sign in to check out
      </Link>
    </p>
  );
}

/**
 * The cart: each line with its quantity to change and its problem to deal with, the total, and below
 * them the checkout (given by the page that composes this one) or, for a visitor, the way to sign in.
 */
export function CartPage({ checkout }: { checkout: (props: CheckoutSlotProps) => ReactNode }) {
  useDocumentTitle("Cart");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { keeper, cart, isPending, error, mergeFailed, save, remove, current } = useCart();
  const lines = cart?.lines ?? [];
  const edits = useCartEdits({ lines, save, remove, current });

  const removeLine = async (toolId: string) => {
    // The Remove button went with its line: focus goes back to the top of the cart.
    if (await edits.removeLine(toolId)) headingRef.current?.focus();
  };

  const blocked = blockedReason(cart, edits.typingProblems);

  return (
    <section className="page cart-page">
      <h1 ref={headingRef} tabIndex={-1}>
        Your cart
      </h1>
      <QueryState isPending={isPending && !error} error={error} />
      {mergeFailed && (
        <p className="note" role="status">
          The cart you filled before signing in could not be added to your account's yet. It will be tried again on the next page you open.
        </p>
      )}
      {cart && lines.length === 0 && (
        <p>
          {EMPTY_CART_SENTENCE} <Link to={paths.catalogue.href()}>Browse the tools</Link>
        </p>
      )}
      {cart && lines.length > 0 && (
        <>
          <ul className="cart-lines" aria-label="Lines in your cart">
            {lines.map((line) => (
              <CartLineItem
                key={line.toolId}
                line={line}
                draft={edits.drafts[line.toolId]}
                onDraft={(typed) => edits.setDraft(line.toolId, typed)}
                onSave={(quantity) => edits.saveLine(line.toolId, quantity, line.unitPrice)}
                onRemove={() => void removeLine(line.toolId)}
                refusal={edits.refusals[line.toolId]}
              />
            ))}
          </ul>
          <p className="cart-total" aria-live="polite">
            Total: <strong>{formatDollars(cart.total)}</strong>
          </p>
          <section className="cart-checkout card" aria-labelledby="checkout-heading">
            <div className="card-body">
              <h2 id="checkout-heading">Check out</h2>
              {keeper === "account" ? (
                checkout({
                  blocked,
                  settle: edits.settle,
                  onRefused: edits.setRefusals,
                })
              ) : (
                <SignInToCheckOut />
              )}
            </div>
          </section>
        </>
      )}
    </section>
  );
}
