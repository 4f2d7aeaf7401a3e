import { conflict } from "../../lib/errors.js";
import type { AuditActor } from "../audit/audit.service.js";
import { lockNamedWishes, wishIdsOf } from "./named-wishes.js";
import type { FulfilWishesBody, WishesAnswered } from "./wishes.schemas.js";
import type { WishRecord } from "./wishes.store.js";
import type { WishesContext } from "./wishes-context.js";

/**
 * The tool added for these wishes: they become done and name it, and each of their buyers is
 * e-mailed a link to it, once. Wishes already answered with this tool are left as they are, so
 * calling again tells nobody twice; one answered with another tool is a conflict, and so is a
 * declined one, as resolve refuses to turn declined into done.
 */
export async function fulfilWishes(
  { store, change, tools, audit, mail, messages }: WishesContext,
  actor: AuditActor,
  { wishIds, toolId }: FulfilWishesBody,
): Promise<WishesAnswered> {
  const ids = wishIdsOf(wishIds);
  const tool = await tools.get(toolId);
  return change(async ({ tx }) => {
    const rows = await lockNamedWishes(store, tx, ids);
    const declined = rows.find((row) => row.status === "declined");
    if (declined) throw conflict("wish_answered", `A wish for “${declined.name}” is already declined.`);
    const other = rows.find((row) => row.toolId !== null && row.toolId !== tool._id);
    if (other) throw conflict("wish_fulfilled", `A wish for “${other.name}” was already answered with another tool.`);
    const fulfilled = rows.filter((row) => row.toolId === null);
    if (fulfilled.length === 0) return { acknowledged: true, modifiedCount: 0 };
    await store.markFulfilled(tx, fulfilled.map((row) => row.id), tool._id);
    for (const row of fulfilled) {
      await audit.record(tx, {
        actor,
        action: "wish.resolved",
        target: { type: "wish", id: row.id },
        details: { status: "done", name: row.name, toolId: tool._id, toolName: tool.name },
      });
    }
    // One message per buyer, about the most recent of their wishes it answers, to the address
    // their account has now (the wishers' copy, kept by the users module); none once it is removed.
    const newestByBuyer = newestWishOfEachBuyer(fulfilled);
    const emails = await store.wisherEmails(tx, [...newestByBuyer.keys()]);
    await mail.enqueue(
      tx,
      ...[...newestByBuyer.values()].flatMap((wish) => {
        const to = emails.get(wish.userId);
        return to ? [messages.toolAdded(tool, to, wish)] : [];
      }),
    );
    return { acknowledged: true, modifiedCount: fulfilled.length };
  });
}

function newestWishOfEachBuyer(rows: WishRecord[]): Map<string, WishRecord> {
  const newest = new Map<string, WishRecord>();
  for (const row of rows) {
    const seen = newest.get(row.userId);
    if (!seen || row.createdAt > seen.createdAt) newest.set(row.userId, row);
  }
  return newest;
}
