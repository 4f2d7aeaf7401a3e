import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type AuthGuards, currentUser } from "../../lib/auth.js";
import { idParams, problem } from "../common.schemas.js";
import { checkout, placeCheckoutBody, refusedLine } from "./checkout.schemas.js";
import { checkoutRequestOf } from "./checkout-wire.js";
import type { OrdersService } from "./orders.service.js";
import { placeOrderHeaders } from "./orders.schemas.js";

export interface CheckoutRoutesOptions {
  orders: OrdersService;
  auth: AuthGuards;
}

/** A checkout the rules refused: which lines, and why, in the words of the single order's refusals. */
const refusedCheckout = problem.extend({ lines: refusedLine.array().optional() });

export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, { orders, auth }) => {
  app.post(
    "/checkouts",
    {
      onRequest: auth.user,
      config: { rateLimit: { limit: "orders", per: "user" } },
      schema: {
        tags: ["checkouts"],
        description:
          "Places every line as one order, all grouped under one checkout paid by one payment: every line's units are taken in one transaction, or none are. A line that cannot be placed is named in a 409 `checkout_refused` problem's `lines`, and nothing is held. A checkout counts as one unpaid order toward the buyer's limit, and all its orders hold their units until one `releasesAt`. A repeated request with the same Idempotency-Key returns the first checkout. The lines placed leave the buyer's cart.",
        headers: placeOrderHeaders,
        body: placeCheckoutBody,
        response: { 201: checkout, 409: refusedCheckout },
      },
    },
    async (request, reply) => {
      const { checkout: placed, replayed } = await orders.placeCheckout(currentUser(request), checkoutRequestOf(request.body), request.headers["idempotency-key"]);
      if (replayed) reply.header("idempotent-replayed", "true");
      return reply.code(201).send(placed);
    },
  );

  app.get(
    "/checkouts/:id",
    { onRequest: auth.user, schema: { tags: ["checkouts"], description: "One checkout with its orders: the buyer's own, or any for an admin.", params: idParams, response: { 200: checkout } } },
    (request) => orders.getCheckout(currentUser(request), request.params.id),
  );

  app.delete(
    "/checkouts/:id",
    {
      onRequest: auth.user,
      schema: {
        tags: ["checkouts"],
        description: "Cancels an unpaid checkout: every order of it is cancelled and every unit goes back on sale. A cancelled checkout is answered as it is; a paid one is a 409 `checkout_paid`.",
        params: idParams,
        response: { 200: checkout },
      },
    },
    (request) => orders.cancelCheckout(currentUser(request), request.params.id),
  );
};
