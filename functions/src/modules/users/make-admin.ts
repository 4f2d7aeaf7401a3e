import type { Principal } from "../../lib/auth.js";
import { conflict, notFound } from "../../lib/errors.js";
import { assertStillAdmin } from "./still-admin.js";
import { toUser } from "./user-wire.js";
import type { User } from "./users.schemas.js";
import type { UsersContext } from "./users-context.js";

/**
 * An admin makes another user an admin. The table is the authority; the Firebase claim mirrors it
 * and rolls back with it. The user's row is locked, so a Remove User at the same moment either
 * comes first (then this is a 404) or waits for this one and removes an admin.
 */
export function makeAdmin({ store, change, identity, audit }: UsersContext, principal: Principal, email: string): Promise<User> {
  return change(async ({ tx }) => {
    assertStillAdmin(await store.lockActiveAdmins(tx), principal);
    const target = await store.lockActiveByEmail(tx, email);
    if (!target) throw notFound("User");
    const row = await store.promoteToAdmin(tx, target.id);
    // Before Firebase is told: if the entry cannot be written, the claim is not set either.
    await audit.record(tx, { actor: principal, action: "user.made_admin", target: { type: "user", id: row.id }, details: { email: row.email } });
    if ((await identity.setAdmin(row.firebaseUid)) === "missing") {
      throw conflict(
        "firebase_account_missing",
        "This user's sign-in account no longer exists, so they cannot be made admin. Nothing was changed; remove the user instead.",
      );
    }
    return toUser(row);
  });
}
