import { getApps, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { loadEnv } from "../config/env.js";
import { connectDatabase } from "../db/client.js";
import { applyMigrations } from "../db/migrate.js";
import { upsertOnSignIn } from "../modules/users/users.repository.js";

/**
 * Makes a deployment's first admin: the Firebase custom claim and the users row. The account must
 * have been created in Firebase Auth (signed up once). After this, admins make admins in the dashboard.
 */
async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email || !email.includes("@")) {
    console.error("Usage: npm run make-admin -- <email>");
    process.exit(2);
  }
  const env = loadEnv();
  // A demo project only ever lives in the emulators of `npm start`.
  if (env.FIREBASE_PROJECT_ID.startsWith("demo-")) process.env.FIREBASE_AUTH_EMULATOR_HOST ??= "127.0.0.1:9099";
  const auth = getAuth(getApps()[0] ?? initializeApp({ projectId: env.FIREBASE_PROJECT_ID }));
  const account = await auth.getUserByEmail(email);
  const database = connectDatabase({ url: env.DATABASE_URL, poolMax: 1 });
  try {
    await applyMigrations(database.pool);
    await upsertOnSignIn(database.db, {
      firebaseUid: account.uid,
      email,
      name: account.displayName?.trim() || email.split("@")[0]!,
      role: "admin",
    });
    await auth.setCustomUserClaims(account.uid, { ...account.customClaims, admin: true });
  } finally {
    await database.close();
  }
  console.log(`${email} is now an admin.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
