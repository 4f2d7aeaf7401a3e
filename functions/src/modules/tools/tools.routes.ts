import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AuthGuards, currentUser } from "../../lib/auth.js";
import { cachedSerializer, sendJsonBytes } from "../../lib/send-json-bytes.js";
import { listTooLargeProblem, WHOLE_LISTS, wholeListDescription } from "../../lib/whole-list.js";
import { created, deleted, idParams } from "../common.schemas.js";
import type { ToolsService } from "./tools.service.js";
import {
  CATALOGUE_PAGE_SIZE,
  catalogueQuery,
  cataloguePage,
  createToolBody,
  MANAGE_TOOLS_PAGE_SIZE,
  manageToolsPage,
  manageToolsQuery,
  stockLedgerPage,
  stockLedgerQuery,
  stockMovementBody,
  stockMovementMade,
  tool,
  updateToolBody,
} from "./tools.schemas.js";

export interface ToolsRoutesOptions {
  tools: ToolsService;
  auth: AuthGuards;
}

const catalog = z.array(tool);

export const toolsRoutes: FastifyPluginAsyncZod<ToolsRoutesOptions> = async (app, { tools, auth }) => {
  // The catalog and its pages are read far more than they change: each answer the service keeps is
  // checked against its schema and serialized once, then sent as those bytes until the service loads
  // it again.
  const catalogBytes = cachedSerializer(catalog);
  const toolBytes = cachedSerializer(tool);
  const pageBytes = cachedSerializer(cataloguePage);

  app.get(
    "/tools",
    {
      schema: {
        tags: ["tools"],
        description: wholeListDescription(WHOLE_LISTS.tools, "The whole catalog, in the order the tools were listed."),
        response: { 200: catalog, 422: listTooLargeProblem },
      },
    },
    async (_request, reply) => sendJsonBytes(reply, catalogBytes(await tools.list())),
  );

  app.get("/tools/:id", { schema: { tags: ["tools"], params: idParams, response: { 200: tool } } }, async (request, reply) =>
    sendJsonBytes(reply, toolBytes(await tools.get(request.params.id))),
  );

  app.get(
    "/catalogue",
    {
      schema: {
        tags: ["tools"],
        description:
          `One page of the catalogue, at most ${CATALOGUE_PAGE_SIZE} tools: searched by name and description ` +
          "(every word must match, as typed, as the start of a word, or as a catalogue word it is a typo of), " +
          "optionally only tools in stock (aq >= moq), ordered by name, price, newest or as listed. " +
          "Pass a page's `next` as `after` for the following page, with the same q, sort and inStock; " +
          "`next` is null on the last page. A cursor that is malformed or made for another query is a 400.",
        querystring: catalogueQuery,
        response: { 200: cataloguePage },
      },
    },
    async (request, reply) => sendJsonBytes(reply, pageBytes(await tools.search(request.query))),
  );

  app.post(
    "/tools",
    { onRequest: auth.admin, schema: { tags: ["tools"], body: createToolBody, response: { 201: tool.extend(created.shape) } } },
    async (request, reply) => {
      const saved = await tools.create(currentUser(request), request.body);
      return reply.code(201).send({ ...saved, acknowledged: true, insertedId: saved._id });
    },
  );

  app.patch(
    "/tools/:id",
    {
      onRequest: auth.admin,
      schema: {
        tags: ["tools"],
        description:
          "Changes any of a listed tool's name, price, description, img and moq (at least one). The stock (aq) " +
          "is not edited: it changes through stock movements. Answers the tool as GET /api/tools/{id} does.",
        params: idParams,
        body: updateToolBody,
        response: { 200: tool },
      },
    },
    (request) => tools.update(currentUser(request), request.params.id, request.body),
  );

  app.post(
    "/tools/:id/stock-movements",
    {
      onRequest: auth.admin,
      schema: {
        tags: ["tools"],
        description:
          "Puts units on a listed tool's shelf (restock) or takes them off (correction, with a reason), recorded in its " +
          "stock ledger. A correction that would leave fewer than 0 units is a 409 and changes nothing. " +
          "Answers the movement and the tool's new aq.",
        params: idParams,
        body: stockMovementBody,
        response: { 201: stockMovementMade },
      },
    },
    async (request, reply) => reply.code(201).send(await tools.ledger.move(currentUser(request), request.params.id, request.body)),
  );

  app.get(
    "/tools/:id/stock-movements",
    {
      onRequest: auth.admin,
      schema: {
        tags: ["tools"],
        description:
          "A tool's stock ledger, newest first: the stock it was created with, then each restock and correction. " +
          "Pass a page's `next` as `before` for older movements.",
        params: idParams,
        querystring: stockLedgerQuery,
        response: { 200: stockLedgerPage },
      },
    },
    (request) => tools.ledger.list(request.params.id, request.query),
  );

  app.get(
    "/admin/tools",
    {
      onRequest: auth.admin,
      schema: {
        tags: ["tools"],
        description:
          `Manage Tools: listed tools newest first, at most ${MANAGE_TOOLS_PAGE_SIZE} a page, each with when it was added; ` +
          "searched as the catalogue searches, optionally only tools low on stock (aq < moq). " +
          "Pass a page's `next` as `cursor` for the following page, with the same q and lowStock.",
        querystring: manageToolsQuery,
        response: { 200: manageToolsPage },
      },
    },
    (request) => tools.manage(request.query),
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
