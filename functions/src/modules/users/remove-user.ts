import type { Principal } from "../../lib/auth.js";
import { conflict, forbidden, notFound } from "../../lib/errors.js";
import { canonicalId } from "../../lib/ids.js";
import { assertStillAdmin } from "./still-admin.js";
import type { UsersContext } from "./users-context.js";

/**
 * An admin removes a user: the account is hidden, its API access ends at once (every request reads
 * the row) and, once the removal has committed, its Firebase account is disabled (identity-sync.ts).
 * The active admins are locked first, so two admins removing each other at the same moment cannot
 * both succeed: the shop always keeps one.
 */
export async function removeUser({ store, change, identitySync, audit, wishes, reviews, cart, everyone }: UsersContext, principal: Principal, id: string): Promise<void> {
  const userId = canonicalId(id);
  if (!userId) throw notFound("User");
  if (userId === principal.id) throw forbidden("An admin cannot remove their own account.");
  await change(async ({ tx, afterCommit }) => {
    const admins = await store.lockActiveAdmins(tx);
    const target = await store.lockActiveById(tx, userId);
    if (!target) throw notFound("User");
    // Checked before the actor: when two admins remove each other at once, the one who waited
    // finds the other as the last admin left.
    if (target.role === "admin" && admins.every((admin) => admin === target.id)) {
      throw conflict("last_admin", "This is the shop's last active admin, and the shop must keep one. Nothing was changed.");
    }
    assertStillAdmin(admins, principal);
    const row = await store.markRemoved(tx, target.id);
    await audit.record(tx, { actor: principal, action: "user.removed", target: { type: "user", id: row.id }, details: { email: row.email } });
    // User Wish no longer shows the wisher's address, and no wished-for tool is e-mailed to it.
    await wishes.wisherChanged(tx, { userId: row.id, email: row.email, removed: true });
    await reviews.authorRemoved(tx, row.id);
    await cart.userRemoved(tx, row.id);
    afterCommit(() => everyone.shrank());
    afterCommit(() => identitySync.afterChange(row));
  });
}
