import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AuthGuards, currentUser } from "../../lib/auth.js";
import { created, deleted, idParams } from "../common.schemas.js";
import type { ReviewsService } from "./reviews.service.js";
import { addReviewBody, listReviewsQuery, review } from "./reviews.schemas.js";

export interface ReviewsRoutesOptions {
  reviews: ReviewsService;
  auth: AuthGuards;
}

export const reviewsRoutes: FastifyPluginAsyncZod<ReviewsRoutesOptions> = async (app, { reviews, auth }) => {
  app.get(
    "/reviews",
    {
      schema: {
        tags: ["reviews"],
        description:
          "The newest reviews first; `limit` of them, 100 at most. Reviews an admin removed, and those of removed accounts, are left out.",
        querystring: listReviewsQuery,
        response: { 200: z.array(review) },
      },
    },
    (request) => reviews.list(request.query.limit),
  );

  app.post(
    "/reviews",
    {
      onRequest: auth.user,
      config: { rateLimit: { limit: "reviews", per: "user" } },
      schema: { tags: ["reviews"], body: addReviewBody, response: { 201: review.extend(created.shape) } },
    },
    async (request, reply) => {
      const saved = await reviews.add(currentUser(request), request.body);
      return reply.code(201).send({ ...saved, acknowledged: true, insertedId: saved._id });
    },
  );

  app.delete(
    "/reviews/:id",
    {
      onRequest: auth.admin,
      schema: {
        tags: ["reviews"],
        description: "Takes a review off the shop (admins). It is kept, no longer shown, and the removal is in the audit log.",
        params: idParams,
        response: { 200: deleted },
      },
    },
    async (request) => {
      await reviews.remove(currentUser(request), request.params.id);
      return { acknowledged: true as const, deletedCount: 1 };
    },
  );
};
