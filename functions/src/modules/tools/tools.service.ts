import type { Database } from "../../db/client.js";
import type { ToolRow } from "../../db/schema.js";
import { notFound } from "../../lib/errors.js";
import { createFreshCache } from "../../lib/fresh-cache.js";
import { toCents, toDollars } from "../../lib/money.js";
import { toJsonBytes } from "../../lib/send-json-bytes.js";
import { type AuditActor, recordAudit } from "../audit/audit.repository.js";
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

/**
 * The catalog is read far more than it changes. Answers are kept as serialized JSON for at most
 * half a second, so a deleted tool or a changed stock shows everywhere within a second, even from
 * other instances; this instance's own writes show at once.
 */
const CATALOG_MAX_AGE_MS = 500;

export function createToolsService(db: Database) {
  const cache = createFreshCache<Buffer>({ maxAgeMs: CATALOG_MAX_AGE_MS });
  return {
    /** The catalog as JSON bytes, ready to send. */
    listJson(): Promise<Buffer> {
      return cache.get("catalog", async () => toJsonBytes((await repository.listTools(db)).map(toTool)));
    },
    /** One tool as JSON bytes, ready to send. */
    getJson(id: string): Promise<Buffer> {
      return cache.get(`tool:${id}`, async () => {
        const row = await repository.findTool(db, id);
        if (!row) throw notFound("Tool");
        return toJsonBytes(toTool(row));
      });
    },
    async create(actor: AuditActor, { price, ...rest }: CreateToolBody): Promise<Tool> {
      const tool = await db.transaction(async (tx) => {
        const row = await repository.insertTool(tx, { ...rest, priceCents: toCents(price) });
        await recordAudit(tx, { actor, action: "tool.created", target: { type: "tool", id: row.id }, details: { name: row.name } });
        return toTool(row);
      });
      cache.invalidate();
      return tool;
    },
    async remove(actor: AuditActor, id: string): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        if (!(await repository.softDeleteTool(tx, id))) return false;
        await recordAudit(tx, { actor, action: "tool.deleted", target: { type: "tool", id } });
        return true;
      });
      cache.invalidate();
      if (!removed) throw notFound("Tool");
    },
    /** Called after orders take or return stock, so this instance never shows an old quantity. */
    stockChanged(): void {
      cache.invalidate();
    },
  };
}
export type ToolsService = ReturnType<typeof createToolsService>;
