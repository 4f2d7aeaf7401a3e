/** What the API needs from the identity provider (Firebase Auth), so tests and servers can wire it. */
export interface VerifiedIdentity {
  uid: string;
  email: string;
  name: string | undefined;
  admin: boolean;
}

export interface IdentityProvider {
  /** The identity behind a Firebase ID token, or null when the token does not verify. */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity | null>;
  setAdmin(uid: string): Promise<void>;
  /** Disables the account and revokes its sessions. */
  disable(uid: string): Promise<void>;
}
