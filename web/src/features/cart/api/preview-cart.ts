import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { BrowserCartLine, Cart } from "@api/cart/cart.schemas";
import { apiRequest } from "@/lib/api-client";
import { EMPTY_CART } from "./get-cart";

/** A visitor's browser cart as the API prices it now, with each line's problem; the API keeps nothing. */
export const previewCart = (lines: readonly BrowserCartLine[], signal?: AbortSignal) =>
  apiRequest<Cart>("/cart/preview", { method: "POST", body: { lines }, signal });

/** The browser's lines priced; the last answer stays on screen while a changed cart is priced again. */
export function usePreviewCart(lines: readonly BrowserCartLine[], { enabled }: { enabled: boolean }) {
  const query = useQuery({
    queryKey: ["cart", "preview", lines],
    queryFn: ({ signal }) => previewCart(lines, signal),
    enabled: enabled && lines.length > 0,
    placeholderData: keepPreviousData,
  });
  if (enabled && lines.length === 0) return { data: EMPTY_CART, isPending: false, error: null };
  return { data: query.data, isPending: query.isPending, error: query.error };
}
