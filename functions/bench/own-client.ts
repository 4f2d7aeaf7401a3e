import pg from "pg";

/** A client of its own: the load outlasts the API pool's statement timeout. */
export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs `remove` on a client of its own and, when it removed any rows, vacuums `tables`: the next
 * run's plans must not be made on the statistics of rows that are gone.
 */
export function removeThenVacuum(url: string, remove: (client: pg.Client) => Promise<number>, tables: string): Promise<void> {
  return withClient(url, async (client) => {
    if (await remove(client)) await client.query(`vacuum analyze ${tables}`);
  });
}
