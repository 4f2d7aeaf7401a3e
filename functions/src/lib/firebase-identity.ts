import { getApps, initializeApp } from "firebase-admin/app";
import { getAuth, type Auth } from "firebase-admin/auth";
import type { IdentityProvider } from "./identity.js";

function firebaseAuth(projectId: string): Auth {
  const app = getApps()[0] ?? initializeApp({ projectId });
  return getAuth(app);
}

export function firebaseIdentity(projectId: string): IdentityProvider {
  const auth = firebaseAuth(projectId);
  return {
    async verifyIdToken(idToken) {
      let decoded;
      try {
        // checkRevoked: a disabled or signed-out account must not get a fresh API token.
        decoded = await auth.verifyIdToken(idToken, true);
      } catch {
        return null;
      }
      if (!decoded.email) return null;
      let name = typeof decoded.name === "string" ? decoded.name : undefined;
      // A display name set right after sign-up reaches the ID token only on its next refresh.
      if (!name) name = (await auth.getUser(decoded.uid)).displayName;
      return { uid: decoded.uid, email: decoded.email, name, admin: decoded.admin === true };
    },
    async setAdmin(uid) {
      const user = await auth.getUser(uid);
      await auth.setCustomUserClaims(uid, { ...user.customClaims, admin: true });
    },
    async disable(uid) {
      await auth.updateUser(uid, { disabled: true });
      await auth.revokeRefreshTokens(uid);
    },
  };
}
