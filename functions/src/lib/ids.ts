const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids in the database; anything else cannot name a row. */
export const isUuid = (value: string): boolean => UUID.test(value);
