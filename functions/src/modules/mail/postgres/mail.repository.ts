import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { inPostgres } from "../../../db/unit-of-work.js";
import type { MailStore } from "../mail.store.js";
import { outbox, verifiedMailAddresses } from "./mail.tables.js";

/** The outbox and the verified addresses in PostgreSQL. */
export function postgresMailStore(db: Database): MailStore {
  return {
    /**
     * Whether a message waits is decided in the same statement that writes it, and `outbox_event_key`
     * keeps one message per event: the second of two inserts of one key waits for the first's
     * transaction, then writes nothing.
     */
    async enqueue(tx, messages) {
      if (messages.length === 0) return;
      await inPostgres(tx)
        .insert(outbox)
        .values(
          messages.map(({ eventKey, to, subject, text, html }) => ({
            eventKey,
            recipient: to,
            subject,
            text,
            html,
            awaitingVerification: sql`not exists (select 1 from ${verifiedMailAddresses} where ${verifiedMailAddresses.address} = ${to})`,
          })),
        )
        .onConflictDoNothing({ target: outbox.eventKey });
    },

    async recordVerified(tx, address) {
      const inserted = await inPostgres(tx)
        .insert(verifiedMailAddresses)
        .values({ address })
        .onConflictDoNothing({ target: verifiedMailAddresses.address })
        .returning({ address: verifiedMailAddresses.address });
      return inserted.length > 0;
    },

    async releaseAwaiting(tx, address) {
      const released = await inPostgres(tx)
        .update(outbox)
        .set({ awaitingVerification: false, nextAttemptAt: sql`now()` })
        .where(and(eq(outbox.recipient, address), isNull(outbox.sentAt), sql`${outbox.awaitingVerification}`))
        .returning({ id: outbox.id });
      return released.length;
    },

    /** Reads the awaiting index (`outbox_awaiting_idx`) by recipient. */
    async releaseRecentlyVerified(withinSeconds) {
      const result = await db.execute<{ id: string }>(sql`
        update ${outbox} set awaiting_verification = false, next_attempt_at = now()
        where ${outbox.sentAt} is null and ${outbox.awaitingVerification}
          and ${outbox.recipient} in (
            select ${verifiedMailAddresses.address} from ${verifiedMailAddresses}
            where ${verifiedMailAddresses.verifiedAt} > now() - ${withinSeconds}::double precision * interval '1 second'
          )
        returning id`);
      return result.rows.length;
    },

    /**
     * One statement: FOR UPDATE SKIP LOCKED passes over a row another sender is claiming, and the
     * lease (`claimed_until`) over one it has claimed, so two senders never claim the same message.
     */
    async claimNextDue(leaseSeconds) {
      const result = await db.execute<{ id: string }>(sql`
        update ${outbox} set claimed_until = now() + ${leaseSeconds}::double precision * interval '1 second', attempts = attempts + 1
        where ${outbox.id} = (
          select id from ${outbox}
          where ${outbox.sentAt} is null and not ${outbox.awaitingVerification} and ${outbox.nextAttemptAt} <= now()
            and (${outbox.claimedUntil} is null or ${outbox.claimedUntil} < now())
          order by ${outbox.nextAttemptAt}
          limit 1
          for update skip locked
        )
        returning id`);
      const id = result.rows[0]?.id;
      if (!id) return null;
      const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
      return row ?? null;
    },

    async markSent(id) {
      await db
        .update(outbox)
        .set({ sentAt: sql`now()`, claimedUntil: null, lastError: null })
        .where(and(eq(outbox.id, id), isNull(outbox.sentAt)));
    },

    async markFailed(id, error, retryInSeconds) {
      await db
        .update(outbox)
        .set({ claimedUntil: null, lastError: error, nextAttemptAt: sql`now() + ${retryInSeconds}::double precision * interval '1 second'` })
        .where(and(eq(outbox.id, id), isNull(outbox.sentAt)));
    },

    async countWaiting() {
      const result = await db.execute<{ waiting: number }>(
        sql`select count(*)::int as waiting from ${outbox} where ${outbox.sentAt} is null and not ${outbox.awaitingVerification}`,
      );
      return result.rows[0]?.waiting ?? 0;
    },
  };
}
