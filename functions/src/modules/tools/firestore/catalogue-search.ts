import type { Firestore } from "firebase-admin/firestore";
import type { SearchWord, ToolRecord } from "../tools.store.js";
import { CatalogueFeed, INDEXED_FIELDS, type IndexedFields, toIndexedTool } from "./catalogue-feed.js";
import type { IndexQuery } from "./catalogue-index.js";
import { searchedWords } from "./catalogue-words.js";
import { canNameDocument, RECORD_FIELDS, type RecordFields, toolRef, toToolRecord } from "./tool-documents.js";

/**
 * The documents a searched page may read, per tool it holds: its own, and those of tools that
 * changed between the index's look and the page's read and so left it.
 */
export const PAGE_READS_PER_ROW = 3;

/** What a page reads of each tool: what the index keeps of it and what its record shows. */
const PAGE_FIELDS = [...new Set([...INDEXED_FIELDS, ...RECORD_FIELDS])];

/**
 * The catalogue's search on Firestore: the words of a search with their typo corrections, and its
 * pages, both from the instance's index (catalogue-index.ts), which the feed brings up to date
 * before each use (catalogue-feed.ts).
 */
export class CatalogueSearch {
  constructor(
    private readonly db: Firestore,
    private readonly feed = new CatalogueFeed(db),
  ) {}

  async words(q: string): Promise<SearchWord[]> {
    const words = searchedWords(q);
    if (words.length === 0) return [];
    const { dictionary } = await this.feed.current();
    return words.map((word): SearchWord => ({ word, alternatives: dictionary.alternatives(word) }));
  }

  /**
   * A searched page, found in the index, then read by id so its records are as the store has
   * them. A tool whose read shows a change the index had not seen goes into it, and the page is
   * found again; only the tools not read yet are read then, so every tool of the page has been read
   * by this call, and the page is full unless the matches end. It reads at most
   * `PAGE_READS_PER_ROW` × `rows` documents: past that (more than twice the page's length in tools
   * of its way changed while it was read) it ends before the first tool it could not read.
   */
  async page(query: IndexQuery): Promise<ToolRecord[]> {
    if (query.after !== null && !canNameDocument(query.after)) return [];
    const index = await this.feed.current();
    const read = new Map<string, ToolRecord>();
    let reads = PAGE_READS_PER_ROW * query.rows;
    for (;;) {
      const ids = index.pageIds(query);
      const unread = ids.filter((id) => !read.has(id));
      if (unread.length === 0 || reads === 0) {
        const end = unread.length === 0 ? ids.length : ids.indexOf(unread[0]!);
        return ids.slice(0, end).map((id) => read.get(id)!);
      }
      const batch = unread.slice(0, reads);
      reads -= batch.length;
      const snapshots = await this.db.getAll(...batch.map((id) => toolRef(this.db, id)), { fieldMask: PAGE_FIELDS });
      for (const snapshot of snapshots) {
        if (!snapshot.exists) {
          index.forget(snapshot.id);
          continue;
        }
        const tool = snapshot.data() as IndexedFields & RecordFields;
        index.put(toIndexedTool(snapshot.id, tool, snapshot.updateTime!));
        read.set(snapshot.id, toToolRecord(snapshot.id, tool));
      }
    }
  }
}
