import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AuthGuards } from "../../../lib/auth.js";
import { PAYMENTS_LIMIT } from "../payments.routes.js";
import type { PaymentsService } from "../payments.service.js";
import type { SandboxProvider } from "./sandbox-provider.js";
import { confirmedSandboxIntent, confirmSandboxIntentBody, sandboxIntentParams } from "./sandbox.schemas.js";

export interface SandboxRoutesOptions {
  sandbox: SandboxProvider;
  payments: PaymentsService;
  auth: AuthGuards;
}

/** The sandbox's stand-in for Stripe's confirmCardPayment; its client secret is what authorizes it. */
export const sandboxRoutes: FastifyPluginAsyncZod<SandboxRoutesOptions> = async (app, { sandbox, payments, auth }) => {
  app.post(
    "/sandbox/payment-intents/:id/confirm",
    {
      onRequest: auth.user,
      config: PAYMENTS_LIMIT,
      schema: { tags: ["payments"], params: sandboxIntentParams, body: confirmSandboxIntentBody, response: { 200: confirmedSandboxIntent } },
    },
    async (request) => {
      const { intent, event, error } = await sandbox.confirm(request.params.id, request.body);
      // The outcome reaches the order through the handler a verified Stripe webhook reaches.
      if (event) await payments.handleEvent(event);
      if (error) throw error;
      return { id: intent.id, status: intent.status, amount: intent.amount, currency: intent.currency };
    },
  );
};
