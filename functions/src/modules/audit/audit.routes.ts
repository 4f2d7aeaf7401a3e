import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AuthGuards } from "../../lib/auth.js";
import type { AuditService } from "./audit.service.js";
import { auditEntry, listAuditQuery } from "./audit.schemas.js";

export interface AuditRoutesOptions {
  audit: AuditService;
  auth: AuthGuards;
}

export const auditRoutes: FastifyPluginAsyncZod<AuditRoutesOptions> = async (app, { audit, auth }) => {
  app.get(
    "/audit-log",
    {
      onRequest: auth.admin,
      schema: {
        tags: ["audit"],
        description: "What admins did, newest first. Page with `before` set to the last `_id` of the previous page.",
        querystring: listAuditQuery,
        response: { 200: z.array(auditEntry) },
      },
    },
    (request) => audit.list(request.query),
  );
};
