import { FirebaseError } from "firebase/app";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { signInErrorMessage } from "./sign-in-error";

const firebaseError = (code: string) => new FirebaseError(code, `Firebase: Error (${code}).`);

describe("signInErrorMessage", () => {
  it.each([
    ["auth/email-already-in-use", "An account with this email already exists. Log in instead, or sign up with another email."],
    ["auth/invalid-credential", "The email or password is not right. Check both and try again."],
    ["auth/wrong-password", "The email or password is not right. Check both and try again."],
    ["auth/user-not-found", "The email or password is not right. Check both and try again."],
    ["auth/too-many-requests", "Too many attempts to sign in. Wait a few minutes, then try again."],
    ["auth/popup-closed-by-user", "The Google window was closed before signing in finished. Choose Continue with Google to try again."],
    ["auth/cancelled-popup-request", "Another Google sign-in window opened, so this one was stopped. Finish signing in there, or try again."],
    ["auth/network-request-failed", "Could not reach the sign-in service. Check your connection and try again."],
    ["auth/invalid-email", "This email address is not valid. Check it and try again."],
    ["auth/weak-password", "This password is too easy to guess. Choose a longer one with letters and numbers."],
    ["auth/user-disabled", "This account has been turned off. Contact us if you think this is a mistake."],
    ["auth/popup-blocked", "Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again."],
  ])("when the sign-in service answers %s, then the person reads %j", (code, sentence) => {
    expect(signInErrorMessage(firebaseError(code))).toBe(sentence);
  });

  it("when the sign-in service answers a code it has no sentence for, then the message is a general sentence without the code", () => {
    const message = signInErrorMessage(firebaseError("auth/some-new-code"));
    expect(message).toBe("Signing in did not work. Please try again.");
    expect(message).not.toMatch(/auth\/|Firebase/);
  });

  it("when the shop's own API refused the sign-in, then its detail is what the person reads", () => {
    const refusal = new ApiError(403, "Forbidden", "Open the link we e-mailed you to confirm this address, then log in again.", "email_not_verified");
    expect(signInErrorMessage(refusal)).toBe(refusal.detail);
  });

  it("when something else failed, then the message is the general one", () => {
    expect(signInErrorMessage("nothing useful")).toBe("Something went wrong. Please try again.");
  });
});
