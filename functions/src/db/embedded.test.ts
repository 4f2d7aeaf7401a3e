import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./embedded.js";

let embedded: EmbeddedPostgres;
beforeAll(async () => {
  embedded = await startEmbeddedPostgres();
});
afterAll(() => embedded?.stop());

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: embedded.url });
  await client.connect();
  return client;
}

describe("embedded PostgreSQL shared by several connections", () => {
  it("when queries from several connections wait for a transaction to end, then each gets its own rows", async () => {
    const [holder, ...others] = await Promise.all([connect(), connect(), connect(), connect()]);
    try {
      await holder.query("begin");
      await holder.query("select $1::int as held", [1]);
      // They queue up behind the open transaction and are let go together when it commits.
      const asked = others.flatMap((client, c) => [1, 2, 3].map((i) => ({ client, value: `${c}-${i}` })));
      const answers = Promise.all(asked.map(({ client, value }) => client.query("select $1::text as value, $2::int as n", [value, 7])));
      await holder.query("commit");
      expect((await answers).map((answer) => answer.rows[0].value)).toEqual(asked.map(({ value }) => value));
    } finally {
      await Promise.all([holder, ...others].map((client) => client.end()));
    }
  });

  it("when a connection goes away inside a transaction, then its work is rolled back and the others carry on", async () => {
    const [leaving, staying] = await Promise.all([connect(), connect()]);
    try {
      await staying.query("create table notes (body text)");
      await leaving.query("begin");
      await leaving.query("insert into notes values ($1)", ["never committed"]);
      const waiting = staying.query("select count(*)::int as count from notes");
      await leaving.end();
      expect((await waiting).rows[0].count).toBe(0);
    } finally {
      await staying.end();
    }
  });
});
