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
});

export type Env = z.infer<typeof envSchema>;

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
