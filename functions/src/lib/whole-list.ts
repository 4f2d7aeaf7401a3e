import { setImmediate as nextTurn } from "node:timers/promises";
import { z } from "zod";
import { AppError } from "./errors.js";

/**
 * One of the contract's calls that answer a whole list (docs/product.md §8.2): how many items it
 * answers with at most, what they are called, and the paged call that reads a list of any size.
 */
export interface WholeList {
  /** The most items one answer holds; the call reads at most one more, to know the list is larger. */
  max: number;
  /** The items, as the detail names them: "tools", "orders". */
  items: string;
  /** The paged call to read the list from instead, as a client calls it. */
  paged: string;
}

/**
 * The sizes of the whole lists (docs/decisions/0021-whole-lists-have-a-size.md). Each is many times
 * what the contract's shop (docs/product.md) holds, and each is about the same work: an order has twice a user's or a
 * wish's fields, so half as many of them. At its size a list is read, made and serialized in a few
 * turns of the event loop of at most about 20 ms each, and its answer is at most a few MB.
 */
export const WHOLE_LISTS = {
  tools: { max: 1000, items: "tools", paged: "/api/catalogue" },
  orders: { max: 1000, items: "orders", paged: "/api/admin/orders" },
  users: { max: 2000, items: "users", paged: "/api/admin/users" },
  wishes: { max: 2000, items: "wishes", paged: "/api/admin/wishes" },
} as const satisfies Record<string, WholeList>;

const count = (n: number) => n.toLocaleString("en-US");

/** The answer past a list's size: a 422 naming the size and the paged call, whose path is also `paged`. */
export const listTooLarge = ({ max, items, paged }: WholeList): AppError =>
  new AppError(
    422,
    "list_too_large",
    "Unprocessable Content",
    `There are more than ${count(max)} ${items}, more than one answer holds. Read them a page at a time from ${paged}.`,
    undefined,
    { paged, max },
  );

/** The 422 as the OpenAPI document describes it. */
export const listTooLargeProblem = z.object({
  type: z.string(),
  status: z.literal(422),
  title: z.string(),
  detail: z.string(),
  code: z.literal("list_too_large"),
  paged: z.string(),
  max: z.number().int(),
});

/** What a whole-list call's OpenAPI description says about its size. */
export const wholeListDescription = ({ max, items, paged }: WholeList, what: string): string =>
  `${what} Answers at most ${count(max)} ${items}; past that it answers 422 \`list_too_large\` and reads no more, ` +
  `and the list is read a page at a time from ${paged} (named in the problem's \`paged\`).`;

/**
 * Reads a whole list through `read(limit)`, asking for one row more than the list's size, and makes
 * each row an item with `toItem`: the items when they fit, else the 422, returned rather than thrown
 * so a cache can keep it like an answer.
 *
 * Reading the rows, making the items and serializing the answer each take a few milliseconds at a
 * list's size; each starts in a turn of the event loop of its own, so the requests that arrived in
 * the meantime (a health check, a buyer's search) are served between them, not after all three.
 */
export async function readWholeList<Row, T>(list: WholeList, read: (limit: number) => Promise<Row[]>, toItem: (row: Row) => T): Promise<T[] | AppError> {
  const rows = await read(list.max + 1);
  if (rows.length > list.max) return listTooLarge(list);
  await nextTurn();
  const items = rows.map(toItem);
  await nextTurn();
  return items;
}

/**
 * A whole list read afresh on each call while it fits, whose "too large" is remembered for
 * `maxAgeMs`: a list past its size is asked for again and again by whoever hopes it has shrunk,
 * and each ask would read `max + 1` rows to say the same. A list only shrinks back by a write, and
 * this instance's writes call `shrank()`; another instance's show within `maxAgeMs`.
 */
export function wholeListReader(list: WholeList, { maxAgeMs }: { maxAgeMs: number }) {
  let tooLarge: { error: AppError; until: number } | null = null;
  // A read that began before a write may have counted rows the write removed; it must not be kept.
  let writes = 0;
  return {
    async read<Row, T>(read: (limit: number) => Promise<Row[]>, toItem: (row: Row) => T): Promise<T[]> {
      if (tooLarge && performance.now() < tooLarge.until) throw tooLarge.error;
      const startedAt = performance.now();
      const writesBefore = writes;
      const answer = await readWholeList(list, read, toItem);
      if (!(answer instanceof AppError)) return answer;
      if (writes === writesBefore) tooLarge = { error: answer, until: startedAt + maxAgeMs };
      throw answer;
    },
    shrank(): void {
      writes += 1;
      tooLarge = null;
    },
  };
}
