import type { Cart } from "@api/cart/cart.schemas";
import { apiRequest } from "@/lib/api-client";

/** Takes the tool out of the account's cart; a tool not in it leaves the cart as it is. */
export const removeCartLine = (toolId: string) => apiRequest<Cart>(`/cart/lines/${encodeURIComponent(toolId)}`, { method: "DELETE" });
