import type { CatalogueSort } from "../tools.schemas.js";
import type { CataloguePageQuery, SearchWord } from "../tools.store.js";
import { byCodePoint, WordDictionary } from "./catalogue-words.js";

/** A tool as the store has it, for the index: listed or deleted. */
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
  /**
   * The store's own time of the write this copy shows (the document's update time, in
   * microseconds): every write of a document has a later one than the write before, whichever
   * instance made it and whatever its clock said.
   */
  version: number;
}

/**
 * What the index keeps of a tool: all but `wordsEver`, which only feeds the dictionary, with its
 * words spelled as the dictionary's own copies, so a word the catalogue has a thousand times is
 * held once.
 */
export type HeldTool = Omit<IndexedTool, "wordsEver">;

/** What a searched page asks of the index: the page's query without its length's meaning. */
export type IndexQuery = Omit<CataloguePageQuery, "search"> & { search: SearchWord[] };

type Compare = (a: HeldTool, b: HeldTool) => number;
const byId: Compare = (a, b) => byCodePoint(a.id, b.id);

/** The catalogue's orders, as the store's queries order (each ends in the id, so no two tools tie). */
const ORDERS: Record<CatalogueSort, Compare> = {
  name: (a, b) => byCodePoint(a.nameLower, b.nameLower) || byId(a, b),
  price: (a, b) => a.unitPriceCents - b.unitPriceCents || byId(a, b),
  listed: (a, b) => a.createdAtMs - b.createdAtMs || byId(a, b),
  newest: (a, b) => b.createdAtMs - a.createdAtMs || byId(b, a),
};

const sameWords = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((word, i) => word === b[i]);

/**
 * Every tool the store has ever had, held in memory for the search Firestore cannot make: which
 * tools have a word (or a word starting so), each order of the catalogue, and the dictionary of
 * words that corrects typos. It knows only what it is given (`put`); the feed keeps it current.
 * Memory grows with the catalogue: a tool takes its id, its name, a few numbers and a reference
 * to each of its words (docs/decisions/0026 measures it).
 */
export class CatalogueIndex {
  readonly dictionary = new WordDictionary();
  private readonly tools = new Map<string, HeldTool>();
  /**
   * Each word of the tools' texts now, and the tools that have it: lists, not sets, as a list takes
   * a fraction of a set's memory; a tool leaves one only when its text changes.
   */
  private readonly postings = new Map<string, HeldTool[]>();
  /** The words of `postings` in code-point order, for finding those that start with a prefix; kept once built. */
  private sortedWords: string[] | null = null;
  /** Every tool in each order, built when first asked for, then kept in order by each `put`. */
  private readonly ordered = new Map<CatalogueSort, HeldTool[]>();

  get size(): number {
    return this.tools.size;
  }

  get(id: string): HeldTool | undefined {
    return this.tools.get(id);
  }

  /**
   * Takes a tool as read from the store; false when it changes nothing. A copy of an earlier write
   * than the one held (an earlier `version`) is ignored, so a page's fresh read and the feed cannot
   * undo each other, and the later of two writes wins whatever clocks their writers had.
   */
  put(tool: IndexedTool): boolean {
    const held = this.tools.get(tool.id);
    if (held && held.version >= tool.version) return false;
    for (const word of tool.wordsEver) this.dictionary.add(word);
    const words = tool.words.map((word) => this.dictionary.add(word));
    const { nameLower, unitPriceCents, createdAtMs, stock, minOrderQuantity, listed, version } = tool;
    if (!held) {
      const added: HeldTool = { id: tool.id, nameLower, unitPriceCents, createdAtMs, stock, minOrderQuantity, listed, words, version };
      this.tools.set(added.id, added);
      for (const word of words) this.post(word, added);
      this.order(added);
      return true;
    }
    // Changed in place, so the postings keep it when its words stay (a stock or a price changed).
    this.unorder(held);
    if (!sameWords(held.words, words)) {
      for (const word of held.words) this.unpost(word, held);
      for (const word of words) this.post(word, held);
    }
    Object.assign(held, { nameLower, unitPriceCents, createdAtMs, stock, minOrderQuantity, listed, words, version });
    this.order(held);
    return true;
  }

  /** Leaves out a tool the store no longer has; its words still correct typos. */
  forget(id: string): void {
    const held = this.tools.get(id);
    if (!held) return;
    this.unorder(held);
    for (const word of held.words) this.unpost(word, held);
    this.tools.delete(id);
  }

  /**
   * The ids of one page of listed tools that match the search and filters, in the sort, after the
   * tool `after` (its place read from its own entry, listed or deleted); none when the index has no
   * such tool. Walks the order from the cursor and stops once the page is full; for a word few tools
   * have, sorts those tools instead, whichever costs fewer steps.
   */
  pageIds(query: IndexQuery): string[] {
    const compare = ORDERS[query.sort];
    const cursor = query.after === null ? null : this.tools.get(query.after);
    if (cursor === undefined) return [];
    const qualifies = (tool: HeldTool) =>
      passesFilters(tool, query) && query.search.every((searched) => tool.words.some((word) => matchesWord(word, searched)));
    const rarest = this.rarestWord(query.search);
    // A walk takes about `rows` ÷ (the share of tools that match) steps, a sort about as many as match, squared at worst.
    if (rarest !== null && rarest.tools ** 2 < query.rows * this.tools.size) {
      const candidates = new Set<HeldTool>();
      for (const word of rarest.words) for (const tool of this.postings.get(word) ?? []) candidates.add(tool);
      return [...candidates]
        .filter((tool) => qualifies(tool) && (cursor === null || compare(tool, cursor) > 0))
        .sort(compare)
        .slice(0, query.rows)
        .map((tool) => tool.id);
    }
    const order = this.inOrder(query.sort);
    const ids: string[] = [];
    for (let i = cursor === null ? 0 : firstAfter(order, cursor, compare); i < order.length && ids.length < query.rows; i++) {
      if (qualifies(order[i]!)) ids.push(order[i]!.id);
    }
    return ids;
  }

  /**
   * Of the searched words, the one the fewest tools match: the catalogue's words it matches, and
   * how many tools have them (a tool with two of them counted twice); null for no search.
   */
  private rarestWord(search: SearchWord[]): { words: string[]; tools: number } | null {
    let rarest: { words: string[]; tools: number } | null = null;
    for (const { word, alternatives } of search) {
      const words = [...alternatives];
      const known = this.wordsInOrder();
      for (let i = lowerBound(known, word); i < known.length && known[i]!.startsWith(word); i++) words.push(known[i]!);
      const tools = words.reduce((count, each) => count + (this.postings.get(each)?.length ?? 0), 0);
      if (rarest === null || tools < rarest.tools) rarest = { words, tools };
    }
    return rarest;
  }

  private post(word: string, tool: HeldTool): void {
    const tools = this.postings.get(word);
    if (tools) tools.push(tool);
    else {
      this.postings.set(word, [tool]);
      this.sortedWords?.splice(lowerBound(this.sortedWords, word), 0, word);
    }
  }

  private unpost(word: string, tool: HeldTool): void {
    const tools = this.postings.get(word);
    const at = tools?.indexOf(tool) ?? -1;
    if (at < 0) return;
    tools![at] = tools!.at(-1)!;
    tools!.pop();
    if (tools!.length === 0) {
      this.postings.delete(word);
      this.sortedWords?.splice(lowerBound(this.sortedWords, word), 1);
    }
  }

  private order(tool: HeldTool): void {
    for (const [sort, order] of this.ordered) order.splice(firstAfter(order, tool, ORDERS[sort]), 0, tool);
  }

  /** Takes a tool out of every order, before its sort values change. */
  private unorder(tool: HeldTool): void {
    for (const [sort, order] of this.ordered) order.splice(firstAfter(order, tool, ORDERS[sort]) - 1, 1);
  }

  private wordsInOrder(): string[] {
    this.sortedWords ??= [...this.postings.keys()].sort(byCodePoint);
    return this.sortedWords;
  }

  private inOrder(sort: CatalogueSort): HeldTool[] {
    let order = this.ordered.get(sort);
    if (!order) {
      order = [...this.tools.values()].sort(ORDERS[sort]);
      this.ordered.set(sort, order);
    }
    return order;
  }
}

/** A tool's word matches a searched word as typed, as the start of a longer word, or as one of its alternatives. */
const matchesWord = (word: string, { word: searched, alternatives }: SearchWord): boolean => word.startsWith(searched) || alternatives.includes(word);

const passesFilters = (tool: HeldTool, { inStock, lowStock = false }: Pick<CataloguePageQuery, "inStock" | "lowStock">): boolean =>
  tool.listed && (!inStock || tool.stock >= tool.minOrderQuantity) && (!lowStock || tool.stock < tool.minOrderQuantity);

/** The position of the first tool after `cursor` in `order`. */
function firstAfter(order: HeldTool[], cursor: HeldTool, compare: Compare): number {
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
