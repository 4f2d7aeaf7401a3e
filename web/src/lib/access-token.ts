import { storedValueListeners } from "./stored-value-listeners";

/** The API access token, kept where docs/product.md §4.7 keeps it: localStorage under `accessToken`. */
const STORAGE_KEY = "accessToken";
// Renew a little early so a request does not leave with a token that expires on the way.
const EXPIRY_MARGIN_MS = 30_000;
// The session renews its token this long before it expires, well before it stops being fresh, so a
// renewal that fails once has time to be retried. A shorter-lived token is renewed halfway through.
const RENEW_BEFORE_EXPIRY_MS = 2 * 60_000;

const listeners = storedValueListeners(STORAGE_KEY);

function read(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

// How far this device's clock is ahead of the API's, learnt from the `iat` of each token it is given.
// API tokens live 15 minutes at most, so a clock that is a few minutes off would otherwise make
// every new token look stale, or renew it long after it expired.
let clockSkewMs = 0;
const serverNow = () => Date.now() - clockSkewMs;

function notify() {
  listeners.notify();
}

/** The token's claims, which the API signs and the client only reads; null for what is not a JWT. */
function claimsOf(token: string): Record<string, unknown> | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    return typeof json === "object" && json !== null ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The token's `iat` and `exp` in ms. */
function lifetime(token: string): { issuedAt: number | null; expiresAt: number } | null {
  const claims = claimsOf(token);
  if (!claims || typeof claims.exp !== "number") return null;
  const issuedAt = typeof claims.iat === "number" ? claims.iat * 1000 : null;
  return { issuedAt, expiresAt: claims.exp * 1000 };
}

export const accessToken = {
  get: read,
  set(token: string) {
    const issuedAt = lifetime(token)?.issuedAt;
    if (issuedAt != null) clockSkewMs = Date.now() - issuedAt;
    localStorage.setItem(STORAGE_KEY, token);
    notify();
  },
  clear() {
    if (read() === null) return;
    localStorage.removeItem(STORAGE_KEY);
    notify();
  },
  /** A token that exists and will not expire in the next few seconds. */
  isFresh(token: string | null = read()): token is string {
    if (!token) return false;
    const expiry = lifetime(token)?.expiresAt ?? null;
    return expiry === null || expiry - EXPIRY_MARGIN_MS > serverNow();
  },
  /** The shop account the token names (its `sub`): the id its orders name their buyer by (`buyerId`). */
  accountId(token: string | null = read()): string | null {
    const sub = token ? claimsOf(token)?.sub : undefined;
    return typeof sub === "string" && sub ? sub : null;
  },
  /**
   * In how many ms the token should be renewed (0: now), or null for a token that states no expiry.
   * API tokens live 15 minutes at most, so a session renews its token in the background.
   */
  renewalDelay(token: string): number | null {
    const times = lifetime(token);
    if (!times) return null;
    const { issuedAt, expiresAt } = times;
    const before = issuedAt === null ? RENEW_BEFORE_EXPIRY_MS : Math.min(RENEW_BEFORE_EXPIRY_MS, (expiresAt - issuedAt) / 2);
    return Math.max(0, expiresAt - before - serverNow());
  },
  subscribe: listeners.subscribe,
};
