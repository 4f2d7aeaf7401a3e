import type { AuditActor } from "../audit/audit.service.js";
import { newToolOf, toTool } from "./tool-wire.js";
import type { CreateToolBody, Tool } from "./tools.schemas.js";
import type { ToolsContext } from "./tools-context.js";

/** An admin lists a new tool; it shows in the catalogue at once, and its words can correct a typo from then on. */
export function createTool({ store, change, audit, catalogue }: ToolsContext, actor: AuditActor, body: CreateToolBody): Promise<Tool> {
  return change(async ({ tx, afterCommit }) => {
    const row = await store.insertTool(tx, newToolOf(body));
    await audit.record(tx, { actor, action: "tool.created", target: { type: "tool", id: row.id }, details: { name: row.name } });
    afterCommit(catalogue.changed);
    afterCommit(catalogue.wordsChanged);
    return toTool(row);
  });
}
