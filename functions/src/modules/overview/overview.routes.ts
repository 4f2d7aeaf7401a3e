import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AuthGuards } from "../../lib/auth.js";
import { overview, overviewQuery } from "./overview.schemas.js";
import type { OverviewService } from "./overview.service.js";

export interface OverviewRoutesOptions {
  overview: OverviewService;
  auth: AuthGuards;
}

export const overviewRoutes: FastifyPluginAsyncZod<OverviewRoutesOptions> = async (app, { overview: service, auth }) => {
  app.get(
    "/admin/overview",
    {
      onRequest: auth.admin,
      schema: {
        tags: ["admin"],
        description: "The admin's overview: today's and this week's takings in the given time zone, orders awaiting shipment, tools low on stock, open wishes.",
        querystring: overviewQuery,
        response: { 200: overview },
      },
    },
    (request) => service.get(request.query),
  );
};
