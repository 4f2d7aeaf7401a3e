import { initializeApp } from "firebase/app";
import { browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth } from "firebase/auth";
import { env } from "@/config/env";

export const firebaseApp = initializeApp(env.firebase);

// initializeAuth instead of getAuth leaves the pop-up machinery out of the first load;
// the login page passes browserPopupRedirectResolver when it opens the Google pop-up.
export const auth = initializeAuth(firebaseApp, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });

if (env.authEmulatorUrl) connectAuthEmulator(auth, env.authEmulatorUrl, { disableWarnings: true });
