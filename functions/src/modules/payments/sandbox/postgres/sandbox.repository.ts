import { eq } from "drizzle-orm";
import type { Database } from "../../../../db/client.js";
import { inPostgres } from "../../../../db/unit-of-work.js";
import type { SandboxStore } from "../sandbox.store.js";
import { sandboxIntents } from "./sandbox.tables.js";

/** The sandbox provider's intents in PostgreSQL. */
export function postgresSandboxStore(db: Database): SandboxStore {
  return {
    /**
     * `sandbox_intents_idempotency_key`: the second of two inserts under one key waits for the
     * first's, inserts nothing, and reads the first's row.
     */
    async createOrGetIntent(intent) {
      await db.insert(sandboxIntents).values(intent).onConflictDoNothing({ target: sandboxIntents.idempotencyKey });
      const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.idempotencyKey, intent.idempotencyKey));
      return row!;
    },

    async findIntent(id) {
      const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
      return row ?? null;
    },

    async lockIntent(tx, id) {
      const [row] = await inPostgres(tx).select().from(sandboxIntents).where(eq(sandboxIntents.id, id)).for("update");
      return row ?? null;
    },

    async updateIntent(tx, id, change) {
      const [row] = await inPostgres(tx).update(sandboxIntents).set(change).where(eq(sandboxIntents.id, id)).returning();
      return row!;
    },
  };
}
