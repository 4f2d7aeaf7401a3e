import type pg from "pg";

/**
 * pg-pool watches a client for errors only while it is idle. A client checked out for a transaction
 * whose connection drops (the database stopped, restarted or ended it) emits an error nobody listens
 * to, which takes the whole process down. And Drizzle releases a transaction's client only once BEGIN
 * has succeeded, so a BEGIN that fails for a lost connection keeps the pool's place for good.
 *
 * A query that timed out here may still run on the server, and the ROLLBACK queued behind it may
 * time out unsent: the connection would carry a half-done transaction, holding its locks, into its
 * next use, which would commit it. So it is closed: the server rolls back whatever was open.
 *
 * Either way the broken client goes back to the pool at once, which drops it, and its holder's own
 * release does nothing; the holder's next query fails as the database being unavailable.
 */
export function keepBrokenClientsOutOfThePool(pool: pg.Pool) {
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on("acquire", (client) => checkedOut.add(client));
  pool.on("release", (_error, client) => checkedOut.delete(client));
  const discard = (client: pg.PoolClient, error: Error) => {
    // An idle client is the pool's to drop, and it does.
    if (!checkedOut.has(client)) return;
    checkedOut.delete(client);
    const release = client.release;
    client.release = () => undefined;
    // Released with an error, the client is ended (its socket destroyed if a query is stuck) and its place freed.
    release(error);
  };
  pool.on("connect", (client) => {
    client.on("error", (error) => discard(client, error));
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message === "Query read timeout") discard(client, error);
        });
      }
      return result;
    }) as typeof client.query;
  });
}
