import { z } from "zod";

/** Requests per minute, counted per API instance (docs/decisions/0005); 0 turns a limit off. */
const perMinute = (fallback: number) => z.coerce.number().int().min(0).max(100_000).default(fallback);

const rateLimitSchema = z.object({
  /** PUT /api/user/{email}, per client IP: the sign-in exchange is the only write a visitor can make. */
  RATE_LIMIT_SIGN_IN_PER_MINUTE: perMinute(10),
  /** POST /api/orders, per user. */
  RATE_LIMIT_ORDERS_PER_MINUTE: perMinute(30),
  /** POST /api/reviews, per user. */
  RATE_LIMIT_REVIEWS_PER_MINUTE: perMinute(5),
  /** POST /api/wish, per user. */
  RATE_LIMIT_WISHES_PER_MINUTE: perMinute(5),
});

const envSchema = rateLimitSchema.extend({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATABASE_URL: z.string().url().default("postgres://postgres@127.0.0.1:5433/postgres"),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** HS256 secret for the API access token; must be set in production. */
  API_TOKEN_SECRET: z.string().min(32).optional(),
  API_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  FIREBASE_PROJECT_ID: z.string().default("demo-toolshop"),
  /**
   * Proxies in front of the API that append the address they saw to X-Forwarded-For; the client's
   * address is the entry that many hops from the end. Unset: 1 in the Cloud Function (Google's front
   * end), 0 in the plain server (X-Forwarded-For ignored). docs/decisions/0005.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
  /** How long an unpaid order holds its units before it is cancelled and they go back on sale. */
  ORDER_HOLD_HOURS: z.coerce.number().positive().max(8760).default(48),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
  /** A Stripe-compatible API elsewhere than api.stripe.com, such as a local stub. */
  STRIPE_API_BASE: z.string().url().optional(),
  /** The built-in sandbox provider: on by default in demo projects only. */
  PAYMENTS_SANDBOX: z.enum(["on", "off"]).optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Requests per minute for each limited call; 0 is no limit. */
export interface RateLimitSettings {
  signIn: number;
  orders: number;
  reviews: number;
  wishes: number;
}

export function rateLimitSettings(env: z.infer<typeof rateLimitSchema>): RateLimitSettings {
  return {
    signIn: env.RATE_LIMIT_SIGN_IN_PER_MINUTE,
    orders: env.RATE_LIMIT_ORDERS_PER_MINUTE,
    reviews: env.RATE_LIMIT_REVIEWS_PER_MINUTE,
    wishes: env.RATE_LIMIT_WISHES_PER_MINUTE,
  };
}

/** The limits of a deployment that sets none. */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = rateLimitSettings(rateLimitSchema.parse({}));

export type PaymentsSettings =
  | { kind: "stripe"; stripe: { secretKey: string; webhookSecret?: string; apiBase?: string; timeoutMs?: number; maxNetworkRetries?: number } }
  | { kind: "sandbox" }
  | { kind: "disabled" };

/**
 * Stripe when its key is set. Otherwise the sandbox, but only where no real money can be
 * expected: a demo project (emulators only), or a deployment that switches it on explicitly.
 */
export function paymentsSettings(env: Env): PaymentsSettings {
  if (env.STRIPE_SECRET_KEY) {
    return { kind: "stripe", stripe: { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE } };
  }
  const sandbox = env.PAYMENTS_SANDBOX ?? (env.FIREBASE_PROJECT_ID.startsWith("demo-") ? "on" : "off");
  return sandbox === "on" ? { kind: "sandbox" } : { kind: "disabled" };
}

// A fixed secret keeps tokens valid across emulator restarts on a developer machine;
// production refuses to start without its own.
const DEVELOPMENT_TOKEN_SECRET = "toolshop-development-only-token-secret-0123456789";

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env & { API_TOKEN_SECRET: string } {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  const projectId = source.GCLOUD_PROJECT ?? env.FIREBASE_PROJECT_ID;
  if (env.NODE_ENV === "production" && !env.API_TOKEN_SECRET && !projectId.startsWith("demo-")) {
    throw new Error("Invalid configuration: API_TOKEN_SECRET must be set in production");
  }
  // With this set, the Admin SDK accepts unsigned ID tokens: anyone could sign in as anyone.
  if (env.NODE_ENV === "production" && source.FIREBASE_AUTH_EMULATOR_HOST && !projectId.startsWith("demo-")) {
    throw new Error("Invalid configuration: FIREBASE_AUTH_EMULATOR_HOST must not be set in production");
  }
  return { ...env, FIREBASE_PROJECT_ID: projectId, API_TOKEN_SECRET: env.API_TOKEN_SECRET ?? DEVELOPMENT_TOKEN_SECRET };
}
