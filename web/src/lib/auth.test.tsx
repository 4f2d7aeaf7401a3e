import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { FirebaseError } from "firebase/app";
import type { User } from "firebase/auth";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accessToken } from "./access-token";
import { apiRequest, configureApiClient } from "./api-client";
import { renewAccessToken, SessionProvider, useSession } from "./auth";

const firebase = vi.hoisted(() => {
  const state = { currentUser: null as unknown, signedIn: null as unknown };
  return Object.assign(state, {
    /** As Firebase does: the user is gone, and reactfire reports it at the next render. */
    signOut: vi.fn(async () => {
      state.signedIn = null;
      state.currentUser = null;
    }),
    sendEmailVerification: vi.fn(async () => undefined),
  });
});
vi.mock("./firebase", () => ({ auth: firebase }));
vi.mock("reactfire", () => ({ useUser: () => ({ status: "success", data: firebase.signedIn }) }));
vi.mock("firebase/auth", () => ({ signOut: firebase.signOut, sendEmailVerification: firebase.sendEmailVerification }));
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

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const problem = (status: number, code: string, detail: string) => json(status, { type: "about:blank", status, title: "Refused", detail, code });

let fetch: ReturnType<typeof vi.fn<typeof globalThis.fetch>>;
let user: User & { getIdToken: ReturnType<typeof vi.fn> };
let issued: string[];

/** The sign-in exchange as the API answers it: a new 15-minute token each time, unless told otherwise. */
function apiAnswers(...answers: (() => Response | Promise<Response>)[]) {
  fetch.mockImplementation(async (url, init) => {
    if (init?.method === "PUT" && String(url).startsWith("/api/user/")) {
      const next = answers.shift();
      if (next) return next();
      const token = apiToken();
      issued.push(token);
      return json(200, { token, user: { email: EMAIL } });
    }
    return json(200, { admin: false });
  });
}

const exchanges = () => fetch.mock.calls.filter(([url, init]) => init?.method === "PUT" && String(url).startsWith("/api/user/"));

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
  fetch = vi.fn<typeof globalThis.fetch>();
  vi.stubGlobal("fetch", fetch);
  apiAnswers();
  user = { uid: "u1", email: EMAIL, emailVerified: false, displayName: "Bob Buyer", getIdToken: vi.fn(async () => "firebase-id-token") } as never;
  firebase.signedIn = user;
  firebase.currentUser = user;
  firebase.signOut.mockClear();
  firebase.sendEmailVerification.mockClear();
  configureApiClient({ renewAccessToken });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the API token of a signed-in session", () => {
  it("when the 15-minute token nears its end, then a new one is fetched with a refreshed Firebase ID token, and the session never stops being signed in", async () => {
    accessToken.set(apiToken());
    const { seen } = renderSession();
    expect(screen.getByText("signedIn")).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(12 * MINUTE));
    expect(exchanges()).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(2 * MINUTE));
    expect(exchanges()).toHaveLength(1);
    expect(user.getIdToken).toHaveBeenLastCalledWith(true);
    expect(new Headers(exchanges()[0]![1]?.headers).get("authorization")).toBe("Bearer firebase-id-token");
    expect(accessToken.get()).toBe(issued[0]);

    // And again for the next token, for as long as the person stays.
    await act(() => vi.advanceTimersByTimeAsync(4 * 60 * MINUTE));
    expect(exchanges().length).toBeGreaterThanOrEqual(18);
    expect(accessToken.isFresh()).toBe(true);
    expect(seen.every((status) => status === "signedIn")).toBe(true);
  });

  it("when the API refuses the renewal (account disabled or signed out in Firebase), then the person is signed out and the token is gone", async () => {
    accessToken.set(apiToken());
    apiAnswers(() => problem(401, "unauthorized", "Your sign-in has expired, or the account is disabled or signed out. Sign in again."));
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
    expect(exchanges()).toHaveLength(0);
    expect(firebase.signOut).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenLastCalledWith(expect.stringMatching(/no longer valid.*Sign in again/), expect.anything());
  });

  it("when the renewal fails because the network is down, then the person stays signed in and it is retried until it works", async () => {
    accessToken.set(apiToken());
    const offline = () => Promise.reject(new TypeError("Failed to fetch"));
    apiAnswers(offline, offline);
    renderSession();

    await act(() => vi.advanceTimersByTimeAsync(13 * MINUTE + 1000));
    expect(exchanges()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(exchanges()).toHaveLength(3);
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
    expect(exchanges()).toHaveLength(1);
    expect(accessToken.get()).toBe(issued[0]);
  });

  it("when this device's clock is 20 minutes ahead of the API's, then a new token still counts as fresh and is renewed on the API's schedule", async () => {
    vi.setSystemTime(Date.now() + 20 * MINUTE);
    const { seen } = renderSession();
    // No token yet: the session fetches one, whose times are in the API's clock.
    fetch.mockImplementation(async () => {
      const token = apiToken(Date.now() - 20 * MINUTE);
      issued.push(token);
      return json(200, { token, user: { email: EMAIL } });
    });
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

describe("renewing after the API answered 401", () => {
  it("when a request gets 401 and the renewal is refused because the account was removed, then the person is signed out and the request fails", async () => {
    accessToken.set(apiToken());
    fetch.mockImplementation(async (url, init) =>
      init?.method === "PUT"
        ? problem(401, "unauthorized", "Your sign-in has expired, or the account is disabled or signed out. Sign in again.")
        : problem(401, "unauthorized", "Your account is no longer active."),
    );
    await expect(apiRequest("/orders")).rejects.toMatchObject({ status: 401 });
    expect(firebase.signOut).toHaveBeenCalledTimes(1);
    expect(accessToken.get()).toBeNull();
  });
});

describe("an address an older account holds", () => {
  it("when the API answers that the address must be verified first, then Firebase sends the verification link and the API's words reach the person", async () => {
    const detail = "A shop account already exists for this email address. To use it, confirm that the address is yours: open the verification link sent to it, then sign in again.";
    apiAnswers(() => problem(409, "email_not_verified", detail));
    const { toast } = await import("react-toastify");
    renderSession();
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(firebase.sendEmailVerification).toHaveBeenCalledWith(user);
    expect(toast.error).toHaveBeenCalledWith(detail, expect.anything());
    expect(firebase.signOut).toHaveBeenCalledTimes(1);
  });
});
