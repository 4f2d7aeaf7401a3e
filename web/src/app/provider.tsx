import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ToastContainer } from "react-toastify";
import { AuthProvider, FirebaseAppProvider } from "reactfire";
import { configureApiClient } from "@/lib/api-client";
import { renewAccessToken, SessionProvider } from "@/lib/auth";
import { auth, firebaseApp } from "@/lib/firebase";
import { createQueryClient } from "./query-client";

configureApiClient({ renewAccessToken });

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={auth}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>{children}</SessionProvider>
          <ToastContainer position="top-right" autoClose={5000} />
        </QueryClientProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}
