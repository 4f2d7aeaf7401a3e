/**
 * Stands in for `firebase/database` (see vite.config.ts). reactfire imports the Realtime Database
 * at its top level and keeps it alive through a module-level table, which would add about 40 kB
 * gzipped of a product the shop never uses to the pages that follow orders. Nothing here is called.
 */
function unused(): never {
  throw new Error("The Firebase Realtime Database is not part of Toolshop.");
}

export const get = unused;
export const off = unused;
export const onChildAdded = unused;
export const onChildChanged = unused;
export const onChildMoved = unused;
export const onChildRemoved = unused;
export const onValue = unused;
