import { toCents, toDollars } from "../../lib/money.js";
import type { CreateToolBody, ManagedTool, StockMovement, Tool, UpdateToolBody } from "./tools.schemas.js";
import type { NewTool, StockMovementRecord, ToolEdit, ToolRecord } from "./tools.store.js";

/**
 * The one place the tools module meets the contract's names (docs/product.md §9): inside, a tool
 * has `unitPriceCents`, `minOrderQuantity` and `stock`; on the wire it has `price` in dollars,
 * `moq` and `aq`.
 */
export type ToolFields = Pick<ToolRecord, "id" | "name" | "img" | "unitPriceCents" | "description" | "minOrderQuantity" | "stock">;

export const toTool = (row: ToolFields): Tool => ({
  _id: row.id,
  name: row.name,
  img: row.img,
  price: toDollars(row.unitPriceCents),
  description: row.description,
  moq: row.minOrderQuantity,
  aq: row.stock,
});

/** A tool as Manage Tools lists it: the catalogue's fields and when it was added. */
export const toManagedTool = (row: ToolRecord): ManagedTool => ({ ...toTool(row), createdAt: row.createdAt.toISOString() });

export const toStockMovement = (row: StockMovementRecord): StockMovement => ({
  _id: String(row.id),
  toolId: row.toolId,
  kind: row.kind,
  quantity: row.quantity,
  reason: row.reason,
  actorId: row.actorId,
  createdAt: row.createdAt.toISOString(),
});

export const newToolOf = ({ name, img, price, description, moq, aq }: CreateToolBody): NewTool => ({
  name,
  img,
  unitPriceCents: toCents(price),
  description,
  minOrderQuantity: moq,
  stock: aq,
});

/** The edit an admin's changed fields make, each under its own name. */
export const toolEditOf = ({ name, img, price, description, moq }: UpdateToolBody): ToolEdit => ({
  ...(name === undefined ? {} : { name }),
  ...(img === undefined ? {} : { img }),
  ...(price === undefined ? {} : { unitPriceCents: toCents(price) }),
  ...(description === undefined ? {} : { description }),
  ...(moq === undefined ? {} : { minOrderQuantity: moq }),
});
