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
