import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AuthGuards, currentUser } from "../../lib/auth.js";
import { badRequest } from "../../lib/errors.js";
import { idParams } from "../common.schemas.js";
import { order } from "../orders/orders.schemas.js";
import type { PaymentEvent } from "./payment-provider.js";
import { paymentRequestOf } from "./payment-wire.js";
import { createPaymentIntentBody, paymentIntent } from "./payments.schemas.js";
import type { PaymentsService } from "./payments.service.js";

export interface PaymentsRoutesOptions {
  payments: PaymentsService;
  auth: AuthGuards;
  /** Present when Stripe webhooks are configured: checks a delivery's signature over its raw bytes. */
  verifyWebhook?: (rawBody: Buffer, signature: string | undefined) => PaymentEvent | null;
}

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, { payments, auth, verifyWebhook }) => {
  app.post(
    "/create-payment-intent",
    { onRequest: auth.user, schema: { tags: ["payments"], body: createPaymentIntentBody, response: { 200: paymentIntent } } },
    async (request) => {
      const { clientSecret } = await payments.start(currentUser(request), paymentRequestOf(request.body));
      return { clientSecret, provider: payments.provider };
    },
  );

  app.post(
    "/orders/:id/payment",
    { onRequest: auth.user, schema: { tags: ["payments"], params: idParams, response: { 200: order } } },
    (request) => payments.confirm(currentUser(request), request.params.id),
  );

  app.post(
    "/orders/:id/refund",
    {
      onRequest: auth.admin,
      schema: {
        tags: ["payments"],
        description:
          "Cancels a paid order that has not shipped and refunds its whole amount through the payment provider; the units go back on sale and the buyer is e-mailed. Repeating it refunds nothing more.",
        params: idParams,
        response: { 200: order },
      },
    },
    (request) => payments.refundOrder(currentUser(request), request.params.id),
  );

  if (verifyWebhook) {
    app.post(
      "/webhooks/stripe",
      { schema: { tags: ["payments"], description: "Stripe webhook endpoint, verified by the Stripe-Signature header.", response: { 200: z.object({ received: z.literal(true) }) } } },
      async (request) => {
        const signature = request.headers["stripe-signature"];
        const event = verifyWebhook(request.rawBody ?? Buffer.alloc(0), typeof signature === "string" ? signature : undefined);
        if (!event) throw badRequest("The webhook signature does not verify.");
        await payments.handleEvent(event);
        return { received: true as const };
      },
    );
  }
};
