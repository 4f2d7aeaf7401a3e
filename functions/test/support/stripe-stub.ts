import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Enough of Stripe's REST API for the shop's calls, on a local port, so the real `stripe` library
 * can be driven end to end: PaymentIntents (create with Idempotency-Key, retrieve) and refunds, whole
 * or of an amount, and listed by intent.
 * Tests steer it (an intent's status, amount or last error; the next calls hanging or failing)
 * and read back every call it took.
 */

export interface StubIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { code?: string; decline_code?: string; message: string; type: string } | null;
  /** The id of the payment method that paid (or last tried to); expanded to a StubPaymentMethod when asked. */
  payment_method: string | null;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: string } | null;
  created: number;
  livemode: false;
}

/** A card PaymentMethod as Stripe answers it when an intent is retrieved with `expand[]=payment_method`. */
export interface StubPaymentMethod {
  id: string;
  object: "payment_method";
  type: "card";
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: string; country: string };
  created: number;
  livemode: false;
}

export interface StubCall {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, unknown>;
}

export interface StubCreate {
  idempotencyKey: string | null;
  intentId: string;
  params: Record<string, unknown>;
}

export interface StubRefund {
  id: string;
  paymentIntent: string;
  amount: number;
  idempotencyKey: string | null;
  metadata: Record<string, string>;
}

/** What the next calls do instead of answering: hang past the client's timeout, or answer 500. */
export type StubFailure = "timeout" | "error";

type Answer = { status: number; body: unknown; replayed?: boolean };

const token = (bytes: number) => randomBytes(bytes).toString("hex");
const unixNow = () => Math.floor(Date.now() / 1000);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const stripeError = (status: number, type: string, message: string, code?: string): Answer => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});

/** Stripe's form encoding: `metadata[orderId]=x&automatic_payment_methods[enabled]=true`. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const [head, ...rest] = key.split("[").map((part) => part.replace(/]$/, ""));
    let target = result;
    const path = [head!, ...rest];
    for (const part of path.slice(0, -1)) {
      target[part] ??= {};
      target = target[part] as Record<string, unknown>;
    }
    target[path.at(-1)!] = value;
  }
  return result;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export class StripeStub {
  readonly intents = new Map<string, StubIntent>();
  /** Every call taken, in order, failed ones included. */
  readonly calls: StubCall[] = [];
  /** Every POST /v1/payment_intents, replays included. */
  readonly creates: StubCreate[] = [];
  /** Every refund Stripe made; a replayed key makes none. */
  readonly refunds: StubRefund[] = [];
  readonly paymentMethods = new Map<string, StubPaymentMethod>();
  private readonly replies = new Map<string, { params: string; answer: Answer }>();
  private failures: { failure: StubFailure; path?: string; method?: string }[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<StripeStub> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const stub = new StripeStub(server, `http://127.0.0.1:${port}`);
    server.on("request", (request: IncomingMessage, response: ServerResponse) => {
      stub.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
      });
    });
    return stub;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  /** The next `count` calls fail in the given way: whatever they ask, or only those to `path` (`/v1/refunds`), with `method` if given. */
  failNext(count: number, failure: StubFailure, { path, method }: { path?: string; method?: string } = {}): void {
    this.failures = Array.from({ length: count }, () => ({ failure, path, method }));
  }

  /** Stripe forgets idempotency keys after 24 hours: a key sent again is new. */
  forgetIdempotencyKeys(): void {
    this.replies.clear();
  }

  /** Calls are answered normally again, whatever failures were still queued. */
  clearFailures(): void {
    this.failures = [];
  }

  intent(id: string): StubIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`the stub has no intent ${id}`);
    return intent;
  }

  /** The intent whose client secret the shop handed out. */
  intentBySecret(clientSecret: string): StubIntent {
    const intent = [...this.intents.values()].find((i) => i.client_secret === clientSecret);
    if (!intent) throw new Error(`the stub has no intent with secret ${clientSecret}`);
    return intent;
  }

  /**
   * What happens at Stripe when the buyer's card is charged, declined, or the intent canceled. An
   * intent that succeeds without a card named was paid with Stripe's test Visa, 4242 4242 4242 4242.
   */
  setIntent(
    id: string,
    changes: Partial<Pick<StubIntent, "status" | "amount" | "currency" | "metadata" | "last_payment_error" | "payment_method">>,
  ): StubIntent {
    const intent = this.intent(id);
    Object.assign(intent, changes);
    if (intent.status === "succeeded" && !intent.payment_method) intent.payment_method = this.card("4242");
    return intent;
  }

  /** A test card the buyer enters at Stripe, as the PaymentMethod Stripe makes of it; its id goes in `setIntent`. */
  card(last4: string, brand = "visa"): string {
    const method: StubPaymentMethod = {
      id: `pm_stub_${token(10)}`,
      object: "payment_method",
      type: "card",
      card: { brand, last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, funding: "credit", country: "US" },
      created: unixNow(),
      livemode: false,
    };
    this.paymentMethods.set(method.id, method);
    return method.id;
  }

  /** A Stripe event about an intent as it stands now, as a webhook would carry it. */
  event(type: string, intentId: string, id = `evt_stub_${token(12)}`) {
    return {
      id,
      object: "event",
      api_version: "2025-01-27.acacia",
      created: unixNow(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(this.intent(intentId)) },
    };
  }

  refundsFor(intentId: string): StubRefund[] {
    return this.refunds.filter((r) => r.paymentIntent === intentId);
  }

  createsFor(orderId: string): StubCreate[] {
    return this.creates.filter((c) => (c.params.metadata as Record<string, string> | undefined)?.orderId === orderId);
  }

  createsForCheckout(checkoutId: string): StubCreate[] {
    return this.creates.filter((c) => (c.params.metadata as Record<string, string> | undefined)?.checkoutId === checkoutId);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const text = await readBody(request);
    const url = new URL(request.url ?? "/", this.url);
    const idempotencyKey = typeof request.headers["idempotency-key"] === "string" ? request.headers["idempotency-key"] : null;
    const params = request.method === "GET" ? Object.fromEntries(url.searchParams) : parseStripeForm(text);
    this.calls.push({ method: request.method ?? "", path: url.pathname, idempotencyKey, params });

    const queued = this.failures.findIndex((f) => (f.path === undefined || f.path === url.pathname) && (f.method === undefined || f.method === request.method));
    const failure = queued === -1 ? undefined : this.failures.splice(queued, 1)[0]!.failure;
    if (failure === "error") return this.send(response, stripeError(500, "api_error", "An unknown error occurred"));
    if (!/^Bearer sk_test_\w+$/.test(request.headers.authorization ?? "")) {
      return this.send(response, stripeError(401, "invalid_request_error", "Invalid API Key provided."));
    }
    const answer = this.route(request.method ?? "", url.pathname, params, idempotencyKey);
    // The work is done but the answer never arrives: the case an idempotency key exists for.
    if (failure === "timeout") return;
    this.send(response, answer);
  }

  private send(response: ServerResponse, { status, body, replayed }: Answer): void {
    response.writeHead(status, {
      "content-type": "application/json",
      "request-id": `req_stub_${token(6)}`,
      ...(replayed ? { "idempotent-replayed": "true" } : {}),
    });
    response.end(JSON.stringify(body));
  }

  private route(method: string, path: string, params: Record<string, unknown>, key: string | null): Answer {
    if (method === "POST" && path === "/v1/payment_intents") return this.idempotent(key, params, () => this.createIntent(params, key));
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && retrieve) {
      const intent = this.intents.get(decodeURIComponent(retrieve[1]!));
      if (!intent) return stripeError(404, "invalid_request_error", `No such payment_intent: '${retrieve[1]}'`, "resource_missing");
      return { status: 200, body: this.expanded(intent, params) };
    }
    if (method === "POST" && path === "/v1/refunds") return this.idempotent(key, params, () => this.refund(params, key));
    if (method === "GET" && path === "/v1/refunds") {
      const of = String(params.payment_intent ?? "");
      const data = this.refunds.filter((r) => !of || r.paymentIntent === of).map((r) => this.refundObject(r));
      return { status: 200, body: { object: "list", url: "/v1/refunds", has_more: false, data } };
    }
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  /** Stripe's `expand[]`: the fields named (as `expand[0]=payment_method`) come back as objects instead of ids. */
  private expanded(intent: StubIntent, params: Record<string, unknown>): unknown {
    const expand = Object.entries(params)
      .filter(([key]) => /^expand(\[\d*\])?$/.test(key))
      .map(([, value]) => value);
    const body: Record<string, unknown> = { ...structuredClone(intent) };
    if (expand.includes("payment_method") && intent.payment_method) body.payment_method = this.paymentMethods.get(intent.payment_method) ?? null;
    return body;
  }

  /** Stripe's rule: a key seen before replays its first answer, and may not be reused with other parameters. */
  private idempotent(key: string | null, params: Record<string, unknown>, perform: () => Answer): Answer {
    const record = key ? this.replies.get(key) : undefined;
    const serialised = JSON.stringify(params);
    if (record && record.params !== serialised) {
      return stripeError(400, "idempotency_error", "Keys for idempotent requests can only be used with the same parameters they were first used with.");
    }
    if (record) {
      this.recordReplay(params, key, record.answer);
      return { ...record.answer, replayed: true };
    }
    const answer = perform();
    if (key && answer.status < 500) this.replies.set(key, { params: serialised, answer: structuredClone(answer) });
    return answer;
  }

  private recordReplay(params: Record<string, unknown>, key: string | null, answer: Answer) {
    const body = answer.body as { object?: string; id?: string };
    if (body.object === "payment_intent") this.creates.push({ idempotencyKey: key, intentId: body.id!, params });
  }

  private createIntent(params: Record<string, unknown>, key: string | null): Answer {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50) {
      return stripeError(400, "invalid_request_error", "Amount must be at least $0.50 usd", "amount_too_small");
    }
    const id = `pi_stub_${token(10)}`;
    const methods = params.automatic_payment_methods as { enabled?: string; allow_redirects?: string } | undefined;
    const intent: StubIntent = {
      id,
      object: "payment_intent",
      amount,
      currency: String(params.currency),
      status: "requires_payment_method",
      client_secret: `${id}_secret_${token(12)}`,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      last_payment_error: null,
      payment_method: null,
      automatic_payment_methods: methods ? { enabled: methods.enabled === "true", allow_redirects: methods.allow_redirects } : null,
      created: unixNow(),
      livemode: false,
    };
    this.intents.set(id, intent);
    this.creates.push({ idempotencyKey: key, intentId: id, params });
    return { status: 200, body: structuredClone(intent) };
  }

  private refund(params: Record<string, unknown>, key: string | null): Answer {
    const intentId = String(params.payment_intent ?? "");
    const intent = this.intents.get(intentId);
    if (!intent) return stripeError(404, "invalid_request_error", `No such payment_intent: '${intentId}'`, "resource_missing");
    if (intent.status !== "succeeded") {
      return stripeError(400, "invalid_request_error", "This PaymentIntent does not have a successful charge to refund.", "charge_not_refundable");
    }
    // Stripe refunds the amount asked for, or what is left of the charge when none is, and refuses once nothing is left.
    const left = intent.amount - this.refundsFor(intentId).reduce((sum, r) => sum + r.amount, 0);
    if (left <= 0) {
      return stripeError(400, "invalid_request_error", `Charge for ${intentId} has already been refunded.`, "charge_already_refunded");
    }
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) return stripeError(400, "invalid_request_error", "Invalid positive integer", "parameter_invalid_integer");
    if (amount > left) {
      return stripeError(
        400,
        "invalid_request_error",
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
        "amount_too_large",
      );
    }
    const refund = { id: `re_stub_${token(10)}`, paymentIntent: intentId, amount, idempotencyKey: key, metadata: (params.metadata as Record<string, string> | undefined) ?? {} };
    this.refunds.push(refund);
    return { status: 200, body: this.refundObject(refund) };
  }

  private refundObject(refund: StubRefund) {
    const currency = this.intents.get(refund.paymentIntent)?.currency ?? "usd";
    return { id: refund.id, object: "refund", amount: refund.amount, currency, payment_intent: refund.paymentIntent, metadata: refund.metadata, status: "succeeded" };
  }
}
