import { useQueryClient } from "@tanstack/react-query";
import type { Cart } from "@api/cart/cart.schemas";
import { useSession } from "@/lib/auth";
import { accountCartKey } from "../api/get-cart";
import { usePreviewCart } from "../api/preview-cart";
import { useAccountCart, useBrowserCartLines } from "./use-account-cart";
import { useCartWrites } from "./use-cart-writes";

export interface CartView {
  /** Where the cart is kept: this browser's for a visitor, the account's once signed in; null while that is not known. */
  keeper: "browser" | "account" | null;
  /** The cart as the API prices it now, each line with its problem. */
  cart: Cart | undefined;
  isPending: boolean;
  error: Error | null;
  /** The lines put in this browser before signing in could not join the account's cart yet. */
  mergeFailed: boolean;
  /** The cart as last saved, read when it is needed rather than when the page last rendered. */
  current: () => Cart | undefined;
}

/** The cart page's one way to the cart, whoever holds it: components need not know which. */
export function useCart(): CartView & ReturnType<typeof useCartWrites> {
  const session = useSession();
  const queryClient = useQueryClient();
  const onAccount = session.status === "signedIn";
  const browserLines = useBrowserCartLines();
  const account = useAccountCart({ enabled: onAccount });
  const preview = usePreviewCart(browserLines, { enabled: session.status === "signedOut" });
  const writes = useCartWrites();
  const shown = onAccount ? account : preview;
  return {
    keeper: session.status === "loading" ? null : onAccount ? "account" : "browser",
    cart: shown.data,
    isPending: session.status === "loading" || shown.isPending,
    error: shown.error,
    mergeFailed: onAccount && account.mergeFailed,
    current: () => (onAccount ? queryClient.getQueryData<Cart>(accountCartKey) : shown.data),
    ...writes,
  };
}
