import { useRef } from "react";

/**
 * One Idempotency-Key per attempt: the same key while the request sent is the same (a retry of the
 * same submission answers the first checkout, never a second one), a new one as soon as it differs
 * (another quantity, another address), which the API would otherwise refuse as a key reused.
 */
export function useIdempotencyKey(): (body: unknown) => string {
  const last = useRef<{ sent: string; key: string } | null>(null);
  return (body) => {
    const sent = JSON.stringify(body);
    if (last.current?.sent !== sent) last.current = { sent, key: crypto.randomUUID() };
    return last.current.key;
  };
}
