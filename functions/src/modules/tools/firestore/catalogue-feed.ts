import { type Firestore, type QuerySnapshot, Timestamp } from "firebase-admin/firestore";
import { CatalogueIndex, type IndexedTool } from "./catalogue-index.js";
import { textWords, type ToolDocument, toolsOf } from "./tool-documents.js";

/**
 * How far back each look reads before the last one began. A change stamps `changedAt` with its
 * instance's clock before it commits, so one that commits after a look began may carry a time a
 * little before it; a change that takes longer than this between its stamp and its commit shows
 * in the search at the next full load (or as soon as a page reads that tool).
 */
export const LOOK_OVERLAP_MS = 10_000;
/** How often the index is read whole again, which bounds how long anything the overlap missed stays missed. */
export const RELOAD_AFTER_MS = 15 * 60_000;

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

export const toIndexedTool = (id: string, tool: IndexedFields): IndexedTool => ({
  id,
  nameLower: tool.nameLower,
  unitPriceCents: tool.unitPriceCents,
  createdAtMs: tool.createdAt.toMillis(),
  stock: tool.stock,
  minOrderQuantity: tool.minOrderQuantity,
  listed: tool.deletedAt === null,
  words: textWords(tool),
  wordsEver: tool.words,
  changedAtMs: tool.changedAt.toMillis(),
});

/**
 * The instance's search index, fed from `tools`: read whole on first use (and every
 * `RELOAD_AFTER_MS`), then before each use only the tools whose `changedAt` is after the last look
 * (less the overlap), one query on a single-field index. A use costs that query plus the tools
 * changed meanwhile. Uses that come while a look is under way share the next one, so each sees
 * every change committed before it asked.
 */
export class CatalogueFeed {
  private index: CatalogueIndex | null = null;
  private loadedAtMs = 0;
  private lastLookMs = 0;
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
    if (!this.index || startedAt - this.loadedAtMs >= RELOAD_AFTER_MS) {
      const index = new CatalogueIndex();
      feed(index, await tools.get());
      this.index = index;
      this.loadedAtMs = startedAt;
    } else {
      const since = Timestamp.fromMillis(this.lastLookMs - LOOK_OVERLAP_MS);
      feed(this.index, await tools.where("changedAt", ">", since).get());
    }
    this.lastLookMs = startedAt;
    return this.index;
  }
}

function feed(index: CatalogueIndex, snapshot: QuerySnapshot): void {
  for (const document of snapshot.docs) index.put(toIndexedTool(document.id, document.data() as IndexedFields));
}
