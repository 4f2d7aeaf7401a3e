import type { CatalogueSort } from "../tools.schemas.js";
import type { CataloguePageQuery, SearchWord } from "../tools.store.js";
import { byCodePoint, WordDictionary } from "./catalogue-words.js";

/** What the search keeps of a tool, listed or deleted. */
export interface IndexedTool {
  id: string;
  nameLower: string;
  unitPriceCents: number;
  createdAtMs: number;
  stock: number;
  minOrderQuantity: number;
  listed: boolean;
  /** The words of its name and description now: what a search matches. */
  words: readonly string[];
  /** Every word its name or description has ever had: what corrects a typo. */
  wordsEver: readonly string[];
  changedAtMs: number;
}

/** What a searched page asks of the index: the page's query without its length's meaning. */
export type IndexQuery = Omit<CataloguePageQuery, "search"> & { search: SearchWord[] };

type Compare = (a: IndexedTool, b: IndexedTool) => number;
const byId: Compare = (a, b) => byCodePoint(a.id, b.id);

/** The catalogue's orders, as the store's queries order (each ends in the id, so no two tools tie). */
const ORDERS: Record<CatalogueSort, Compare> = {
  name: (a, b) => byCodePoint(a.nameLower, b.nameLower) || byId(a, b),
  price: (a, b) => a.unitPriceCents - b.unitPriceCents || byId(a, b),
  listed: (a, b) => a.createdAtMs - b.createdAtMs || byId(a, b),
  newest: (a, b) => b.createdAtMs - a.createdAtMs || byId(b, a),
};

const sameWords = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((word, i) => word === b[i]);

const sameTool = (a: IndexedTool, b: IndexedTool): boolean =>
  a.nameLower === b.nameLower &&
  a.unitPriceCents === b.unitPriceCents &&
  a.createdAtMs === b.createdAtMs &&
  a.stock === b.stock &&
  a.minOrderQuantity === b.minOrderQuantity &&
  a.listed === b.listed &&
  a.changedAtMs === b.changedAtMs &&
  sameWords(a.words, b.words) &&
  sameWords(a.wordsEver, b.wordsEver);

/**
 * Every tool the store has ever had, held in memory for the search Firestore cannot make: which
 * tools have a word (or a word starting so), each order of the catalogue, and the dictionary of
 * words that corrects typos. It knows only what it is given (`put`); the feed keeps it current.
 * Memory grows with the catalogue: a tool takes its words and a few numbers.
 */
export class CatalogueIndex {
  readonly dictionary = new WordDictionary();
  private readonly tools = new Map<string, IndexedTool>();
  /** Each word of the tools' texts now, and the tools that have it. */
  private readonly postings = new Map<string, Set<string>>();
  /** The words of `postings` in code-point order, for finding those that start with a prefix; rebuilt when words come or go. */
  private sortedWords: string[] | null = null;
  /** Every tool in each order, built when first asked for after a change. */
  private readonly ordered = new Map<CatalogueSort, IndexedTool[]>();

  get size(): number {
    return this.tools.size;
  }

  get(id: string): IndexedTool | undefined {
    return this.tools.get(id);
  }

  /**
   * Takes a tool as read from the store; false when it changes nothing. A copy older than the one
   * held (an earlier `changedAt`) is ignored, so a page's fresh read and the feed cannot undo each
   * other.
   */
  put(tool: IndexedTool): boolean {
    const held = this.tools.get(tool.id);
    if (held && (held.changedAtMs > tool.changedAtMs || sameTool(held, tool))) return false;
    if (held) for (const word of held.words) this.unpost(word, tool.id);
    for (const word of tool.words) this.post(word, tool.id);
    for (const word of tool.wordsEver) this.dictionary.add(word);
    for (const word of tool.words) this.dictionary.add(word);
    this.tools.set(tool.id, tool);
    this.ordered.clear();
    return true;
  }

  /**
   * The ids of one page of listed tools that match the search and filters, in the sort, after the
   * tool `after` (its place read from its own entry, listed or deleted); none when the index has no
   * such tool. Walks the order from the cursor and stops once the page is full.
   */
  pageIds(query: IndexQuery): string[] {
    const order = this.inOrder(query.sort);
    let start = 0;
    if (query.after !== null) {
      const cursor = this.tools.get(query.after);
      if (!cursor) return [];
      start = firstAfter(order, cursor, ORDERS[query.sort]);
    }
    const matching = this.matching(query.search);
    const ids: string[] = [];
    for (let i = start; i < order.length && ids.length < query.rows; i++) {
      const tool = order[i]!;
      if ((matching === null || matching.has(tool.id)) && passesFilters(tool, query)) ids.push(tool.id);
    }
    return ids;
  }

  /** Whether a tool, as the index holds it now, belongs on a page of this search and filters. */
  qualifies(id: string, query: IndexQuery): boolean {
    const tool = this.tools.get(id);
    if (!tool || !passesFilters(tool, query)) return false;
    return query.search.every((searched) => tool.words.some((word) => matchesWord(word, searched)));
  }

  /** The ids of tools whose words match every searched word; null for no search (every tool). */
  private matching(search: SearchWord[]): Set<string> | null {
    if (search.length === 0) return null;
    const sets = search.map((searched) => this.toolsMatching(searched)).sort((a, b) => a.size - b.size);
    const [smallest, ...others] = sets;
    return new Set([...smallest!].filter((id) => others.every((set) => set.has(id))));
  }

  /** Tools with a word that is the searched one, starts with it, or is one of its alternatives. */
  private toolsMatching({ word, alternatives }: SearchWord): Set<string> {
    const ids = new Set<string>();
    const add = (known: string) => {
      for (const id of this.postings.get(known) ?? []) ids.add(id);
    };
    const words = this.wordsInOrder();
    for (let i = lowerBound(words, word); i < words.length && words[i]!.startsWith(word); i++) add(words[i]!);
    for (const alternative of alternatives) add(alternative);
    return ids;
  }

  private post(word: string, id: string): void {
    const ids = this.postings.get(word);
    if (ids) ids.add(id);
    else {
      this.postings.set(word, new Set([id]));
      this.sortedWords = null;
    }
  }

  private unpost(word: string, id: string): void {
    const ids = this.postings.get(word);
    if (!ids) return;
    ids.delete(id);
    if (ids.size === 0) {
      this.postings.delete(word);
      this.sortedWords = null;
    }
  }

  private wordsInOrder(): string[] {
    this.sortedWords ??= [...this.postings.keys()].sort(byCodePoint);
    return this.sortedWords;
  }

  private inOrder(sort: CatalogueSort): IndexedTool[] {
    let order = this.ordered.get(sort);
    if (!order) {
      order = [...this.tools.values()].sort(ORDERS[sort]);
      this.ordered.set(sort, order);
    }
    return order;
  }
}

/** A tool's word matches a searched word as typed, as the start of a longer word, or as one of its alternatives. */
const matchesWord = (word: string, { word: searched, alternatives }: SearchWord): boolean =>
  word.startsWith(searched) || alternatives.includes(word);

const passesFilters = (tool: IndexedTool, { inStock, lowStock = false }: Pick<CataloguePageQuery, "inStock" | "lowStock">): boolean =>
  tool.listed && (!inStock || tool.stock >= tool.minOrderQuantity) && (!lowStock || tool.stock < tool.minOrderQuantity);

/** The position of the first tool after `cursor` in `order`. */
function firstAfter(order: IndexedTool[], cursor: IndexedTool, compare: Compare): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(order[middle]!, cursor) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The position of the first word not before `word` in code-point order. */
function lowerBound(words: string[], word: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (byCodePoint(words[middle]!, word) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
