import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("parseEnv", () => {
  it("when no Firebase project is configured, then it uses the demo project on the local Auth emulator", () => {
    const env = parseEnv({});
    expect(env.firebase).toMatchObject({ apiKey: "demo-api-key", projectId: "demo-toolshop" });
    expect(env.authEmulatorUrl).toBe("http://127.0.0.1:9099");
    expect(env.firestoreEmulator).toEqual({ host: "127.0.0.1", port: 8080 });
    expect(env.apiUrl).toBe("/api");
  });

  it("when VITE_FIRESTORE_EMULATOR_HOST is a host and port, then Firestore is reached there; anything else is refused", () => {
    expect(parseEnv({ VITE_FIRESTORE_EMULATOR_HOST: "localhost:8181" }).firestoreEmulator).toEqual({ host: "localhost", port: 8181 });
    expect(parseEnv({ VITE_FIRESTORE_EMULATOR_HOST: "[::1]:8181" }).firestoreEmulator).toEqual({ host: "[::1]", port: 8181 });
    expect(() => parseEnv({ VITE_FIRESTORE_EMULATOR_HOST: "http://localhost" })).toThrow("VITE_FIRESTORE_EMULATOR_HOST must be a host and a port");
  });

  it("when VITE_AUTH_EMULATOR_HOST is a host and port, then the emulator is reached there", () => {
    expect(parseEnv({ VITE_AUTH_EMULATOR_HOST: "localhost:9199" }).authEmulatorUrl).toBe("http://localhost:9199");
  });

  it("when a real project is configured, then every setting is required and no emulator is used", () => {
    const settings = {
      VITE_FIREBASE_API_KEY: "key",
      VITE_FIREBASE_AUTH_DOMAIN: "shop.firebaseapp.com",
      VITE_FIREBASE_PROJECT_ID: "shop",
      VITE_FIREBASE_APP_ID: "1:2:web:3",
    };
    expect(parseEnv(settings)).toMatchObject({ firebase: { projectId: "shop" }, authEmulatorUrl: null, firestoreEmulator: null });
    expect(() => parseEnv({ ...settings, VITE_FIREBASE_APP_ID: " " })).toThrow("VITE_FIREBASE_APP_ID is required");
  });

  it("when no Stripe publishable key is set, then there is none (the payment page can use the sandbox only)", () => {
    expect(parseEnv({}).stripePublishableKey).toBeUndefined();
    expect(parseEnv({ VITE_STRIPE_PUBLISHABLE_KEY: "pk_test_51abcDEF" }).stripePublishableKey).toBe("pk_test_51abcDEF");
  });

  it.each(["sk_test_51abcDEF", "rk_live_51abcDEF", "whsec_abc"])(
    "when VITE_STRIPE_PUBLISHABLE_KEY is %j, then it refuses it: it would be shipped to every browser",
    (key) => {
      expect(() => parseEnv({ VITE_STRIPE_PUBLISHABLE_KEY: key })).toThrow("must be a Stripe publishable key");
    },
  );
});
