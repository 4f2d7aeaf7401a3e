import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ToastContainer } from "react-toastify";
import { configureApiClient } from "@/lib/api-client";
import { renewAccessToken, SessionProvider } from "@/lib/auth";
import { createQueryClient } from "./query-client";

configureApiClient({ renewAccessToken });

/** The query client, the session (which loads Firebase Auth when it needs it: lib/firebase.ts) and toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>{children}</SessionProvider>
      <ToastContainer position="top-right" autoClose={5000} />
    </QueryClientProvider>
  );
}
