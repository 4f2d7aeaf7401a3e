import type { IdentityProvider } from "../lib/identity.js";
import { createIdentitySync, type IdentitySweep } from "../modules/users/identity-sync.js";
import type { Stores } from "../stores/postgres.js";

/** Accounts one run tells Firebase of: admin changes come at a person's pace, so almost always none. */
const ACCOUNTS_PER_RUN = 100;

/**
 * Tells Firebase of the admin changes it missed: a claim Make Admin could not set, an account Remove
 * User could not disable, after their changes had committed (modules/users/identity-sync.ts).
 */
export function syncIdentities(stores: Stores, identity: Pick<IdentityProvider, "setAdmin" | "disable">): Promise<IdentitySweep> {
  return createIdentitySync({ store: stores.users, identity }).sweep(ACCOUNTS_PER_RUN);
}

/** One line for the log of a run that told Firebase something or left something due. */
export function describeIdentitySweep({ told, stillDue }: IdentitySweep): string | null {
  if (told === 0 && stillDue.length === 0) return null;
  const parts = [`Told Firebase of the admin changes to ${told} account${told === 1 ? "" : "s"}`];
  if (stillDue.length > 0) parts.push(`still due: ${stillDue.map(({ id, error }) => `${id} (${error})`).join(", ")}`);
  return parts.join("; ");
}
