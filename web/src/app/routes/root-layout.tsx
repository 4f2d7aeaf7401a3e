import { Suspense, useEffect } from "react";
import { Outlet, ScrollRestoration, useNavigation } from "react-router-dom";
import { TopBar } from "@/components/layout/top-bar";
import { Spinner } from "@/components/ui/spinner";
import { showFlashToast } from "@/lib/flash-toast";

export function RootLayout() {
  const navigation = useNavigation();
  useEffect(showFlashToast, []);
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopBar />
      {navigation.state === "loading" && (
        <div className="route-loading">
          <Spinner />
        </div>
      )}
      <main id="main" className="main" tabIndex={-1} aria-busy={navigation.state === "loading"}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <ScrollRestoration />
    </>
  );
}
