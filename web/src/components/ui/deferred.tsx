import { type ReactNode, useEffect, useRef, useState } from "react";

/** What a person does before they could reach a section far down the page. */
const FIRST_MOVES = ["scroll", "pointerdown", "keydown", "touchstart"] as const;
/** Otherwise the section comes once the page has shown and the browser is idle (a screen reader moves without these events). */
const SETTLE_MS = 5000;

/**
 * True once the person does anything on the page (scrolls, taps, types), the element behind `ref`
 * comes into view, or the page has settled, so that work far below the fold does not compete with
 * what the page shows first on a slow phone.
 */
export function useDeferred<T extends Element>() {
  const ref = useRef<T>(null);
  // Without IntersectionObserver (old browsers, tests) there is no telling where the page is: show.
  const [shown, setShown] = useState(() => typeof IntersectionObserver === "undefined");

  useEffect(() => {
    if (shown) return;
    const show = () => setShown(true);
    const options = { once: true, passive: true, capture: true } as const;
    for (const type of FIRST_MOVES) window.addEventListener(type, show, options);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) show();
    });
    if (ref.current) observer.observe(ref.current);
    let idle: number | undefined;
    const settled = setTimeout(() => {
      if (typeof requestIdleCallback === "function") idle = requestIdleCallback(show, { timeout: 2000 });
      else show();
    }, SETTLE_MS);
    return () => {
      for (const type of FIRST_MOVES) window.removeEventListener(type, show, options);
      observer.disconnect();
      clearTimeout(settled);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [shown]);

  return [ref, shown] as const;
}

/**
 * Renders `children` once `useDeferred` says so, and the code it loads with it. Until then an empty
 * box of `minHeight` holds its place, so nothing below moves when it arrives.
 */
export function Deferred({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  const [placeholder, shown] = useDeferred<HTMLDivElement>();
  return shown ? children : <div ref={placeholder} style={{ minHeight }} />;
}
