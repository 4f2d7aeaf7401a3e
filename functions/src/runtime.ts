import type { FastifyServerOptions } from "fastify";
import { createApp } from "./app.js";
import { dropEmulatorHostsOutsideDemo, type LoadedEnv, loadEnv, orderRules, paymentsSettings, rateLimitSettings, shopUrlOf } from "./config/env.js";
import { firebaseIdentity } from "./lib/firebase-identity.js";
import { createTokenService } from "./lib/tokens.js";
import { openStores } from "./stores/open.js";

/** Wires the app to the store and Firebase named by the environment (PostgreSQL migrated first). */
export async function startRuntime(
  options: {
    env?: LoadedEnv;
    serverFactory?: FastifyServerOptions["serverFactory"];
    /** This entry point's proxies when TRUST_PROXY_HOPS is unset: 1 behind Google's front end, 0 for a bare server. */
    defaultTrustProxyHops?: number;
  } = {},
) {
  const env = options.env ?? loadEnv();
  const ignoredEmulators = dropEmulatorHostsOutsideDemo(env.FIREBASE_PROJECT_ID);
  const store = await openStores(env, { poolMax: env.DATABASE_POOL_MAX });
  const app = await createApp({
    stores: store.stores,
    identity: firebaseIdentity(env.FIREBASE_PROJECT_ID),
    tokens: createTokenService(env.API_TOKEN_SECRET, env.API_TOKEN_TTL_SECONDS),
    payments: paymentsSettings(env),
    rateLimits: rateLimitSettings(env),
    orderRules: orderRules(env),
    shopUrl: shopUrlOf(env),
    trustProxyHops: env.TRUST_PROXY_HOPS ?? options.defaultTrustProxyHops ?? 0,
    logger: env.LOG_LEVEL === "silent" ? false : { level: env.LOG_LEVEL },
    serverFactory: options.serverFactory,
  });
  if (ignoredEmulators.length > 0) {
    app.log.warn(`Ignored ${ignoredEmulators.join(", ")}: project ${env.FIREBASE_PROJECT_ID} is not a demo project, so only Firebase itself is trusted`);
  }
  return {
    app,
    env,
    async close() {
      await app.close();
      await store.close();
    },
  };
}
