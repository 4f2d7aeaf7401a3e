import { assertSelfOrAdmin, type Principal, type PrincipalLookup } from "../../lib/auth.js";
import { notFound } from "../../lib/errors.js";
import type { IdentityProvider } from "../../lib/identity.js";
import type { TokenService } from "../../lib/tokens.js";
import { WHOLE_LISTS, wholeListReader } from "../../lib/whole-list.js";
import type { AuditService } from "../audit/audit.service.js";
import type { CartService } from "../cart/cart.service.js";
import type { ReviewsService } from "../reviews/reviews.service.js";
import { type AccountLinkDependencies, type AccountLinks, linkAccount } from "./account-link.js";
import { createIdentitySync, type IdentitySyncLog } from "./identity-sync.js";
import { makeAdmin } from "./make-admin.js";
import { createPrincipalLoader } from "./principal-loader.js";
import { removeUser } from "./remove-user.js";
import { signIn } from "./sign-in.js";
import { toAdminUser, toUser } from "./user-wire.js";
import type { AdminUsersPage, AdminUsersQuery, UpdateProfileBody, User } from "./users.schemas.js";
import type { UsersContext } from "./users-context.js";
import { readUsersCursor, unknownUsersCursor, writeUsersCursor } from "./users-cursor.js";

export type { AccountLinks, FirebaseUser, LinkOutcome } from "./account-link.js";

/** The shop's accounts: signing in, profiles, and the admins' list, promotions and removals. */
export interface UsersService {
  /** The account behind an API token, for the auth guard (lib/auth.ts); null once it is removed. */
  findPrincipal: PrincipalLookup;
  /** Exchanges a Firebase ID token for the API token, creating the account on first sign-in (sign-in.ts). */
  signIn(email: string, idToken: string | null): Promise<{ token: string; user: User }>;
  isAdmin(principal: Principal, email: string): Promise<boolean>;
  /** Every active user, as they joined, up to the size of a whole list (lib/whole-list.ts); past it, a 422. */
  list(): Promise<User[]>;
  /** One page of the admins' list of users, newest first; `next` while more follow. */
  page(query: AdminUsersQuery): Promise<AdminUsersPage>;
  get(principal: Principal, email: string): Promise<User>;
  updateProfile(principal: Principal, email: string, changes: UpdateProfileBody): Promise<User>;
  /** An admin makes another user an admin (make-admin.ts). */
  makeAdmin(principal: Principal, email: string): Promise<User>;
  /** An admin removes a user (remove-user.ts). */
  remove(principal: Principal, id: string): Promise<void>;
}

/** What the account links are built from: a link's own dependencies, with Firebase in place of its email lookup. */
export interface AccountLinksDependencies extends Omit<AccountLinkDependencies, "currentEmailOf"> {
  identity: Pick<IdentityProvider, "currentEmail">;
}

/**
 * Links a Firebase user to their shop account, as a sign-in does; `make-admin` links the first
 * admin the same way, without the rest of the users service.
 */
export function createAccountLinks({ store, change, identity, orders, mail, wishes }: AccountLinksDependencies): AccountLinks {
  const dependencies = { store, change, currentEmailOf: (uid: string) => identity.currentEmail(uid), orders, mail, wishes };
  return { link: (user) => linkAccount(dependencies, user) };
}

export interface UsersServiceDependencies extends AccountLinksDependencies {
  identity: IdentityProvider;
  tokens: TokenService;
  audit: AuditService;
  reviews: Pick<ReviewsService, "authorRemoved">;
  /** A removed account's cart goes with it. */
  cart: Pick<CartService, "userRemoved">;
  /** Where a Firebase call that failed after its change committed is reported (identity-sync.ts). */
  log?: IdentitySyncLog;
}

export function createUsersService({ store, change, identity, tokens, audit, orders, mail, wishes, reviews, cart, log }: UsersServiceDependencies): UsersService {
  const accounts = createAccountLinks({ store, change, identity, orders, mail, wishes });
  /** `GET /api/users`: every active user up to its size; past it, the 422 is kept for half a second (decision 6's bound). */
  const everyone = wholeListReader(WHOLE_LISTS.users, { maxAgeMs: 500 });
  const identitySync = createIdentitySync({ store, identity, log });
  const context: UsersContext = { store, change, identity, identitySync, audit, wishes, reviews, cart, everyone };
  return {
    findPrincipal: createPrincipalLoader(store),

    signIn: (email, idToken) => signIn({ identity, tokens, accounts }, email, idToken),

    async isAdmin(principal, email) {
      assertSelfOrAdmin(principal, email);
      const row = await store.findActiveByEmail(email);
      return row?.role === "admin";
    },

    list: () => everyone.read((limit) => store.listActive(limit), toUser),

    async page({ q, role, cursor, limit }) {
      const afterId = cursor === undefined ? undefined : readUsersCursor(cursor);
      // One more than the page, to know whether another follows without counting.
      const rows = await store.pageOfActive({ search: q || undefined, role, afterId, limit: limit + 1 });
      if (afterId && rows.length === 0 && !(await store.accountExists(afterId))) throw unknownUsersCursor();
      const shown = rows.slice(0, limit);
      return { users: shown.map(toAdminUser), next: rows.length > limit ? writeUsersCursor(shown.at(-1)!.id) : null };
    },

    async get(principal, email) {
      assertSelfOrAdmin(principal, email);
      const row = await store.findActiveByEmail(email);
      if (!row) throw notFound("User");
      return toUser(row);
    },

    async updateProfile(principal, email, changes) {
      assertSelfOrAdmin(principal, email);
      const row = await store.updateProfile(email, changes);
      if (!row) throw notFound("User");
      return toUser(row);
    },

    makeAdmin: (principal, email) => makeAdmin(context, principal, email),

    remove: (principal, id) => removeUser(context, principal, id),
  };
}
