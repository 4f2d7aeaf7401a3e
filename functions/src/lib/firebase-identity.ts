import { type App, getApps, initializeApp } from "firebase-admin/app";
import { type Auth, type DecodedIdToken, getAuth } from "firebase-admin/auth";
import { serviceUnavailable } from "./errors.js";
import { isDemoProject } from "../config/env.js";
import { isEmulatorSignUpRace } from "./emulator-sign-up-race.js";
import type { AccountChange, IdentityProvider } from "./identity.js";

/** The project's default Admin SDK app; the Firestore store keeps an app of its own beside it. */
export function defaultApp(projectId: string): App {
  return getApps().find((app) => app.name === DEFAULT_APP) ?? initializeApp({ projectId });
}

const DEFAULT_APP = "[DEFAULT]";

function firebaseAuth(projectId: string): Auth {
  return getAuth(defaultApp(projectId));
}

const codeOf = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
};

// Firebase could not be asked (network, its own outage): the request may succeed when retried, so
// it is a 503, never a 401 that would sign a person out, nor a 500.
const isUnreachable = (code: string) => code.startsWith("app/") || code === "auth/internal-error";

function unavailable(error: unknown): Error {
  const problem = serviceUnavailable("The sign-in service could not be reached. Nothing was changed; please retry shortly.");
  return Object.assign(problem, { cause: error });
}

/** Runs a change on an account that may have been deleted in Firebase since the shop saw it. */
async function changeAccount(change: () => Promise<unknown>): Promise<AccountChange> {
  try {
    await change();
    return "done";
  } catch (error) {
    const code = codeOf(error);
    if (code === "auth/user-not-found") return "missing";
    throw isUnreachable(code) ? unavailable(error) : error;
  }
}

/** Against the Auth emulator only: a sign-up token caught in its race (see emulator-sign-up-race). */
async function signUpTokenOfEmulator(auth: Auth, projectId: string, idToken: string, error: unknown): Promise<DecodedIdToken | null> {
  // Only a demo project talks to the emulator; a real project never forgives a revocation.
  if (!isDemoProject(projectId) || !process.env.FIREBASE_AUTH_EMULATOR_HOST || codeOf(error) !== "auth/id-token-revoked") return null;
  const decoded = await auth.verifyIdToken(idToken, false);
  const user = await auth.getUser(decoded.uid);
  if (!user.tokensValidAfterTime) return null;
  const facts = {
    authTimeSeconds: decoded.auth_time,
    createdAt: new Date(user.metadata.creationTime),
    validAfter: new Date(user.tokensValidAfterTime),
    disabled: user.disabled,
  };
  return isEmulatorSignUpRace(facts) ? decoded : null;
}

export function firebaseIdentity(projectId: string): IdentityProvider {
  const auth = firebaseAuth(projectId);
  const verifiedToken = async (idToken: string) => {
    try {
      // checkRevoked: a disabled, deleted or signed-out account must not get a fresh API token.
      return await auth.verifyIdToken(idToken, true);
    } catch (error) {
      const decoded = await signUpTokenOfEmulator(auth, projectId, idToken, error).catch(() => null);
      if (decoded) return decoded;
      throw error;
    }
  };
  return {
    async verifyIdToken(idToken) {
      try {
        const decoded = await verifiedToken(idToken);
        if (!decoded.email) return null;
        let name = typeof decoded.name === "string" ? decoded.name : undefined;
        // A display name set right after sign-up reaches the ID token only on its next refresh.
        if (!name) name = (await auth.getUser(decoded.uid)).displayName;
        return { uid: decoded.uid, email: decoded.email, emailVerified: decoded.email_verified === true, name, admin: decoded.admin === true };
      } catch (error) {
        if (isUnreachable(codeOf(error))) throw unavailable(error);
        return null;
      }
    },
    async currentEmail(uid) {
      try {
        return (await auth.getUser(uid)).email ?? "";
      } catch (error) {
        const code = codeOf(error);
        if (code === "auth/user-not-found") return null;
        throw isUnreachable(code) ? unavailable(error) : error;
      }
    },
    setAdmin: (uid) =>
      changeAccount(async () => {
        const user = await auth.getUser(uid);
        await auth.setCustomUserClaims(uid, { ...user.customClaims, admin: true });
      }),
    disable: (uid) =>
      changeAccount(async () => {
        await auth.updateUser(uid, { disabled: true });
        // A removed admin is no admin anywhere, the security rules included.
        const { customClaims } = await auth.getUser(uid);
        if (customClaims?.admin) await auth.setCustomUserClaims(uid, { ...customClaims, admin: false });
        await auth.revokeRefreshTokens(uid);
      }),
  };
}
