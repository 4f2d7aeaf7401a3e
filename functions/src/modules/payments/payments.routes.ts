import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AuthGuards } from "../../lib/auth.js";
import { notImplemented } from "../../lib/errors.js";
import { idParams } from "../common.schemas.js";
import { createPaymentIntentBody, paymentIntent } from "./payments.schemas.js";

export interface PaymentsRoutesOptions {
  auth: AuthGuards;
}

const NOT_YET = "Card payments are not available yet.";

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, { auth }) => {
  app.post(
    "/create-payment-intent",
    { onRequest: auth.user, schema: { tags: ["payments"], body: createPaymentIntentBody, response: { 200: paymentIntent } } },
    () => {
      throw notImplemented(NOT_YET);
    },
  );

  app.post(
    "/orders/:id/payment",
    { onRequest: auth.user, schema: { tags: ["payments"], params: idParams } },
    () => {
      throw notImplemented(NOT_YET);
    },
  );
};
