import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { connectDatabase } from "../src/db/client.js";
import { isDatabaseUnavailable } from "../src/db/adapters/pg-errors.js";
import { ThrowawayCluster } from "./postgres-cluster.js";

// The pool gives up on an answer after 10 s, but the statement goes on at the server. If the
// ROLLBACK sent after it also waits out its 10 s unsent, the connection holds a transaction that
// nobody will end, and whoever uses the connection next commits it along with their own.

const POOL_TIMEOUT_MS = 10_000;
/** Outlasts the statement's timeout and the ROLLBACK's after it, with room to spare. */
const STATEMENT_SECONDS = 25;

let cluster: ThrowawayCluster | undefined;
afterAll(() => cluster?.destroy());

it("when a statement in a transaction outlasts the pool's timeout, then the caller hears 'unavailable' after the timeout and nothing of that transaction is ever committed, not even by the next one", async () => {
  cluster = await ThrowawayCluster.create();
  await cluster.start();
  // One connection, so the next transaction would get the same one if it were given back.
  const handle = connectDatabase({ url: cluster.url, poolMax: 1 });
  try {
    await handle.db.execute(sql`create table notes (body text not null)`);

    const started = performance.now();
    const stuck = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values ('half-done')`);
      await tx.execute(sql.raw(`select pg_sleep(${STATEMENT_SECONDS})`));
    });
    const failure = await stuck.then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    expect(performance.now() - started).toBeLessThan(POOL_TIMEOUT_MS + 3_000);

    await handle.db.transaction((tx) => tx.execute(sql`insert into notes values ('next')`));
    // By now the slow statement has ended at the server, and its transaction with it.
    const left = STATEMENT_SECONDS * 1000 + 1_000 - (performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, left)));
    const { rows } = await handle.pool.query<{ body: string }>("select body from notes order by body");
    expect(rows.map((row) => row.body)).toEqual(["next"]);
  } finally {
    await handle.close();
  }
});
