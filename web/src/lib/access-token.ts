/** The API access token, kept where the spec keeps it: localStorage under `accessToken`. */
const STORAGE_KEY = "accessToken";
// Renew a little early so a request does not leave with a token that expires on the way.
const EXPIRY_MARGIN_MS = 30_000;

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function notify() {
  for (const listener of listeners) listener();
}

function expiresAt(token: string): number | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    if (typeof json === "object" && json !== null && "exp" in json && typeof json.exp === "number") return json.exp * 1000;
  } catch {
    return null;
  }
  return null;
}

export const accessToken = {
  get: read,
  set(token: string) {
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
    const expiry = expiresAt(token);
    return expiry === null || expiry - EXPIRY_MARGIN_MS > Date.now();
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY || event.key === null) listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  },
};
