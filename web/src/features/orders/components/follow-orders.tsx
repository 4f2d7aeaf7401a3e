import { useQueryClient } from "@tanstack/react-query";
import type { Order } from "@api/orders/orders.schemas";
import { Component, lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useDataStore } from "../api/get-data-store";
import { isBehind, type LiveStatus } from "../lib/follow-orders";
import type { Followed } from "../live/live-order-statuses";

// Firestore's SDK and reactfire come with it, only to a page that follows orders on Firestore.
const LiveOrderStatuses = lazy(() => import("../live/live-order-statuses"));

/**
 * How a page keeps orders that can still change up to date: live from Firestore when the shop's
 * data is there (the API says which store it is), else by asking the API again now and then. A
 * Firestore that cannot be listened to (its code would not load, the rules refused) falls back to
 * asking the API too.
 */
export function useOrderFollowing(signedIn: boolean) {
  const store = useDataStore(signedIn);
  const [liveFailed, setLiveFailed] = useState(false);
  const live = signedIn && store === "firestore" && !liveFailed;
  const failed = useCallback(() => setLiveFailed(true), []);
  return { live, poll: signedIn && !live, failed };
}

/** What the live listener could not load: it is left out, and the page asks the API instead. */
class LiveFallback extends Component<{ onFailed: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch() {
    this.props.onFailed();
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

interface FollowLiveProps {
  followed: Followed;
  /** The orders the page shows, as the API sent them. */
  shown: readonly Pick<Order, "_id" | "status">[];
  onFailed: () => void;
}

/**
 * Listens to the orders in Firestore and, when they are ahead of what the page shows (paid, shipped,
 * refunded, cancelled), has the page's orders fetched again from the API, which words them for the page.
 */
export function FollowLive({ followed, shown, onFailed }: FollowLiveProps) {
  const queryClient = useQueryClient();
  const latest = useRef(shown);
  useEffect(() => {
    latest.current = shown;
  });
  const onStatuses = useCallback(
    (statuses: LiveStatus[]) => {
      if (isBehind(latest.current, statuses)) void queryClient.invalidateQueries({ queryKey: ["orders"] });
    },
    [queryClient],
  );
  return (
    <LiveFallback onFailed={onFailed}>
      <Suspense fallback={null}>
        <LiveOrderStatuses followed={followed} onStatuses={onStatuses} onFailed={onFailed} />
      </Suspense>
    </LiveFallback>
  );
}
