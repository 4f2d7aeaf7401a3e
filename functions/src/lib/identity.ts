/** What the API needs from the identity provider (Firebase Auth), so tests and servers can wire it. */
export interface VerifiedIdentity {
  uid: string;
  email: string;
  /**
   * Whether the provider vouches that this uid controls the address: true for Google sign-in, and
   * for a password account once its owner followed the verification link.
   */
  emailVerified: boolean;
  /** As the provider has it: neither trimmed nor bounded. */
  name: string | undefined;
  admin: boolean;
}

/** What became of a change asked of an account: `missing` when the provider has no such account any more. */
export type AccountChange = "done" | "missing";

export interface IdentityProvider {
  /**
   * The identity behind a Firebase ID token, or null when the token does not verify or its account
   * is disabled, deleted or signed out everywhere. Throws a 503 when the provider cannot be reached.
   */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity | null>;
  /** The account's email as Firebase has it now, or null when there is no such account any more. */
  currentEmail(uid: string): Promise<string | null>;
  setAdmin(uid: string): Promise<AccountChange>;
  /** Disables the account, takes back its admin claim and revokes its sessions. */
  disable(uid: string): Promise<AccountChange>;
}
