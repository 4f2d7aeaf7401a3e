import { z } from "zod";
import { connectionBudgetSchema, poolSizePerInstance } from "./connection-budget.js";

/** Requests per minute, counted in the database for all API instances together (docs/decisions/0010); 0 turns a limit off. */
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
  /** The cart's writes (PUT and DELETE /api/cart/lines/{toolId}, POST /api/cart/merge) per user, each counted apart; POST /api/cart/preview per client IP. */
  RATE_LIMIT_CART_PER_MINUTE: perMinute(120),
  /**
   * Each of the buyer's payment calls (POST /api/create-payment-intent, /api/orders/{id}/payment,
   * /api/checkouts/{id}/payment-intent, /api/checkouts/{id}/payment, the sandbox's card confirmation)
   * per user, counted apart: each asks the payment provider, whose API has its own rate limits.
   */
  RATE_LIMIT_PAYMENTS_PER_MINUTE: perMinute(60),
});

/** Where the shop keeps its data (docs/architecture.md, "Stores"). */
export const dataStoreSchema = z.enum(["postgres", "firestore"]);
export type DataStore = z.infer<typeof dataStoreSchema>;

/** Settings only PostgreSQL reads: a deployment that has one was set up on PostgreSQL. */
const POSTGRES_SETTINGS = ["DATABASE_URL", "DATABASE_VPC_NETWORK", "DATABASE_MAX_CONNECTIONS", "DATABASE_POOL_MAX"];

/**
 * The store a process with this environment runs on: Firestore unless DATA_STORE names PostgreSQL.
 * A deployment set up on PostgreSQL before Firestore became the default names no store; it is
 * refused rather than started on an empty Firestore, when deploying (the function options read
 * functions/.env.<project>) and when a server starts.
 */
export function dataStoreOf(source: NodeJS.ProcessEnv = process.env): DataStore {
  const parsed = dataStoreSchema.default("firestore").safeParse(source.DATA_STORE);
  if (!parsed.success) throw new Error(`Invalid configuration: DATA_STORE must be "firestore" or "postgres", not ${JSON.stringify(source.DATA_STORE)}`);
  const postgresOnly = POSTGRES_SETTINGS.filter((name) => source[name] !== undefined && source[name] !== "");
  if (source.DATA_STORE === undefined && postgresOnly.length > 0) {
    throw new Error(
      `Invalid configuration: ${postgresOnly.join(", ")} ${postgresOnly.length === 1 ? "is" : "are"} set but DATA_STORE is not, and the shop's store ` +
        "is Firestore unless DATA_STORE says otherwise: set DATA_STORE=postgres to keep the data in that database, or DATA_STORE=firestore " +
        "(docs/decisions/0027-firestore-by-default.md)",
    );
  }
  return parsed.data;
}

const envSchema = rateLimitSchema.extend(connectionBudgetSchema.shape).extend({
  /** The store: the project's Firestore, or PostgreSQL at DATABASE_URL (docs/decisions/0027). */
  DATA_STORE: dataStoreSchema.default("firestore"),
  DATABASE_URL: z.string().url().default("postgres://postgres@127.0.0.1:5433/postgres"),
  /** HS256 secret for the API access token; required outside demo projects. */
  API_TOKEN_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  API_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(900).default(900),
  FIREBASE_PROJECT_ID: z.string().default("demo-toolshop"),
  /**
   * Proxies in front of the API that append the address they saw to X-Forwarded-For; the client's
   * address is the entry that many hops from the end. Unset: 1 in the Cloud Function (Google's front
   * end), 0 in the plain server (X-Forwarded-For ignored); `npm start` sets 1, its front door.
   * docs/decisions/0010.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
  /** How long an unpaid order holds its units before it is cancelled and they go back on sale; fixed when the order is placed. */
  ORDER_HOLD_MINUTES: z.coerce.number().positive().max(525_600).default(60),
  /** Unpaid orders a buyer may hold at once; 0 is no limit. */
  MAX_UNPAID_ORDERS: z.coerce.number().int().min(0).max(1000).default(5),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
  /** A Stripe-compatible API elsewhere than api.stripe.com, such as a local stub. */
  STRIPE_API_BASE: z.string().url().optional(),
  /** The built-in sandbox provider: on by default in demo projects only. */
  PAYMENTS_SANDBOX: z.enum(["on", "off"]).optional(),
  /**
   * The mail server the shop's e-mail goes through, such as `smtps://user:password@smtp.example.com:465`.
   * Demo projects default to the local one `npm start` runs; elsewhere, unset, mail waits in the outbox.
   */
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL").optional(),
  /** The sender of the shop's e-mail; defaults to orders@ the shop's host. */
  MAIL_FROM: z.string().min(3).max(200).optional(),
  /**
   * Where buyers reach the shop, for the links in its e-mail: http://localhost:5000 in demo projects,
   * https://<project>.web.app otherwise.
   */
  SHOP_URL: z.string().url().optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Requests per minute for each limited call; 0 is no limit. */
export interface RateLimitSettings {
  signIn: number;
  orders: number;
  reviews: number;
  wishes: number;
  cart: number;
  payments: number;
}

export function rateLimitSettings(env: z.infer<typeof rateLimitSchema>): RateLimitSettings {
  return {
    signIn: env.RATE_LIMIT_SIGN_IN_PER_MINUTE,
    orders: env.RATE_LIMIT_ORDERS_PER_MINUTE,
    reviews: env.RATE_LIMIT_REVIEWS_PER_MINUTE,
    wishes: env.RATE_LIMIT_WISHES_PER_MINUTE,
    cart: env.RATE_LIMIT_CART_PER_MINUTE,
    payments: env.RATE_LIMIT_PAYMENTS_PER_MINUTE,
  };
}

/** The limits of a deployment that sets none. */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = rateLimitSettings(rateLimitSchema.parse({}));

/** What keeps stock from being hoarded by orders left unpaid (docs/product.md §5.1). */
export interface OrderRules {
  holdMinutes: number;
  /** 0 is no limit. */
  maxUnpaid: number;
}

export const orderRules = (env: Pick<Env, "ORDER_HOLD_MINUTES" | "MAX_UNPAID_ORDERS">): OrderRules => ({
  holdMinutes: env.ORDER_HOLD_MINUTES,
  maxUnpaid: env.MAX_UNPAID_ORDERS,
});

export const DEFAULT_ORDER_RULES: OrderRules = orderRules(envSchema.pick({ ORDER_HOLD_MINUTES: true, MAX_UNPAID_ORDERS: true }).parse({}));

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
  const sandbox = env.PAYMENTS_SANDBOX ?? (isDemoProject(env.FIREBASE_PROJECT_ID) ? "on" : "off");
  return sandbox === "on" ? { kind: "sandbox" } : { kind: "disabled" };
}

/** The local mail server `npm start` runs (scripts/mail-server.mjs). */
export const LOCAL_SMTP_URL = "smtp://127.0.0.1:1025";

/** Where `npm start` serves the shop. */
export const DEFAULT_SHOP_URL = "http://localhost:5000";

/** The shop's address for links in its e-mail. */
export function shopUrlOf(env: Pick<Env, "SHOP_URL" | "FIREBASE_PROJECT_ID">): string {
  if (env.SHOP_URL) return env.SHOP_URL.replace(/\/+$/, "");
  return isDemoProject(env.FIREBASE_PROJECT_ID) ? DEFAULT_SHOP_URL : `https://${env.FIREBASE_PROJECT_ID}.web.app`;
}

export interface MailSettings {
  /** Where mail is handed over; null: messages wait in the outbox until SMTP_URL is set. */
  smtpUrl: string | null;
  from: string;
  /** The right-hand side of every Message-ID: the shop's own host name. */
  messageIdDomain: string;
}

export function mailSettings(env: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "SHOP_URL" | "FIREBASE_PROJECT_ID">): MailSettings {
  const host = new URL(shopUrlOf(env)).hostname;
  return {
    smtpUrl: env.SMTP_URL ?? (isDemoProject(env.FIREBASE_PROJECT_ID) ? LOCAL_SMTP_URL : null),
    from: env.MAIL_FROM ?? `Toolshop <orders@${host}>`,
    messageIdDomain: host,
  };
}

// A fixed secret keeps tokens valid across emulator restarts on a developer machine. It is in the
// repository, so anything but a demo project refuses it.
const DEVELOPMENT_TOKEN_SECRET = "toolshop-development-only-token-secret-0123456789";

export const isDemoProject = (projectId: string) => projectId.startsWith("demo-");

/** The project whose ID tokens the API accepts: Cloud Functions names it, a plain server is told. */
export const projectIdOf = (source: NodeJS.ProcessEnv): string =>
  source.GCLOUD_PROJECT || source.FIREBASE_PROJECT_ID || "demo-toolshop";

export type LoadedEnv = Env & { API_TOKEN_SECRET: string; DATABASE_POOL_MAX: number };

/**
 * Every setting, checked once. Outside a demo project the checks do not depend on NODE_ENV: a
 * deployment that forgot to say "production" must be as safe as one that did.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): LoadedEnv {
  dataStoreOf(source);
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  const projectId = projectIdOf(source);
  if (!isDemoProject(projectId) && (!env.API_TOKEN_SECRET || env.API_TOKEN_SECRET === DEVELOPMENT_TOKEN_SECRET)) {
    throw new Error(
      `Invalid configuration: API_TOKEN_SECRET must be set to a random value of at least 32 characters for project ${projectId} ` +
        "(for example `openssl rand -base64 48`); only demo- projects may run without one",
    );
  }
  const poolMax = poolSizePerInstance(env);
  return { ...env, FIREBASE_PROJECT_ID: projectId, API_TOKEN_SECRET: env.API_TOKEN_SECRET ?? DEVELOPMENT_TOKEN_SECRET, DATABASE_POOL_MAX: poolMax };
}

/** Where the store is: which one, PostgreSQL's address, and the project whose Firestore it may be. */
export type StoreSettings = Pick<Env, "DATA_STORE" | "DATABASE_URL" | "FIREBASE_PROJECT_ID">;

/** What the command-line tools need: the store and the project, no API token secret. */
export function loadCommandLineEnv(source: NodeJS.ProcessEnv = process.env): StoreSettings {
  dataStoreOf(source);
  const parsed = envSchema.pick({ DATA_STORE: true, DATABASE_URL: true }).safeParse(source);
  if (!parsed.success) throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return { ...parsed.data, FIREBASE_PROJECT_ID: projectIdOf(source) };
}

/**
 * The Admin SDK trusts unsigned ID tokens from whatever emulator these name. Outside a demo project
 * they are removed from the process before the SDK is used, and their names returned for a warning.
 */
export function dropEmulatorHostsOutsideDemo(projectId: string, source: NodeJS.ProcessEnv = process.env): string[] {
  if (isDemoProject(projectId)) return [];
  const names = Object.keys(source).filter((name) => name.endsWith("_EMULATOR_HOST") || name === "FIREBASE_EMULATOR_HUB");
  for (const name of names) delete source[name];
  return names;
}
