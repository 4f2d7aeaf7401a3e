import { AppError } from "../../lib/errors.js";
import { canonicalId } from "../../lib/ids.js";

const VERSION = "u1";
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The opaque `next` of a page of users: the last user's id. Where the next page starts is that
 * user's (created_at, id), read from their row when the cursor comes back (a removed user keeps
 * theirs), so the cursor carries no value a client could bend and loses no precision: PostgreSQL
 * keeps microseconds, JavaScript dates only milliseconds. It names a place in the one order the
 * list has, newest first, so it is not tied to a search or a filter.
 */
export const writeUsersCursor = (lastId: string): string => Buffer.from(`${VERSION}.${lastId}`).toString("base64url");

const invalidCursor = (detail: string, message: string) =>
  new AppError(400, "invalid_cursor", "Bad Request", detail, [{ path: "querystring/cursor", message }]);

/** The id a cursor names; anything this API did not write is a 400. */
export function readUsersCursor(cursor: string): string {
  const malformed = invalidCursor("This page link is not valid. Start again from the first page.", "Not a cursor this API made");
  if (!BASE64URL.test(cursor)) throw malformed;
  const decoded = Buffer.from(cursor, "base64url");
  // Base64 has more than one spelling of some bytes; only the one this API writes is accepted.
  if (decoded.toString("base64url") !== cursor) throw malformed;
  const [version, id, ...rest] = decoded.toString("utf8").split(".");
  const lastId = canonicalId(id ?? "");
  if (version !== VERSION || !lastId || rest.length > 0) throw malformed;
  return lastId;
}

/** A cursor that was well made but names no user this database has ever had. */
export const unknownUsersCursor = () =>
  invalidCursor("This page link does not match the list of users. Start again from the first page.", "Names no user");
