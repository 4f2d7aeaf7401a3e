import {
  browserPopupRedirectResolver,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  signInWithEmailAndPassword,
  signInWithPopup,
  updateProfile,
  type User,
} from "firebase/auth";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { exchangeAccessToken, sendVerificationLink } from "@/lib/auth";
import { loadAuth } from "@/lib/firebase";
import type { LoginInput, SignupInput } from "../components/auth-form-schemas";
import { originOf } from "../utils/origin";
import { signInErrorMessage } from "../utils/sign-in-error";

/** Email, sign-up and Google sign-in; each one ends with the API token exchange and the way back. */
export function useSignIn() {
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  // Firebase starts while the person types, so the sign-in does not wait for it.
  useEffect(() => void loadAuth().catch(() => undefined), []);

  const finish = async (signIn: () => Promise<User>, options?: { forceRefresh: boolean }) => {
    setError(null);
    try {
      const user = await signIn();
      await exchangeAccessToken(user, options);
      navigate(originOf(location.state), { replace: true });
    } catch (failure) {
      setError(signInErrorMessage(failure));
    }
  };

  return {
    error,
    location,
    withPassword: ({ email, password }: LoginInput) =>
      finish(async () => (await signInWithEmailAndPassword(await loadAuth(), email, password)).user),
    withGoogle: () =>
      finish(async () => (await signInWithPopup(await loadAuth(), new GoogleAuthProvider(), browserPopupRedirectResolver)).user),
    // The new display name is in the ID token only after a refresh, so the exchange forces one.
    // The verification link goes at once: the shop holds order e-mail until the address is verified,
    // and a link that fails to go now can be resent from the dashboard's notice.
    signUp: ({ name, email, password }: SignupInput) =>
      finish(
        async () => {
          const { user } = await createUserWithEmailAndPassword(await loadAuth(), email, password);
          await updateProfile(user, { displayName: name });
          await sendVerificationLink(user).catch(() => undefined);
          return user;
        },
        { forceRefresh: true },
      ),
  };
}

export type SignIn = ReturnType<typeof useSignIn>;
