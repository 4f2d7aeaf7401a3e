/** Who hears of a value kept in localStorage: this tab's own writes, and other tabs' through the `storage` event. */
export type Listener = () => void;

/**
 * The listeners of one localStorage key: `notify` after this tab writes it; `subscribe` also
 * hears another tab's write of it (or its clearing of the whole storage), which the browser
 * reports only to the other tabs.
 */
export function storedValueListeners(key: string) {
  const listeners = new Set<Listener>();
  return {
    notify() {
      for (const listener of listeners) listener();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener("storage", onStorage);
      };
    },
  };
}
