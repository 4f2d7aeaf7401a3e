import type { OrderRecord } from "./orders.store.js";

/**
 * The units each tool gets back or gives, one entry per tool, in the tools' id order: every change
 * that moves several tools' stock moves them in this order, so two cannot lock tools in a circle.
 */
export function unitsByTool(held: Pick<OrderRecord, "toolId" | "quantity">[]): [string, number][] {
  const units = new Map<string, number>();
  for (const { toolId, quantity } of held) units.set(toolId, (units.get(toolId) ?? 0) + quantity);
  return [...units].sort(([a], [b]) => a.localeCompare(b));
}
