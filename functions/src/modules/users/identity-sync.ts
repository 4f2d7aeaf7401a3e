import type { IdentityProvider } from "../../lib/identity.js";
import type { UserRecord, UsersStore } from "./users.store.js";

/** Where a Firebase call that failed is reported: it is tried again, so a warning. */
export interface IdentitySyncLog {
  warn(message: string): void;
}

/** What one sweep of the accounts Firebase was due to be told of did. */
export interface IdentitySweep {
  /** Accounts Firebase agrees with now. */
  told: number;
  /** Accounts still due, each with why. */
  stillDue: { id: string; error: string }[];
}

/**
 * Firebase mirrors the accounts table for what Firebase itself enforces: the admin claim the rules
 * read, and whether the account can sign in at all. The table is the authority, and the API and the
 * rules read it on every call, so a removed account is refused from its removal's commit on, whatever
 * Firebase says. Make Admin and Remove User therefore tell Firebase only once they have committed
 * (a transaction may run several times, or fail after its last attempt), and the account says since
 * when Firebase is due to be told (`identitySyncDue`), so a call that fails is made again, by the
 * `syncIdentities` job, until Firebase agrees.
 */
export interface IdentitySync {
  /** After the change that made it commits: tells Firebase of the account, or leaves it due and says why. Never throws. */
  afterChange(account: UserRecord): Promise<void>;
  /** Tells Firebase of the accounts still due, the longest due first, at most `limit`. */
  sweep(limit: number): Promise<IdentitySweep>;
}

export interface IdentitySyncDependencies {
  store: Pick<UsersStore, "identitySynced" | "identityDue">;
  identity: Pick<IdentityProvider, "setAdmin" | "disable">;
  log?: IdentitySyncLog;
}

/**
 * An account goes buyer, admin, removed, and never back, so Firebase is told of it at most three
 * times before it is found as told; an account that still changes after that waits for the job.
 */
const MOST_PASSES = 3;

/**
 * What Firebase holds of an account: a removed one is disabled, without the admin claim, its
 * sessions revoked; an active admin has the claim. Each call is idempotent, so telling Firebase
 * twice does no harm. A Firebase account deleted outside the shop (`missing`) has nothing left to
 * change: the shop's record stands.
 */
async function tellFirebase(identity: IdentitySyncDependencies["identity"], account: UserRecord): Promise<void> {
  if (account.removedAt) await identity.disable(account.firebaseUid);
  else if (account.role === "admin") await identity.setAdmin(account.firebaseUid);
}

const describe = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return message + cause;
};

export function createIdentitySync({ store, identity, log }: IdentitySyncDependencies): IdentitySync {
  /**
   * Tells Firebase of the account, then clears its due time if it is still as told. Two tellings of
   * one account can overlap (a request's and the job's, or Make Admin's and a Remove User's just
   * after), and the later call may reach Firebase first: so whoever told Firebase of an account
   * that has changed since tells it again, of the account as it is now. What Firebase got last is
   * then the account as its last telling found it, and no change is left untold.
   */
  async function settle(account: UserRecord): Promise<boolean> {
    let telling: UserRecord | null = account;
    for (let pass = 0; telling && pass < MOST_PASSES; pass++) {
      await tellFirebase(identity, telling);
      telling = await store.identitySynced(telling);
    }
    return telling === null;
  }

  return {
    async afterChange(account) {
      try {
        await settle(account);
      } catch (error) {
        log?.warn(`Firebase was not told of account ${account.id}'s change; the syncIdentities job will tell it: ${describe(error)}`);
      }
    },

    async sweep(limit) {
      const sweep: IdentitySweep = { told: 0, stillDue: [] };
      for (const account of await store.identityDue(limit)) {
        try {
          if (await settle(account)) sweep.told += 1;
          else sweep.stillDue.push({ id: account.id, error: "the account kept changing" });
        } catch (error) {
          sweep.stillDue.push({ id: account.id, error: describe(error) });
        }
      }
      return sweep;
    },
  };
}
