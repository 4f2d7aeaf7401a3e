import { toast } from "react-toastify";

const STORAGE_KEY = "flashToast";

/** Admin deletes reload the page (docs/product.md §9.1); the success toast is carried over the reload. */
export function reloadWithToast(message: string) {
  sessionStorage.setItem(STORAGE_KEY, message);
  window.location.reload();
}

export function showFlashToast() {
  const message = sessionStorage.getItem(STORAGE_KEY);
  if (!message) return;
  sessionStorage.removeItem(STORAGE_KEY);
  toast.success(message);
}
