import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AuthGuards, currentUser } from "../../lib/auth.js";
import { created } from "../common.schemas.js";
import type { WishesService } from "./wishes.service.js";
import { addWishBody, wish } from "./wishes.schemas.js";

export interface WishesRoutesOptions {
  wishes: WishesService;
  auth: AuthGuards;
}

export const wishesRoutes: FastifyPluginAsyncZod<WishesRoutesOptions> = async (app, { wishes, auth }) => {
  app.get("/wishes", { onRequest: auth.admin, schema: { tags: ["wishes"], response: { 200: z.array(wish) } } }, () =>
    wishes.list(),
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
};
