/** gRPC's UNAVAILABLE and DEADLINE_EXCEEDED. */
const UNREACHABLE_CODES = new Set([14, 4]);
/** gRPC's ABORTED: a transaction that lost its documents to others on every attempt it was given. */
const ABORTED = 10;

const codeAndCause = (error: unknown): { code?: unknown; cause?: unknown } =>
  typeof error === "object" && error !== null ? (error as { code?: unknown; cause?: unknown }) : {};

/** Firestore could not be reached or did not answer in time. */
export function isFirestoreUnavailable(error: unknown): boolean {
  const { code, cause } = codeAndCause(error);
  if (typeof code === "number" && UNREACHABLE_CODES.has(code)) return true;
  return cause !== undefined && cause !== error && isFirestoreUnavailable(cause);
}

/**
 * Firestore could not take the change now: unreachable, or a document so busy that the change lost
 * it on every attempt. The caller may try again shortly; the API answers 503 with Retry-After.
 */
export function isFirestoreBusy(error: unknown): boolean {
  const { code, cause } = codeAndCause(error);
  if (code === ABORTED || isFirestoreUnavailable(error)) return true;
  return cause !== undefined && cause !== error && isFirestoreBusy(cause);
}

/** gRPC's INVALID_ARGUMENT, as the emulator answers a read of a transaction a conflicting one has ended. */
const INVALID_ARGUMENT = 3;

/**
 * A transaction ended under a change by a conflicting one, as the emulator reports it: a read then
 * fails with INVALID_ARGUMENT "Transaction is invalid or closed", which the SDK does not try again,
 * where Firestore answers ABORTED, which it does. Such an error is handed to the SDK as ABORTED, so
 * the change is run again as Firestore's own conflict would have it.
 */
export function asRetriedConflict(error: unknown): unknown {
  const { code } = codeAndCause(error);
  const message = error instanceof Error ? error.message : "";
  if (code !== INVALID_ARGUMENT || !/transaction is invalid or closed/i.test(message)) return error;
  return Object.assign(new Error(`The transaction was ended by a conflicting one: ${message}`, { cause: error }), { code: ABORTED });
}
