import type { Database } from "../../db/client.js";
import type { UserRow } from "../../db/schema.js";
import { assertSelfOrAdmin, type Principal, sameEmail } from "../../lib/auth.js";
import { forbidden, notFound, unauthorized } from "../../lib/errors.js";
import type { IdentityProvider } from "../../lib/identity.js";
import type { TokenService } from "../../lib/tokens.js";
import { recordAudit } from "../audit/audit.repository.js";
import * as repository from "./users.repository.js";
import type { UpdateProfileBody, User } from "./users.schemas.js";

export const toUser = (row: UserRow): User => ({
  _id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  education: row.education,
  location: row.location,
  number: row.number,
  linkIn: row.linkIn,
});

export function createUsersService(db: Database, identity: IdentityProvider, tokens: TokenService) {
  return {
    findPrincipal: (id: string) => repository.findPrincipal(db, id),

    /** Exchanges a Firebase ID token for the API token, creating the user's row on first sign-in. */
    async signIn(email: string, idToken: string | null): Promise<{ token: string; user: User }> {
      if (!idToken) throw unauthorized("A Firebase ID token is required.");
      const identityOfToken = await identity.verifyIdToken(idToken);
      if (!identityOfToken) throw unauthorized("The Firebase ID token is invalid or expired.");
      if (!sameEmail(identityOfToken.email, email)) throw forbidden("The token belongs to another email.");
      if (await repository.isRemoved(db, email)) throw forbidden("This account has been removed.");
      const row = await repository.upsertOnSignIn(db, {
        firebaseUid: identityOfToken.uid,
        email: identityOfToken.email,
        name: identityOfToken.name?.trim() || identityOfToken.email.split("@")[0]!,
        role: identityOfToken.admin ? "admin" : "buyer",
      });
      const token = await tokens.issue({ userId: row.id, email: row.email });
      return { token, user: toUser(row) };
    },

    async isAdmin(principal: Principal, email: string): Promise<boolean> {
      assertSelfOrAdmin(principal, email);
      const row = await repository.findActiveByEmail(db, email);
      return row?.role === "admin";
    },

    async list(): Promise<User[]> {
      return (await repository.listActive(db)).map(toUser);
    },

    async get(principal: Principal, email: string): Promise<User> {
      assertSelfOrAdmin(principal, email);
      const row = await repository.findActiveByEmail(db, email);
      if (!row) throw notFound("User");
      return toUser(row);
    },

    async updateProfile(principal: Principal, email: string, changes: UpdateProfileBody): Promise<User> {
      assertSelfOrAdmin(principal, email);
      const row = await repository.updateProfile(db, email, changes);
      if (!row) throw notFound("User");
      return toUser(row);
    },

    /** The table is the authority; the Firebase claim mirrors it and rolls back with it. */
    async makeAdmin(principal: Principal, email: string): Promise<User> {
      return db.transaction(async (tx) => {
        const row = await repository.promoteToAdmin(tx, email);
        if (!row) throw notFound("User");
        // Before Firebase is told: if the entry cannot be written, the claim is not set either.
        await recordAudit(tx, { actor: principal, action: "user.made_admin", target: { type: "user", id: row.id }, details: { email: row.email } });
        await identity.setAdmin(row.firebaseUid);
        return toUser(row);
      });
    },

    async remove(principal: Principal, id: string): Promise<void> {
      if (principal.id === id) throw forbidden("An admin cannot remove their own account.");
      await db.transaction(async (tx) => {
        const row = await repository.markRemoved(tx, id);
        if (!row) throw notFound("User");
        await recordAudit(tx, { actor: principal, action: "user.removed", target: { type: "user", id: row.id }, details: { email: row.email } });
        await identity.disable(row.firebaseUid);
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
