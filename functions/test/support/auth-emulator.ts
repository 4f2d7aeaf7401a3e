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

export async function createAccount(label: string, displayName = `${label[0]!.toUpperCase()}${label.slice(1)} Tester`): Promise<FirebaseAccount> {
  const email = uniqueEmail(label);
  const password = "secret123";
  const result = await call<{ localId: string; idToken: string }>("signUp", { email, password, displayName, returnSecureToken: true });
  return { uid: result.localId, email, password, displayName, idToken: result.idToken };
}

/** A fresh ID token, carrying whatever custom claims the account has now. */
export async function signInWithPassword(email: string, password: string): Promise<string> {
  const result = await call<{ idToken: string }>("signInWithPassword", { email, password, returnSecureToken: true });
  return result.idToken;
}
