import { and, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.js";
import { outbox, type OutboxRow, verifiedMailAddresses } from "./mail.tables.js";
import type { OutgoingMessage } from "./message.js";

/**
 * Writes messages in the caller's transaction; an event already told is not written again. A
 * message to an address nobody has verified waits, decided here in the same statement.
 */
export async function enqueue(tx: Queryable, messages: OutgoingMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await tx
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
}

/** Records that the address's owner verified it; true when it was not recorded before. */
export async function recordVerified(tx: Queryable, address: string): Promise<boolean> {
  const inserted = await tx
    .insert(verifiedMailAddresses)
    .values({ address })
    .onConflictDoNothing({ target: verifiedMailAddresses.address })
    .returning({ address: verifiedMailAddresses.address });
  return inserted.length > 0;
}

/** Makes the messages waiting for the address due now; returns how many. */
export async function releaseAwaiting(tx: Queryable, address: string): Promise<number> {
  const released = await tx
    .update(outbox)
    .set({ awaitingVerification: false, nextAttemptAt: sql`now()` })
    .where(and(eq(outbox.recipient, address), isNull(outbox.sentAt), sql`${outbox.awaitingVerification}`))
    .returning({ id: outbox.id });
  return released.length;
}

/**
 * Releases what still waits for an address verified in the last `withinSeconds`: a message written
 * in a transaction that committed just after the verification's did not see it, and the
 * verification's release did not see the message. Reads the awaiting index by recipient.
 */
export async function releaseRecentlyVerified(db: Queryable, withinSeconds: number): Promise<number> {
  const result = await db.execute<{ id: string }>(sql`
    update ${outbox} set awaiting_verification = false, next_attempt_at = now()
    where ${outbox.sentAt} is null and ${outbox.awaitingVerification}
      and ${outbox.recipient} in (
        select ${verifiedMailAddresses.address} from ${verifiedMailAddresses}
        where ${verifiedMailAddresses.verifiedAt} > now() - ${withinSeconds}::double precision * interval '1 second'
      )
    returning id`);
  return result.rows.length;
}

/**
 * Claims the message due longest for `leaseSeconds`, counting the attempt. SKIP LOCKED and the
 * lease keep two senders from claiming the same message; a claim whose sender died runs out and
 * the message is due again.
 */
export async function claimNextDue(db: Queryable, leaseSeconds: number): Promise<OutboxRow | null> {
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
}

export async function markSent(db: Queryable, id: string): Promise<void> {
  await db
    .update(outbox)
    .set({ sentAt: sql`now()`, claimedUntil: null, lastError: null })
    .where(and(eq(outbox.id, id), isNull(outbox.sentAt)));
}

/** Gives the claim back with the reason, due again after `retryInSeconds`. */
export async function markFailed(db: Queryable, id: string, error: string, retryInSeconds: number): Promise<void> {
  await db
    .update(outbox)
    .set({ claimedUntil: null, lastError: error.slice(0, 1000), nextAttemptAt: sql`now() + ${retryInSeconds}::double precision * interval '1 second'` })
    .where(and(eq(outbox.id, id), isNull(outbox.sentAt)));
}

/** Messages not yet sent, for the sender's log when it cannot send them; those waiting for a verification are not due. */
export async function countWaiting(db: Queryable): Promise<number> {
  const result = await db.execute<{ waiting: number }>(
    sql`select count(*)::int as waiting from ${outbox} where ${outbox.sentAt} is null and not ${outbox.awaitingVerification}`,
  );
  return result.rows[0]?.waiting ?? 0;
}
