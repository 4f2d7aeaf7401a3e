import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AuthGuards, currentUser } from "../../lib/auth.js";
import { badRequest } from "../../lib/errors.js";
import { idParams } from "../common.schemas.js";
import { checkout, checkoutPaymentIntentBody } from "../orders/checkout.schemas.js";
import { order } from "../orders/orders.schemas.js";
import type { OrdersService } from "../orders/orders.service.js";
import type { PaymentEvent } from "./payment-provider.js";
import { expectedCheckoutTotalOf, paymentRequestOf } from "./payment-wire.js";
import { createPaymentIntentBody, paymentIntent } from "./payments.schemas.js";
import type { PaymentsService } from "./payments.service.js";

export interface PaymentsRoutesOptions {
  payments: PaymentsService;
  /** What a confirmed payment answers with: the order or the checkout as it is then. */
  orders: Pick<OrdersService, "get" | "getCheckout">;
  auth: AuthGuards;
  /** Present when Stripe webhooks are configured: checks a delivery's signature over its raw bytes. */
  verifyWebhook?: (rawBody: Buffer, signature: string | undefined) => PaymentEvent | null;
}

/** Each buyer's call that reaches the payment provider spends its own budget (§8.4 of docs/product.md). */
export const PAYMENTS_LIMIT = { rateLimit: { limit: "payments", per: "user" } } as const;

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, { payments, orders, auth, verifyWebhook }) => {
  app.post(
    "/create-payment-intent",
    { onRequest: auth.user, config: PAYMENTS_LIMIT, schema: { tags: ["payments"], body: createPaymentIntentBody, response: { 200: paymentIntent } } },
    async (request) => {
      const { clientSecret } = await payments.start(currentUser(request), paymentRequestOf(request.body));
      return { clientSecret, provider: payments.provider };
    },
  );

  app.post(
    "/orders/:id/payment",
    { onRequest: auth.user, config: PAYMENTS_LIMIT, schema: { tags: ["payments"], params: idParams, response: { 200: order } } },
    async (request) => {
      const principal = currentUser(request);
      await payments.confirm(principal, { kind: "order", id: request.params.id });
      return orders.get(principal, request.params.id);
    },
  );

  app.post(
    "/checkouts/:id/payment-intent",
    {
      onRequest: auth.user,
      config: PAYMENTS_LIMIT,
      schema: {
        tags: ["payments"],
        description:
          "The client secret of the one PaymentIntent that pays every order of the buyer's unpaid checkout, and which card form to show. A `total` sent along (dollars) must be the checkout's; it is checked, never charged.",
        params: idParams,
        body: checkoutPaymentIntentBody,
        response: { 200: paymentIntent },
      },
    },
    async (request) => {
      const { clientSecret } = await payments.startCheckout(currentUser(request), request.params.id, expectedCheckoutTotalOf(request.body));
      return { clientSecret, provider: payments.provider };
    },
  );

  app.post(
    "/checkouts/:id/payment",
    {
      onRequest: auth.user,
      config: PAYMENTS_LIMIT,
      schema: {
        tags: ["payments"],
        description:
          "The buyer's payment page says the card went through: the server asks the provider itself, settles every order of the checkout at once, and answers the checkout as it is then. 409 `payment_incomplete` while the payment has not gone through.",
        params: idParams,
        response: { 200: checkout },
      },
    },
    async (request) => {
      const principal = currentUser(request);
      await payments.confirm(principal, { kind: "checkout", id: request.params.id });
      return orders.getCheckout(principal, request.params.id);
    },
  );

  app.post(
    "/orders/:id/refund",
    {
      onRequest: auth.admin,
      schema: {
        tags: ["payments"],
        description:
          "Cancels a paid order that has not shipped and refunds its whole amount through the payment provider (an order of a checkout: its own total, out of the checkout's one payment); the units go back on sale and the buyer is e-mailed. Repeating it refunds nothing more.",
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
