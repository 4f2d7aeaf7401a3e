import { getAuth } from "firebase-admin/auth";
import { dropEmulatorHostsOutsideDemo, isDemoProject, loadCommandLineEnv } from "../config/env.js";
import { canonicalAddress } from "../lib/email-address.js";
import { defaultApp, firebaseIdentity } from "../lib/firebase-identity.js";
import { runMain } from "./process-lifecycle.js";
import { createAccountLinks, type LinkOutcome } from "../modules/users/users.service.js";
import { createShopServices } from "../shop-services.js";
import { openStores } from "../stores/open.js";

const REFUSED: Record<Exclude<LinkOutcome["kind"], "linked">, string> = {
  removed: "This account was removed from the shop; it cannot be made admin.",
  unverified_email:
    "The shop account for this email belongs to another (earlier) Firebase user. Verify the email address of the current one in Firebase, then run this again.",
  email_taken: "This Firebase user's shop account is under another email, and this email belongs to another shop account.",
  owner_moved: "The shop account for this email belongs to another Firebase user, who now uses a different email.",
};

/**
 * Makes a deployment's first admin: the Firebase custom claim and the users row. The account must
 * have been created in Firebase Auth (signed up once). After this, admins make admins in the dashboard.
 */
async function main() {
  // The one spelling a sign-in stores (lib/email-address.ts); any other is not an account's.
  const email = canonicalAddress(process.argv[2] ?? "");
  if (!email) {
    console.error("Usage: npm run make-admin -- <email>   (a plain address, such as name@example.com)");
    process.exit(2);
  }
  const env = loadCommandLineEnv();
  // A demo project only ever lives in the emulators of `npm start` (firebase.json's ports); a real
  // one only in Firebase, reached with application default credentials.
  if (isDemoProject(env.FIREBASE_PROJECT_ID)) {
    process.env.FIREBASE_AUTH_EMULATOR_HOST ??= "127.0.0.1:9099";
    if (env.DATA_STORE === "firestore") process.env.FIRESTORE_EMULATOR_HOST ??= "127.0.0.1:8080";
  } else dropEmulatorHostsOutsideDemo(env.FIREBASE_PROJECT_ID);
  const auth = getAuth(defaultApp(env.FIREBASE_PROJECT_ID));
  const account = await auth.getUserByEmail(email);
  const store = await openStores(env, { poolMax: 1 });
  try {
    // The same rules as a sign-in: the account of this Firebase user, never another uid's by email alone.
    const firebaseUser = { uid: account.uid, email, emailVerified: account.emailVerified, name: account.displayName, admin: true };
    const identity = firebaseIdentity(env.FIREBASE_PROJECT_ID);
    const { stores } = store;
    const { orders, mail, wishes } = createShopServices(stores);
    const outcome = await createAccountLinks({ store: stores.users, change: stores.change, identity, orders, mail, wishes }).link(firebaseUser);
    if (outcome.kind !== "linked") throw new Error(REFUSED[outcome.kind]);
    await auth.setCustomUserClaims(account.uid, { ...account.customClaims, admin: true });
  } finally {
    await store.close();
  }
  console.log(`${email} is now an admin.`);
}

runMain(main);
