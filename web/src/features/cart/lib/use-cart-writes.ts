import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify";
import type { BrowserCartLine, Cart } from "@api/cart/cart.schemas";
import { useSession } from "@/lib/auth";
import { accountCartKey } from "../api/get-cart";
import { removeCartLine } from "../api/remove-cart-line";
import { saveCartLine } from "../api/save-cart-line";
import { browserCart, CART_FULL } from "./browser-cart";

const CART_WRITE = ["cart", "write"] as const;

/**
 * Adding, changing and removing lines, wherever the cart is kept: in this browser for a visitor, by
 * the account for a signed-in buyer. Each resolves true once the line is saved; a refusal is told in
 * a toast (the API's, through the query client's, or the full browser cart's) and resolves false.
 */
export function useCartWrites() {
  const session = useSession();
  const queryClient = useQueryClient();
  const keep = (cart: Cart) => queryClient.setQueryData(accountCartKey, cart);
  // A refusal says the cart shown is out of date (a tool's stock fell, a line went): it is read again.
  const reread = () => queryClient.invalidateQueries({ queryKey: accountCartKey });
  const saveOnAccount = useMutation({
    mutationKey: CART_WRITE,
    mutationFn: (line: BrowserCartLine) => saveCartLine(line.toolId, line.quantity),
    onSuccess: keep,
    onError: reread,
  });
  const removeOnAccount = useMutation({ mutationKey: CART_WRITE, mutationFn: removeCartLine, onSuccess: keep, onError: reread });
  const onAccount = session.status === "signedIn";

  /** `seenPrice` is the unit price the buyer is shown; the account's cart records the price of now itself. */
  async function save(line: BrowserCartLine): Promise<boolean> {
    if (onAccount) return saveOnAccount.mutateAsync(line).then(() => true, () => false);
    if (browserCart.save(line)) return true;
    toast.error(CART_FULL);
    return false;
  }

  async function remove(toolId: string): Promise<boolean> {
    if (onAccount) return removeOnAccount.mutateAsync(toolId).then(() => true, () => false);
    browserCart.remove(toolId);
    return true;
  }

  return { save, remove, ready: session.status !== "loading" };
}
