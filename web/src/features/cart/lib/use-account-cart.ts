import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { accountCartKey, accountCartQueryOptions } from "../api/get-cart";
import { mergeCart } from "../api/merge-cart";
import { browserCart } from "./browser-cart";

/** The lines a visitor put in this browser's cart, oldest first; they change in every tab at once. */
export const useBrowserCartLines = () => useSyncExternalStore(browserCart.subscribe, browserCart.lines);

/**
 * The signed-in buyer's cart, after the lines they put in this browser before signing in have joined
 * it. The merge runs as a query so that every part of the page asking at once makes one call; it is
 * safe to repeat, as the API keeps the larger quantity of a tool in both. Once it succeeded the
 * browser's copy is cleared, so the account's cart is the one cart from then on. A merge that failed
 * leaves the browser's lines for the next page to try again, and shows the account's cart meanwhile.
 */
export function useAccountCart({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const browserLines = useBrowserCartLines();
  const mustMerge = enabled && browserLines.length > 0;
  const merge = useQuery({
    queryKey: ["cart", "merge", browserLines],
    queryFn: async () => {
      const cart = await mergeCart(browserLines);
      queryClient.setQueryData(accountCartKey, cart);
      browserCart.forget(browserLines);
      return cart;
    },
    enabled: mustMerge,
    staleTime: Infinity,
    gcTime: 0,
  });
  // Asked for only after the merge, whose answer is the cart already: an earlier answer could arrive last.
  const cart = useQuery({ ...accountCartQueryOptions(), enabled: enabled && (!mustMerge || merge.isError) });
  return { data: cart.data, isPending: cart.isPending, error: cart.error, mergeFailed: mustMerge && merge.isError };
}
