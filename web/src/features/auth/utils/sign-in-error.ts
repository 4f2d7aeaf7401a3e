import { errorMessage } from "@/lib/api-client";
import { isFirebaseError } from "@/lib/firebase";

const WRONG_CREDENTIALS = "The email or password is not right. Check both and try again.";

/**
 * What the sign-in service's codes mean to the person at the form. Firebase's own messages read
 * "Firebase: Error (auth/invalid-credential).", which tells them nothing they can act on.
 */
const MESSAGES: Record<string, string> = {
  "auth/email-already-in-use": "An account with this email already exists. Log in instead, or sign up with another email.",
  "auth/credential-already-in-use": "This Google account is already linked to another account. Log in with it instead.",
  "auth/account-exists-with-different-credential":
    "An account with this email already exists. Log in with the email and password you signed up with.",
  // Firebase answers all three for a wrong password or an unknown email, depending on its settings;
  // saying which would tell a stranger whether an address has an account.
  "auth/invalid-credential": WRONG_CREDENTIALS,
  "auth/invalid-login-credentials": WRONG_CREDENTIALS,
  "auth/wrong-password": WRONG_CREDENTIALS,
  "auth/user-not-found": WRONG_CREDENTIALS,
  "auth/missing-password": "Enter your password.",
  "auth/invalid-email": "This email address is not valid. Check it and try again.",
  "auth/missing-email": "Enter your email address.",
  "auth/weak-password": "This password is too easy to guess. Choose a longer one with letters and numbers.",
  "auth/too-many-requests": "Too many attempts to sign in. Wait a few minutes, then try again.",
  "auth/user-disabled": "This account has been turned off. Contact us if you think this is a mistake.",
  "auth/popup-closed-by-user": "The Google window was closed before signing in finished. Choose Continue with Google to try again.",
  "auth/cancelled-popup-request": "Another Google sign-in window opened, so this one was stopped. Finish signing in there, or try again.",
  "auth/popup-blocked": "Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.",
  "auth/network-request-failed": "Could not reach the sign-in service. Check your connection and try again.",
  "auth/timeout": "The sign-in service took too long to answer. Please try again.",
  "auth/internal-error": "The sign-in service had a problem. Please try again in a moment.",
  "auth/operation-not-allowed": "This way of signing in is turned off. Please use another one.",
  "auth/unauthorized-domain": "Signing in is not allowed on this address of the shop.",
  "auth/web-storage-unsupported": "Your browser blocks the storage signing in needs. Allow cookies and site data for this site and try again.",
  "auth/requires-recent-login": "For your safety, please log in again.",
  "auth/user-token-expired": "Your sign-in has expired. Please log in again.",
};

const UNKNOWN_SIGN_IN_FAILURE = "Signing in did not work. Please try again.";

/**
 * A sentence for a failed sign-in or sign-up: the meaning of the sign-in service's code, or the
 * shop's own detail when the failure came from the shop's API (the token exchange).
 */
export function signInErrorMessage(error: unknown): string {
  if (isFirebaseError(error)) return MESSAGES[error.code] ?? UNKNOWN_SIGN_IN_FAILURE;
  return errorMessage(error);
}
