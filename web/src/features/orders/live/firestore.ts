import { connectFirestoreEmulator, type Firestore, getFirestore } from "firebase/firestore";
import { env } from "@/config/env";
import { loadAuth } from "@/lib/firebase";

let loading: Promise<Firestore> | null = null;

async function start(): Promise<Firestore> {
  // The app Firebase Auth runs on, so that the rules see the signed-in person (`request.auth`).
  const { app } = await loadAuth();
  const firestore = getFirestore(app);
  if (env.firestoreEmulator) connectFirestoreEmulator(firestore, env.firestoreEmulator.host, env.firestoreEmulator.port);
  return firestore;
}

/** Firestore, started once, on the emulator where the shop runs locally. */
export function loadFirestore(): Promise<Firestore> {
  loading ??= start().catch((error: unknown) => {
    // Firebase Auth could not be loaded (offline): the next page that follows an order tries again.
    loading = null;
    throw error;
  });
  return loading;
}
