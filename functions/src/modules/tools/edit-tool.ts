import { notFound } from "../../lib/errors.js";
import type { AuditActor } from "../audit/audit.service.js";
import { toolEditOf, toTool } from "./tool-wire.js";
import type { Tool, UpdateToolBody } from "./tools.schemas.js";
import type { ToolsContext } from "./tools-context.js";

/** The fields an edit may change, as the API names them. */
const EDITABLE = ["name", "price", "description", "moq", "img"] as const satisfies readonly (keyof UpdateToolBody & keyof Tool)[];

/**
 * Changes a listed tool's name, price, description, image or minimum order. Orders already placed
 * keep the name and total they were placed with. A minimum order raised above the stock leaves the
 * tool low on stock, which is the admin's call. The audit entry names each changed field with its
 * value before; an edit that changes nothing records nothing.
 */
export function editTool({ store, change, audit, catalogue }: ToolsContext, actor: AuditActor, id: string, body: UpdateToolBody): Promise<Tool> {
  return change(async ({ tx, afterCommit }) => {
    // Once the edit has committed, even one that changed nothing, the catalogue reads the tool
    // afresh; a new name or description can bring words that correct a typo from then on.
    afterCommit(catalogue.changed);
    afterCommit(catalogue.wordsChanged);
    const row = await store.lockToolForEdit(tx, id);
    if (!row) throw notFound("Tool");
    const before = toTool(row);
    const changed = EDITABLE.filter((field) => body[field] !== undefined && body[field] !== before[field]);
    if (changed.length === 0) return before;
    const edit = toolEditOf(Object.fromEntries(changed.map((field) => [field, body[field]])) as UpdateToolBody);
    const after = toTool(await store.updateTool(tx, row.id, edit));
    const details = Object.fromEntries(changed.flatMap((field) => [[field, after[field]], [`${field}Before`, before[field]]]));
    await audit.record(tx, { actor, action: "tool.updated", target: { type: "tool", id: row.id }, details });
    return after;
  });
}
