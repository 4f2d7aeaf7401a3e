const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids in the database; anything else cannot name a row. */
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * The one spelling of an id that the database gives back (lower case), or null when the value
 * cannot name a row. PostgreSQL reads "ABC…" and "abc…" as the same uuid, so an id from a request
 * must be put in this form before it is compared with one from the database.
 */
export const canonicalId = (value: string): string | null => (isUuid(value) ? value.toLowerCase() : null);
