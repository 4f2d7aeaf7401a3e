// Test data made through the same doors the shop uses: the Auth emulator's REST API for accounts and
// the shop's API for tools and orders. Every helper here has a matching clean-up.
import { randomUUID } from "node:crypto";
import { AUTH_EMULATOR, SHOP } from "../stack.js";

const API_KEY = "demo-api-key";

export const ADMIN = { email: "admin@toolshop.test", password: "admin123" } as const;

export interface Account {
  _id: string;
  email: string;
  password: string;
  name: string;
  /** The shop's API access token. */
  token: string;
}

export interface Tool {
  _id: string;
  name: string;
  img: string;
  price: number;
  description: string;
  moq: number;
  aq: number;
}

export interface Order {
  _id: string;
  toolName: string;
  quantityAmount: number;
  toolPrice: number;
  paid: boolean;
  status: string;
  /** The checkout the order was placed in, null for an order placed on its own. */
  checkoutId: string | null;
}

export interface CartLine {
  toolId: string;
  toolName: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

export interface Cart {
  lines: CartLine[];
  count: number;
  total: number;
}

export interface Checkout {
  _id: string;
  status: "unpaid" | "paid" | "cancelled";
  total: number;
  createdAt: string;
  cardLast4: string | null;
  orders: Order[];
}

/** A short id that makes every name a test creates its own. */
export const unique = () => randomUUID().slice(0, 8);

async function call<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${SHOP}/api${path}`, {
    method: init.method ?? "GET",
    headers: {
      accept: "application/json",
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new ApiCallError(response.status, `${init.method ?? "GET"} /api${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Clean-up of something a test may already have removed itself. */
async function ignoringGone(action: () => Promise<unknown>) {
  try {
    await action();
  } catch (error) {
    if (!(error instanceof ApiCallError) || (error.status !== 404 && error.status !== 409)) throw error;
  }
}

async function identityToolkit<T>(method: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${API_KEY}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`accounts:${method} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs in with the Auth emulator and trades the ID token for the shop's token, as the web client does. */
export async function signInToApi(email: string, password: string): Promise<{ token: string; user: { _id: string; name: string } }> {
  const { idToken } = await identityToolkit<{ idToken: string }>("signInWithPassword", { email, password, returnSecureToken: true });
  return call(`/user/${encodeURIComponent(email)}`, { method: "PUT", token: idToken, body: { email } });
}

/**
 * A fresh buyer account with a display name, known to the shop (as after a first sign-in). Its
 * address is verified, as the demo buyer's is, so the shop mails it; `verified: false` leaves it as
 * a sign-up leaves it, with its mail held until it is verified.
 */
export async function createAccount(label = "Buyer", { verified = true }: { verified?: boolean } = {}): Promise<Account> {
  const id = unique();
  const email = `e2e-${id}@toolshop.test`;
  const password = `pw-${id}`;
  const name = `${label} ${id}`;
  const { idToken, localId } = await identityToolkit<{ idToken: string; localId: string }>("signUp", { email, password, returnSecureToken: true });
  await identityToolkit("update", { idToken, displayName: name, returnSecureToken: true });
  // As an administrator may (the emulator takes "owner" as admin credentials); the sign-in below
  // then carries email_verified, and the shop records the address.
  if (verified) await identityToolkit("update", { localId, emailVerified: true }, { authorization: "Bearer owner" });
  const { token, user } = await signInToApi(email, password);
  return { _id: user._id, email, password, name, token };
}

/** Removes the account as an admin would (Remove User), after cancelling its unpaid orders. */
export async function removeAccount(account: Account, adminToken: string) {
  const orders = await call<Order[]>(`/orders?userEmail=${encodeURIComponent(account.email)}`, { token: account.token }).catch(
    () => [] as Order[],
  );
  for (const order of orders.filter((o) => !o.paid)) await ignoringGone(() => cancelOrder(order._id, account.token));
  await ignoringGone(() => call(`/users/${encodeURIComponent(account._id)}`, { method: "DELETE", token: adminToken }));
}

/** Removes an account a test made through the pages (sign-up, Google), found by its email. */
export async function removeUserByEmail(email: string, adminToken: string) {
  const users = await call<{ _id: string; email: string }[]>("/users", { token: adminToken });
  const user = users.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase());
  if (user) await ignoringGone(() => call(`/users/${encodeURIComponent(user._id)}`, { method: "DELETE", token: adminToken }));
}

export async function createTool(adminToken: string, overrides: Partial<Omit<Tool, "_id">> = {}): Promise<Tool> {
  const body = {
    name: `E2E Tool ${unique()}`,
    img: "/images/tools/claw-hammer.svg",
    price: 12.75,
    description: "A tool made by the browser tests.",
    moq: 5,
    aq: 50,
    ...overrides,
  };
  return call<Tool>("/tools", { method: "POST", token: adminToken, body });
}

export const getTool = (id: string) => call<Tool>(`/tools/${encodeURIComponent(id)}`);
export const listTools = () => call<Tool[]>("/tools");

export const deleteTool = (id: string, adminToken: string) =>
  ignoringGone(() => call(`/tools/${encodeURIComponent(id)}`, { method: "DELETE", token: adminToken }));

export function placeOrder(tool: Tool, account: Account, quantityAmount = tool.moq): Promise<Order> {
  return call<Order>("/orders", {
    method: "POST",
    token: account.token,
    body: { toolId: tool._id, quantityAmount, userPhone: "+1 555 0100", userAddress: "1 Test Street, Springfield" },
  });
}

/** Adds the tool to the account's cart, or sets its line's quantity, as Add to cart does for a buyer. */
export const saveCartLine = (tool: Tool, account: Account, quantity = tool.moq) =>
  call<Cart>(`/cart/lines/${encodeURIComponent(tool._id)}`, { method: "PUT", token: account.token, body: { quantity } });

export const accountCart = (account: Account) => call<Cart>("/cart", { token: account.token });

/** Checks out these tools, each at its minimum order and its price of now, as the cart page does. */
export function placeCheckout(tools: Tool[], account: Account): Promise<Checkout> {
  return call<Checkout>("/checkouts", {
    method: "POST",
    token: account.token,
    body: {
      userPhone: "+1 555 0100",
      userAddress: "1 Test Street, Springfield",
      lines: tools.map((tool) => ({ toolId: tool._id, quantityAmount: tool.moq, toolPrice: tool.price })),
    },
  });
}

export const getCheckout = (id: string, account: Account) => call<Checkout>(`/checkouts/${encodeURIComponent(id)}`, { token: account.token });

export const myOrders = (account: Account) => call<Order[]>(`/orders?userEmail=${encodeURIComponent(account.email)}`, { token: account.token });

export const cancelOrder = (id: string, token: string) => call(`/orders/${encodeURIComponent(id)}`, { method: "DELETE", token });

/**
 * Pays an order with the sandbox's test card, as the payment page does: a payment intent for the
 * order, then the sandbox's confirmation with the card. The order is paid once this resolves.
 */
export async function payOrder(order: Order, account: Account): Promise<void> {
  const { clientSecret } = await call<{ clientSecret: string }>("/create-payment-intent", {
    method: "POST",
    token: account.token,
    body: { orderId: order._id },
  });
  const intentId = clientSecret.split("_secret_")[0]!;
  await call(`/sandbox/payment-intents/${encodeURIComponent(intentId)}/confirm`, {
    method: "POST",
    token: account.token,
    body: {
      clientSecret,
      card: { number: "4242424242424242", expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: "123" },
      billingDetails: { name: account.name, email: account.email },
    },
  });
}

/** Which store the shop's data is in, as GET /api/health says. */
export const shopStore = async () => (await call<{ store: "firestore" | "postgres" }>("/health")).store;

/** Ships a paid order as an admin does from All Orders. */
export const markShipped = (orderId: string, adminToken: string, details: { carrier?: string; trackingNumber?: string } = {}) =>
  call<Order>(`/orders/${encodeURIComponent(orderId)}/shipped`, { method: "PATCH", token: adminToken, body: details });
