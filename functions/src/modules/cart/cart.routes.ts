import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type AuthGuards, currentUser } from "../../lib/auth.js";
import { cart, CART_MAX_LINES, cartLineParams, mergeCartBody, previewCartBody, saveCartLineBody } from "./cart.schemas.js";
import type { CartService } from "./cart.service.js";

export interface CartRoutesOptions {
  cart: CartService;
  auth: AuthGuards;
}

const PROBLEMS =
  "Each line is shown against its tool as it is now, with its problem, if any: `removed` (no longer sold), `sold_out` " +
  "(fewer units left than the minimum order), `repriced` (the price changed since the line was saved), `below_moq`, `above_aq`, " +
  "`total_too_small`, `total_too_large` (the line's order would come to less than a card can be charged, or more than one payment can be). " +
  "`message` says what keeps the cart as a whole from being checked out (its total above one card payment), or is null. " +
  "`ready` is true when there are lines, none has a problem, and `message` is null.";

export const cartRoutes: FastifyPluginAsyncZod<CartRoutesOptions> = async (app, { cart: carts, auth }) => {
  app.get(
    "/cart",
    {
      onRequest: auth.user,
      schema: { tags: ["cart"], description: `The signed-in buyer's cart, oldest line first. ${PROBLEMS}`, response: { 200: cart } },
    },
    (request) => carts.get(currentUser(request).id),
  );

  app.put(
    "/cart/lines/:toolId",
    {
      onRequest: auth.user,
      config: { rateLimit: { limit: "cart", per: "user" } },
      schema: {
        tags: ["cart"],
        description:
          "Adds a listed tool to the cart or sets its quantity, and records its price of now as the price seen (how a buyer accepts " +
          `a new price). Refused with nothing changed: 404 for no listed tool, 422 \`below_moq\` / \`above_aq\` with the order form's alerts, ` +
          `409 \`cart_full\` when adding a tool to a cart of ${CART_MAX_LINES} lines.`,
        params: cartLineParams,
        body: saveCartLineBody,
        response: { 200: cart },
      },
    },
    (request) => carts.saveLine(currentUser(request).id, request.params.toolId, request.body.quantity),
  );

  app.delete(
    "/cart/lines/:toolId",
    {
      onRequest: auth.user,
      config: { rateLimit: { limit: "cart", per: "user" } },
      schema: {
        tags: ["cart"],
        description: "Takes a tool out of the cart; a tool the cart does not hold leaves it as it is.",
        params: cartLineParams,
        response: { 200: cart },
      },
    },
    (request) => carts.removeLine(currentUser(request).id, request.params.toolId),
  );

  app.post(
    "/cart/merge",
    {
      onRequest: auth.user,
      config: { rateLimit: { limit: "cart", per: "user" } },
      schema: {
        tags: ["cart"],
        description:
          "At sign-in, the browser's lines join the account's cart: a tool in both keeps the larger quantity (merging the same lines " +
          `again changes nothing), tools not listed are dropped, and the account's lines come first, then the browser's until ${CART_MAX_LINES}.`,
        body: mergeCartBody,
        response: { 200: cart },
      },
    },
    (request) => carts.merge(currentUser(request).id, request.body.lines),
  );

  app.post(
    "/cart/preview",
    {
      config: { rateLimit: { limit: "cart", per: "ip" } },
      schema: {
        tags: ["cart"],
        description: `A visitor's browser cart as the cart page shows it; nothing is kept. A line without \`seenPrice\` is shown as priced now. ${PROBLEMS}`,
        body: previewCartBody,
        response: { 200: cart },
      },
    },
    (request) => carts.preview(request.body.lines),
  );
};
