import { asc, eq, isNull, like, sql } from "drizzle-orm";
import { Timestamp } from "firebase-admin/firestore";
import { outbox } from "../../../src/db/schema.js";
import { type OutboxDocument, outboxDocument, outboxId, outboxMessageOf } from "../../../src/modules/mail/firestore/mail.documents.js";
import type { OutboxMessage } from "../../../src/modules/mail/mail.store.js";
import type { OutgoingMessage } from "../../../src/modules/mail/message.js";
import type { TestApi } from "../test-app.js";

// The outbox as each store keeps it (docs/firestore.md § outbox), for the tests that look at what
// waits to be sent or move a message's times; the mail port exposes neither.

const OUTBOX = "outbox";

/** Messages whose event key starts with `prefix` (`order:{id}:`, `tool:{id}:`), oldest first. */
export async function outboxOfEvents(api: TestApi, prefix: string): Promise<OutboxMessage[]> {
  if (api.storeKind === "firestore") {
    const found = await api.firestore.collection(OUTBOX).where("eventKey", ">=", prefix).where("eventKey", "<", `${prefix}\uf8ff`).get();
    return found.docs.map((snapshot) => outboxMessageOf(snapshot.id, snapshot.data() as OutboxDocument)).sort(byCreation);
  }
  const escaped = prefix.replace(/[\\%_]/g, (char) => `\\${char}`);
  return api.database.db.select().from(outbox).where(like(outbox.eventKey, `${escaped}%`)).orderBy(asc(outbox.createdAt), asc(outbox.id));
}

/** Messages to an address, oldest first. */
export async function outboxTo(api: TestApi, recipient: string): Promise<OutboxMessage[]> {
  if (api.storeKind === "firestore") {
    const found = await api.firestore.collection(OUTBOX).where("recipient", "==", recipient).get();
    return found.docs.map((snapshot) => outboxMessageOf(snapshot.id, snapshot.data() as OutboxDocument)).sort(byCreation);
  }
  return api.database.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(asc(outbox.createdAt), asc(outbox.id));
}

/** How many messages the outbox holds, sent or not; only those not yet sent with `unsentOnly`. */
export async function outboxCount(api: TestApi, { unsentOnly = false } = {}): Promise<number> {
  if (api.storeKind === "firestore") {
    const all = api.firestore.collection(OUTBOX);
    return (await (unsentOnly ? all.where("sentAt", "==", null) : all).count().get()).data().count;
  }
  const [row] = await api.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(unsentOnly ? isNull(outbox.sentAt) : undefined);
  return row!.n;
}

/** Makes the message of this event due now, as if its wait after a failure were over. */
export async function makeDueNow(api: TestApi, eventKey: string): Promise<void> {
  if (api.storeKind === "firestore") {
    await api.firestore.collection(OUTBOX).doc(outboxId(eventKey)).update({ nextAttemptAt: Timestamp.now() });
    return;
  }
  await api.database.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.eventKey, eventKey));
}

/** Ends the claim on the message of this event a second ago, as when its sender died two minutes back. */
export async function endClaim(api: TestApi, eventKey: string): Promise<void> {
  if (api.storeKind === "firestore") {
    await api.firestore.collection(OUTBOX).doc(outboxId(eventKey)).update({ claimedUntil: Timestamp.fromMillis(Date.now() - 1000) });
    return;
  }
  await api.database.db.update(outbox).set({ claimedUntil: sql`now() - interval '1 second'` }).where(eq(outbox.eventKey, eventKey));
}

/**
 * Writes a message waiting for its address's verification whatever the address's state, as a change
 * that did not yet see the verification committing beside it would have written it.
 */
export async function writeAwaitingMessage(api: TestApi, message: OutgoingMessage): Promise<void> {
  if (api.storeKind === "firestore") {
    await api.firestore.collection(OUTBOX).doc(outboxId(message.eventKey)).create(outboxDocument(message, false, Timestamp.now()));
    return;
  }
  const { eventKey, to: recipient, subject, text, html } = message;
  await api.database.db.insert(outbox).values({ eventKey, recipient, subject, text, html, awaitingVerification: true });
}

const byCreation = (a: OutboxMessage, b: OutboxMessage) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
