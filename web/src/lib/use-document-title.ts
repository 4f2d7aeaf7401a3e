import { useEffect } from "react";

/** Names the page in the browser tab and for screen readers announcing the navigation. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Toolshop` : "Toolshop";
  }, [title]);
}
