import { errorMessage } from "@/lib/api-client";

interface PaymentCheckStateProps {
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
}

/**
 * The server's check of an accepted card with the provider: a note while it runs, and if it fails,
 * why and a way to ask again. The card was charged by then, so the buyer is never left without one.
 */
export function PaymentCheckState({ isPending, error, onRetry }: PaymentCheckStateProps) {
  if (isPending) {
    return (
      <p className="muted" role="status">
        Your card was accepted. Completing your payment…
      </p>
    );
  }
  if (!error) return null;
  return (
    <div className="card-actions">
      <p role="alert" className="text-error">
        {errorMessage(error)}
      </p>
      <button type="button" className="btn btn-outline btn-small" onClick={onRetry}>
        Check again
      </button>
    </div>
  );
}
