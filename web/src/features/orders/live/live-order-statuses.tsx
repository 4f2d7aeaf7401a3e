import { collection, doc, onSnapshot, query, where } from "firebase/firestore";
import { use, useEffect, useRef } from "react";
import { FirebaseAppProvider, FirestoreProvider, useFirestore } from "reactfire";
import type { LiveStatus } from "../lib/follow-orders";
import { loadFirestore } from "./firestore";

/** One order (its page), or every listed order of one buyer (My Orders), by the account id the orders name. */
export type Followed = { kind: "order"; id: string } | { kind: "buyer"; accountId: string };

export interface LiveOrderStatusesProps {
  followed: Followed;
  /** The statuses as Firestore has them, at once and after every change. */
  onStatuses: (statuses: LiveStatus[]) => void;
  /** Firestore refused or lost the listener (the rules, a sign-out); nothing more will come. */
  onFailed: (error: unknown) => void;
}

const statusOf = (snapshot: { id: string; get(field: string): unknown }): LiveStatus => ({ id: snapshot.id, status: String(snapshot.get("status")) });

/**
 * Listens while it is shown, and stops when the page goes. reactfire's data hooks
 * (useFirestoreDocData and the like) keep a listener for the rest of the visit once it is made and
 * rethrow a refusal where the page cannot catch it, so the listener here is the SDK's `onSnapshot`
 * on reactfire's Firestore, with its errors in hand.
 */
function Listener({ followed, onStatuses, onFailed }: LiveOrderStatusesProps) {
  const firestore = useFirestore();
  // The page's latest callbacks, without listening anew each time the page renders.
  const callbacks = useRef({ onStatuses, onFailed });
  useEffect(() => {
    callbacks.current = { onStatuses, onFailed };
  });
  const { kind } = followed;
  const key = followed.kind === "order" ? followed.id : followed.accountId;

  useEffect(() => {
    const failed = (error: unknown) => callbacks.current.onFailed(error);
    if (kind === "order") {
      return onSnapshot(
        doc(firestore, "orders", key),
        (snapshot) => callbacks.current.onStatuses(snapshot.exists() ? [statusOf(snapshot)] : []),
        failed,
      );
    }
    // The rules let a buyer list the orders that name their account (`buyerId`), and the query must
    // say so; My Orders lists the orders not cancelled (`live`), as the API does.
    const listed = query(collection(firestore, "orders"), where("buyerId", "==", key), where("live", "==", true));
    return onSnapshot(listed, (snapshot) => callbacks.current.onStatuses(snapshot.docs.map(statusOf)), failed);
  }, [firestore, kind, key]);

  return null;
}

/** Follows orders in Firestore, under the rules, as the person signed in to Firebase Auth. Renders nothing. */
export default function LiveOrderStatuses(props: LiveOrderStatusesProps) {
  const firestore = use(loadFirestore());
  return (
    <FirebaseAppProvider firebaseApp={firestore.app}>
      <FirestoreProvider sdk={firestore}>
        <Listener {...props} />
      </FirestoreProvider>
    </FirebaseAppProvider>
  );
}
