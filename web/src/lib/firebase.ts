import type { Auth, User } from "firebase/auth";
import { env } from "@/config/env";

/**
 * Firebase Auth is the largest part of the shop's code, and starting it (its IndexedDB persistence)
 * is the longest task of a first visit. No page needs it to show: it is loaded when a session has to
 * be restored (an access token is stored), on the sign-in pages and for signing out.
 */

/** What Firebase knows of the signed-in user: nothing until it has loaded and read its storage. */
export type FirebaseUserState = { status: "unknown" } | { status: "known"; user: User | null };

let userState: FirebaseUserState = { status: "unknown" };
const listeners = new Set<() => void>();

let loading: Promise<Auth> | null = null;

async function start(): Promise<Auth> {
  const [{ initializeApp }, firebaseAuth] = await Promise.all([import("firebase/app"), import("firebase/auth")]);
  const { browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth, onIdTokenChanged } = firebaseAuth;
  // initializeAuth instead of getAuth leaves the pop-up machinery out; the login page passes
  // browserPopupRedirectResolver when it opens the Google pop-up.
  const auth = initializeAuth(initializeApp(env.firebase), { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (env.authEmulatorUrl) connectAuthEmulator(auth, env.authEmulatorUrl, { disableWarnings: true });
  // The ID token's changes, not only sign-in and sign-out: a new display name arrives with a refreshed token.
  onIdTokenChanged(auth, (user) => {
    userState = { status: "known", user };
    for (const listener of listeners) listener();
  });
  return auth;
}

/** Firebase Auth, loaded and started on first use; from then on the signed-in user is watched. */
export function loadAuth(): Promise<Auth> {
  loading ??= start().catch((error: unknown) => {
    // A failed download (offline) may be retried by the next caller.
    loading = null;
    throw error;
  });
  return loading;
}

/** The user Firebase restored or signed in, or null; waits for Firebase to have read its storage. */
export async function currentFirebaseUser(): Promise<User | null> {
  const auth = await loadAuth();
  await auth.authStateReady();
  return auth.currentUser;
}

/** Signs Firebase out (everywhere in this browser). */
export async function signOutOfFirebase(): Promise<void> {
  const [auth, { signOut }] = await Promise.all([loadAuth(), import("firebase/auth")]);
  await signOut(auth);
}

/** The signed-in user as Firebase knows it, for useSyncExternalStore. */
export const firebaseUser = {
  get: (): FirebaseUserState => userState,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** An error from Firebase (its `code` is like "auth/invalid-credential"), told apart without loading Firebase. */
export const isFirebaseError = (error: unknown): error is Error & { code: string } =>
  error instanceof Error && error.name === "FirebaseError" && "code" in error && typeof error.code === "string";
