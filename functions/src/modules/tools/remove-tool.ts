import { notFound } from "../../lib/errors.js";
import type { AuditActor } from "../audit/audit.service.js";
import type { ToolsContext } from "./tools-context.js";

/**
 * An admin takes a tool off the catalogue. Its row stays, deleted, for the orders that name it and
 * for its ledger; no instance lists it a second later.
 */
export async function removeTool({ store, change, audit, catalogue }: ToolsContext, actor: AuditActor, id: string): Promise<void> {
  const removed = await change(async ({ tx, afterCommit }) => {
    // Forgotten even when no listed tool had the id: another instance may have removed it a moment ago.
    afterCommit(catalogue.changed);
    if (!(await store.markToolDeleted(tx, id))) return false;
    await audit.record(tx, { actor, action: "tool.deleted", target: { type: "tool", id } });
    return true;
  });
  if (!removed) throw notFound("Tool");
}
