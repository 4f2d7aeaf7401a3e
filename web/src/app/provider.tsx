import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { configureApiClient } from "@/lib/api-client";
import { renewAccessToken, SessionProvider } from "@/lib/auth";
import { createQueryClient } from "./query-client";

configureApiClient({ renewAccessToken });

const ToastContainer = lazy(async () => ({ default: (await import("react-toastify")).ToastContainer }));

/**
 * The toasts' container (and the styles it injects) comes once the first page has shown and the
 * browser is idle, so it adds nothing to the first render. react-toastify keeps a toast raised before
 * any container exists and shows it when the container mounts, so none is lost meanwhile.
 */
function Toasts() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const show = () => setReady(true);
    if (typeof requestIdleCallback !== "function") {
      const timer = setTimeout(show, 0);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(show, { timeout: 3000 });
    return () => cancelIdleCallback(idle);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={5000} />
    </Suspense>
  );
}

/** The query client, the session (which loads Firebase Auth when it needs it: lib/firebase.ts) and toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>{children}</SessionProvider>
      <Toasts />
    </QueryClientProvider>
  );
}
