import type { Principal, Role } from "../../lib/auth.js";
import type { Tx } from "../../lib/change.js";

/**
 * An account as the store keeps it. It belongs to its Firebase uid; its email is kept trimmed and
 * in lower case, and every look-up by email below matches it so, whatever the case it is given in.
 */
export interface UserRecord {
  id: string;
  firebaseUid: string;
  email: string;
  name: string;
  role: Role;
  education: string;
  location: string;
  number: string;
  linkIn: string;
  createdAt: Date;
  updatedAt: Date;
  /** When an admin removed the account; it is kept, hidden, and never revived. */
  removedAt: Date | null;
  /**
   * Since when Firebase has yet to be told of an admin's change to the account (Make Admin's claim,
   * Remove User's disabling); null once Firebase agrees with the account (identity-sync.ts).
   */
  identitySyncDue: Date | null;
}

/** What a sign-in (or `make-admin`) writes of its Firebase user onto an account. */
export interface AccountValues {
  firebaseUid: string;
  email: string;
  name: string;
  role: Role;
}

/** The profile fields a user edits; a field left out keeps its value. */
export type ProfileChanges = Partial<Pick<UserRecord, "education" | "location" | "number" | "linkIn">>;

/** What the admins' list of users asks for: a search, a role, and where the page starts. */
export interface ActiveUsersPage {
  /** Found anywhere in the email or the name, whatever the case, as typed (no wildcards); undefined is no search. */
  search?: string;
  role?: Role;
  /** The page starts after this user (removed or not), in the list's one order, newest first. */
  afterId?: string;
  limit: number;
}

/**
 * A write that would give a second account the same Firebase uid or email: another change wrote it
 * first. The change it was part of is undone; looked at again, that other account is found.
 */
export class AccountTaken extends Error {
  constructor() {
    super("Another account holds this Firebase uid or email.");
    this.name = "AccountTaken";
  }
}

/**
 * Where the accounts are kept: the module's port, one implementation per store. An id that cannot
 * name an account in this store finds none, as a missing one does.
 */
export interface UsersStore {
  /**
   * The accounts of these ids (canonical form) that are not removed, as the auth guard knows them,
   * in one read however many ids are given, in no particular order. Every authenticated call waits
   * on it, so it must stay one cheap read.
   */
  findPrincipals(ids: readonly string[]): Promise<Principal[]>;
  /** The account of this email that is not removed, or null. */
  findActiveByEmail(email: string): Promise<UserRecord | null>;
  /** Accounts not removed, in the order they joined (then by email), at most `limit`. */
  listActive(limit: number): Promise<UserRecord[]>;
  /**
   * One page of the accounts not removed that match a search and a role, newest first, after a
   * cursor's user, at most `limit`. The order ends in the id, so accounts that joined at the same
   * moment still have one order and a page boundary between them loses none; the cursor user's
   * place is read from its own record at full precision, so it may have been removed since.
   */
  pageOfActive(page: ActiveUsersPage): Promise<UserRecord[]>;
  /** Whether the id names an account, removed or not. */
  accountExists(id: string): Promise<boolean>;
  /** Writes a profile's changes onto the account of this email not removed; null when there is none. */
  updateProfile(email: string, changes: ProfileChanges): Promise<UserRecord | null>;

  /**
   * The account of a Firebase uid and the account holding an email (the same one, two, or none),
   * removed or not, both held until the change ends, taken in one order (by id) so two sign-ins
   * never wait on each other in a circle.
   */
  lockAccountsOf(tx: Tx, firebaseUid: string, email: string): Promise<{ own: UserRecord | null; holder: UserRecord | null }>;
  /** An account not removed, held until the change ends; null when there is none. */
  lockActiveById(tx: Tx, id: string): Promise<UserRecord | null>;
  /** The account of this email not removed, held until the change ends; null when there is none. */
  lockActiveByEmail(tx: Tx, email: string): Promise<UserRecord | null>;
  /**
   * Holds every active admin's account until the change ends, in one order (by id) so two callers
   * never wait on each other in a circle, and returns their ids. An admin removed by a change this
   * one waited for is not among them, and none of them can be removed or demoted until this change
   * ends. This is what keeps the shop's last admin: of two admins removing each other at once, the
   * second sees the first's removal. An admin made at the same moment may be missing, which only
   * means the shop has one more admin than this change counted.
   */
  lockActiveAdmins(tx: Tx): Promise<string[]>;
  /** A new account; `AccountTaken` when another change gave its uid or email an account first. */
  insertAccount(tx: Tx, values: AccountValues): Promise<UserRecord>;
  /**
   * Brings an account up to date with its Firebase user: uid (when a verified owner takes it over),
   * email (changed in Firebase) and name. A role only ever rises here: an admin claim set from the
   * command line promotes, a missing claim never demotes. `AccountTaken` when another change gave
   * the uid or email an account first.
   */
  refreshAccount(tx: Tx, id: string, values: AccountValues): Promise<UserRecord>;
  /** Makes the account an admin, and Firebase due to be told (`identitySyncDue`, kept if already due). */
  promoteToAdmin(tx: Tx, id: string): Promise<UserRecord>;
  /** Marks the account removed, now, and Firebase due to be told as Make Admin does; its record stays. */
  markRemoved(tx: Tx, id: string): Promise<UserRecord>;

  /**
   * After Firebase was told of `told`: clears the account's `identitySyncDue` if it is still as told
   * (the same uid, role, and removed or not) and returns null; otherwise returns the account as it
   * is now, which Firebase must be told of in turn. An account goes only forward (buyer, admin,
   * removed), so an account found as told has not changed since. Null for an account that is gone.
   */
  identitySynced(told: UserRecord): Promise<UserRecord | null>;
  /** Accounts, removed or not, whose `identitySyncDue` is set, the longest due first, at most `limit`. */
  identityDue(limit: number): Promise<UserRecord[]>;
}
