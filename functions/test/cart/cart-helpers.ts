import { expect } from "vitest";
import type { Cart } from "../../src/modules/cart/cart.schemas.js";
import type { ApiResponse, SignedInUser, TestApi } from "../support/test-app.js";

/** The buyer's cart, which must be answered. */
export async function cartOf(api: TestApi, buyer: SignedInUser): Promise<Cart> {
  const response = await api.request<Cart>("GET", "/cart", { token: buyer.token });
  expect(response.status).toBe(200);
  return response.body;
}

// The calls answer a cart, or a problem when refused.

export const saveLine = (api: TestApi, buyer: SignedInUser, toolId: string, quantity: unknown): Promise<ApiResponse> =>
  api.request("PUT", `/cart/lines/${encodeURIComponent(toolId)}`, { token: buyer.token, body: { quantity } });

/** Saves a line that must be kept; the cart after. */
export async function added(api: TestApi, buyer: SignedInUser, toolId: string, quantity: number): Promise<Cart> {
  const response = await saveLine(api, buyer, toolId, quantity);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

export const removeLine = (api: TestApi, buyer: SignedInUser, toolId: string): Promise<ApiResponse> =>
  api.request("DELETE", `/cart/lines/${encodeURIComponent(toolId)}`, { token: buyer.token });

export const merge = (api: TestApi, buyer: SignedInUser, lines: unknown): Promise<ApiResponse> =>
  api.request("POST", "/cart/merge", { token: buyer.token, body: { lines } });

export const preview = (api: TestApi, lines: unknown): Promise<ApiResponse> => api.request("POST", "/cart/preview", { body: { lines } });

/** Each line's tool and quantity, in the cart's order. */
export const quantities = (cart: Cart) => cart.lines.map((line) => [line.toolId, line.quantity]);
