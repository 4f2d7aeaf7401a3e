import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { createAuthGuards } from "./lib/auth.js";
import { registerCompression } from "./lib/compression.js";
import type { IdentityProvider } from "./lib/identity.js";
import { registerJsonBodyParser } from "./lib/json-body.js";
import { answerClientError, registerProblemHandlers, routerErrorHandler } from "./lib/problem-handler.js";
import { registerRateLimits, trustProxyHops } from "./lib/rate-limit.js";
import { registerSecurityHeaders } from "./lib/security-headers.js";
import { registerTextGuard } from "./lib/text-guard.js";
import type { TokenService } from "./lib/tokens.js";
import { auditRoutes } from "./modules/audit/audit.routes.js";
import { cartRoutes } from "./modules/cart/cart.routes.js";
import { PATH_PARAM_MAX_LENGTH } from "./modules/common.schemas.js";
import { healthRoutes } from "./modules/health/health.routes.js";
import { checkoutRoutes } from "./modules/orders/checkout.routes.js";
import { ordersRoutes } from "./modules/orders/orders.routes.js";
import { paymentsRoutes } from "./modules/payments/payments.routes.js";
import { createPaymentsModule } from "./modules/payments/payments.module.js";
import { sandboxRoutes } from "./modules/payments/sandbox/sandbox.routes.js";
import { DEFAULT_ORDER_RULES, DEFAULT_RATE_LIMITS, type OrderRules, type PaymentsSettings, type RateLimitSettings } from "./config/env.js";
import { reviewsRoutes } from "./modules/reviews/reviews.routes.js";
import { createReviewsService } from "./modules/reviews/reviews.service.js";
import { toolsRoutes } from "./modules/tools/tools.routes.js";
import { usersRoutes } from "./modules/users/users.routes.js";
import { createUsersService } from "./modules/users/users.service.js";
import { overviewRoutes } from "./modules/overview/overview.routes.js";
import { createOverviewService } from "./modules/overview/overview.service.js";
import { wishesRoutes } from "./modules/wishes/wishes.routes.js";
import { createShopServices } from "./shop-services.js";
import type { Stores } from "./stores/postgres.js";

export interface AppDependencies {
  /** Every module's store: PostgreSQL's or Firestore's (stores/open.ts). */
  stores: Stores;
  identity: IdentityProvider;
  tokens: TokenService;
  payments?: PaymentsSettings;
  /** Requests per minute, counted in the database for every instance; a deployment's defaults when left out. */
  rateLimits?: RateLimitSettings;
  /** How long unpaid orders hold stock and how many a buyer may hold; a deployment's defaults when left out. */
  orderRules?: OrderRules;
  /** Where the links in the shop's e-mail lead (SHOP_URL); `npm start`'s address when left out. */
  shopUrl?: string;
  /** Proxies in front that append to X-Forwarded-For (TRUST_PROXY_HOPS); 0, the header ignored, when left out. */
  trustProxyHops?: number;
  logger?: FastifyServerOptions["logger"];
  serverFactory?: FastifyServerOptions["serverFactory"];
}

const BODY_LIMIT = 64 * 1024;

export async function createApp({
  stores,
  identity,
  tokens,
  payments: paymentsConfig = { kind: "sandbox" },
  rateLimits = DEFAULT_RATE_LIMITS,
  orderRules = DEFAULT_ORDER_RULES,
  shopUrl,
  trustProxyHops: hops = 0,
  logger = false,
  serverFactory,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    serverFactory,
    bodyLimit: BODY_LIMIT,
    // Behind Google's front end the socket's address is the proxy's; the client's is the entry the
    // proxy appended to X-Forwarded-For, never one the client wrote itself. The address keys only the
    // per-IP sign-in limit and nothing that grants access (docs/decisions/0010-rate-limits-in-postgresql.md);
    // lib/rate-limit.ts clientAddress ignores an entry that is no IP address and counts IPv6 by /64.
    trustProxy: trustProxyHops(hops),
    // Firebase Hosting forwards /api/** with its path intact; ids and emails may carry encoded characters.
    // The router measures a decoded parameter in UTF-16 code units, the schemas in characters (at most
    // two units each), so every parameter a schema accepts gets through and the schema decides.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2 * PATH_PARAM_MAX_LENGTH },
    // What the router and Node's HTTP parser refuse is answered as problem+json, like everything else.
    frameworkErrors: routerErrorHandler({ longestParam: PATH_PARAM_MAX_LENGTH }),
    clientErrorHandler: answerClientError,
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest("principal", null);
  registerJsonBodyParser(app, BODY_LIMIT);
  registerProblemHandlers(app);
  registerSecurityHeaders(app);
  registerTextGuard(app);
  // Before the routes: a route that declares `config.rateLimit` gets its counter as it is added.
  registerRateLimits(app, rateLimits, stores.rateLimits);
  // Before the routes: it attaches itself to each route as the route is added.
  await registerCompression(app);

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Toolshop API", version: "1.0.0" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: jsonSchemaTransform,
  });

  const { audit, mail, tools, cart, orders, wishes } = createShopServices(stores, { orderRules, shopUrl });
  const reviews = createReviewsService({ store: stores.reviews, change: stores.change, audit });
  const users = createUsersService({ store: stores.users, change: stores.change, identity, tokens, audit, orders, mail, wishes, reviews, cart, log: app.log });
  const auth = createAuthGuards(tokens, users.findPrincipal);
  const { payments, sandbox, verifyWebhook } = createPaymentsModule(stores, paymentsConfig, { orders });

  await app.register(
    async (api) => {
      api.get("/openapi.json", { schema: { hide: true } }, () => app.swagger());
      await api.register(healthRoutes, { ping: () => stores.ping(), store: stores.kind });
      await api.register(toolsRoutes, { tools, auth });
      await api.register(ordersRoutes, { orders, auth });
      await api.register(checkoutRoutes, { orders, auth });
      await api.register(paymentsRoutes, { payments, orders, auth, verifyWebhook });
      if (sandbox) await api.register(sandboxRoutes, { sandbox, payments, auth });
      await api.register(reviewsRoutes, { reviews, auth });
      await api.register(wishesRoutes, { wishes, auth });
      await api.register(cartRoutes, { cart, auth });
      await api.register(overviewRoutes, { overview: createOverviewService({ orders, tools, wishes, timeZones: stores.timeZones }), auth });
      await api.register(usersRoutes, { users, auth });
      await api.register(auditRoutes, { audit, auth });
    },
    { prefix: "/api" },
  );

  return app;
}
