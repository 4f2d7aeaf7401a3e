import { apiMaxInstances } from "./connection-budget.js";
import { dataStoreOf } from "./env.js";

/** Where every function of the shop runs; Hosting's rewrite of /api/** names the same region. */
export const REGION = "us-central1";

/**
 * The values kept in Secret Manager (`firebase functions:secrets:set NAME`). A function sees a
 * secret only when it declares it. Stripe's two are left out where the deployment runs on the
 * payment sandbox, so a staging project needs no Stripe account, and DATABASE_URL where it runs on
 * Firestore.
 */
export function functionSecrets(source: NodeJS.ProcessEnv = process.env): string[] {
  // The emulators would look each declared secret up in Secret Manager, which a demo project has
  // not; under `npm start` every value comes from the environment scripts/start.mjs passes.
  if (source.FUNCTIONS_EMULATOR === "true") return [];
  // On Firestore the functions reach the project's database by their service account: no address to keep.
  const secrets = dataStoreOf(source) === "firestore" ? ["API_TOKEN_SECRET"] : ["DATABASE_URL", "API_TOKEN_SECRET"];
  if (source.PAYMENTS_SANDBOX !== "on") secrets.push("STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET");
  return secrets;
}

/**
 * What every function of the shop shares. DATABASE_VPC_NETWORK names the VPC network of a database
 * on a private address (Cloud SQL with private IP): the functions then reach it through Direct VPC
 * egress, and only private ranges go that way.
 */
export function sharedFunctionOptions(source: NodeJS.ProcessEnv = process.env) {
  const network = source.DATABASE_VPC_NETWORK;
  return {
    region: REGION,
    secrets: functionSecrets(source),
    ...(network ? { networkInterface: { network } } : {}),
  };
}

/**
 * The options of the `api` function, read when firebase-tools loads the code to deploy it, with
 * functions/.env.<project> in the environment; the instances read the same variables when they
 * size their database pools (config/connection-budget.ts).
 */
export function apiFunctionOptions(source: NodeJS.ProcessEnv = process.env) {
  return {
    ...sharedFunctionOptions(source),
    memory: "512MiB" as const,
    concurrency: 80,
    maxInstances: apiMaxInstances(source),
    // The web app and the API share one origin; without this the Functions emulator would answer
    // any origin's preflight and reflect that origin, as production does not.
    cors: false,
  };
}

/**
 * A scheduled job runs as one instance with one connection: the budget reserves exactly that. A job
 * that alone reads a secret (the mail server's SMTP_URL) declares it for itself.
 */
export function jobFunctionOptions(source: NodeJS.ProcessEnv = process.env, { secrets: own = [] }: { secrets?: readonly string[] } = {}) {
  const shared = sharedFunctionOptions(source);
  const secrets = source.FUNCTIONS_EMULATOR === "true" ? shared.secrets : [...shared.secrets, ...own];
  return { ...shared, secrets, maxInstances: 1 };
}
