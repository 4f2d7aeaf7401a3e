import { createHash } from "node:crypto";
import { AppError } from "../../lib/errors.js";
import { canonicalId } from "../../lib/ids.js";
import type { CatalogueSort } from "./tools.schemas.js";

/** What a page of tools was asked for, apart from where it starts and how long it is. */
export interface CatalogueView {
  sort: CatalogueSort;
  /** The search as typed, trimmed; blank is no search. */
  q: string;
  /** Only tools that can be ordered now: the catalogue's in-stock filter. */
  inStock: boolean;
  /** Only tools that can no longer be ordered: Manage Tools' low-stock filter. */
  lowStock?: boolean;
}

/** Where the next page starts: after the tool with this id, in the view the cursor was made for. */
export interface CatalogueCursor {
  after: string;
}

const VERSION = "c1";
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The same search however it was spelled: case and runs of spaces change nothing in what it finds,
 * so they do not make a cursor belong to another search.
 */
export const searchKey = (q: string) => q.trim().replace(/\s+/g, " ").toLowerCase();

/** A short digest of the view, so a cursor used with another search, sort or filter is refused. */
function viewKey({ sort, q, inStock, lowStock = false }: CatalogueView): string {
  // A view without the low-stock filter digests as it did before the filter existed, so the
  // catalogue's links stay good.
  return createHash("sha256")
    .update(JSON.stringify([sort, searchKey(q), inStock, ...(lowStock ? ["lowStock"] : [])]))
    .digest("base64url")
    .slice(0, 16);
}

/**
 * The opaque `next` of a page: the view's digest and the last tool's id. The tool's sort value is
 * read from its row when the cursor comes back, so a cursor stays short whatever the name, and
 * carries no value a client could bend. A tool renamed or repriced between two pages takes the
 * cursor to its new place in the order: the next page may then repeat or skip a few tools, which a
 * listing time (never edited) cannot cause.
 */
export function writeCursor(view: CatalogueView, lastId: string): string {
  return Buffer.from(`${VERSION}.${viewKey(view)}.${lastId}`).toString("base64url");
}

/** The query parameter a call takes its cursor in: the catalogue's `after`, Manage Tools' `cursor`. */
export type CursorParameter = "after" | "cursor";

const invalidCursor = (parameter: CursorParameter, detail: string, message: string) =>
  new AppError(400, "invalid_cursor", "Bad Request", detail, [{ path: `querystring/${parameter}`, message }]);

/** Reads a cursor from a client; anything it did not get from a page of this same view is a 400. */
export function readCursor(view: CatalogueView, after: string, parameter: CursorParameter = "after"): CatalogueCursor {
  const malformed = invalidCursor(
    parameter,
    "This page link is not valid. Start again from the first page.",
    "Not a cursor this API made",
  );
  if (!BASE64URL.test(after)) throw malformed;
  const decoded = Buffer.from(after, "base64url");
  // Base64 has more than one spelling of some bytes; only the one this API writes is accepted.
  if (decoded.toString("base64url") !== after) throw malformed;
  const [version, key, id, ...rest] = decoded.toString("utf8").split(".");
  const lastId = canonicalId(id ?? "");
  if (version !== VERSION || !key || !lastId || rest.length > 0) throw malformed;
  if (key !== viewKey(view)) {
    throw invalidCursor(
      parameter,
      "This page link belongs to another search, sort or filter. Start again from the first page.",
      "Made for another search, sort or filter",
    );
  }
  return { after: lastId };
}

/** A cursor that was well made but names no tool this database has ever had. */
export const unknownCursor = (parameter: CursorParameter = "after") =>
  invalidCursor(parameter, "This page link does not match the catalogue. Start again from the first page.", "Names no tool");
