import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AuthGuards, currentUser } from "../../lib/auth.js";
import { listTooLargeProblem, WHOLE_LISTS, wholeListDescription } from "../../lib/whole-list.js";
import { created } from "../common.schemas.js";
import type { WishesService } from "./wishes.service.js";
import { addWishBody, fulfilWishesBody, resolveWishesBody, wish, wishesAnswered, wishGroupsPage, wishGroupsQuery } from "./wishes.schemas.js";

export interface WishesRoutesOptions {
  wishes: WishesService;
  auth: AuthGuards;
}

export const wishesRoutes: FastifyPluginAsyncZod<WishesRoutesOptions> = async (app, { wishes, auth }) => {
  app.get(
    "/wishes",
    {
      onRequest: auth.admin,
      schema: {
        tags: ["wishes"],
        description: wholeListDescription(WHOLE_LISTS.wishes, "Every wish, newest first."),
        response: { 200: z.array(wish), 422: listTooLargeProblem },
      },
    },
    () => wishes.list(),
  );

  app.post(
    "/wish",
    {
      onRequest: auth.user,
      config: { rateLimit: { limit: "wishes", per: "user" } },
      schema: { tags: ["wishes"], body: addWishBody, response: { 201: wish.extend(created.shape) } },
    },
    async (request, reply) => {
      const saved = await wishes.add(currentUser(request), request.body);
      return reply.code(201).send({ ...saved, acknowledged: true, insertedId: saved._id });
    },
  );

  app.get(
    "/admin/wishes",
    {
      onRequest: auth.admin,
      schema: {
        tags: ["wishes"],
        description:
          "User Wish a page at a time: wishes of one answer (open when left out) grouped by tool name (lower case, no punctuation, singular), the most recently wished first, each with its count and median price; searched by tool name or wisher name or email.",
        querystring: wishGroupsQuery,
        response: { 200: wishGroupsPage },
      },
    },
    (request) => wishes.listGroups(request.query),
  );

  app.post(
    "/admin/wishes/resolve",
    {
      onRequest: auth.admin,
      schema: {
        tags: ["wishes"],
        description:
          "Marks open wishes (one, or a group's, at most 100) done or declined, all or none. Wishes that already have this answer are left as they are; 404 if one does not exist, 409 if one has the other answer.",
        body: resolveWishesBody,
        response: { 200: wishesAnswered },
      },
    },
    (request) => wishes.resolve(currentUser(request), request.body),
  );

  app.post(
    "/admin/wishes/fulfil",
    {
      onRequest: auth.admin,
      schema: {
        tags: ["wishes"],
        description:
          "Records the tool added for these wishes (at most 100): they become done, and each of their buyers is e-mailed a link to the tool once. Calling again tells nobody twice; 404 if the tool or a wish does not exist, 409 if a wish was answered with another tool.",
        body: fulfilWishesBody,
        response: { 200: wishesAnswered },
      },
    },
    (request) => wishes.fulfil(currentUser(request), request.body),
  );
};
