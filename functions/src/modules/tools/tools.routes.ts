import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AuthGuards, currentUser } from "../../lib/auth.js";
import { cachedSerializer, sendJsonBytes } from "../../lib/send-json-bytes.js";
import { created, deleted, idParams } from "../common.schemas.js";
import type { ToolsService } from "./tools.service.js";
import { createToolBody, tool } from "./tools.schemas.js";

export interface ToolsRoutesOptions {
  tools: ToolsService;
  auth: AuthGuards;
}

const catalog = z.array(tool);

export const toolsRoutes: FastifyPluginAsyncZod<ToolsRoutesOptions> = async (app, { tools, auth }) => {
  // The catalog is read far more than it changes: each answer the service keeps is checked against
  // its schema and serialized once, then sent as those bytes until the service loads it again.
  const catalogBytes = cachedSerializer(catalog);
  const toolBytes = cachedSerializer(tool);

  app.get("/tools", { schema: { tags: ["tools"], response: { 200: catalog } } }, async (_request, reply) =>
    sendJsonBytes(reply, catalogBytes(await tools.list())),
  );

  app.get("/tools/:id", { schema: { tags: ["tools"], params: idParams, response: { 200: tool } } }, async (request, reply) =>
    sendJsonBytes(reply, toolBytes(await tools.get(request.params.id))),
  );

  app.post(
    "/tools",
    { onRequest: auth.admin, schema: { tags: ["tools"], body: createToolBody, response: { 201: tool.extend(created.shape) } } },
    async (request, reply) => {
      const saved = await tools.create(currentUser(request), request.body);
      return reply.code(201).send({ ...saved, acknowledged: true, insertedId: saved._id });
    },
  );

  app.delete(
    "/tools/:id",
    { onRequest: auth.admin, schema: { tags: ["tools"], params: idParams, response: { 200: deleted } } },
    async (request) => {
      await tools.remove(currentUser(request), request.params.id);
      return { acknowledged: true as const, deletedCount: 1 };
    },
  );
};
