import type { Database } from "../../db/client.js";
import type { ToolRow } from "../../db/schema.js";
import { notFound } from "../../lib/errors.js";
import { toCents, toDollars } from "../../lib/money.js";
import * as repository from "./tools.repository.js";
import type { CreateToolBody, Tool } from "./tools.schemas.js";

export const toTool = (row: ToolRow): Tool => ({
  _id: row.id,
  name: row.name,
  img: row.img,
  price: toDollars(row.priceCents),
  description: row.description,
  moq: row.moq,
  aq: row.aq,
});

export function createToolsService(db: Database) {
  return {
    async list(): Promise<Tool[]> {
      return (await repository.listTools(db)).map(toTool);
    },
    async get(id: string): Promise<Tool> {
      const row = await repository.findTool(db, id);
      if (!row) throw notFound("Tool");
      return toTool(row);
    },
    async create({ price, ...rest }: CreateToolBody): Promise<Tool> {
      return toTool(await repository.insertTool(db, { ...rest, priceCents: toCents(price) }));
    },
    async remove(id: string): Promise<void> {
      if (!(await repository.softDeleteTool(db, id))) throw notFound("Tool");
    },
  };
}
export type ToolsService = ReturnType<typeof createToolsService>;
