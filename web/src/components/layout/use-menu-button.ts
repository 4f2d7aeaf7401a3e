import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";

/**
 * A menu that a button opens and closes (the disclosure pattern): Escape closes it and gives focus
 * back to the button, and so does a press outside it. It is open for the page it was opened on only,
 * so following one of its links, or any other way to another page, closes it.
 */
export function useMenuButton<TContainer extends HTMLElement>() {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const containerRef = useRef<TContainer>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => setOpenOn(null), []);
  const toggle = useCallback(() => setOpenOn((current) => (current === pathname ? null : pathname)), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      close();
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) close();
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open, close]);

  return { open, toggle, close, containerRef, buttonRef };
}
