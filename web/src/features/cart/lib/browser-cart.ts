import type { BrowserCartLine } from "@api/cart/cart.schemas";
import { storedValueListeners } from "@/lib/stored-value-listeners";

/** A visitor's cart, in this browser until they sign in and it joins their account's. */
const STORAGE_KEY = "cart";
/** As many lines as the account's cart holds (`CART_MAX_LINES`), so a merge never drops one. */
export const BROWSER_CART_MAX_LINES = 50;
/** The API's words when a 51st tool is added to an account's cart. */
export const CART_FULL = "A cart holds at most 50 lines.";

const listeners = storedValueListeners(STORAGE_KEY);
const EMPTY: readonly BrowserCartLine[] = [];

// Checked by hand rather than with the API's zod schema: the top bar reads this on every page,
// and zod is not part of the first load. Anything else in storage (another version, a hand edit) is dropped.
const isLine = (value: unknown): value is BrowserCartLine => {
  if (typeof value !== "object" || value === null) return false;
  const { toolId, quantity, seenPrice } = value as Record<string, unknown>;
  return (
    typeof toolId === "string" &&
    toolId !== "" &&
    typeof quantity === "number" &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    (seenPrice === undefined || (typeof seenPrice === "number" && seenPrice >= 0))
  );
};

function readStored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function parse(stored: string | null): readonly BrowserCartLine[] {
  if (!stored) return EMPTY;
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter(isLine).slice(0, BROWSER_CART_MAX_LINES) : EMPTY;
  } catch {
    return EMPTY;
  }
}

// The same array while storage holds the same text, as useSyncExternalStore needs.
let snapshot: { stored: string | null; lines: readonly BrowserCartLine[] } = { stored: null, lines: EMPTY };

function read(): readonly BrowserCartLine[] {
  const stored = readStored();
  if (stored !== snapshot.stored) snapshot = { stored, lines: parse(stored) };
  return snapshot.lines;
}

function write(lines: readonly BrowserCartLine[]) {
  if (lines.length === 0) localStorage.removeItem(STORAGE_KEY);
  else localStorage.setItem(STORAGE_KEY, JSON.stringify(lines));
  listeners.notify();
}

const sameLine = (a: BrowserCartLine, b: BrowserCartLine) => a.toolId === b.toolId && a.quantity === b.quantity && a.seenPrice === b.seenPrice;

export const browserCart = {
  /** The lines, oldest first. */
  lines: read,
  /**
   * Adds the tool, or sets the quantity and the price seen of its line where it has one, as the
   * account's cart does. False when the cart is full and the tool is not in it.
   */
  save(line: BrowserCartLine): boolean {
    const lines = read();
    const at = lines.findIndex(({ toolId }) => toolId === line.toolId);
    if (at === -1 && lines.length >= BROWSER_CART_MAX_LINES) return false;
    write(at === -1 ? [...lines, line] : lines.map((kept, index) => (index === at ? line : kept)));
    return true;
  },
  remove(toolId: string) {
    const lines = read();
    if (lines.some((line) => line.toolId === toolId)) write(lines.filter((line) => line.toolId !== toolId));
  },
  /** After a merge: drops the lines that were sent, keeping any added or changed meanwhile (in another tab). */
  forget(sent: readonly BrowserCartLine[]) {
    const lines = read();
    const left = lines.filter((line) => !sent.some((done) => sameLine(done, line)));
    if (left.length !== lines.length) write(left);
  },
  subscribe: listeners.subscribe,
};
