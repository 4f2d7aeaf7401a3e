import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { ConfirmSandboxIntentBody, confirmedSandboxIntent } from "@api/payments/sandbox/sandbox.schemas";
import { apiRequest, errorMessage } from "@/lib/api-client";
import type { PaymentConfirmation } from "../lib/payment-client";

export type ConfirmedSandboxIntent = z.infer<typeof confirmedSandboxIntent>;

/** The sandbox's stand-in for Stripe's confirmCardPayment; the client secret authorizes it. */
export const confirmSandboxPayment = (intentId: string, body: ConfirmSandboxIntentBody) =>
  apiRequest<ConfirmedSandboxIntent>(`/sandbox/payment-intents/${encodeURIComponent(intentId)}/confirm`, { method: "POST", body });

/**
 * A refused card is an expected answer (402, or 400 for an incomplete card, with Stripe's message as
 * the detail), shown in red on the form: it resolves as an error result rather than failing the
 * mutation, which would also raise the app's error toast.
 */
async function confirmCard({ intentId, body }: { intentId: string; body: ConfirmSandboxIntentBody }): Promise<PaymentConfirmation> {
  try {
    const intent = await confirmSandboxPayment(intentId, body);
    return { paymentIntentId: intent.id };
  } catch (error) {
    return { error: errorMessage(error) };
  }
}

export const useConfirmSandboxPayment = () => useMutation({ mutationFn: confirmCard });
