import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { FirebaseError } from "firebase/app";
import type { User } from "firebase/auth";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import type { signInResponse } from "@api/users/users.schemas";
import { problemResponse } from "@/test/problem-response";
import { server } from "@/test/server";
import { accessToken } from "./access-token";
import type * as FirebaseModule from "./firebase";
import { apiRequest, configureApiClient } from "./api-client";
import { confirmVerifiedEmail, renewAccessToken, SessionProvider, useSession } from "./auth";

const firebase = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const state = { signedIn: null as unknown, snapshot: { status: "unknown" } as unknown };
  /** As Firebase does when its user changes: it tells whoever watches. */
  const tell = (user: unknown) => {
    state.signedIn = user;
    state.snapshot = { status: "known", user };
    for (const listener of listeners) listener();
  };
  return Object.assign(state, {
    listeners,
    tell,
    signOut: vi.fn(async () => tell(null)),
    loadAuth: vi.fn(async () => ({})),
    /** Firebase not loaded yet: it knows nothing of a user. */
    forget: () => {
      state.signedIn = null;
      state.snapshot = { status: "unknown" };
    },
    sendEmailVerification: vi.fn(async () => undefined),
  });
});
vi.mock("./firebase", async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseModule>()),
  loadAuth: firebase.loadAuth,
  currentFirebaseUser: async () => firebase.signedIn,
  signOutOfFirebase: firebase.signOut,
  firebaseUser: {
    get: () => firebase.snapshot,
    subscribe: (listener: () => void) => {
      firebase.listeners.add(listener);
      return () => void firebase.listeners.delete(listener);
    },
  },
}));
vi.mock("firebase/auth", () => ({ sendEmailVerification: firebase.sendEmailVerification }));
vi.mock("react-toastify", () => ({ toast: { error: vi.fn() } }));

const MINUTE = 60_000;
const TTL_SECONDS = 15 * 60;
const EMAIL = "buyer@toolshop.test";

/** An API token as the API signs it (the client only reads its times). */
const apiToken = (issuedAtMs = Date.now(), ttlSeconds = TTL_SECONDS) => {
  const iat = Math.floor(issuedAtMs / 1000);
  const payload = btoa(JSON.stringify({ sub: "u1", email: EMAIL, iat, exp: iat + ttlSeconds })).replace(/=+$/, "");
  return `header.${payload}.signature-${Math.random()}`;
};

const account: z.infer<typeof signInResponse>["user"] = {
  _id: "u1",
  email: EMAIL,
  name: "Bob Buyer",
  role: "buyer",
  education: "",
  location: "",
  number: "",
  linkIn: "",
};
const refused = (status: number, title: string, code: string, detail: string) => () => problemResponse({ status, title, code, detail });
const SIGN_IN_AGAIN = "Your sign-in has expired, or the account is disabled or signed out. Sign in again.";

let user: User & { getIdToken: ReturnType<typeof vi.fn> };
let issued: string[];
/** The sign-in exchanges the API received, in order. */
let exchanges: Request[];

/** A new token as the API issues it, its times in the API's clock. */
function issue(issuedAtMs?: number) {
  const token = apiToken(issuedAtMs);
  issued.push(token);
  return HttpResponse.json<z.infer<typeof signInResponse>>({ token, user: account });
}

type Answer = () => Response | Promise<Response>;

/** The sign-in exchange (PUT /api/user/{email}) as the API answers it: each of `first` once, then `otherwise`. */
function answerExchanges(first: Answer[], otherwise: Answer = () => issue()) {
  server.use(
    http.put("/api/user/:email", ({ request }) => {
      exchanges.push(request);
      return (first.shift() ?? otherwise)();
    }),
  );
}

function SessionStatus() {
  return <p>{useSession().status}</p>;
}

function renderSession() {
  const seen: string[] = [];
  function Recorder() {
    const status = useSession().status;
    seen.push(status);
    return null;
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <SessionStatus />
        <Recorder />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { seen };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  issued = [];
  exchanges = [];
  answerExchanges([]);
  user = { uid: "u1", email: EMAIL, emailVerified: false, displayName: "Bob Buyer", getIdToken: vi.fn(async () => "firebase-id-token") } as never;
  firebase.tell(user);
  firebase.signOut.mockClear();
  firebase.loadAuth.mockClear();
  firebase.sendEmailVerification.mockClear();
  configureApiClient({ renewAccessToken });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the API token of a signed-in session", () => {
  it("when the 15-minute token nears its end, then a new one is fetched with a refreshed Firebase ID token, and the session never stops being signed in", async () => {
    accessToken.set(apiToken());
    const { seen } = renderSession();
    expect(screen.getByText("signedIn")).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(12 * MINUTE));
    expect(exchanges).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(2 * MINUTE));
    expect(exchanges).toHaveLength(1);
    expect(user.getIdToken).toHaveBeenLastCalledWith(true);
    expect(exchanges[0]!.headers.get("authorization")).toBe("Bearer firebase-id-token");
    expect(accessToken.get()).toBe(issued[0]);

    // And again for the next token, for as long as the person stays.
    await act(() => vi.advanceTimersByTimeAsync(4 * 60 * MINUTE));
    expect(exchanges.length).toBeGreaterThanOrEqual(18);
    expect(accessToken.isFresh()).toBe(true);
    expect(seen.every((status) => status === "signedIn")).toBe(true);
  });

  it("when the API refuses the renewal (account disabled or signed out in Firebase), then the person is signed out and the token is gone", async () => {
    accessToken.set(apiToken());
    answerExchanges([refused(401, "Unauthorized", "unauthorized", SIGN_IN_AGAIN)]);
    renderSession();

    await act(() => vi.advanceTimersByTimeAsync(14 * MINUTE));
    expect(firebase.signOut).toHaveBeenCalledTimes(1);
    expect(accessToken.get()).toBeNull();
  });

  it("when Firebase will not refresh the ID token (account disabled or deleted), then the person is signed out", async () => {
    accessToken.set(apiToken());
    user.getIdToken.mockRejectedValue(new FirebaseError("auth/user-disabled", "Firebase: Error (auth/user-disabled)."));
    renderSession();

    const { toast } = await import("react-toastify");
    await act(() => vi.advanceTimersByTimeAsync(14 * MINUTE));
    expect(exchanges).toHaveLength(0);
    expect(firebase.signOut).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenLastCalledWith(expect.stringMatching(/no longer valid.*Sign in again/), expect.anything());
  });

  it("when the renewal fails because the network is down, then the person stays signed in and it is retried until it works", async () => {
    accessToken.set(apiToken());
    const offline = () => HttpResponse.error();
    answerExchanges([offline, offline]);
    renderSession();

    await act(() => vi.advanceTimersByTimeAsync(13 * MINUTE + 1000));
    expect(exchanges).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(exchanges).toHaveLength(3);
    expect(accessToken.get()).toBe(issued[0]);
    expect(firebase.signOut).not.toHaveBeenCalled();
    expect(screen.getByText("signedIn")).toBeInTheDocument();
  });

  it("when a tab comes back after its timers slept past the renewal, then the token is renewed at once", async () => {
    accessToken.set(apiToken());
    renderSession();
    // Background tabs get their timers slowed: the clock moves on, the renewal timer has not fired.
    vi.setSystemTime(Date.now() + 14 * MINUTE);
    await act(async () => {
      document.dispatchEvent(new Event("visibilitychange"));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(exchanges).toHaveLength(1);
    expect(accessToken.get()).toBe(issued[0]);
  });

  it("when this device's clock is 20 minutes ahead of the API's, then a new token still counts as fresh and is renewed on the API's schedule", async () => {
    vi.setSystemTime(Date.now() + 20 * MINUTE);
    const { seen } = renderSession();
    // No token yet: the session fetches one, whose times are in the API's clock.
    answerExchanges([], () => issue(Date.now() - 20 * MINUTE));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(issued).toHaveLength(1);
    expect(screen.getByText("signedIn")).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(12 * MINUTE));
    expect(issued).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(2 * MINUTE));
    expect(issued).toHaveLength(2);
    expect(seen.at(-1)).toBe("signedIn");
  });
});

describe("Firebase, loaded only when a session needs it", () => {
  it("when no access token is stored, then the visitor is signed out from the first render and Firebase is not loaded", async () => {
    firebase.forget();
    const { seen } = renderSession();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(seen).toEqual(["signedOut"]);
    expect(firebase.loadAuth).not.toHaveBeenCalled();
  });

  it("when a token is stored, then Firebase is loaded and the session waits for the user it restores", async () => {
    firebase.forget();
    accessToken.set(apiToken());
    renderSession();
    expect(screen.getByText("loading")).toBeInTheDocument();
    expect(firebase.loadAuth).toHaveBeenCalledTimes(1);
    act(() => firebase.tell(user));
    expect(screen.getByText("signedIn")).toBeInTheDocument();
  });

  it("when Firebase has no user for the stored token (signed out elsewhere), then the token is cleared and the session is signed out", async () => {
    firebase.forget();
    accessToken.set(apiToken());
    renderSession();
    act(() => firebase.tell(null));
    expect(screen.getByText("signedOut")).toBeInTheDocument();
    expect(accessToken.get()).toBeNull();
  });

  it("when a visitor's request is refused with 401, then no renewal is tried and Firebase is not loaded", async () => {
    firebase.forget();
    server.use(http.get("/api/orders", refused(401, "Unauthorized", "unauthorized", "Sign in first.")));
    await expect(apiRequest("/orders")).rejects.toMatchObject({ status: 401 });
    expect(exchanges).toHaveLength(0);
    expect(firebase.loadAuth).not.toHaveBeenCalled();
  });
});

describe("renewing after the API answered 401", () => {
  it("when a request gets 401 and the renewal is refused because the account was removed, then the person is signed out and the request fails", async () => {
    accessToken.set(apiToken());
    answerExchanges([], refused(401, "Unauthorized", "unauthorized", SIGN_IN_AGAIN));
    server.use(http.get("/api/orders", refused(401, "Unauthorized", "unauthorized", "Your account is no longer active.")));
    await expect(apiRequest("/orders")).rejects.toMatchObject({ status: 401 });
    expect(firebase.signOut).toHaveBeenCalledTimes(1);
    expect(accessToken.get()).toBeNull();
  });
});

describe("an address an older account holds", () => {
  it("when the API answers that the address must be verified first, then Firebase sends the verification link and the API's words reach the person", async () => {
    const detail = "A shop account already exists for this email address. To use it, confirm that the address is yours: open the verification link sent to it, then sign in again.";
    answerExchanges([refused(409, "Conflict", "email_not_verified", detail)]);
    const { toast } = await import("react-toastify");
    renderSession();
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(firebase.sendEmailVerification).toHaveBeenCalledWith(user, { url: `${window.location.origin}/dashboard` });
    expect(toast.error).toHaveBeenCalledWith(detail, expect.anything());
    expect(firebase.signOut).toHaveBeenCalledTimes(1);
  });
});

describe("telling the shop that the address is now verified", () => {
  it("when Firebase still says unverified after a reload, then the shop is not asked again", async () => {
    const reload = vi.fn(async () => undefined);
    expect(await confirmVerifiedEmail(Object.assign(user, { reload }))).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(exchanges).toHaveLength(0);
  });

  it("when Firebase says verified after a reload, then the sign-in exchange runs again with a refreshed ID token", async () => {
    const reload = vi.fn(async () => void Object.assign(user, { emailVerified: true }));
    expect(await confirmVerifiedEmail(Object.assign(user, { reload }))).toBe(true);
    expect(user.getIdToken).toHaveBeenLastCalledWith(true);
    expect(exchanges.map((request) => new URL(request.url).pathname)).toEqual([`/api/user/${encodeURIComponent(EMAIL)}`]);
    expect(accessToken.get()).toBe(issued.at(-1));
  });
});
