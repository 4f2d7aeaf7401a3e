import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { User } from "firebase/auth";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useSyncExternalStore } from "react";
import { toast } from "react-toastify";
import type { z } from "zod";
import type { adminStatus, signInResponse } from "@api/users/users.schemas";
import { accessToken } from "./access-token";
import { ApiError, apiRequest, errorMessage } from "./api-client";
import { currentFirebaseUser, firebaseUser, isFirebaseError, loadAuth, signOutOfFirebase } from "./firebase";

export type Session =
  | { status: "loading" }
  | { status: "signedOut" }
  | { status: "signedIn"; user: User; email: string; displayName: string };

const SessionContext = createContext<Session>({ status: "loading" });

/** The API's answer when an older shop account holds this address and Firebase has not verified it. */
const EMAIL_NOT_VERIFIED = "email_not_verified";

/**
 * Firebase's verification e-mail for the signed-in user, whose link leads back to the dashboard.
 * Until the address is verified the shop holds the account's order e-mail (decision 19).
 */
export async function sendVerificationLink(user: User): Promise<void> {
  const { sendEmailVerification } = await import("firebase/auth");
  await sendEmailVerification(user, { url: `${window.location.origin}/dashboard` });
}

/**
 * After the person says they opened the link: reloads the Firebase user and, once Firebase says
 * the address is verified, repeats the sign-in exchange with a fresh ID token so the shop learns
 * of it and sends the e-mail that waited. False while the address is still unverified.
 */
export async function confirmVerifiedEmail(user: User): Promise<boolean> {
  await user.reload();
  if (!user.emailVerified) return false;
  await exchangeAccessToken(user, { forceRefresh: true });
  return true;
}

async function exchange(user: User, forceRefresh: boolean): Promise<string> {
  if (!user.email) throw new ApiError(400, "No email", "This account has no email address.", "no_email");
  const idToken = await user.getIdToken(forceRefresh);
  try {
    const { token } = await apiRequest<z.infer<typeof signInResponse>>(`/user/${encodeURIComponent(user.email)}`, {
      method: "PUT",
      body: { email: user.email },
      bearer: idToken,
    });
    accessToken.set(token);
    return token;
  } catch (error) {
    // The API's detail tells the person to open the verification link; this sends it. Firebase
    // limits how often it sends one, and a failure to send must not hide the API's answer.
    if (error instanceof ApiError && error.code === EMAIL_NOT_VERIFIED && !user.emailVerified) {
      await sendVerificationLink(user).catch(() => undefined);
    }
    throw error;
  }
}

let exchangeInFlight: { promise: Promise<string>; forced: boolean } | null = null;

/**
 * PUT /user/{email}: trades the Firebase ID token for the API access token and stores it.
 * Concurrent callers share one call (many requests that got a 401 at once renew the token once).
 * A forced call (the ID token must be refreshed, e.g. after a new display name) does not join an
 * unforced one in flight: it waits for it and then makes its own, so the server sees the newest token.
 */
export function exchangeAccessToken(user: User, { forceRefresh = false } = {}): Promise<string> {
  if (exchangeInFlight && (exchangeInFlight.forced || !forceRefresh)) return exchangeInFlight.promise;
  const before = exchangeInFlight?.promise.catch(() => undefined) ?? Promise.resolve();
  const entry = { promise: before.then(() => exchange(user, forceRefresh)), forced: forceRefresh };
  exchangeInFlight = entry;
  const settle = () => {
    if (exchangeInFlight === entry) exchangeInFlight = null;
  };
  entry.promise.then(settle, settle);
  return entry.promise;
}

// Firebase could not be asked, or the API could not answer: the renewal is worth retrying.
const TRANSIENT_FIREBASE_CODES = new Set(["auth/network-request-failed", "auth/too-many-requests", "auth/internal-error", "auth/timeout"]);
const RETRY_RENEWAL_MS = 15_000;

/**
 * True when the renewal was refused for good: the API turned the account down (disabled, signed
 * out, removed or deleted in Firebase: 401, 403, 409), or Firebase would not refresh its ID token.
 * A network failure, a rate limit or an outage is not a refusal.
 */
function isRefusal(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 401 || error.status === 403 || error.status === 409 || error.code === "no_email";
  if (isFirebaseError(error)) return !TRANSIENT_FIREBASE_CODES.has(error.code);
  return false;
}

const SIGNED_OUT_BY_FIREBASE = "Your sign-in is no longer valid: the account may have been disabled, removed or signed out. Sign in again.";

/** Signs out a person whose account may no longer use the shop, and tells them why (once). */
async function endSession(error: unknown) {
  // The API's detail says what to do; Firebase's own messages are codes, not sentences.
  toast.error(isFirebaseError(error) ? SIGNED_OUT_BY_FIREBASE : errorMessage(error), { toastId: "session-ended" });
  // Firebase first: a session without a token but still with its user would ask for a new token.
  await signOutOfFirebase();
  accessToken.clear();
}

/**
 * A new access token for a signed-in user, with a freshly refreshed Firebase ID token, so the API
 * checks the account again: a refusal ends the session; anything else is the caller's to retry.
 */
async function renewFor(user: User): Promise<string> {
  try {
    return await exchangeAccessToken(user, { forceRefresh: true });
  } catch (error) {
    if (isRefusal(error)) await endSession(error);
    throw error;
  }
}

/** For the API client, after a 401: a new access token while Firebase still has the user, else null. */
export async function renewAccessToken(): Promise<string | null> {
  // No token and Firebase never needed: a visitor, whom a renewal cannot sign in.
  if (accessToken.get() === null && firebaseUser.get().status === "unknown") return null;
  const user = await currentFirebaseUser();
  return user ? renewFor(user) : null;
}

/**
 * API tokens live 15 minutes at most, so an account disabled or signed out in Firebase loses API
 * access within that time. The session renews its token shortly before it expires, without the
 * person noticing; when the tab was in the background (where timers are slowed down), as soon as
 * it shows again. A renewal that fails for a passing reason is retried; a refused one signs out.
 */
function useSilentRenewal(user: User | null, token: string | null) {
  useEffect(() => {
    if (!user || !token) return;
    const delay = accessToken.renewalDelay(token);
    if (delay === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const renew = () => {
      clearTimeout(timer);
      renewFor(user).catch((error: unknown) => {
        if (!stopped && !isRefusal(error)) timer = setTimeout(renew, RETRY_RENEWAL_MS);
      });
    };
    const renewIfDue = () => {
      if (document.visibilityState === "visible" && accessToken.renewalDelay(token) === 0) renew();
    };
    timer = setTimeout(renew, delay);
    document.addEventListener("visibilitychange", renewIfDue);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", renewIfDue);
    };
  }, [user, token]);
}

/**
 * Firebase's user, with Firebase loaded only when there is a session to restore: a stored access
 * token means someone signed in here. Without one the visitor is signed out from the first paint,
 * and Firebase is loaded by the sign-in pages instead.
 */
function useFirebaseUser(token: string | null): { status: "loading" | "success"; user: User | null } {
  const state = useSyncExternalStore(firebaseUser.subscribe, firebaseUser.get);
  const restoring = token !== null;
  useEffect(() => {
    if (restoring) void loadAuth().catch(() => undefined);
  }, [restoring]);
  if (state.status === "known") return { status: "success", user: state.user };
  return { status: restoring ? "loading" : "success", user: null };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const token = useSyncExternalStore(accessToken.subscribe, accessToken.get);
  const { status, user } = useFirebaseUser(token);
  const hasFreshToken = accessToken.isFresh(token);
  const queryClient = useQueryClient();
  const previousUid = useRef<string | null>(null);
  useSilentRenewal(user ?? null, hasFreshToken ? token : null);

  useEffect(() => {
    if (status === "loading") return;
    const uid = user?.uid ?? null;
    // Another account's cached data must not show to the next one.
    if (previousUid.current !== null && previousUid.current !== uid) queryClient.clear();
    previousUid.current = uid;
    if (!user) {
      accessToken.clear();
      return;
    }
    // Firebase restored a user from a previous visit (or a tab woke up) but the API token is missing
    // or stale. A refusal signs out; a network failure is retried rather than signing the person out.
    if (hasFreshToken) return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const attempt = () => {
      exchangeAccessToken(user).catch((error: unknown) => {
        if (stopped) return;
        if (isRefusal(error)) return void endSession(error);
        toast.error(errorMessage(error), { toastId: "session-retry" });
        retry = setTimeout(attempt, RETRY_RENEWAL_MS);
      });
    };
    attempt();
    return () => {
      stopped = true;
      clearTimeout(retry);
    };
  }, [status, user, hasFreshToken, queryClient]);

  let session: Session;
  if (status === "loading") session = { status: "loading" };
  else if (!user) session = { status: "signedOut" };
  else if (!hasFreshToken) session = { status: "loading" };
  else {
    const email = user.email ?? "";
    session = { status: "signedIn", user, email, displayName: user.displayName || email.split("@")[0] || email };
  }
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);

export function useLogout() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    accessToken.clear();
    queryClient.clear();
    await signOutOfFirebase();
  }, [queryClient]);
}

/** GET /admin/{email}: the contract's admin check (docs/product.md §2.2), asked of the API for the signed-in user. */
export function useAdminStatus(): { isLoading: boolean; isAdmin: boolean } {
  const session = useSession();
  const email = session.status === "signedIn" ? session.email : "";
  const query = useQuery({
    queryKey: ["admin", email],
    queryFn: ({ signal }) => apiRequest<z.infer<typeof adminStatus>>(`/admin/${encodeURIComponent(email)}`, { signal }),
    enabled: email !== "",
    staleTime: 60_000,
  });
  return {
    isLoading: session.status === "loading" || (email !== "" && query.isPending),
    isAdmin: query.data?.admin === true,
  };
}
