import type { RunChange, Work } from "../../lib/change.js";
import type { MailService } from "../mail/mail.service.js";
import type { OrdersService } from "../orders/orders.service.js";
import type { WishesService } from "../wishes/wishes.service.js";
import { displayNameFor } from "./display-name.js";
import { AccountTaken, type UserRecord, type UsersStore } from "./users.store.js";

/** A Firebase user as the shop links it to an account. */
export interface FirebaseUser {
  uid: string;
  email: string;
  /** Firebase vouches that this uid controls the address (Google; a password account after verification). */
  emailVerified: boolean;
  /** Firebase's display name as it is; bounded here. */
  name: string | undefined;
  /** Raises the account to admin (the claim set from the command line); false never lowers it. */
  admin: boolean;
}

export type LinkOutcome =
  | { kind: "linked"; row: UserRecord }
  /** The account of this uid, or of this email, was removed by an admin. */
  | { kind: "removed" }
  /** Another uid's account holds this email, and Firebase does not vouch that this uid owns it. */
  | { kind: "unverified_email" }
  /** The uid's own account exists, but the email it changed to belongs to another account. */
  | { kind: "email_taken" }
  /** The account of this email belongs to a Firebase user that still exists, under another email now. */
  | { kind: "owner_moved" };

/** Links Firebase users to their shop accounts, as a sign-in does and as `make-admin` does for the first admin. */
export interface AccountLinks {
  link(user: FirebaseUser): Promise<LinkOutcome>;
}

export interface AccountLinkDependencies {
  store: UsersStore;
  /** Runs the link in one transaction. */
  change: RunChange;
  /** The email a Firebase user has now, or null when the user no longer exists. */
  currentEmailOf: (uid: string) => Promise<string | null>;
  /** A buyer's orders carry their email and follow it when it changes. */
  orders: Pick<OrdersService, "moveBuyerToEmail">;
  /** Mail waits until Firebase vouches for its address (docs/decisions/0019). */
  mail: Pick<MailService, "addressVerified">;
  /** User Wish keeps its own copy of each wisher's account and address. */
  wishes: Pick<WishesService, "wisherChanged">;
}

/**
 * Finds, creates or takes over the shop account of a Firebase user. An account belongs to its
 * Firebase uid, not to an email string: a deleted Firebase account's address can be signed up
 * again by anyone, so another uid inherits an account (its orders, profile and role) only when
 * Firebase says the email is verified, and only from a Firebase user that is gone or still has
 * that same address (a user who changed their address, and has not signed in since, keeps their
 * account from whoever gets the old address next). A removed account is never revived, by any uid.
 */
export async function linkAccount({ store, change, currentEmailOf, orders, mail, wishes }: AccountLinkDependencies, user: FirebaseUser): Promise<LinkOutcome> {
  const values = {
    firebaseUid: user.uid,
    email: user.email,
    name: displayNameFor(user.name, user.email),
    role: user.admin ? ("admin" as const) : ("buyer" as const),
  };
  const decide = async ({ tx }: Work): Promise<LinkOutcome> => {
    const { own, holder } = await store.lockAccountsOf(tx, user.uid, user.email);
    if (own) {
      if (own.removedAt) return { kind: "removed" };
      if (holder && holder.id !== own.id) return { kind: "email_taken" };
      const row = await store.refreshAccount(tx, own.id, values);
      if (row.email !== own.email) await orders.moveBuyerToEmail(tx, row.id, row.email);
      return { kind: "linked", row };
    }
    if (holder) {
      if (holder.removedAt) return { kind: "removed" };
      if (!user.emailVerified) return { kind: "unverified_email" };
      const ownersEmail = await currentEmailOf(holder.firebaseUid);
      if (ownersEmail !== null && ownersEmail.trim().toLowerCase() !== holder.email) return { kind: "owner_moved" };
      return { kind: "linked", row: await store.refreshAccount(tx, holder.id, values) };
    }
    return { kind: "linked", row: await store.insertAccount(tx, values) };
  };
  const attempt = () =>
    change(async (work): Promise<LinkOutcome> => {
      const outcome = await decide(work);
      if (outcome.kind !== "linked") return outcome;
      // The address is the account's own now: what waited for it goes.
      if (user.emailVerified) await mail.addressVerified(work.tx, outcome.row.email);
      // A new account, or one under another address now: User Wish follows it.
      await wishes.wisherChanged(work.tx, { userId: outcome.row.id, email: outcome.row.email, removed: false });
      return outcome;
    });
  try {
    return await attempt();
  } catch (error) {
    // Two first sign-ins at once (two tabs) both found nothing and both inserted; the second one
    // finds the first one's row when it looks again.
    if (!(error instanceof AccountTaken)) throw error;
    return attempt();
  }
}
