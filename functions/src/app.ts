import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "./db/client.js";
import { createAuthGuards } from "./lib/auth.js";
import type { IdentityProvider } from "./lib/identity.js";
import { registerJsonBodyParser } from "./lib/json-body.js";
import { registerProblemHandlers } from "./lib/problem-handler.js";
import type { TokenService } from "./lib/tokens.js";
import { healthRoutes } from "./modules/health/health.routes.js";
import { ordersRoutes } from "./modules/orders/orders.routes.js";
import { createOrdersService } from "./modules/orders/orders.service.js";
import { paymentsRoutes } from "./modules/payments/payments.routes.js";
import { createPaymentsModule } from "./modules/payments/payments.wiring.js";
import { sandboxRoutes } from "./modules/payments/sandbox/sandbox.routes.js";
import type { PaymentsSettings } from "./config/env.js";
import { reviewsRoutes } from "./modules/reviews/reviews.routes.js";
import { createReviewsService } from "./modules/reviews/reviews.service.js";
import { toolsRoutes } from "./modules/tools/tools.routes.js";
import { createToolsService } from "./modules/tools/tools.service.js";
import { usersRoutes } from "./modules/users/users.routes.js";
import { createUsersService } from "./modules/users/users.service.js";
import { wishesRoutes } from "./modules/wishes/wishes.routes.js";
import { createWishesService } from "./modules/wishes/wishes.service.js";

export interface AppDependencies {
  db: Database;
  identity: IdentityProvider;
  tokens: TokenService;
  payments?: PaymentsSettings;
  logger?: FastifyServerOptions["logger"];
  serverFactory?: FastifyServerOptions["serverFactory"];
}

const BODY_LIMIT = 64 * 1024;

export async function createApp({
  db,
  identity,
  tokens,
  payments: paymentsConfig = { kind: "sandbox" },
  logger = false,
  serverFactory,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    serverFactory,
    bodyLimit: BODY_LIMIT,
    trustProxy: true,
    // Firebase Hosting forwards /api/** with its path intact; ids and emails may carry encoded characters.
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest("principal", null);
  registerJsonBodyParser(app, BODY_LIMIT);
  registerProblemHandlers(app);

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Toolshop API", version: "1.0.0" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: jsonSchemaTransform,
  });

  const users = createUsersService(db, identity, tokens);
  const auth = createAuthGuards(tokens, users.findPrincipal);
  const { payments, sandbox, verifyWebhook } = createPaymentsModule(db, paymentsConfig);

  await app.register(
    async (api) => {
      api.get("/openapi.json", { schema: { hide: true } }, () => app.swagger());
      await api.register(healthRoutes, { db });
      await api.register(toolsRoutes, { tools: createToolsService(db), auth });
      await api.register(ordersRoutes, { orders: createOrdersService(db), auth });
      await api.register(paymentsRoutes, { payments, auth, verifyWebhook });
      if (sandbox) await api.register(sandboxRoutes, { sandbox, payments, auth });
      await api.register(reviewsRoutes, { reviews: createReviewsService(db), auth });
      await api.register(wishesRoutes, { wishes: createWishesService(db), auth });
      await api.register(usersRoutes, { users, auth });
    },
    { prefix: "/api" },
  );

  return app;
}
