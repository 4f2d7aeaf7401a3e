/** How long a new page may take to show its heading (a page that loads its data first) before giving up. */
const WAIT_FOR_HEADING_MS = 10_000;

/**
 * Moves focus to the page's level-1 heading in `container` once there is one, so that a screen
 * reader announces the new page and Tab continues from its top. A page that shows its heading only
 * after its data has loaded is waited for. If the person has meanwhile moved focus into the new page
 * themselves, it stays where they put it. Returns a function that stops waiting.
 */
export function focusPageHeading(container: HTMLElement, waitMs = WAIT_FOR_HEADING_MS): () => void {
  const focusedBefore = document.activeElement;

  /** True once there is nothing more to wait for. */
  const tryFocus = () => {
    const heading = container.querySelector<HTMLElement>("h1");
    if (!heading) return false;
    const focusedNow = document.activeElement;
    const personMovedOn = focusedNow !== focusedBefore && focusedNow !== document.body && container.contains(focusedNow);
    if (!personMovedOn) {
      // Focusable by script only: the heading is not a stop for the Tab key.
      if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
      // Scrolling is the router's (to the top of a new page, or back to where a page was left).
      heading.focus({ preventScroll: true });
    }
    return true;
  };

  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), waitMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(container, { childList: true, subtree: true });
  return stop;
}
