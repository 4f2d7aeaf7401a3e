import { queryOptions } from "@tanstack/react-query";
import type { Cart } from "@api/cart/cart.schemas";
import { apiRequest } from "@/lib/api-client";

/** The signed-in buyer's cart, kept by their account so it follows them to another device. */
export const getCart = (signal?: AbortSignal) => apiRequest<Cart>("/cart", { signal });

export const accountCartKey = ["cart", "account"] as const;

export const accountCartQueryOptions = () => queryOptions({ queryKey: accountCartKey, queryFn: ({ signal }) => getCart(signal) });

/** What a cart with nothing in it looks like, without asking the API. */
export const EMPTY_CART: Cart = { lines: [], count: 0, total: 0, message: null, ready: false };
