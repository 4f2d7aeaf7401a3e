import { randomBytes } from "node:crypto";

/** Accounts in the real Firebase Auth emulator, signed in through its REST API as the web SDK does. */
const host = () => {
  const value = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!value) throw new Error("Run the tests through `firebase emulators:exec --only auth` (npm test)");
  return value;
};

const identityToolkit = (method: string) =>
  `http://${host()}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`;

export interface FirebaseAccount {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  idToken: string;
}

async function call<T>(method: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(identityToolkit(method), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Auth emulator ${method}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const uniqueEmail = (label: string) => `${label}-${randomBytes(5).toString("hex")}@toolshop.test`;

export interface AccountOptions {
  /**
   * Whether its owner has followed the verification link; false when left out, as after a
   * sign-up. The shop sends order e-mail only to a verified address.
   */
  verified?: boolean;
}

export async function createAccount(
  label: string,
  displayName = `${label[0]!.toUpperCase()}${label.slice(1)} Tester`,
  { verified = false }: AccountOptions = {},
): Promise<FirebaseAccount> {
  const email = uniqueEmail(label);
  const password = "secret123";
  const result = await call<{ localId: string; idToken: string }>("signUp", { email, password, displayName, returnSecureToken: true });
  if (!verified) return { uid: result.localId, email, password, displayName, idToken: result.idToken };
  await markVerified(result.localId);
  // The sign-up's ID token still says unverified; a new sign-in's carries the change.
  return { uid: result.localId, email, password, displayName, idToken: await signInWithPassword(email, password) };
}

/** Sets the account's email as verified, as an administrator can (the emulator takes "owner" as admin credentials). */
export async function markVerified(uid: string): Promise<void> {
  const response = await fetch(identityToolkit("update"), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer owner" },
    body: JSON.stringify({ localId: uid, emailVerified: true }),
  });
  if (!response.ok) throw new Error(`Auth emulator update: ${response.status} ${await response.text()}`);
}

/**
 * Verifies the address as its owner does: Firebase sends the verification e-mail (the emulator
 * keeps its link), and the owner opens the link.
 */
export async function verifyThroughLink(email: string, idToken: string): Promise<void> {
  await call("sendOobCode", { requestType: "VERIFY_EMAIL", idToken });
  const project = process.env.GCLOUD_PROJECT ?? "demo-toolshop-test";
  const listed = await fetch(`http://${host()}/emulator/v1/projects/${project}/oobCodes`);
  const { oobCodes } = (await listed.json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] };
  const link = oobCodes.findLast((code) => code.email === email && code.requestType === "VERIFY_EMAIL");
  if (!link) throw new Error(`the Auth emulator has no verification link for ${email}`);
  const opened = await fetch(link.oobLink);
  if (!opened.ok) throw new Error(`the verification link answered ${opened.status}`);
}

/** A Google sign-in through the emulator's fake IdP: Google vouches for the email (email_verified). */
export async function googleAccount(email: string, name = "Gina Google"): Promise<{ uid: string; idToken: string }> {
  const claims = { sub: `google-${randomBytes(6).toString("hex")}`, email, email_verified: true, name };
  const result = await call<{ localId: string; idToken: string }>("signInWithIdp", {
    requestUri: "http://localhost",
    postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
    returnSecureToken: true,
  });
  return { uid: result.localId, idToken: result.idToken };
}

/** A fresh ID token, carrying whatever custom claims the account has now. */
export async function signInWithPassword(email: string, password: string): Promise<string> {
  const result = await call<{ idToken: string }>("signInWithPassword", { email, password, returnSecureToken: true });
  return result.idToken;
}
