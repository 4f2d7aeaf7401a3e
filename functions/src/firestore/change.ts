import { type DocumentData, type DocumentReference, FieldValue, type Firestore, type Query, type QuerySnapshot, type Transaction } from "firebase-admin/firestore";

import type { LaneHolder } from "./document-lanes.js";

type Write = (transaction: Transaction) => void;

/**
 * A change in progress on Firestore, for the stores' own code. Firestore wants every read of a
 * transaction before its first write, while a use case reads and writes in the order its story
 * goes (lock the tool, take its stock, then read the buyer). So reads go to the transaction as they
 * come, and each write is kept until the change ends, when all of them are handed over: the
 * transaction sees its reads, then its writes. A document read in a transaction is held by it
 * (the server's libraries lock what a transaction reads) until it commits.
 *
 * A document read or written here reads back as this change left it (`get`). A query reads the
 * data as it was before the change's own writes, so a store queries before it writes.
 */
export class FirestoreChange {
  /** What each document read or written here holds now: its data, or null when there is none. */
  private readonly known = new Map<string, DocumentData | null>();
  /** Documents whose data this change no longer knows: updated blind, or with a value Firestore computes. */
  private readonly unknown = new Set<string>();
  private readonly writes: Write[] = [];

  constructor(
    readonly db: Firestore,
    private readonly transaction: Transaction,
    /** This instance's turn in each document's lane (document-lanes.ts); none for a change on its own. */
    private readonly lanes?: LaneHolder,
  ) {}

  /** A document's data as this change sees it; undefined when there is none. */
  async get<T extends DocumentData = DocumentData>(ref: DocumentReference): Promise<T | undefined> {
    const [data] = await this.getAll<T>([ref]);
    return data;
  }

  /** Several documents in one round trip, in the order given; undefined for each that does not exist. */
  async getAll<T extends DocumentData = DocumentData>(refs: DocumentReference[]): Promise<(T | undefined)[]> {
    for (const ref of refs) {
      if (this.unknown.has(ref.path)) throw new Error(`${ref.path} is read after a write whose result this change cannot know`);
    }
    const unread = [...new Map(refs.filter((ref) => !this.known.has(ref.path)).map((ref) => [ref.path, ref])).values()];
    if (unread.length > 0) {
      await this.lanes?.enter(unread.map((ref) => ref.path).sort());
      for (const snapshot of await this.transaction.getAll(...unread)) this.known.set(snapshot.ref.path, snapshot.data() ?? null);
    }
    return refs.map((ref) => (this.known.get(ref.path) ?? undefined) as T | undefined);
  }

  /** A query, read in the transaction, as the data was before this change's own writes. */
  query(query: Query): Promise<QuerySnapshot> {
    return this.transaction.get(query);
  }

  /** Creates a document; the whole change fails if it exists by the time the change commits. */
  create(ref: DocumentReference, data: DocumentData): void {
    this.remember(ref, data);
    this.writes.push((transaction) => transaction.create(ref, data));
  }

  /** Writes a document whole. */
  set(ref: DocumentReference, data: DocumentData): void {
    this.remember(ref, data);
    this.writes.push((transaction) => transaction.set(ref, data));
  }

  /** Changes some top-level fields of an existing document (the change fails if it does not exist). */
  update(ref: DocumentReference, fields: DocumentData): void {
    const before = this.known.get(ref.path);
    if (before) this.remember(ref, { ...before, ...fields });
    else {
      this.known.delete(ref.path);
      this.unknown.add(ref.path);
    }
    this.writes.push((transaction) => transaction.update(ref, fields));
  }

  delete(ref: DocumentReference): void {
    this.remember(ref, null);
    this.writes.push((transaction) => transaction.delete(ref));
  }

  /** Hands every write to the transaction, in the order made: the change's last step. */
  commit(): void {
    for (const write of this.writes) write(this.transaction);
  }

  private remember(ref: DocumentReference, data: DocumentData | null): void {
    // A value Firestore computes on commit (a server time, an increment) is not known until then.
    if (data && Object.values(data).some((value) => value instanceof FieldValue)) {
      this.known.delete(ref.path);
      this.unknown.add(ref.path);
      return;
    }
    this.known.set(ref.path, data);
    this.unknown.delete(ref.path);
  }
}
