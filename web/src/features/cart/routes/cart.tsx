import { type ReactNode, useRef, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import type { Cart } from "@api/cart/cart.schemas";
import { QueryState } from "@/components/ui/query-state";
import { paths } from "@/config/paths";
import { formatDollars } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";
import { CartLineItem } from "../components/cart-line-item";
import { useCart } from "../lib/use-cart";
import { quantityProblem, typedQuantity } from "../lib/quantity-problem";
import "../components/cart.css";

export const EMPTY_CART_SENTENCE = "Your cart is empty.";
export const FIX_LINES_FIRST = "Deal with the lines marked above before checking out.";

/** A line the last checkout refused, with the API's reason. */
export interface RefusedCartLine {
  toolId: string;
  message: string;
}

/** What the checkout below the lines is given: the page owns the lines, the checkout owns the order. */
export interface CheckoutSlotProps {
  cart: Cart;
  /** Why the cart cannot be checked out as it stands; null when it can. */
  blocked: string | null;
  /**
   * The cart as saved once every change in flight has been saved, which is what a checkout must send;
   * null when it cannot be checked out, a quantity shown on a line not having been saved among them.
   */
  settle: () => Promise<Cart | null>;
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
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const inFlight = useRef(new Set<Promise<boolean>>());

  // Which lines show a quantity not saved, known at once rather than at the next render.
  const unsaved = useRef(new Set<string>());

  const setDraft = (toolId: string, typed: string | undefined) => {
    if (typed === undefined) unsaved.current.delete(toolId);
    else unsaved.current.add(toolId);
    setDrafts(({ [toolId]: _dropped, ...others }) => (typed === undefined ? others : { ...others, [toolId]: typed }));
  };
  const forgetRefusal = (toolId: string) => setRefusals(({ [toolId]: _dropped, ...others }) => others);

  const track = (write: Promise<boolean>) => {
    inFlight.current.add(write);
    void write.finally(() => inFlight.current.delete(write));
    return write;
  };

  /** A write and what follows it on the page are tracked as one, so a checkout waits for both. */
  const saveLine = (toolId: string, quantity: number, seenPrice: number) =>
    track(
      save({ toolId, quantity, seenPrice }).then((saved) => {
        if (saved) {
          setDraft(toolId, undefined);
          forgetRefusal(toolId);
        }
        return saved;
      }),
    );

  const removeLine = async (toolId: string) => {
    const removed = await track(
      remove(toolId).then((done) => {
        if (done) {
          setDraft(toolId, undefined);
          forgetRefusal(toolId);
        }
        return done;
      }),
    );
    // The Remove button went with its line: focus goes back to the top of the cart.
    if (removed) headingRef.current?.focus();
  };

  const lines = cart?.lines ?? [];
  const typingProblems = lines.some((line) => drafts[line.toolId] !== undefined && quantityProblem(typedQuantity(drafts[line.toolId]!), line));
  const blocked = cart && (!cart.ready || typingProblems) ? FIX_LINES_FIRST : null;

  const settle = async () => {
    await Promise.all(inFlight.current);
    const latest = current();
    // A quantity whose save was refused is still shown, but the cart holds the old one: neither is checked out.
    return unsaved.current.size === 0 && latest?.ready ? latest : null;
  };

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
                draft={drafts[line.toolId]}
                onDraft={(typed) => setDraft(line.toolId, typed)}
                onSave={(quantity) => saveLine(line.toolId, quantity, line.unitPrice)}
                onRemove={() => void removeLine(line.toolId)}
                refusal={refusals[line.toolId]}
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
                  cart,
                  blocked,
                  settle,
                  onRefused: (refused) => setRefusals(Object.fromEntries(refused.map(({ toolId, message }) => [toolId, message]))),
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
