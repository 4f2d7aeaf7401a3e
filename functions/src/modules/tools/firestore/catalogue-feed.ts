import { FieldPath, type Firestore, type Query, type QueryDocumentSnapshot, Timestamp } from "firebase-admin/firestore";
import { CatalogueIndex, type IndexedTool } from "./catalogue-index.js";
import { textWords, type ToolDocument, toolsOf } from "./tool-documents.js";

/**
 * How far back each look reads before the store's time of the last one. A change stamps
 * `changedAt` with its instance's clock before it commits, so one that commits after a look read
 * may carry a time a little before that read: its time from stamp to commit, and its clock's error.
 */
export const LOOK_OVERLAP_MS = 10_000;
/** How often a look reaches back past the last sweep instead (a sweep), for the changes the overlap missed. */
export const SWEEP_EVERY_MS = 5 * 60_000;
/**
 * How far back a sweep reads before the last sweep: longer than a Firestore transaction can live
 * (270 seconds), so a change that took that long from stamp to commit is still found.
 */
export const SWEEP_OVERLAP_MS = 5 * 60_000;
/** The first look reads the catalogue in queries of this many tools, each read as it streams in. */
export const LOAD_CHUNK = 10_000;

/** What the search reads of each tool. */
export const INDEXED_FIELDS = [
  "nameLower",
  "name",
  "description",
  "words",
  "unitPriceCents",
  "createdAt",
  "stock",
  "minOrderQuantity",
  "deletedAt",
  "changedAt",
] as const;
export type IndexedFields = Pick<ToolDocument, (typeof INDEXED_FIELDS)[number]>;

/** A stored time in whole microseconds, Firestore's precision: exact as a number until the year 2255. */
const microseconds = (time: Timestamp): number => time.seconds * 1_000_000 + Math.floor(time.nanoseconds / 1_000);

/** A tool as the index keeps it, from its document and the store's time of the write it shows. */
export const toIndexedTool = (id: string, tool: IndexedFields, updateTime: Timestamp): IndexedTool => ({
  id,
  nameLower: tool.nameLower,
  unitPriceCents: tool.unitPriceCents,
  createdAtMs: tool.createdAt.toMillis(),
  stock: tool.stock,
  minOrderQuantity: tool.minOrderQuantity,
  listed: tool.deletedAt === null,
  words: textWords(tool),
  wordsEver: tool.words,
  version: microseconds(updateTime),
});

/** A time `ms` before `time`; before every change when there is no such time yet. */
const before = (time: Timestamp | null, ms: number) => Timestamp.fromMillis(time === null ? 0 : time.toMillis() - ms);

/**
 * The instance's search index, fed from `tools`: read whole on first use, then before each use only
 * the tools whose `changedAt` is after the store's time of the last look less `LOOK_OVERLAP_MS`,
 * one query on a single-field index; every `SWEEP_EVERY_MS` that look reaches back to the last
 * sweep less `SWEEP_OVERLAP_MS` instead. A use costs that query plus the tools changed meanwhile;
 * the first costs every tool once. Uses that come while a look is under way share the next one, so
 * each sees every change committed before it asked.
 *
 * Which of two copies of a tool is the later is decided by the store's time of their writes
 * (`IndexedTool.version`), never by `changedAt`, which only finds the changes: instances' clocks
 * may disagree, and the later change must win whichever instance made it.
 */
export class CatalogueFeed {
  private index: CatalogueIndex | null = null;
  /** The store's times of the last look's read and of the last sweep's; null until a read has one (the catalogue was empty). */
  private lastLook: Timestamp | null = null;
  private lastSweep: Timestamp | null = null;
  /** This instance's clock when the last sweep began: when the next is due. */
  private sweptAtMs = 0;
  private running: Promise<CatalogueIndex> | null = null;
  private next: Promise<CatalogueIndex> | null = null;

  constructor(
    private readonly db: Firestore,
    private readonly now: () => number = Date.now,
  ) {}

  /** The index, holding every change committed before this call. */
  current(): Promise<CatalogueIndex> {
    if (this.next) return this.next;
    if (this.running) {
      const next = this.running.catch(() => undefined).then(() => {
        this.next = null;
        return this.start();
      });
      this.next = next;
      return next;
    }
    return this.start();
  }

  private start(): Promise<CatalogueIndex> {
    const run = this.look().finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    return run;
  }

  private async look(): Promise<CatalogueIndex> {
    const startedAt = this.now();
    const tools = toolsOf(this.db).select(...INDEXED_FIELDS);
    if (!this.index) {
      const index = new CatalogueIndex();
      const readTime = await loadWhole(tools, index);
      this.index = index;
      this.lastLook = this.lastSweep = readTime;
      this.sweptAtMs = startedAt;
      return index;
    }
    const sweep = this.lastSweep === null || startedAt - this.sweptAtMs >= SWEEP_EVERY_MS;
    const since = sweep ? before(this.lastSweep, SWEEP_OVERLAP_MS) : before(this.lastLook, LOOK_OVERLAP_MS);
    const snapshot = await tools.where("changedAt", ">", since).get();
    feed(this.index, snapshot.docs);
    this.lastLook = snapshot.readTime;
    if (sweep) {
      this.lastSweep = snapshot.readTime;
      this.sweptAtMs = startedAt;
    }
    return this.index;
  }
}

/**
 * Reads every tool into the index, `LOAD_CHUNK` at a time in document id order, each tool put in
 * the index as it arrives, so what the instance holds meanwhile is the index and little more.
 * Answers the store's time of the first query's read, before which every later look starts (a tool
 * changed while the chunks are read is read again by the next look); null for an empty catalogue.
 */
async function loadWhole(tools: Query, index: CatalogueIndex): Promise<Timestamp | null> {
  let chunk = tools.orderBy(FieldPath.documentId()).limit(LOAD_CHUNK);
  let first: Timestamp | null = null;
  for (;;) {
    let count = 0;
    let last: QueryDocumentSnapshot | null = null;
    for await (const document of chunk.stream() as AsyncIterable<QueryDocumentSnapshot>) {
      first ??= document.readTime;
      index.put(toIndexedTool(document.id, document.data() as IndexedFields, document.updateTime));
      count++;
      last = document;
    }
    if (count < LOAD_CHUNK) return first;
    chunk = chunk.startAfter(last!);
  }
}

function feed(index: CatalogueIndex, documents: QueryDocumentSnapshot[]): void {
  for (const document of documents) index.put(toIndexedTool(document.id, document.data() as IndexedFields, document.updateTime));
}
