import type { Cart } from "@api/cart/cart.schemas";
import { apiRequest } from "@/lib/api-client";

/** Adds the tool to the account's cart or sets its quantity; the API records the tool's price of now as the price seen. */
export const saveCartLine = (toolId: string, quantity: number) =>
  apiRequest<Cart>(`/cart/lines/${encodeURIComponent(toolId)}`, { method: "PUT", body: { quantity } });
