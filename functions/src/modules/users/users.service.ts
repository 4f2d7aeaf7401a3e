import type { Database } from "../../db/client.js";
import type { UserRow } from "../../db/schema.js";
import { assertSelfOrAdmin, type Principal } from "../../lib/auth.js";
import { canonicalAddress } from "../../lib/email-address.js";
import { AppError, conflict, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { canonicalId } from "../../lib/ids.js";
import type { IdentityProvider } from "../../lib/identity.js";
import type { TokenService } from "../../lib/tokens.js";
import { WHOLE_LISTS, wholeListReader } from "../../lib/whole-list.js";
import type { AuditService } from "../audit/audit.service.js";
import type { MailService } from "../mail/mail.service.js";
import type { OrdersService } from "../orders/orders.service.js";
import { type FirebaseUser, linkAccount, type LinkOutcome } from "./account-link.js";
import { createPrincipalLoader } from "./principal-loader.js";
import * as repository from "./users.repository.js";
import { readUsersCursor, unknownUsersCursor, writeUsersCursor } from "./users-cursor.js";
import type { AdminUser, AdminUsersPage, AdminUsersQuery, UpdateProfileBody, User } from "./users.schemas.js";

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

const toAdminUser = (row: UserRow): AdminUser => ({ ...toUser(row), createdAt: row.createdAt.toISOString() });

/** What a person is told when the exchange finds no account they may have. */
const REFUSED_LINKS: Record<Exclude<LinkOutcome["kind"], "linked">, () => Error> = {
  removed: () => forbidden("This account has been removed from the shop. Contact the shop if you think this is a mistake."),
  unverified_email: () =>
    conflict(
      "email_not_verified",
      "A shop account already exists for this email address. To use it, confirm that the address is yours: open the " +
        "verification link sent to it, then sign in again, or sign in with Google using this address. " +
        "If that is not possible, contact the shop.",
    ),
  email_taken: () =>
    conflict(
      "email_in_use",
      "Your sign-in email was changed to an address that another shop account uses. Change it back, or contact the shop to merge the accounts.",
    ),
  owner_moved: () =>
    conflict(
      "email_in_use",
      "The shop account for this email address belongs to another sign-in, which now uses a different address. " +
        "Sign in with that account, or contact the shop.",
    ),
};

/**
 * An address the shop will not store or mail: anything but a bare address, which a mail library
 * could read as someone else's (docs/decisions/0019).
 */
const notAnAddress = (whose: "path" | "token") =>
  new AppError(
    400,
    "invalid_email",
    "Bad Request",
    whose === "path"
      ? "The shop accepts only a plain e-mail address, such as name@example.com: no name, comment, list, angle bracket, space or other character around it. Nothing was changed."
      : "The e-mail address of your sign-in account is not a plain address the shop can send mail to (such as name@example.com). Sign up with a plain address. Nothing was changed.",
    [{ path: whose === "path" ? "params/email" : "authorization", message: "Must be a plain e-mail address such as name@example.com" }],
  );

/**
 * The route's guard ran before the transaction; another admin may have removed the actor since.
 * Checked against the admins locked in the transaction, which stay as they are until it ends.
 */
function assertStillAdmin(lockedAdmins: string[], actor: Principal): void {
  if (!lockedAdmins.includes(actor.id)) throw forbidden("Your account is no longer an active admin. Nothing was changed.");
}

export type { FirebaseUser, LinkOutcome } from "./account-link.js";

export interface AccountLinksDependencies {
  identity: Pick<IdentityProvider, "currentEmail">;
  orders: OrdersService;
  mail: MailService;
}

/**
 * Links a Firebase user to their shop account, as a sign-in does; `make-admin` links the first
 * admin the same way, without the rest of the users service.
 */
export function createAccountLinks(db: Database, { identity, orders, mail }: AccountLinksDependencies) {
  const dependencies = { currentEmailOf: (uid: string) => identity.currentEmail(uid), orders, mail };
  return { link: (user: FirebaseUser): Promise<LinkOutcome> => linkAccount(db, dependencies, user) };
}

export interface UsersServiceDependencies extends AccountLinksDependencies {
  identity: IdentityProvider;
  tokens: TokenService;
  audit: AuditService;
}

export function createUsersService(db: Database, { identity, tokens, audit, orders, mail }: UsersServiceDependencies) {
  const accounts = createAccountLinks(db, { identity, orders, mail });
  /** `GET /api/users`: every active user up to its size; past it, the 422 is kept for half a second (decision 6's bound). */
  const everyone = wholeListReader(WHOLE_LISTS.users, { maxAgeMs: 500 });
  return {
    findPrincipal: createPrincipalLoader(db),

    /**
     * Exchanges a Firebase ID token for the API token, creating the user's account on first sign-in.
     * Both the path's address and the token's must be canonical, and the same: the account, and its
     * mail, get that one spelling.
     */
    async signIn(email: string, idToken: string | null): Promise<{ token: string; user: User }> {
      const address = canonicalAddress(email);
      if (address === null) throw notAnAddress("path");
      if (!idToken) throw unauthorized("A Firebase ID token is required.");
      const firebaseUser = await identity.verifyIdToken(idToken);
      if (!firebaseUser) throw unauthorized("Your sign-in has expired, or the account is disabled or signed out. Sign in again.");
      const tokenAddress = canonicalAddress(firebaseUser.email);
      if (tokenAddress === null) throw notAnAddress("token");
      if (tokenAddress !== address) throw forbidden("The token belongs to another email.");
      const outcome = await accounts.link({ ...firebaseUser, email: address });
      if (outcome.kind !== "linked") throw REFUSED_LINKS[outcome.kind]();
      const token = await tokens.issue({ userId: outcome.row.id, email: outcome.row.email });
      return { token, user: toUser(outcome.row) };
    },

    async isAdmin(principal: Principal, email: string): Promise<boolean> {
      assertSelfOrAdmin(principal, email);
      const row = await repository.findActiveByEmail(db, email);
      return row?.role === "admin";
    },

    /** Every active user, as they joined, up to the size of a whole list (lib/whole-list.ts); past it, a 422. */
    list(): Promise<User[]> {
      return everyone.read((limit) => repository.listActive(db, limit), toUser);
    },

    /** One page of the admins' list of users, newest first; `next` while more follow. */
    async page({ q, role, cursor, limit }: AdminUsersQuery): Promise<AdminUsersPage> {
      const afterId = cursor === undefined ? undefined : readUsersCursor(cursor);
      // One more than the page, to know whether another follows without counting.
      const rows = await repository.pageOfActive(db, { search: q || undefined, role, afterId, limit: limit + 1 });
      if (afterId && rows.length === 0 && !(await repository.accountExists(db, afterId))) throw unknownUsersCursor();
      const shown = rows.slice(0, limit);
      return { users: shown.map(toAdminUser), next: rows.length > limit ? writeUsersCursor(shown.at(-1)!.id) : null };
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

    /**
     * The table is the authority; the Firebase claim mirrors it and rolls back with it. The user's
     * row is locked, so a Remove User at the same moment either comes first (then this is a 404)
     * or waits for this one and removes an admin.
     */
    async makeAdmin(principal: Principal, email: string): Promise<User> {
      return db.transaction(async (tx) => {
        assertStillAdmin(await repository.lockActiveAdmins(tx), principal);
        const target = await repository.lockActiveByEmail(tx, email);
        if (!target) throw notFound("User");
        const row = await repository.promoteToAdmin(tx, target.id);
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
    },

    /**
     * Hides the user, ends their API access at once (every request reads the row) and disables
     * their Firebase account. The active admins are locked first, so two admins removing each
     * other at the same moment cannot both succeed: the shop always keeps one.
     */
    async remove(principal: Principal, id: string): Promise<void> {
      const userId = canonicalId(id);
      if (!userId) throw notFound("User");
      if (userId === principal.id) throw forbidden("An admin cannot remove their own account.");
      await db.transaction(async (tx) => {
        const admins = await repository.lockActiveAdmins(tx);
        const target = await repository.lockActiveById(tx, userId);
        if (!target) throw notFound("User");
        // Checked before the actor: when two admins remove each other at once, the one who waited
        // finds the other as the last admin left.
        if (target.role === "admin" && admins.every((admin) => admin === target.id)) {
          throw conflict("last_admin", "This is the shop's last active admin, and the shop must keep one. Nothing was changed.");
        }
        assertStillAdmin(admins, principal);
        const row = await repository.markRemoved(tx, target.id);
        await audit.record(tx, { actor: principal, action: "user.removed", target: { type: "user", id: row.id }, details: { email: row.email } });
        // A Firebase account deleted outside the shop has nothing left to disable: the removal
        // stands, and the user's API token stops working with it.
        await identity.disable(row.firebaseUid);
      });
      everyone.shrank();
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
