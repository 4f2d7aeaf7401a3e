import type { Principal } from "../../lib/auth.js";
import { conflict, notFound } from "../../lib/errors.js";
import { assertStillAdmin } from "./still-admin.js";
import { toUser } from "./user-wire.js";
import type { User } from "./users.schemas.js";
import type { UsersContext } from "./users-context.js";

/**
 * An admin makes another user an admin. The table is the authority; the Firebase claim mirrors it,
 * set once the change has committed (identity-sync.ts). The user's row is locked, so a Remove User
 * at the same moment either comes first (then this is a 404) or waits for this one and removes an
 * admin.
 */
export async function makeAdmin({ store, change, identity, identitySync, audit }: UsersContext, principal: Principal, email: string): Promise<User> {
  await refuseWithoutSignIn({ store, identity }, email);
  return change(async ({ tx, afterCommit }) => {
    assertStillAdmin(await store.lockActiveAdmins(tx), principal);
    const target = await store.lockActiveByEmail(tx, email);
    if (!target) throw notFound("User");
    const row = await store.promoteToAdmin(tx, target.id);
    await audit.record(tx, { actor: principal, action: "user.made_admin", target: { type: "user", id: row.id }, details: { email: row.email } });
    afterCommit(() => identitySync.afterChange(row));
    return toUser(row);
  });
}

/**
 * An admin whose Firebase account was deleted outside the shop could never sign in: asked before the
 * change, so nothing is changed. An account another uid takes over meanwhile was just signed in to,
 * so its Firebase account exists.
 */
async function refuseWithoutSignIn({ store, identity }: Pick<UsersContext, "store" | "identity">, email: string): Promise<void> {
  const account = await store.findActiveByEmail(email);
  if (account && (await identity.currentEmail(account.firebaseUid)) === null) {
    throw conflict(
      "firebase_account_missing",
      "This user's sign-in account no longer exists, so they cannot be made admin. Nothing was changed; remove the user instead.",
    );
  }
}
