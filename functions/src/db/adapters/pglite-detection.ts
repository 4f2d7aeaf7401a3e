import type pg from "pg";

const namedStatementsWork = new WeakMap<pg.Pool, Promise<boolean>>();

/**
 * PostgreSQL plans a named statement once per connection and reuses the plan. PGlite serves every
 * connection from one session, where a second connection preparing a name already taken fails, so
 * there the statement runs unnamed. Which one is behind the pool is asked once.
 */
export function canName(pool: pg.Pool): Promise<boolean> {
  let known = namedStatementsWork.get(pool);
  if (!known) {
    known = pool.query<{ version: string }>("select version()").then(
      ({ rows }) => !rows[0]!.version.includes("PGlite"),
      () => {
        // Unknown while the database cannot be reached; asked again next time.
        namedStatementsWork.delete(pool);
        return false;
      },
    );
    namedStatementsWork.set(pool, known);
  }
  return known;
}
