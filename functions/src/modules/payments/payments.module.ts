import type { PaymentsSettings } from "../../config/env.js";
import type { Database } from "../../db/client.js";
import { disabledProvider } from "./disabled-provider.js";
import type { PaymentsRoutesOptions } from "./payments.routes.js";
import { createPaymentsService, type PaymentsService, type PaymentsServiceDependencies } from "./payments.service.js";
import { sandboxProvider, type SandboxProvider } from "./sandbox/sandbox-provider.js";
import { stripeClient, stripeProvider, stripeWebhookVerifier } from "./stripe-provider.js";

/** The payments service over the provider the settings name, with what that provider adds to the routes. */
export interface PaymentsModule {
  payments: PaymentsService;
  /** The built-in test provider, whose confirm call gets routes of its own. */
  sandbox?: SandboxProvider;
  /** Stripe's webhook signature check, when a webhook secret is set. */
  verifyWebhook?: PaymentsRoutesOptions["verifyWebhook"];
}

/** Builds the payment provider from the settings (Stripe, the sandbox, or none) and the payments service over it. */
export function createPaymentsModule(db: Database, settings: PaymentsSettings, dependencies: PaymentsServiceDependencies): PaymentsModule {
  if (settings.kind === "stripe") {
    const stripe = stripeClient(settings.stripe);
    const { webhookSecret } = settings.stripe;
    return {
      payments: createPaymentsService(db, stripeProvider(stripe), dependencies),
      verifyWebhook: webhookSecret ? stripeWebhookVerifier(stripe, webhookSecret) : undefined,
    };
  }
  if (settings.kind === "sandbox") {
    const sandbox = sandboxProvider(db);
    return { payments: createPaymentsService(db, sandbox, dependencies), sandbox };
  }
  return { payments: createPaymentsService(db, disabledProvider, dependencies) };
}
