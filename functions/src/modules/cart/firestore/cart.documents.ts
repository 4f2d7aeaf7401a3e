import type { Timestamp } from "firebase-admin/firestore";
import type { CartLineRecord } from "../cart.store.js";
export { documentId } from "../../../firestore/document-id.js";

export const CARTS = "carts";

/** A line of `carts/{accountId}`, as its record is named. */
export interface CartLineDocument {
  toolId: string;
  quantity: number;
  seenPriceCents: number;
  seenToolName: string;
  addedAt: Timestamp;
}

/**
 * `carts/{accountId}`: a buyer's whole cart, at most 50 lines, so one document and one read;
 * `lines` in the order the tools joined it.
 */
export interface CartDocument {
  lines: CartLineDocument[];
  updatedAt: Timestamp;
}

export const toCartLineRecord = (line: CartLineDocument): CartLineRecord => ({
  toolId: line.toolId,
  quantity: line.quantity,
  seenPriceCents: line.seenPriceCents,
  seenToolName: line.seenToolName,
  addedAt: line.addedAt.toDate(),
});
