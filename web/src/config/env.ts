// Checked by hand rather than with zod: this runs in the first load of every page, where zod would
// be the largest single dependency.

const DEMO_PROJECT_ID = "demo-toolshop";
const DEFAULT_AUTH_EMULATOR = "http://127.0.0.1:9099";
// firebase.json's emulators.firestore, where `npm start` runs it.
const DEFAULT_FIRESTORE_EMULATOR = "127.0.0.1:8080";

export interface FirebaseConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
}

export interface Env {
  firebase: FirebaseConfig;
  /** Where the Auth emulator listens, or null to use the real Firebase Auth. */
  authEmulatorUrl: string | null;
  /** Where the Firestore emulator listens, or null to use the project's Firestore. */
  firestoreEmulator: { host: string; port: number } | null;
  /** The API's base path or URL, without a trailing slash. */
  apiUrl: string;
  /** Stripe's publishable key; without it the payment page can take card payments only from the sandbox. */
  stripePublishableKey?: string;
}

type Source = Record<string, unknown>;

function optional(source: Source, name: string): string | undefined {
  const value = source[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new Error(`${name} must be a string`);
  return value.trim() || undefined;
}

function required(source: Source, name: string, because: string): string {
  const value = optional(source, name);
  if (!value) throw new Error(`${name} is required ${because}`);
  return value;
}

/**
 * Whatever is set here is shipped to every browser, so only a publishable key is accepted: a secret
 * key put here by mistake makes the client fail at start, where someone notices, not quietly work.
 */
function stripeKey(source: Source): string | undefined {
  const key = optional(source, "VITE_STRIPE_PUBLISHABLE_KEY");
  if (key !== undefined && !/^pk_(test|live)_\w+$/.test(key)) {
    throw new Error("VITE_STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…), never a secret key");
  }
  return key;
}

const withScheme = (host: string) => (/^https?:\/\//.test(host) ? host : `http://${host}`);

/** `host:port`, as FIRESTORE_EMULATOR_HOST is written for the server's SDK (an IPv6 host in brackets, which it keeps). */
function hostAndPort(name: string, value: string): { host: string; port: number } {
  const match = /^([^/:]+|\[[\da-fA-F:.]+\]):(\d{1,5})$/.exec(value);
  if (!match) throw new Error(`${name} must be a host and a port, like 127.0.0.1:8080`);
  return { host: match[1]!, port: Number(match[2]) };
}

export function parseEnv(source: Source): Env {
  const apiUrl = (optional(source, "VITE_API_URL") ?? "/api").replace(/\/$/, "");
  const apiKey = optional(source, "VITE_FIREBASE_API_KEY");
  const emulatorHost = optional(source, "VITE_AUTH_EMULATOR_HOST");
  const firestoreEmulatorHost = optional(source, "VITE_FIRESTORE_EMULATOR_HOST");
  const stripePublishableKey = stripeKey(source);
  // Without a real project the shop runs against the emulator's demo project, as `npm start` does.
  if (!apiKey) {
    return {
      firebase: {
        apiKey: "demo-api-key",
        authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com`,
        projectId: DEMO_PROJECT_ID,
        appId: "demo-toolshop-web",
      },
      authEmulatorUrl: withScheme(emulatorHost ?? DEFAULT_AUTH_EMULATOR),
      firestoreEmulator: hostAndPort("VITE_FIRESTORE_EMULATOR_HOST", firestoreEmulatorHost ?? DEFAULT_FIRESTORE_EMULATOR),
      apiUrl,
      stripePublishableKey,
    };
  }
  const because = "when VITE_FIREBASE_API_KEY is set";
  return {
    firebase: {
      apiKey,
      authDomain: required(source, "VITE_FIREBASE_AUTH_DOMAIN", because),
      projectId: required(source, "VITE_FIREBASE_PROJECT_ID", because),
      appId: required(source, "VITE_FIREBASE_APP_ID", because),
    },
    authEmulatorUrl: emulatorHost ? withScheme(emulatorHost) : null,
    firestoreEmulator: firestoreEmulatorHost ? hostAndPort("VITE_FIRESTORE_EMULATOR_HOST", firestoreEmulatorHost) : null,
    apiUrl,
    stripePublishableKey,
  };
}

export const env = parseEnv(import.meta.env);
