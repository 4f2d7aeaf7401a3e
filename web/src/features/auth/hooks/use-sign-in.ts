import {
  browserPopupRedirectResolver,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  signInWithEmailAndPassword,
  signInWithPopup,
  updateProfile,
  type User,
} from "firebase/auth";
import { FirebaseError } from "firebase/app";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useAuth } from "reactfire";
import { errorMessage } from "@/lib/api-client";
import { exchangeAccessToken } from "@/lib/auth";
import type { LoginInput, SignupInput } from "../components/auth-form-schemas";
import { originOf } from "../utils/origin";

// Closing the Google pop-up is a choice, not an error to show.
const DISMISSED = new Set(["auth/popup-closed-by-user", "auth/cancelled-popup-request"]);
/** Email, sign-up and Google sign-in; each one ends with the API token exchange and the way back. */
export function useSignIn() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);

  const finish = async (signIn: () => Promise<User>, options?: { forceRefresh: boolean }) => {
    setError(null);
    try {
      const user = await signIn();
      await exchangeAccessToken(user, options);
      navigate(originOf(location.state), { replace: true });
    } catch (failure) {
      if (failure instanceof FirebaseError && DISMISSED.has(failure.code)) return;
      setError(errorMessage(failure));
    }
  };

  return {
    error,
    location,
    withPassword: ({ email, password }: LoginInput) =>
      finish(async () => (await signInWithEmailAndPassword(auth, email, password)).user),
    withGoogle: () =>
      finish(async () => (await signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver)).user),
    // The new display name is in the ID token only after a refresh, so the exchange forces one.
    signUp: ({ name, email, password }: SignupInput) =>
      finish(
        async () => {
          const { user } = await createUserWithEmailAndPassword(auth, email, password);
          await updateProfile(user, { displayName: name });
          return user;
        },
        { forceRefresh: true },
      ),
  };
}

export type SignIn = ReturnType<typeof useSignIn>;
