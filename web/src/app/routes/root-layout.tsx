import { Suspense, useEffect, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from "react-router-dom";
import { Footer } from "@/components/layout/footer";
import { TopBar } from "@/components/layout/top-bar";
import { Spinner } from "@/components/ui/spinner";
import { CartLink } from "@/features/cart/components/cart-link";
import { showFlashToast } from "@/lib/flash-toast";
import { focusPageHeading } from "@/lib/focus-heading";

/** Route handle of the pages that end with the footer; it sits outside <main> as the page's contentinfo. */
export const withFooter = { footer: true } as const;

const hasFooter = (handle: unknown) => typeof handle === "object" && handle !== null && "footer" in handle;

/**
 * A new page takes focus to its heading, as a page load does for a screen reader. Not on the first
 * load, where the browser's own start is right, nor when only the query changes (a search typed on
 * the same page).
 */
function useFocusOnPageChange() {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const main = document.getElementById("main");
    return main ? focusPageHeading(main) : undefined;
  }, [pathname]);
}

export function RootLayout() {
  const navigation = useNavigation();
  const showFooter = useMatches().some((match) => hasFooter(match.handle));
  useEffect(showFlashToast, []);
  useFocusOnPageChange();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopBar cartLink={<CartLink />} />
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
