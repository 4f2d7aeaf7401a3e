const MAX_ID_BYTES = 1500;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether a text can be a document's id: not empty, no `/`, at most 1,500 bytes of UTF-8, and none
 * of the names Firestore keeps for itself (`.`, `..`, `__…__`). An id from a request that cannot
 * name a document finds nothing, as a missing one does, rather than failing the call.
 */
export function canNameDocument(id: string): boolean {
  if (id.length === 0 || id.includes("/") || id === "." || id === ".." || /^__.*__$/.test(id)) return false;
  return !LONE_SURROGATE.test(id) && Buffer.byteLength(id) <= MAX_ID_BYTES;
}

/** The id as Firestore can take it, or null when it cannot name a document. */
export const documentId = (id: string): string | null => (canNameDocument(id) ? id : null);

/**
 * The id of a document named by an outside text (an address, a Firebase uid, an event's key): the
 * text URI-encoded, which takes out every `/`. A leading `.` or `_` is encoded as well, so no text
 * becomes `.`, `..` or `__…__`; encodeURIComponent never writes `%2E` or `%5F`, so no two texts
 * share an id. Null when the text cannot name a document (empty, too long, not UTF-8).
 */
export function claimId(text: string): string | null {
  if (LONE_SURROGATE.test(text)) return null;
  const encoded = encodeURIComponent(text).replace(/^[._]/, (first) => `%${first.charCodeAt(0).toString(16).toUpperCase()}`);
  return encoded.length > 0 && encoded.length <= MAX_ID_BYTES ? encoded : null;
}
