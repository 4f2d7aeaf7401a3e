import { z } from "zod";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATABASE_URL: z.string().url().default("postgres://postgres@127.0.0.1:5433/postgres"),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** HS256 secret for the API access token; must be set in production. */
  API_TOKEN_SECRET: z.string().min(32).optional(),
  API_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  FIREBASE_PROJECT_ID: z.string().default("demo-toolshop"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
  /** A Stripe-compatible API elsewhere than api.stripe.com, such as a local stub. */
  STRIPE_API_BASE: z.string().url().optional(),
  /** The built-in sandbox provider: on by default in demo projects only. */
  PAYMENTS_SANDBOX: z.enum(["on", "off"]).optional(),
});

export type Env = z.infer<typeof envSchema>;

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
  return { ...env, FIREBASE_PROJECT_ID: projectId, API_TOKEN_SECRET: env.API_TOKEN_SECRET ?? DEVELOPMENT_TOKEN_SECRET };
}
