import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AuthGuards, currentUser } from "../../lib/auth.js";
import { cachedSerializer, sendJsonBytes } from "../../lib/send-json-bytes.js";
import { listTooLargeProblem, WHOLE_LISTS, wholeListDescription } from "../../lib/whole-list.js";
import { created, deleted, idParams } from "../common.schemas.js";
import { orderRequestOf } from "./order-wire.js";
import type { OrdersService } from "./orders.service.js";
import { adminOrdersPage, adminOrdersQuery, listOrdersQuery, order, placeOrderBody, placeOrderHeaders, shipOrderBody } from "./orders.schemas.js";

export interface OrdersRoutesOptions {
  orders: OrdersService;
  auth: AuthGuards;
}

const orderList = z.array(order);

export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, { orders, auth }) => {
  // A buyer's list, kept for a moment by the service, is checked and serialized once per load.
  const orderListBytes = cachedSerializer(orderList);
  const adminPageBytes = cachedSerializer(adminOrdersPage);

  app.post(
    "/orders",
    {
      onRequest: auth.user,
      config: { rateLimit: { limit: "orders", per: "user" } },
      schema: {
        tags: ["orders"],
        description:
          "Places an order. A repeated request with the same Idempotency-Key returns the first order. An order that takes more than half of what is left holds it 15 minutes at most (`releasesAt`). A buyer who cancelled their unpaid order of the tool, or let one lapse, within the last hold period is refused with 409 `hold_cooling_down`, whose `retryAt` says when they may order it again.",
        headers: placeOrderHeaders,
        body: placeOrderBody,
        response: { 201: order.extend(created.shape) },
      },
    },
    async (request, reply) => {
      const { order: placed, replayed } = await orders.place(
        currentUser(request),
        orderRequestOf(request.body),
        request.headers["idempotency-key"],
      );
      if (replayed) reply.header("idempotent-replayed", "true");
      return reply.code(201).send({ ...placed, acknowledged: true, insertedId: placed._id });
    },
  );

  app.get(
    "/orders",
    { onRequest: auth.user, schema: { tags: ["orders"], querystring: listOrdersQuery, response: { 200: orderList } } },
    async (request, reply) => sendJsonBytes(reply, orderListBytes(await orders.listFor(currentUser(request), request.query.userEmail))),
  );

  app.get(
    "/orders/:id",
    { onRequest: auth.user, schema: { tags: ["orders"], params: idParams, response: { 200: order } } },
    (request) => orders.get(currentUser(request), request.params.id),
  );

  app.delete(
    "/orders/:id",
    {
      onRequest: auth.user,
      schema: {
        tags: ["orders"],
        description: "Cancels an unpaid order and puts its units back on sale. An order of a checkout is cancelled with every other order of its checkout; `deletedCount` says how many.",
        params: idParams,
        response: { 200: deleted },
      },
    },
    async (request) => ({ acknowledged: true as const, deletedCount: await orders.cancel(currentUser(request), request.params.id) }),
  );

  app.patch(
    "/orders/:id/shipped",
    {
      onRequest: auth.admin,
      schema: {
        tags: ["orders"],
        description: "Marks a paid order shipped, with the carrier and tracking number when given; the buyer is e-mailed once.",
        params: idParams,
        body: shipOrderBody,
        response: { 200: order },
      },
    },
    (request) => orders.markShipped(currentUser(request), request.params.id, request.body),
  );

  app.get(
    "/admin/orders",
    {
      onRequest: auth.admin,
      schema: {
        tags: ["orders"],
        description: "All Orders a page at a time, newest first: searched by buyer email or name, tool or order number, and filtered by status.",
        querystring: adminOrdersQuery,
        response: { 200: adminOrdersPage },
      },
    },
    async (request, reply) => sendJsonBytes(reply, adminPageBytes(await orders.listForAdmin(request.query))),
  );

  app.get(
    "/allOrders",
    {
      onRequest: auth.admin,
      schema: {
        tags: ["orders"],
        description: wholeListDescription(WHOLE_LISTS.orders, "Every order but the cancelled ones, newest first."),
        response: { 200: orderList, 422: listTooLargeProblem },
      },
    },
    () => orders.listAll(),
  );
};
