import { randomUUID } from "node:crypto";
import { type DocumentReference, FieldPath, type Firestore, type Query, type QueryDocumentSnapshot, Timestamp } from "firebase-admin/firestore";
import type { FirestoreChange } from "../../../firestore/change.js";
import { inFirestore } from "../../../firestore/unit-of-work.js";
import { AccountTaken, type ProfileChanges, type UserRecord, type UsersStore } from "../users.store.js";
import {
  type ClaimDocument,
  claimId,
  documentId,
  normalEmail,
  toPrincipal,
  toUserRecord,
  USER_EMAILS,
  USER_UIDS,
  type UserDocument,
  USERS,
} from "./users.documents.js";

/**
 * How many accounts a search reads at a time. Firestore cannot find a text inside a field, so a
 * search reads the list, newest first, in batches of this size and keeps the accounts that match
 * until it has a page or the list ends: at worst every active account of the role, which an admin's
 * list of a small shop's accounts can afford. A shop of tens of thousands of accounts would keep
 * searchable words on each document instead.
 */
const SEARCH_BATCH = 300;

const PROFILE_FIELDS = ["education", "location", "number", "linkIn"] as const;

const isPresent = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

const recordOf = (snapshot: QueryDocumentSnapshot): UserRecord => toUserRecord(snapshot.id, snapshot.data() as UserDocument);

/** The search as PostgreSQL's `(email || ' ' || name) ilike '%…%'` reads it: anywhere, whatever the case. */
const matches = (record: UserRecord, words: string): boolean => `${record.email} ${record.name}`.toLowerCase().includes(words);

/** The fields of a profile change that it gives; one left out keeps its value. */
const givenProfileFields = (changes: ProfileChanges): ProfileChanges =>
  Object.fromEntries(PROFILE_FIELDS.filter((field) => changes[field] !== undefined).map((field) => [field, changes[field]]));

/**
 * The accounts in Firestore (docs/firestore.md): `users/{accountId}`, with `userEmails/{address}`
 * and `userUids/{uid}` standing for PostgreSQL's two unique indexes. An account's id stays when a
 * new Firebase uid takes it over, so what names an account elsewhere never moves; the claims on its
 * uid and address move with it, in the same transaction.
 */
export function firestoreUsersStore(db: Firestore): UsersStore {
  const users = db.collection(USERS);
  const active = users.where("removedAt", "==", null);
  // Names only: the accounts themselves are read by id in the change (lockActiveAdmins).
  const activeAdminNames = active.where("role", "==", "admin").select();

  const accountRef = (id: string): DocumentReference | null => {
    const name = documentId(id);
    return name === null ? null : users.doc(name);
  };
  const claimRef = (collection: string, text: string): DocumentReference | null => {
    const name = claimId(text);
    return name === null ? null : db.collection(collection).doc(name);
  };
  const emailClaim = (email: string) => claimRef(USER_EMAILS, normalEmail(email));
  const uidClaim = (firebaseUid: string) => claimRef(USER_UIDS, firebaseUid);

  /** The active account of an address, as a query; null for an address no account can hold (not UTF-8, too long). */
  const activeOfEmail = (email: string): Query | null => {
    const address = normalEmail(email);
    return claimId(address) === null ? null : active.where("email", "==", address).limit(1);
  };

  /** The accounts holding these claims, read (and so held) in the change; null for a claim nobody holds. */
  async function claimHolders(change: FirestoreChange, refs: (DocumentReference | null)[]): Promise<(string | null)[]> {
    const present = refs.filter(isPresent);
    const claims = present.length > 0 ? await change.getAll<ClaimDocument>(present) : [];
    const holderOf = new Map(present.map((ref, index) => [ref.path, claims[index]?.accountId ?? null]));
    return refs.map((ref) => (ref ? (holderOf.get(ref.path) ?? null) : null));
  }

  async function claimHolder(change: FirestoreChange, ref: DocumentReference | null): Promise<string | null> {
    const [holder] = await claimHolders(change, [ref]);
    return holder ?? null;
  }

  /** The accounts of these ids, read in the change in id order; a missing one is absent from the map. */
  async function readAccounts(change: FirestoreChange, ids: string[]): Promise<Map<string, UserRecord>> {
    const refs = [...new Set(ids)].sort().map(accountRef).filter(isPresent);
    const documents = refs.length > 0 ? await change.getAll<UserDocument>(refs) : [];
    const accounts = new Map<string, UserRecord>();
    documents.forEach((data, index) => {
      if (data) accounts.set(refs[index]!.id, toUserRecord(refs[index]!.id, data));
    });
    return accounts;
  }

  async function activeAccount(change: FirestoreChange, id: string): Promise<UserRecord | null> {
    const account = (await readAccounts(change, [id])).get(id);
    return account && !account.removedAt ? account : null;
  }

  /**
   * Makes the claim this account's, in the change. A claim another account holds is `AccountTaken`;
   * one nobody held is created, which also fails the commit if another change created it since.
   */
  async function claim(change: FirestoreChange, ref: DocumentReference | null, accountId: string): Promise<void> {
    if (!ref) throw new Error("This Firebase uid or address cannot be stored.");
    const holder = await claimHolder(change, ref);
    if (holder === accountId) return;
    if (holder !== null) throw new AccountTaken();
    change.create(ref, { accountId } satisfies ClaimDocument);
  }

  async function release(change: FirestoreChange, ref: DocumentReference | null, accountId: string): Promise<void> {
    if (!ref) return;
    const holder = await claimHolder(change, ref);
    if (holder === accountId) change.delete(ref);
  }

  /** Writes some fields of an existing account in the change, and returns it as written. */
  async function writeAccount(change: FirestoreChange, id: string, fields: (before: UserDocument) => Partial<UserDocument>): Promise<UserRecord> {
    const ref = accountRef(id);
    const before = ref ? await change.get<UserDocument>(ref) : undefined;
    if (!ref || !before) throw new Error(`There is no account ${id}.`);
    const written = fields(before);
    change.update(ref, written);
    return toUserRecord(id, { ...before, ...written });
  }

  /** Reads a query newest first in batches, keeping the accounts that match, until `limit` are kept or the list ends. */
  async function searchNewestFirst(query: Query, words: string, limit: number): Promise<UserRecord[]> {
    const found: UserRecord[] = [];
    let batch = query.limit(SEARCH_BATCH);
    for (;;) {
      const snapshot = await batch.get();
      for (const doc of snapshot.docs) {
        const record = recordOf(doc);
        if (!matches(record, words)) continue;
        found.push(record);
        if (found.length === limit) return found;
      }
      const last = snapshot.docs.at(-1);
      if (snapshot.size < SEARCH_BATCH || !last) return found;
      batch = query.startAfter(last).limit(SEARCH_BATCH);
    }
  }

  return {
    /** One batched read of the documents by id, of only the fields a principal needs. */
    async findPrincipals(ids) {
      const refs = [...new Set(ids)].map(accountRef).filter(isPresent);
      if (refs.length === 0) return [];
      const snapshots = await db.getAll(...refs, { fieldMask: ["email", "name", "role", "removedAt"] });
      return snapshots
        .filter((snapshot) => snapshot.exists && snapshot.get("removedAt") === null)
        .map((snapshot) => toPrincipal(snapshot.id, snapshot.data() as UserDocument));
    },

    async findActiveByEmail(email) {
      const query = activeOfEmail(email);
      const doc = query && (await query.get()).docs[0];
      return doc ? recordOf(doc) : null;
    },

    async listActive(limit) {
      if (limit <= 0) return [];
      const snapshot = await active.orderBy("createdAt").orderBy("email").limit(limit).get();
      return snapshot.docs.map(recordOf);
    },

    /** The cursor user's place is its document's own `createdAt` (a Timestamp, to the microsecond) and id. */
    async pageOfActive({ search, role, afterId, limit }) {
      if (limit <= 0) return [];
      let query = (role ? active.where("role", "==", role) : active).orderBy("createdAt", "desc").orderBy(FieldPath.documentId(), "desc");
      if (afterId !== undefined) {
        const ref = accountRef(afterId);
        const lastShown = ref ? await ref.get() : undefined;
        if (!lastShown?.exists) return [];
        query = query.startAfter(lastShown.get("createdAt") as Timestamp, lastShown.id);
      }
      if (search) return searchNewestFirst(query, search.toLowerCase(), limit);
      return (await query.limit(limit).get()).docs.map(recordOf);
    },

    async accountExists(id) {
      const ref = accountRef(id);
      return ref ? (await ref.get()).exists : false;
    },

    /**
     * A transaction of its own: the address's claim, then its account, both by id, the account
     * written only while still active under that address.
     */
    async updateProfile(email, changes) {
      const address = normalEmail(email);
      const claimRef = emailClaim(address);
      if (!claimRef) return null;
      return db.runTransaction(async (transaction) => {
        const holder = (await transaction.get(claimRef)).data() as ClaimDocument | undefined;
        const ref = holder ? accountRef(holder.accountId) : null;
        const account = ref ? await transaction.get(ref) : null;
        const data = account?.data() as UserDocument | undefined;
        if (!ref || !data || data.removedAt !== null || data.email !== address) return null;
        const fields = { ...givenProfileFields(changes), updatedAt: Timestamp.now() };
        transaction.update(ref, fields);
        return toUserRecord(ref.id, { ...data, ...fields });
      });
    },

    /** The uid's and the address's claims, then their accounts, all read (and so held) in the change. */
    async lockAccountsOf(tx, firebaseUid, email) {
      const change = inFirestore(tx);
      const [ownId, holderId] = await claimHolders(change, [uidClaim(firebaseUid), emailClaim(email)]);
      const accounts = await readAccounts(change, [ownId, holderId].filter(isPresent));
      const accountOf = (id: string | null | undefined) => (id ? (accounts.get(id) ?? null) : null);
      return { own: accountOf(ownId), holder: accountOf(holderId) };
    },

    lockActiveById: (tx, id) => activeAccount(inFirestore(tx), id),

    async lockActiveByEmail(tx, email) {
      const change = inFirestore(tx);
      const holderId = await claimHolder(change, emailClaim(email));
      return holderId ? activeAccount(change, holderId) : null;
    },

    /**
     * The admins are found by a query outside the transaction, then read by id in the change, which
     * holds them: a change that writes one of them and commits first makes this one run again, and
     * see that write. A query in the transaction would hold every account on the emulator (a write
     * to any `users` document waits for it) while this change may wait for its turn at an account
     * behind another change of this instance, one that waits for that write to commit. Read by id,
     * the change waits for its turn before it holds anything, as a sign-in does.
     */
    async lockActiveAdmins(tx) {
      const found = (await activeAdminNames.get()).docs.map((doc) => doc.id);
      const accounts = await readAccounts(inFirestore(tx), found);
      return [...accounts.values()]
        .filter((account) => account.role === "admin" && !account.removedAt)
        .map((account) => account.id)
        .sort();
    },

    async insertAccount(tx, values) {
      const change = inFirestore(tx);
      const id = randomUUID();
      const email = normalEmail(values.email);
      await claim(change, uidClaim(values.firebaseUid), id);
      await claim(change, emailClaim(email), id);
      const now = Timestamp.now();
      const data: UserDocument = {
        firebaseUid: values.firebaseUid,
        email,
        name: values.name,
        role: values.role,
        education: "",
        location: "",
        number: "",
        linkIn: "",
        createdAt: now,
        updatedAt: now,
        removedAt: null,
        identitySyncDue: null,
      };
      change.create(users.doc(id), data);
      return toUserRecord(id, data);
    },

    /** A changed uid or address moves its claim: the new one taken, the old one given up. */
    async refreshAccount(tx, id, values) {
      const change = inFirestore(tx);
      const email = normalEmail(values.email);
      const before = (await readAccounts(change, [id])).get(id);
      if (before && before.firebaseUid !== values.firebaseUid) {
        await claim(change, uidClaim(values.firebaseUid), id);
        await release(change, uidClaim(before.firebaseUid), id);
      }
      if (before && before.email !== email) {
        await claim(change, emailClaim(email), id);
        await release(change, emailClaim(before.email), id);
      }
      return writeAccount(change, id, (account) => ({
        firebaseUid: values.firebaseUid,
        email,
        name: values.name,
        role: values.role === "admin" ? "admin" : account.role,
        updatedAt: Timestamp.now(),
      }));
    },

    promoteToAdmin(tx, id) {
      const now = Timestamp.now();
      return writeAccount(inFirestore(tx), id, (account) => ({ role: "admin", updatedAt: now, identitySyncDue: account.identitySyncDue ?? now }));
    },

    /** The account keeps its claims: a removed account's uid and address are never given to another. */
    markRemoved(tx, id) {
      const now = Timestamp.now();
      return writeAccount(inFirestore(tx), id, (account) => ({ removedAt: now, updatedAt: now, identitySyncDue: account.identitySyncDue ?? now }));
    },

    /** A transaction of its own: the account read, and its due time cleared only if it is as told. */
    async identitySynced(told) {
      const ref = accountRef(told.id);
      if (!ref) return null;
      return db.runTransaction(async (transaction) => {
        const data = (await transaction.get(ref)).data() as UserDocument | undefined;
        if (!data) return null;
        const account = toUserRecord(ref.id, data);
        const asTold = account.firebaseUid === told.firebaseUid && account.role === told.role && (account.removedAt === null) === (told.removedAt === null);
        if (!asTold) return account;
        if (account.identitySyncDue) transaction.update(ref, { identitySyncDue: null });
        return null;
      });
    },

    /** Single-field: a document without the field, or with null, is not in the range. */
    async identityDue(limit) {
      if (limit <= 0) return [];
      const snapshot = await users.where("identitySyncDue", "!=", null).orderBy("identitySyncDue").limit(limit).get();
      return snapshot.docs.map(recordOf);
    },
  };
}
