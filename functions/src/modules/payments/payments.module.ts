import type { PaymentsSettings } from "../../config/env.js";
import type { RunChange } from "../../lib/change.js";
import { disabledProvider } from "./disabled-provider.js";
import type { PaymentsRoutesOptions } from "./payments.routes.js";
import { createPaymentsService, type PaymentsService, type PaymentsServiceDependencies } from "./payments.service.js";
import type { PaymentsStore } from "./payments.store.js";
import { sandboxProvider, type SandboxProvider } from "./sandbox/sandbox-provider.js";
import type { SandboxStore } from "./sandbox/sandbox.store.js";
import { stripeClient, stripeProvider, stripeWebhookVerifier } from "./stripe-provider.js";

/** The payments service over the provider the settings name, with what that provider adds to the routes. */
export interface PaymentsModule {
  payments: PaymentsService;
  /** The built-in test provider, whose confirm call gets routes of its own. */
  sandbox?: SandboxProvider;
  /** Stripe's webhook signature check, when a webhook secret is set. */
  verifyWebhook?: PaymentsRoutesOptions["verifyWebhook"];
}

/** Where the module keeps its data: its payments, the sandbox provider's intents, and the unit of work over them. */
export interface PaymentsStores {
  payments: PaymentsStore;
  sandbox: SandboxStore;
  change: RunChange;
}

/** Builds the payment provider from the settings (Stripe, the sandbox, or none) and the payments service over it. */
export function createPaymentsModule(
  stores: PaymentsStores,
  settings: PaymentsSettings,
  { orders }: Pick<PaymentsServiceDependencies, "orders">,
): PaymentsModule {
  const { payments: store, change } = stores;
  if (settings.kind === "stripe") {
    const stripe = stripeClient(settings.stripe);
    const { webhookSecret } = settings.stripe;
    return {
      payments: createPaymentsService({ store, change, provider: stripeProvider(stripe), orders }),
      verifyWebhook: webhookSecret ? stripeWebhookVerifier(stripe, webhookSecret) : undefined,
    };
  }
  if (settings.kind === "sandbox") {
    const sandbox = sandboxProvider({ store: stores.sandbox, change });
    return { payments: createPaymentsService({ store, change, provider: sandbox, orders }), sandbox };
  }
  return { payments: createPaymentsService({ store, change, provider: disabledProvider, orders }) };
}
