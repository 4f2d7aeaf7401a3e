import type { Database } from "../../db/client.js";
import { disabledProvider } from "./disabled-provider.js";
import { createPaymentsService, type PaymentsService, type PaymentsServiceOptions } from "./payments.service.js";
import { sandboxProvider, type SandboxProvider } from "./sandbox/sandbox-provider.js";
import type { PaymentsSettings } from "../../config/env.js";
import { stripeClient, stripeProvider, stripeWebhookVerifier } from "./stripe-provider.js";
import type { PaymentsRoutesOptions } from "./payments.routes.js";


export interface PaymentsModule {
  payments: PaymentsService;
  sandbox?: SandboxProvider;
  verifyWebhook?: PaymentsRoutesOptions["verifyWebhook"];
}

export function createPaymentsModule(db: Database, settings: PaymentsSettings, options: PaymentsServiceOptions = {}): PaymentsModule {
  if (settings.kind === "stripe") {
    const stripe = stripeClient(settings.stripe);
    const { webhookSecret } = settings.stripe;
    return {
      payments: createPaymentsService(db, stripeProvider(stripe), options),
      verifyWebhook: webhookSecret ? stripeWebhookVerifier(stripe, webhookSecret) : undefined,
    };
  }
  if (settings.kind === "sandbox") {
    const sandbox = sandboxProvider(db);
    return { payments: createPaymentsService(db, sandbox, options), sandbox };
  }
  return { payments: createPaymentsService(db, disabledProvider, options) };
}
