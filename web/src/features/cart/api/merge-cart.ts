import type { BrowserCartLine, Cart } from "@api/cart/cart.schemas";
import { apiRequest } from "@/lib/api-client";

/**
 * At sign-in the browser's lines join the account's cart. A tool in both keeps the larger quantity,
 * so sending the same lines again changes nothing: a retried merge is safe.
 */
export const mergeCart = (lines: readonly BrowserCartLine[]) => apiRequest<Cart>("/cart/merge", { method: "POST", body: { lines } });
