import { afterAll, expect, it } from "vitest";
import { type ApiServer, startApiServer } from "../test/support/faults-processes.js";
import { FAULTS_TOKEN_SECRET, placeCarefully, seedShop } from "../test/support/faults-shop.js";
import { StripeFaultProxy } from "../test/support/faults-stripe-proxy.js";
import { StripeStub } from "../test/support/stripe-stub.js";
import { ThrowawayCluster } from "./postgres-cluster.js";

// Stripe makes the PaymentIntent, and before the shop can record it, its database goes away. The
// buyer's retry must find that intent again, not have Stripe make a second one to charge.

let stub: StripeStub;
let proxy: StripeFaultProxy;
let cluster: ThrowawayCluster;
let server: ApiServer;

afterAll(async () => {
  await server?.kill();
  await cluster?.destroy();
  await proxy?.stop();
  await stub?.stop();
});

it("when the database stops between Stripe making the intent and the shop recording it, then the buyer gets 503, the order stays unpaid, and the retry gets the same intent", async () => {
  stub = await StripeStub.start();
  proxy = await StripeFaultProxy.start(stub.url);
  cluster = await ThrowawayCluster.create();
  await cluster.start();
  server = await startApiServer({
    databaseUrl: cluster.url,
    tokenSecret: FAULTS_TOKEN_SECRET,
    from: "built",
    env: { STRIPE_SECRET_KEY: "sk_test_toolshop_faults", STRIPE_API_BASE: proxy.url },
  });
  const shop = await seedShop(cluster.url, 100);
  const order = await placeCarefully("pay-after-outage", { baseUrl: () => server.url, token: shop.buyer.token, toolId: shop.toolId, quantity: 3 });
  expect(order.status).toBe(201);
  const orderId = order.orderId!;
  const startPayment = () =>
    fetch(`${server.url}/api/create-payment-intent`, {
      method: "POST",
      headers: { authorization: `Bearer ${shop.buyer.token}`, "content-type": "application/json" },
      body: JSON.stringify({ orderId }),
    });

  proxy.breakNext(1, { kind: "hold-answer", meanwhile: () => cluster.stop("fast") });
  const during = await startPayment();
  expect(during.status).toBe(503);
  expect(during.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  expect(stub.createsFor(orderId)).toHaveLength(1);

  await cluster.start();
  const retry = await startPayment();
  expect(retry.status).toBe(200);
  const { clientSecret } = (await retry.json()) as { clientSecret: string };

  const intents = [...stub.intents.values()].filter((intent) => intent.metadata.orderId === orderId);
  expect(intents).toHaveLength(1);
  expect(intents[0]!.client_secret).toBe(clientSecret);
  expect(new Set(stub.createsFor(orderId).map((c) => c.idempotencyKey))).toEqual(new Set([`toolshop-order-${orderId}-attempt-1`]));
  const status = await fetch(`${server.url}/api/orders/${orderId}`, { headers: { authorization: `Bearer ${shop.buyer.token}` } }).then((r) => r.json() as Promise<{ paid: boolean }>);
  expect(status.paid).toBe(false);
});
