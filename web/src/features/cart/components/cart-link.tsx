import { NavLink } from "react-router-dom";
import { paths } from "@/config/paths";
import { useAdminStatus, useSession } from "@/lib/auth";
import { useAccountCart, useBrowserCartLines } from "../lib/use-account-cart";
import "./cart-link.css";

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? "nav-link cart-link active" : "nav-link cart-link");

/**
 * The top bar's way to the cart, with how many lines it holds: the browser's for a visitor, the
 * account's for a buyer. Admins do not buy, so they have none. Being on every page, it is also what
 * joins a visitor's cart to their account once they sign in.
 */
export function CartLink() {
  const session = useSession();
  const admin = useAdminStatus();
  const browserLines = useBrowserCartLines();
  const buyer = session.status === "signedIn" && !admin.isLoading && !admin.isAdmin;
  const account = useAccountCart({ enabled: buyer });
  if (session.status === "loading" || (session.status === "signedIn" && !buyer)) return null;
  const count = buyer ? account.data?.count : browserLines.length;
  // Named "Cart (3)" for everyone; on a phone it shows as a cart with the count on it, so the bar stays one row.
  // The name is one text of its own: the word and the count shown are boxes of their own (a flex row, the count
  // placed on the cart), which a browser would read with spaces between them ("Cart ( 3 )").
  const name = count === undefined ? "Cart" : `Cart (${count})`;
  return (
    <NavLink to={paths.cart.href()} className={linkClass}>
      <svg className="cart-link-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2Zm8 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="visually-hidden">{name}</span>
      <span className="cart-link-word" aria-hidden="true">
        Cart
      </span>
      {count !== undefined && (
        <span className="cart-link-count" aria-hidden="true">
          {count}
        </span>
      )}
    </NavLink>
  );
}
