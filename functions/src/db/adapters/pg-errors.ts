interface PgLikeError {
  code?: string;
  constraint?: string;
  message?: string;
}

const asPgError = (error: unknown): PgLikeError =>
  typeof error === "object" && error !== null ? (error as PgLikeError) : {};

const causeOf = (error: unknown): unknown => (error as { cause?: unknown } | null)?.cause;

/** Drizzle wraps the driver's error in its own, so PostgreSQL's code may sit on the cause. */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean => {
  const e = asPgError(error);
  if (e.code === "23505") return constraint === undefined || e.constraint === constraint;
  const cause = causeOf(error);
  return cause !== undefined && cause !== error && isUniqueViolation(cause, constraint);
};

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  // The server's own timeouts (db/client.ts): a statement cancelled, an idle transaction ended.
  "57014",
  "25P03",
]);
const CONNECTION_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "Client has encountered a connection error",
  // A client whose query timed out is closed (pg-broken-clients.ts); what its transaction sends next fails so.
  "Client was closed and is not queryable",
  "connect ECONNREFUSED",
];

/**
 * True when the database could not be reached, as opposed to a query it refused. pg reports a lost
 * or timed-out connection as a plain Error without a code, so some of these are known only by their
 * message text; docs/decisions/0011 lists this among the patches.
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  const e = asPgError(error);
  // Other stores' errors carry other codes (Firestore's are gRPC's numbers).
  if (typeof e.code === "string" && (CONNECTION_CODES.has(e.code) || e.code.startsWith("08"))) return true;
  const message = e.message ?? "";
  if (CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
  const cause = causeOf(error);
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
};
