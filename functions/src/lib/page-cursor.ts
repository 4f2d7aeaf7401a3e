import { createHash } from "node:crypto";
import { AppError } from "./errors.js";
import { canonicalId } from "./ids.js";

/**
 * Keyset pages of a list ordered newest first by (created_at, id): a page's `next` names its last
 * row, and the next page starts after that row's place, read from the row itself, so the cursor
 * carries no time a client could bend and loses no precision. The cursor is bound to the list and
 * the view (search and filters) it was made for; any other is refused with 400.
 */
export function pageCursors(list: string) {
  const BASE64URL = /^[A-Za-z0-9_-]+$/;
  const viewKey = (view: unknown) => createHash("sha256").update(JSON.stringify([list, view])).digest("base64url").slice(0, 16);
  const invalid = (detail: string, message: string) => new AppError(400, "invalid_cursor", "Bad Request", detail, [{ path: "querystring/cursor", message }]);

  return {
    write: (view: unknown, lastId: string) => Buffer.from(`p1.${viewKey(view)}.${lastId}`).toString("base64url"),

    /** The id of the row the page before ended on. */
    read(view: unknown, cursor: string): string {
      // Made only when thrown: an error records its stack, which costs more than reading the cursor.
      const malformed = () => invalid("This page link is not valid. Start again from the first page.", "Not a cursor this API made");
      if (!BASE64URL.test(cursor)) throw malformed();
      const decoded = Buffer.from(cursor, "base64url");
      if (decoded.toString("base64url") !== cursor) throw malformed();
      const [version, key, id, ...rest] = decoded.toString("utf8").split(".");
      const lastId = canonicalId(id ?? "");
      if (version !== "p1" || !key || !lastId || rest.length > 0) throw malformed();
      if (key !== viewKey(view)) {
        throw invalid("This page link belongs to another search or filter. Start again from the first page.", "Made for another search or filter");
      }
      return lastId;
    },
  };
}

/** `%` and `_` typed in a search are looked for as themselves. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
