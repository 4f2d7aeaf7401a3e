import type { FastifyInstance } from "fastify";
import { getAuth } from "firebase-admin/auth";
import type { Firestore } from "firebase-admin/firestore";
import { type AppDependencies, createApp } from "../../src/app.js";
import { DEFAULT_ORDER_RULES, type RateLimitSettings } from "../../src/config/env.js";
import type { DatabaseHandle } from "../../src/db/client.js";
import type { NewTool } from "../../src/modules/tools/tools.store.js";
import { firebaseIdentity } from "../../src/lib/firebase-identity.js";
import { createTokenService, type TokenService } from "../../src/lib/tokens.js";
import { type AccountOptions, createAccount, type FirebaseAccount, signInWithPassword } from "./auth-emulator.js";
import type { Stores } from "../../src/stores/postgres.js";
import { createTestStores, type StoreKind, type TestStores } from "./stores.js";

// A project of its own keeps the test emulator apart from a running `npm start`, which uses demo-toolshop.
export const PROJECT_ID = process.env.GCLOUD_PROJECT ?? "demo-toolshop-test";
export const TOKEN_SECRET = "test-secret-that-is-at-least-32-characters-long";

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  token?: string | null;
  body?: unknown;
  /** Sent as it is, for malformed JSON and other raw payloads. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface SignedInUser {
  account: FirebaseAccount;
  email: string;
  name: string;
  token: string;
  id: string;
}

export interface TestApiOptions {
  /** Which payment provider the app is wired to; the sandbox when left out, as in a demo project. */
  payments?: AppDependencies["payments"];
  /**
   * Off unless a test is about them: the other tests place many orders from few users.
   * Requests per minute; 0 is no limit.
   */
  rateLimits?: Partial<NonNullable<AppDependencies["rateLimits"]>>;
  /**
   * The deployed hold, and no limit on a buyer's unpaid orders unless a test is about it: the other
   * tests place many orders from few buyers.
   */
  orderRules?: Partial<NonNullable<AppDependencies["orderRules"]>>;
  /** Off unless a test wants to read what the app logs. */
  logger?: AppDependencies["logger"];
}

/** Every rate limit off: a test that means to reach a limit sets that one alone. */
export const NO_RATE_LIMITS: RateLimitSettings = { signIn: 0, orders: 0, reviews: 0, wishes: 0, cart: 0, payments: 0 };

/** The API on a real port over a fresh database, signed in through the real Auth emulator. */
export class TestApi {
  private constructor(
    readonly app: FastifyInstance,
    readonly baseUrl: string,
    readonly tokens: TokenService,
    private readonly testStores: TestStores,
  ) {}

  /** Every module's store the app runs on. */
  get stores(): Stores {
    return this.testStores.stores;
  }

  /** The stores as another instance of the API has them, on the same data. */
  anotherInstanceStores(): Stores {
    return this.testStores.another();
  }

  /** Which store the app runs on. */
  get storeKind(): StoreKind {
    return this.testStores.kind;
  }

  /** The Firestore database the app runs on, for a test that reads or writes it directly. */
  get firestore(): Firestore {
    if (!this.testStores.firestore) throw new Error("this test reads Firestore directly, and the app runs on PostgreSQL");
    return this.testStores.firestore;
  }

  /** The PostgreSQL database the app runs on, for a test that reads or writes it directly. */
  get database(): DatabaseHandle {
    if (!this.testStores.postgres) throw new Error("this test reads PostgreSQL directly, and the app runs on Firestore");
    return this.testStores.postgres;
  }

  static async start({ payments, logger, rateLimits, orderRules }: TestApiOptions = {}): Promise<TestApi> {
    const testStores = await createTestStores({ poolMax: 20 });
    const tokens = createTokenService(TOKEN_SECRET, 3600);
    const limits = { ...NO_RATE_LIMITS, ...rateLimits };
    const rules = { ...DEFAULT_ORDER_RULES, maxUnpaid: 0, ...orderRules };
    const app = await createApp({ stores: testStores.stores, identity: firebaseIdentity(PROJECT_ID), tokens, payments, logger, rateLimits: limits, orderRules: rules });
    const baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
    return new TestApi(app, baseUrl, tokens, testStores);
  }

  async stop(): Promise<void> {
    await this.app.close();
    await this.testStores.close();
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type")) {
      headers["content-type"] = "application/json";
    }
    const response = await fetch(`${this.baseUrl}/api${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Left as text: the assertion will say what came back.
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  /**
   * A new Firebase account exchanged for an API token, as the web client does after sign-in.
   * Unverified unless asked: mail to it waits until it is verified.
   */
  async signUp(label = "buyer", options: AccountOptions = {}): Promise<SignedInUser> {
    const account = await createAccount(label, undefined, options);
    const response = await this.request("PUT", `/user/${encodeURIComponent(account.email)}`, {
      token: account.idToken,
      body: { email: account.email },
    });
    if (response.status !== 200) throw new Error(`sign-in exchange failed: ${response.status} ${JSON.stringify(response.body)}`);
    return { account, email: account.email, name: account.displayName, token: response.body.token, id: response.body.user._id };
  }

  /** An admin made as a deployment makes its first one: the claim, then a fresh sign-in. */
  async signUpAdmin(options: AccountOptions = {}): Promise<SignedInUser> {
    const user = await this.signUp("admin", options);
    await getAuth().setCustomUserClaims(user.account.uid, { admin: true });
    const idToken = await signInWithPassword(user.email, user.account.password);
    const response = await this.request("PUT", `/user/${encodeURIComponent(user.email)}`, { token: idToken });
    if (response.body?.user?.role !== "admin") throw new Error("admin sign-in did not give the admin role");
    return { ...user, token: response.body.token };
  }

  /** Lists a tool as the store lists one (its first stock movement with it), and returns its id. */
  async addTool(values: Partial<NewTool> = {}): Promise<string> {
    const tool: NewTool = {
      name: "Torque Wrench",
      img: "/images/tools/torque-wrench.svg",
      unitPriceCents: 2599,
      description: "Half-inch drive, 20 to 200 Nm.",
      minOrderQuantity: 2,
      stock: 100,
      ...values,
    };
    const listed = await this.stores.change(({ tx }) => this.stores.tools.insertTool(tx, tool));
    return listed.id;
  }

  /** Places an order that must succeed, and returns its id. */
  async placeOrder(user: SignedInUser, toolId: string, quantityAmount = 2): Promise<string> {
    const response = await this.request("POST", "/orders", { token: user.token, body: orderBody(toolId, quantityAmount) });
    if (response.status !== 201) throw new Error(`placing an order failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body._id;
  }

  /**
   * Pays an order with the sandbox's test card as the payment page does (the app must run on the
   * sandbox, the default): a payment intent, then the sandbox's confirmation. Returns the intent's id.
   */
  async payByCard(user: SignedInUser, orderId: string): Promise<string> {
    const started = await this.request("POST", "/create-payment-intent", { token: user.token, body: { orderId } });
    if (started.status !== 200) throw new Error(`starting a payment failed: ${started.status} ${JSON.stringify(started.body)}`);
    const clientSecret: string = started.body.clientSecret;
    const intentId = clientSecret.split("_secret_")[0]!;
    const card = { number: "4242424242424242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };
    const confirmed = await this.request("POST", `/sandbox/payment-intents/${intentId}/confirm`, {
      token: user.token,
      body: { clientSecret, card, billingDetails: { name: user.name, email: user.email } },
    });
    if (confirmed.status !== 200) throw new Error(`paying failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
    return intentId;
  }

  /** Checks out these lines (each tool at the price it is listed at, fetched first) and returns the checkout; it must succeed. */
  async checkout(user: SignedInUser, lines: { toolId: string; quantity: number }[], key?: string): Promise<{ _id: string; total: number; orders: { _id: string }[] }> {
    const response = await this.request("POST", "/checkouts", { token: user.token, body: await this.checkoutBody(lines), headers: key ? { "idempotency-key": key } : {} });
    if (response.status !== 201) throw new Error(`checking out failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }

  /** A checkout's body for these lines, each at the price its tool is listed at now. */
  async checkoutBody(lines: { toolId: string; quantity: number }[]) {
    const priced = await Promise.all(
      lines.map(async ({ toolId, quantity }) => ({ toolId, quantityAmount: quantity, toolPrice: (await this.request("GET", `/tools/${toolId}`)).body.price as number })),
    );
    return { userPhone: "+1 555 0100", userAddress: "12 Harbour Road, Springfield", lines: priced };
  }

  /** Pays a checkout with the sandbox's test card as its payment page does; returns the intent's id. */
  async payCheckoutByCard(user: SignedInUser, checkoutId: string): Promise<string> {
    const started = await this.request("POST", `/checkouts/${checkoutId}/payment-intent`, { token: user.token });
    if (started.status !== 200) throw new Error(`starting a checkout's payment failed: ${started.status} ${JSON.stringify(started.body)}`);
    const clientSecret: string = started.body.clientSecret;
    const intentId = clientSecret.split("_secret_")[0]!;
    const card = { number: "4242424242424242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };
    const confirmed = await this.request("POST", `/sandbox/payment-intents/${intentId}/confirm`, {
      token: user.token,
      body: { clientSecret, card, billingDetails: { name: user.name, email: user.email } },
    });
    if (confirmed.status !== 200) throw new Error(`paying failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
    return intentId;
  }

  /** Stands in for a settled payment where a test is about what follows; the payments tests drive the provider itself. */
  async markPaid(orderId: string): Promise<void> {
    const paid = await this.stores.change(({ tx }) => this.stores.orders.markPaid(tx, orderId, `pi_test_${orderId}`, null));
    if (!paid) throw new Error(`order ${orderId} was not unpaid`);
  }
}

export const orderBody = (toolId: string, quantityAmount: number) => ({
  toolId,
  quantityAmount,
  userPhone: "+1 555 0100",
  userAddress: "12 Harbour Road, Springfield",
});
