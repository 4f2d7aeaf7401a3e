import { type DocumentData, type DocumentReference, FieldValue, type Firestore, type Query, type QuerySnapshot, type Transaction } from "firebase-admin/firestore";

import type { LaneHolder } from "./document-lanes.js";

type WriteKind = "create" | "set" | "update" | "merge" | "delete";

/** A write kept for the commit; a later write of the same document may be joined into it. */
interface PendingWrite {
  ref: DocumentReference;
  kind: WriteKind;
  data: DocumentData;
}

/** Whether a value, or any value inside it, is one Firestore computes on commit (a server time, an increment). */
const isComputed = (value: unknown): boolean =>
  value instanceof FieldValue ||
  (Array.isArray(value) && value.some(isComputed)) ||
  (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype && Object.values(value).some(isComputed));

const namesFieldPaths = (fields: DocumentData): boolean => Object.keys(fields).some((name) => name.includes("."));

/**
 * The one write that has the effect of `earlier` followed by a `kind` write of `data`, or null when
 * only the two in turn have it: a create keeps its "must not exist" and an update its "must exist",
 * and a value Firestore computes from what the document holds is never folded into an earlier value.
 */
function joined(earlier: PendingWrite, kind: WriteKind, data: DocumentData): Pick<PendingWrite, "kind" | "data"> | null {
  switch (kind) {
    case "set":
      if (earlier.kind === "update") return null;
      return { kind: earlier.kind === "create" ? "create" : "set", data };
    case "update":
    case "merge":
      if (earlier.kind === "delete" || isComputed(data) || namesFieldPaths(data)) return null;
      if ((earlier.kind === "update" || earlier.kind === "merge") && namesFieldPaths(earlier.data)) return null;
      return { kind: earlier.kind, data: { ...earlier.data, ...data } };
    case "delete":
      return earlier.kind === "set" || earlier.kind === "merge" || earlier.kind === "delete" ? { kind: "delete", data: {} } : null;
    case "create":
      return null;
  }
}

/**
 * A change in progress on Firestore, for the stores' own code. Firestore wants every read of a
 * transaction before its first write, while a use case reads and writes in the order its story
 * goes (lock the tool, take its stock, then read the buyer). So reads go to the transaction as they
 * come, and each write is kept until the change ends, when all of them are handed over: the
 * transaction sees its reads, then its writes. A document read in a transaction is held by it
 * (the server's libraries lock what a transaction reads) until it commits.
 *
 * A document written several times in the change is written once, as the change left it, where one
 * write can say so (an audit counter raised for every entry of a change is one write): a commit is
 * billed, and bounded in size, by its writes.
 *
 * A document read or written here reads back as this change left it (`get`). A query reads the
 * data as it was before the change's own writes, so a store queries before it writes.
 */
export class FirestoreChange {
  /** What each document read or written here holds now: its data, or null when there is none. */
  private readonly known = new Map<string, DocumentData | null>();
  /** Documents whose data this change no longer knows: updated blind, or with a value Firestore computes. */
  private readonly unknown = new Set<string>();
  private readonly writes: PendingWrite[] = [];
  /** Each document's last write, which a later write of it may be joined into. */
  private readonly lastWrites = new Map<string, PendingWrite>();

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
    this.keep(ref, "create", data);
  }

  /** Writes a document whole. */
  set(ref: DocumentReference, data: DocumentData): void {
    this.remember(ref, data);
    this.keep(ref, "set", data);
  }

  /** Changes some top-level fields of an existing document (the change fails if it does not exist). */
  update(ref: DocumentReference, fields: DocumentData): void {
    this.rememberFields(ref, fields, false);
    this.keep(ref, "update", fields);
  }

  /**
   * Writes some top-level fields, whole, and keeps the document's others; a document that does not
   * exist is created with these fields. With a value Firestore computes (an increment), a document
   * is changed without being read, so the change neither waits for it nor holds it.
   */
  merge(ref: DocumentReference, fields: DocumentData): void {
    this.rememberFields(ref, fields, true);
    this.keep(ref, "merge", fields);
  }

  delete(ref: DocumentReference): void {
    this.remember(ref, null);
    this.keep(ref, "delete", {});
  }

  /** Hands every write to the transaction, in the order made: the change's last step. */
  commit(): void {
    for (const { ref, kind, data } of this.writes) {
      if (kind === "create") this.transaction.create(ref, data);
      else if (kind === "set") this.transaction.set(ref, data);
      else if (kind === "update") this.transaction.update(ref, data);
      else if (kind === "merge") this.transaction.set(ref, data, { mergeFields: Object.keys(data) });
      else this.transaction.delete(ref);
    }
  }

  private keep(ref: DocumentReference, kind: WriteKind, data: DocumentData): void {
    const earlier = this.lastWrites.get(ref.path);
    const one = earlier && joined(earlier, kind, data);
    if (earlier && one) {
      Object.assign(earlier, one);
      return;
    }
    const write: PendingWrite = { ref, kind, data };
    this.writes.push(write);
    this.lastWrites.set(ref.path, write);
  }

  /** What a write of some fields leaves when the change knew the document; a missing one is created only by a merge. */
  private rememberFields(ref: DocumentReference, fields: DocumentData, createsMissing: boolean): void {
    const before = this.known.get(ref.path);
    if (before || (before === null && createsMissing)) this.remember(ref, { ...before, ...fields });
    else {
      this.known.delete(ref.path);
      this.unknown.add(ref.path);
    }
  }

  private remember(ref: DocumentReference, data: DocumentData | null): void {
    // A value Firestore computes on commit (a server time, an increment) is not known until then.
    if (data && Object.values(data).some(isComputed)) {
      this.known.delete(ref.path);
      this.unknown.add(ref.path);
      return;
    }
    this.known.set(ref.path, data);
    this.unknown.delete(ref.path);
  }
}
