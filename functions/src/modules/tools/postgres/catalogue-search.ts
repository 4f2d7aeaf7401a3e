import { and, asc, desc, gte, isNull, lt, type SQL, sql } from "drizzle-orm";
import { alias, type PgColumn } from "drizzle-orm/pg-core";
import type { Queryable } from "../../../db/client.js";
import type { CataloguePageQuery, SearchWord, ToolRecord } from "../tools.store.js";
import type { CatalogueSort } from "../tools.schemas.js";
import { catalogueWords, tools } from "./tools.tables.js";

/** Typo corrections offered for each word of a search, the closest first. */
const ALTERNATIVES_PER_WORD = 3;
/** Shorter words share too few trigrams with anything to be corrected; they match as typed, as prefixes. */
const CORRECTED_FROM_LENGTH = 3;

/**
 * The words of a search as the catalogue's documents spell them (the same 'simple' configuration).
 * A word the catalogue does not have comes with the catalogue's words most similar to it by
 * trigrams (pg_trgm's `%`: similarity of at least `pg_trgm.similarity_threshold`, 0.3 unless set):
 * "hamer" comes back with "hammer". A word it has is taken as meant, so "wrench" does not also
 * bring "bench".
 */
export async function searchWords(db: Queryable, q: string): Promise<SearchWord[]> {
  const result = await db.execute<{ word: string; alternatives: string[] }>(sql`
    select searched.lexeme as word,
      array(
        select known.word from ${catalogueWords} as known
        where char_length(searched.lexeme) >= ${CORRECTED_FROM_LENGTH}
          and not exists (select from ${catalogueWords} as same where same.word = searched.lexeme)
          and known.word % searched.lexeme
        order by similarity(known.word, searched.lexeme) desc, known.word
        limit ${ALTERNATIVES_PER_WORD}
      ) as alternatives
    from unnest(to_tsvector('simple', ${q})) as searched`);
  return result.rows;
}

/** A lexeme quoted for tsquery's text form: it is taken as it is, whatever characters it has. */
const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/**
 * Every word must match, each as typed (or as the start of a longer word: "hamm" finds "hammer") or
 * as one of its corrections: `('hamer':* | 'hammer') & ('claw':*)`.
 */
export const toTsquery = (words: SearchWord[]): string =>
  words.map(({ word, alternatives }) => `(${[`${quoted(word)}:*`, ...alternatives.map(quoted)].join(" | ")})`).join(" & ");

/** What a page shows of a tool: the fields of the answers (Manage Tools adds when it was listed), nothing else. */
const pageColumns = {
  id: tools.id,
  name: tools.name,
  img: tools.img,
  unitPriceCents: tools.unitPriceCents,
  description: tools.description,
  minOrderQuantity: tools.minOrderQuantity,
  stock: tools.stock,
  createdAt: tools.createdAt,
};

const CURSOR_TOOL = "cursor_tool";
const cursorTool = alias(tools, CURSOR_TOOL);

/** The tools table or its alias for the cursor's row. */
type Table = Record<"name" | "unitPriceCents" | "createdAt" | "id", PgColumn>;
/**
 * Each order ends in the id, so no two tools tie and a page starts exactly where the last one ended.
 * Each key has its index (tools.tables.ts), so a page reads its rows in order and stops.
 */
const ORDERS: Record<CatalogueSort, { key: (t: Table) => [SQL | PgColumn, PgColumn]; descending: boolean }> = {
  name: { key: (t) => [sql`lower(${t.name})`, t.id], descending: false },
  price: { key: (t) => [t.unitPriceCents, t.id], descending: false },
  newest: { key: (t) => [t.createdAt, t.id], descending: true },
  listed: { key: (t) => [t.createdAt, t.id], descending: false },
};

/** Tools after the cursor's tool in this order; its sort value is read from its own row. */
function after(sort: CatalogueSort, id: string): SQL {
  const { key, descending } = ORDERS[sort];
  const [value, tieBreak] = key(tools);
  const [cursorValue, cursorId] = key(cursorTool);
  return sql`(${value}, ${tieBreak}) ${descending ? sql`<` : sql`>`} (select ${cursorValue}, ${cursorId} from ${tools} as ${sql.identifier(CURSOR_TOOL)} where ${cursorTool.id} = ${id})`;
}

/**
 * One page of listed tools, searched, filtered and in order, plus one row to tell whether more
 * follow: one walk of an index from where the page before ended (docs/decisions/0013).
 */
export function cataloguePage(db: Queryable, { search, sort, inStock, lowStock = false, after: afterId, rows }: CataloguePageQuery): Promise<ToolRecord[]> {
  const { key, descending } = ORDERS[sort];
  const match = search && search.length > 0 ? toTsquery(search) : null;
  const direction = descending ? desc : asc;
  return db
    .select(pageColumns)
    .from(tools)
    .where(
      and(
        isNull(tools.deletedAt),
        // A parameter, not a subquery: PostgreSQL plans with the search in hand, so it estimates from
        // the words' statistics how many tools match, and walks an order's index for a common word
        // or collects a rare word's few tools from the search index.
        match === null ? undefined : sql`${tools.searchVector} @@ ${match}::tsquery`,
        inStock ? gte(tools.stock, tools.minOrderQuantity) : undefined,
        lowStock ? lt(tools.stock, tools.minOrderQuantity) : undefined,
        afterId === null ? undefined : after(sort, afterId),
      ),
    )
    .orderBy(...key(tools).map((part) => direction(part)))
    .limit(rows);
}
