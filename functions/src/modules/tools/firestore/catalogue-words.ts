/**
 * The catalogue's words, spelled and compared as PostgreSQL's store does (its 'simple' text search
 * configuration and pg_trgm), so a search finds the same tools on either store.
 */

/** Typo corrections offered for each word of a search, the closest first. */
export const ALTERNATIVES_PER_WORD = 3;
/** Shorter words share too few trigrams with anything to be corrected; they match as typed, as prefixes. */
export const CORRECTED_FROM_LENGTH = 3;
/** pg_trgm's default `similarity_threshold`: what its `%` calls similar. */
export const SIMILARITY_THRESHOLD = 0.3;

/**
 * A number with a decimal point ("3.5", "1.2.3"), or a run of letters and digits with the
 * hyphenated or dotted runs PostgreSQL's parser reads as one token ("claw-hammer", "v2.0").
 */
const TOKEN = /\p{N}+(?:\.\p{N}+)+|[\p{L}\p{M}\p{N}]+(?:[-.][\p{L}\p{M}\p{N}]+)*/gu;
const PART = /[\p{L}\p{M}\p{N}]+/gu;
const STARTS_WITH_LETTER = /^[\p{L}\p{M}]/u;

/** What PostgreSQL's parser makes of one token: a dotted one (a host, a version) whole; a hyphenated word whole and in parts. */
function wordsOfToken(token: string): string[] {
  if (token.includes(".") || !token.includes("-")) return [token];
  const parts = token.split("-");
  return STARTS_WITH_LETTER.test(token) ? [token, ...parts] : parts;
}

/**
 * The distinct words of a text, in lower case, as `to_tsvector('simple', text)` has them for
 * ordinary prose: runs of letters and digits, decimals and dotted names whole, a hyphenated
 * compound whole and in parts. Paths, e-mails and signed numbers, which PostgreSQL's parser reads
 * in its own ways, are read as their runs of letters and digits.
 */
export function wordsOf(text: string): string[] {
  const words = new Set<string>();
  for (const [token] of text.toLowerCase().matchAll(TOKEN)) for (const word of wordsOfToken(token)) words.add(word);
  return [...words];
}

/** The words of a search, once each, in the order PostgreSQL lists a tsvector's lexemes. */
export const searchedWords = (q: string): string[] => wordsOf(q).sort(byCodePoint);

/** A UTF-16 code unit moved so that code-unit order becomes code-point order: surrogates after the rest of the BMP. */
const inCodePointOrder = (unit: number): number => (unit >= 0xd800 && unit <= 0xdfff ? unit + 0x2000 : unit >= 0xe000 ? unit - 0x800 : unit);

/** Plain code-point order, as PostgreSQL (C collation) and Firestore compare strings: their bytes in UTF-8. */
export function byCodePoint(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const left = a.charCodeAt(i);
    const right = b.charCodeAt(i);
    if (left !== right) return inCodePointOrder(left) - inCodePointOrder(right);
  }
  return a.length - b.length;
}

/**
 * pg_trgm's trigrams of a word: each run of letters and digits padded with two spaces in front and
 * one behind, then every three characters of it, once each.
 */
export function trigramsOf(word: string): Set<string> {
  const trigrams = new Set<string>();
  for (const [run] of word.toLowerCase().matchAll(PART)) {
    const padded = [..."  ", ...run, " "];
    for (let i = 0; i + 3 <= padded.length; i++) trigrams.add(padded.slice(i, i + 3).join(""));
  }
  return trigrams;
}

/** pg_trgm's similarity from counts: the trigrams two words share, over all the trigrams either has. */
const similarityOf = (shared: number, a: number, b: number): number => (a === 0 || b === 0 ? 0 : shared / (a + b - shared));

/** pg_trgm's `similarity` of two words' trigrams. */
export function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const trigram of a) if (b.has(trigram)) shared++;
  return similarityOf(shared, a.size, b.size);
}

/** A word of the dictionary, the one copy of its text the catalogue's index keeps, and how many trigrams it has. */
interface KnownWord {
  word: string;
  trigrams: number;
}

/**
 * Every word the catalogue has ever had, with its trigrams indexed, so the words close to a typo
 * are found among those that share a trigram with it rather than among all of them, and scored by
 * the trigrams they share. Words are only added: a word whose tools are gone still corrects a
 * typo, as in PostgreSQL's `catalogue_words`.
 */
export class WordDictionary {
  private readonly known = new Map<string, KnownWord>();
  private readonly wordsByTrigram = new Map<string, KnownWord[]>();

  get size(): number {
    return this.known.size;
  }

  has(word: string): boolean {
    return this.known.has(word);
  }

  /** Adds a word; answers the dictionary's own copy of it, for whoever keeps the word to keep that one. */
  add(word: string): string {
    const held = this.known.get(word);
    if (held) return held.word;
    const trigrams = trigramsOf(word);
    const added: KnownWord = { word, trigrams: trigrams.size };
    this.known.set(word, added);
    for (const trigram of trigrams) {
      const words = this.wordsByTrigram.get(trigram);
      if (words) words.push(added);
      else this.wordsByTrigram.set(trigram, [added]);
    }
    return word;
  }

  /**
   * The words a searched word may be a typo of, the most similar first (ties in code-point order),
   * at most `ALTERNATIVES_PER_WORD`; none for a word the dictionary has or a short one.
   */
  alternatives(word: string): string[] {
    if ([...word].length < CORRECTED_FROM_LENGTH || this.has(word)) return [];
    const searched = trigramsOf(word);
    const shared = new Map<KnownWord, number>();
    for (const trigram of searched) for (const known of this.wordsByTrigram.get(trigram) ?? []) shared.set(known, (shared.get(known) ?? 0) + 1);
    return [...shared]
      .map(([known, count]) => ({ known: known.word, score: similarityOf(count, searched.size, known.trigrams) }))
      .filter(({ score }) => score >= SIMILARITY_THRESHOLD)
      .sort((a, b) => b.score - a.score || byCodePoint(a.known, b.known))
      .slice(0, ALTERNATIVES_PER_WORD)
      .map(({ known }) => known);
  }
}
