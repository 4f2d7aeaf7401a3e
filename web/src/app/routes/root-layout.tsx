import { Suspense, useEffect } from "react";
import { Outlet, ScrollRestoration, useMatches, useNavigation } from "react-router-dom";
import { Footer } from "@/components/layout/footer";
import { TopBar } from "@/components/layout/top-bar";
import { Spinner } from "@/components/ui/spinner";
import { showFlashToast } from "@/lib/flash-toast";

/** Route handle of the pages that end with the footer; it sits outside <main> as the page's contentinfo. */
export const withFooter = { footer: true } as const;

const hasFooter = (handle: unknown) => typeof handle === "object" && handle !== null && "footer" in handle;

export function RootLayout() {
  const navigation = useNavigation();
  const showFooter = useMatches().some((match) => hasFooter(match.handle));
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
      {showFooter && <Footer />}
      <ScrollRestoration />
    </>
  );
}
