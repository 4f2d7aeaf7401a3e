import { conflict } from "../../lib/errors.js";
import type { AuditActor } from "../audit/audit.service.js";
import { lockNamedWishes, wishIdsOf } from "./named-wishes.js";
import type { ResolveWishesBody, WishesAnswered } from "./wishes.schemas.js";
import type { WishesContext } from "./wishes-context.js";

/**
 * An admin marks open wishes done or declined, all or none. A wish that already has this answer is
 * left as it is, so answering again changes nothing; one with the other answer is a conflict.
 */
export async function resolveWishes({ store, change, audit }: WishesContext, actor: AuditActor, { wishIds, status }: ResolveWishesBody): Promise<WishesAnswered> {
  const ids = wishIdsOf(wishIds);
  return change(async ({ tx }) => {
    const rows = await lockNamedWishes(store, tx, ids);
    const answered = rows.find((row) => row.status !== "open" && row.status !== status);
    if (answered) throw conflict("wish_answered", `A wish for “${answered.name}” is already ${answered.status}.`);
    const open = rows.filter((row) => row.status === "open");
    if (open.length === 0) return { acknowledged: true, modifiedCount: 0 };
    await store.markResolved(tx, open.map((row) => row.id), status);
    for (const row of open) {
      await audit.record(tx, { actor, action: "wish.resolved", target: { type: "wish", id: row.id }, details: { status, name: row.name } });
    }
    return { acknowledged: true, modifiedCount: open.length };
  });
}
