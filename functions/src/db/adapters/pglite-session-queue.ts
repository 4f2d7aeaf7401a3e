import type { PGlite } from "@electric-sql/pglite";
import type { PGLiteSocketServer } from "@electric-sql/pglite-socket";

interface QueuedMessage {
  connectionId: number;
  message: Uint8Array;
  onData(data: Uint8Array): void;
  resolve(bytes: number): void;
  reject(error: unknown): void;
}

const SYNC = 0x53;
const QUERY = 0x51;
const TERMINATE = 0x58;
const STARTUP = 0x00;

/** A message after which the connection is back at a request boundary. */
const endsRequest = (message: Uint8Array) => [SYNC, QUERY, TERMINATE, STARTUP].includes(message[0] ?? STARTUP);

/**
 * Stands in for pglite-socket's query queue (0.2.17), which hands PGlite's single session to
 * whichever connection's message comes next unless a transaction is open. `pg` sends every
 * parameterised query as Parse, Bind, Describe, Execute, Sync, so two connections' queries
 * interleaved and bound each other's statements: rows went to the wrong caller, and one failed
 * message stalled the queue for good (electric-sql/pglite#1046). Here a connection keeps the
 * session from its first message until it is at a request boundary outside a transaction.
 */
export class PgliteSessionQueue {
  private waiting: QueuedMessage[] = [];
  private owner: number | null = null;
  private running: number | null = null;
  private closing = new Set<number>();
  private draining = false;

  constructor(private readonly db: PGlite) {}

  enqueue(connectionId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ connectionId, message, onData, resolve, reject });
      void this.drain();
    });
  }

  getQueueLength(): number {
    return this.waiting.length;
  }

  clearQueueForHandler(connectionId: number): void {
    this.waiting = this.waiting.filter((queued) => {
      if (queued.connectionId !== connectionId) return true;
      queued.reject(new Error("Connection closed"));
      return false;
    });
  }

  /** A connection that goes away must not leave its transaction holding the session. */
  async clearTransactionIfNeeded(connectionId: number): Promise<void> {
    if (this.running === connectionId) this.closing.add(connectionId);
    else if (this.owner === connectionId) await this.release();
  }

  private async release(): Promise<void> {
    if (this.db.isInTransaction()) await this.db.exec("rollback");
    this.owner = null;
    void this.drain();
  }

  private next(): QueuedMessage | undefined {
    const index = this.owner === null ? 0 : this.waiting.findIndex((queued) => queued.connectionId === this.owner);
    return index < 0 ? undefined : this.waiting.splice(index, 1)[0];
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      for (let queued = this.next(); queued; queued = this.next()) {
        const { connectionId, message } = queued;
        this.running = connectionId;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(message, {
              onRawData: (data) => {
                bytes += data.length;
                queued.onData(data);
              },
            }),
          );
          queued.resolve(bytes);
        } catch (error) {
          queued.reject(error);
        }
        this.running = null;
        this.owner = endsRequest(message) && !this.db.isInTransaction() ? null : connectionId;
        if (this.closing.delete(connectionId)) await this.release();
      }
    } finally {
      this.draining = false;
    }
  }
}

/** Connections are handed the server's queue when they open; the package is pinned, so is the field. */
export function useSessionQueue(server: PGLiteSocketServer, db: PGlite) {
  const internals = server as unknown as { queryQueue?: unknown };
  if (!("queryQueue" in internals)) throw new Error("pglite-socket no longer has a query queue to replace");
  internals.queryQueue = new PgliteSessionQueue(db);
}
