import { useQuery, useQueryClient } from "@tanstack/react-query";
import { signOut, type User } from "firebase/auth";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useSyncExternalStore } from "react";
import { toast } from "react-toastify";
import { useUser } from "reactfire";
import type { z } from "zod";
import type { adminStatus, signInResponse } from "@api/users/users.schemas";
import { accessToken } from "./access-token";
import { ApiError, apiRequest, errorMessage } from "./api-client";
import { auth } from "./firebase";

export type Session =
  | { status: "loading" }
  | { status: "signedOut" }
  | { status: "signedIn"; user: User; email: string; displayName: string };

const SessionContext = createContext<Session>({ status: "loading" });

async function exchange(user: User, forceRefresh: boolean): Promise<string> {
  if (!user.email) throw new ApiError(400, "No email", "This account has no email address.", "no_email");
  const idToken = await user.getIdToken(forceRefresh);
  const { token } = await apiRequest<z.infer<typeof signInResponse>>(`/user/${encodeURIComponent(user.email)}`, {
    method: "PUT",
    body: { email: user.email },
    bearer: idToken,
  });
  accessToken.set(token);
  return token;
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

/** For the API client: a new access token while Firebase still has the user, else null. */
export async function renewAccessToken(): Promise<string | null> {
  const user = auth.currentUser;
  return user ? exchangeAccessToken(user, { forceRefresh: true }) : null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const { status, data: user } = useUser();
  const token = useSyncExternalStore(accessToken.subscribe, accessToken.get);
  const hasFreshToken = accessToken.isFresh(token);
  const queryClient = useQueryClient();
  const previousUid = useRef<string | null>(null);

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
    // Firebase restored a user from a previous visit but the API token is missing or stale.
    if (hasFreshToken) return;
    exchangeAccessToken(user).catch((error: unknown) => {
      toast.error(errorMessage(error));
      void signOut(auth);
    });
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
    await signOut(auth);
  }, [queryClient]);
}

/** GET /admin/{email}: the spec's admin check, asked of the API for the signed-in user. */
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
