import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../support/auth-emulator.js";
import { expectProblem } from "../support/problems.js";
import { type ApiResponse, orderBody, type SignedInUser, TestApi } from "../support/test-app.js";

// docs/product.md §7: every call of the contract (§8.2, plus PATCH shipped) for every kind of caller.

type Role = "visitor" | "garbage" | "buyer" | "otherBuyer" | "admin";
const ROLES: Role[] = ["visitor", "garbage", "buyer", "otherBuyer", "admin"];
const WHO: Record<Role, string> = {
  visitor: "a visitor without a token",
  garbage: "a caller with a garbage token",
  buyer: "the buyer",
  otherBuyer: "another buyer",
  admin: "an admin",
};

/** What one cell sends. The buyer column acts as `owner` when the cell made a resource of its own. */
interface Target {
  path: string;
  body?: unknown;
  owner?: SignedInUser;
  /** The token a signed-in caller sends, where it is not their own API token. */
  tokenOf?: (caller: SignedInUser) => string;
  /** Holds when the call was refused: nothing changed. */
  intact?: () => Promise<void>;
}

interface Row {
  call: string;
  method: string;
  expected: Record<Role, number>;
  /** Runs once per cell, so a cell that changes something acts on a resource of its own. */
  target: (role: Role) => Promise<Target>;
}

const statuses = (visitor: number, buyer: number, otherBuyer: number, admin: number): Record<Role, number> => ({
  visitor,
  garbage: visitor,
  buyer,
  otherBuyer,
  admin,
});
const PUBLIC = statuses(200, 200, 200, 200);
const ADMIN_ONLY = (ok: number) => statuses(401, 403, 403, ok);
const SELF_OR_ADMIN = statuses(401, 200, 403, 200);
const SIGNED_IN = statuses(401, 200, 200, 200);

let api: TestApi;
let buyer: SignedInUser;
let otherBuyer: SignedInUser;
let admin: SignedInUser;
let sharedToolId: string;
let buyersOrderId: string;

const unique = (label: string) => `${label} ${randomBytes(4).toString("hex")}`;
const asAdmin = (path: string) => api.request("GET", path, { token: admin.token });
const encoded = (email: string) => encodeURIComponent(email);

/** Another buyer's wish of its own, and the check that it is still open (in User Wish, by its name). */
async function openWish(): Promise<{ id: string; stillOpen: () => Promise<void> }> {
  const name = unique("Cell Bender");
  const posted = await api.request("POST", "/wish", { token: otherBuyer.token, body: { name, price: 40, details: "For copper pipes." } });
  const stillOpen = async () => {
    const groups = (await asAdmin(`/admin/wishes?q=${encodeURIComponent(name)}`)).body.groups;
    expect(groups.flatMap((group: { wishes: { _id: string }[] }) => group.wishes.map((wish) => wish._id))).toEqual([posted.body._id]);
  };
  return { id: posted.body._id, stillOpen };
}

async function freshPaidOrder(): Promise<string> {
  const id = await api.placeOrder(buyer, sharedToolId);
  await api.markPaid(id);
  return id;
}

const rows: Row[] = [
  { call: "GET /tools", method: "GET", expected: PUBLIC, target: async () => ({ path: "/tools" }) },
  { call: "GET /tools/{id}", method: "GET", expected: PUBLIC, target: async () => ({ path: `/tools/${sharedToolId}` }) },
  { call: "GET /catalogue", method: "GET", expected: PUBLIC, target: async () => ({ path: "/catalogue?q=wrench&sort=price&inStock=true&limit=2" }) },
  {
    call: "POST /tools",
    method: "POST",
    expected: ADMIN_ONLY(201),
    target: async () => {
      const name = unique("Cell Saw");
      return {
        path: "/tools",
        body: { name, price: 12.5, description: "A saw.", moq: 1, aq: 10, img: "/images/tools/saw.svg" },
        intact: async () => expect((await api.request("GET", "/tools")).body.map((t: { name: string }) => t.name)).not.toContain(name),
      };
    },
  },
  {
    call: "DELETE /tools/{id}",
    method: "DELETE",
    expected: ADMIN_ONLY(200),
    target: async () => {
      const id = await api.addTool();
      return { path: `/tools/${id}`, intact: async () => expect((await api.request("GET", `/tools/${id}`)).status).toBe(200) };
    },
  },
  {
    call: "PATCH /tools/{id}",
    method: "PATCH",
    expected: ADMIN_ONLY(200),
    target: async () => {
      const id = await api.addTool({ unitPriceCents: 2599 });
      return { path: `/tools/${id}`, body: { price: 31.5 }, intact: async () => expect((await api.request("GET", `/tools/${id}`)).body.price).toBe(25.99) };
    },
  },
  {
    call: "POST /tools/{id}/stock-movements",
    method: "POST",
    expected: ADMIN_ONLY(201),
    target: async () => {
      const id = await api.addTool({ stock: 100 });
      return {
        path: `/tools/${id}/stock-movements`,
        body: { kind: "correction", quantity: 10, reason: "Counted short" },
        intact: async () => expect((await api.request("GET", `/tools/${id}`)).body.aq).toBe(100),
      };
    },
  },
  { call: "GET /tools/{id}/stock-movements", method: "GET", expected: ADMIN_ONLY(200), target: async () => ({ path: `/tools/${sharedToolId}/stock-movements` }) },
  { call: "GET /admin/tools", method: "GET", expected: ADMIN_ONLY(200), target: async () => ({ path: "/admin/tools?q=wrench&lowStock=true&limit=2" }) },
  { call: "GET /reviews", method: "GET", expected: PUBLIC, target: async () => ({ path: "/reviews" }) },
  {
    call: "POST /reviews",
    method: "POST",
    expected: statuses(401, 201, 201, 403),
    target: async () => {
      const review = unique("Sturdy tools");
      return {
        path: "/reviews",
        body: { rating: 5, review },
        intact: async () => expect((await api.request("GET", "/reviews")).body.map((r: { review: string }) => r.review)).not.toContain(review),
      };
    },
  },
  {
    call: "DELETE /reviews/{id}",
    method: "DELETE",
    expected: ADMIN_ONLY(200),
    target: async () => {
      const review = unique("Taken down");
      const posted = await api.request("POST", "/reviews", { token: otherBuyer.token, body: { rating: 2, review } });
      return {
        path: `/reviews/${posted.body._id}`,
        intact: async () => expect((await api.request("GET", "/reviews")).body.map((r: { review: string }) => r.review)).toContain(review),
      };
    },
  },
  { call: "GET /wishes", method: "GET", expected: ADMIN_ONLY(200), target: async () => ({ path: "/wishes" }) },
  {
    call: "POST /wish",
    method: "POST",
    expected: statuses(401, 201, 201, 201),
    target: async () => {
      const name = unique("Pipe Bender");
      return {
        path: "/wish",
        body: { name, price: 40, details: "For copper pipes." },
        intact: async () => expect((await asAdmin("/wishes")).body.map((w: { name: string }) => w.name)).not.toContain(name),
      };
    },
  },
  { call: "GET /admin/wishes", method: "GET", expected: ADMIN_ONLY(200), target: async () => ({ path: "/admin/wishes?q=bender&status=open&limit=2" }) },
  {
    call: "POST /admin/wishes/resolve",
    method: "POST",
    expected: ADMIN_ONLY(200),
    target: async () => {
      const { id, stillOpen } = await openWish();
      return { path: "/admin/wishes/resolve", body: { wishIds: [id], status: "declined" }, intact: stillOpen };
    },
  },
  {
    call: "POST /admin/wishes/fulfil",
    method: "POST",
    expected: ADMIN_ONLY(200),
    target: async () => {
      const { id, stillOpen } = await openWish();
      return { path: "/admin/wishes/fulfil", body: { wishIds: [id], toolId: sharedToolId }, intact: stillOpen };
    },
  },
  {
    call: "POST /orders",
    method: "POST",
    expected: statuses(401, 201, 201, 201),
    target: async () => {
      const toolId = await api.addTool({ stock: 100 });
      return {
        path: "/orders",
        body: orderBody(toolId, 2),
        intact: async () => expect((await api.request("GET", `/tools/${toolId}`)).body.aq).toBe(100),
      };
    },
  },
  {
    call: "GET /orders?userEmail={the buyer's email}",
    method: "GET",
    expected: SELF_OR_ADMIN,
    target: async () => ({ path: `/orders?userEmail=${encoded(buyer.email)}` }),
  },
  {
    call: "GET /orders/{id} of the buyer's order",
    method: "GET",
    expected: statuses(401, 200, 404, 200),
    target: async () => ({ path: `/orders/${buyersOrderId}` }),
  },
  {
    call: "DELETE /orders/{id} of the buyer's unpaid order",
    method: "DELETE",
    expected: statuses(401, 200, 404, 200),
    target: async () => {
      // A tool of its own: a buyer who cancels an order waits before ordering that tool again.
      const id = await api.placeOrder(buyer, await api.addTool());
      return { path: `/orders/${id}`, intact: async () => expect((await asAdmin(`/orders/${id}`)).status).toBe(200) };
    },
  },
  {
    call: "PATCH /orders/{id}/shipped of a paid order",
    method: "PATCH",
    expected: ADMIN_ONLY(200),
    target: async () => {
      const id = await freshPaidOrder();
      return { path: `/orders/${id}/shipped`, intact: async () => expect((await asAdmin(`/orders/${id}`)).body.status).toBe("paid") };
    },
  },
  {
    call: "POST /orders/{id}/refund of an order paid by card",
    method: "POST",
    expected: ADMIN_ONLY(200),
    target: async () => {
      const id = await api.placeOrder(buyer, sharedToolId);
      await api.payByCard(buyer, id);
      return { path: `/orders/${id}/refund`, intact: async () => expect((await asAdmin(`/orders/${id}`)).body.status).toBe("paid") };
    },
  },
  { call: "GET /allOrders", method: "GET", expected: ADMIN_ONLY(200), target: async () => ({ path: "/allOrders" }) },
  { call: "GET /admin/orders", method: "GET", expected: ADMIN_ONLY(200), target: async () => ({ path: "/admin/orders?status=paid&q=toolshop&limit=2" }) },
  { call: "GET /admin/overview", method: "GET", expected: ADMIN_ONLY(200), target: async () => ({ path: "/admin/overview?tz=Europe%2FBerlin" }) },
  {
    // Only the owner pays an order; to anyone else, an admin included, it does not exist.
    call: "POST /create-payment-intent",
    method: "POST",
    expected: statuses(401, 200, 404, 404),
    target: async () => ({ path: "/create-payment-intent", body: { orderId: buyersOrderId, toolPrice: 50 } }),
  },
  {
    call: "POST /checkouts",
    method: "POST",
    expected: statuses(401, 201, 201, 201),
    target: async () => {
      const toolId = await api.addTool({ stock: 100 });
      return {
        path: "/checkouts",
        body: await api.checkoutBody([{ toolId, quantity: 2 }]),
        intact: async () => expect((await api.request("GET", `/tools/${toolId}`)).body.aq).toBe(100),
      };
    },
  },
  {
    call: "GET /checkouts/{id} of the buyer's checkout",
    method: "GET",
    expected: statuses(401, 200, 404, 200),
    target: async () => ({ path: `/checkouts/${(await api.checkout(buyer, [{ toolId: sharedToolId, quantity: 2 }]))._id}` }),
  },
  {
    call: "DELETE /checkouts/{id} of the buyer's unpaid checkout",
    method: "DELETE",
    expected: statuses(401, 200, 404, 200),
    target: async () => {
      // A tool of its own: a buyer who cancels a checkout waits before holding its tools again.
      const { _id: id } = await api.checkout(buyer, [{ toolId: await api.addTool(), quantity: 2 }]);
      return { path: `/checkouts/${id}`, intact: async () => expect((await asAdmin(`/checkouts/${id}`)).body.status).toBe("unpaid") };
    },
  },
  {
    // Only the owner pays a checkout; to anyone else, an admin included, it does not exist.
    call: "POST /checkouts/{id}/payment-intent",
    method: "POST",
    expected: statuses(401, 200, 404, 404),
    target: async () => ({ path: `/checkouts/${(await api.checkout(buyer, [{ toolId: sharedToolId, quantity: 2 }]))._id}/payment-intent` }),
  },
  {
    call: "POST /checkouts/{id}/payment of a checkout paid by card",
    method: "POST",
    expected: statuses(401, 200, 404, 404),
    target: async () => {
      const { _id: id } = await api.checkout(buyer, [{ toolId: sharedToolId, quantity: 2 }]);
      await api.payCheckoutByCard(buyer, id);
      return { path: `/checkouts/${id}/payment` };
    },
  },
  // Each signed-in caller has a cart of their own, and reads and changes only that one.
  { call: "GET /cart", method: "GET", expected: SIGNED_IN, target: async () => ({ path: "/cart" }) },
  {
    call: "PUT /cart/lines/{toolId}",
    method: "PUT",
    expected: SIGNED_IN,
    target: async () => ({ path: `/cart/lines/${sharedToolId}`, body: { quantity: 2 } }),
  },
  { call: "DELETE /cart/lines/{toolId}", method: "DELETE", expected: SIGNED_IN, target: async () => ({ path: `/cart/lines/${sharedToolId}` }) },
  { call: "POST /cart/merge", method: "POST", expected: SIGNED_IN, target: async () => ({ path: "/cart/merge", body: { lines: [{ toolId: sharedToolId, quantity: 2 }] } }) },
  { call: "POST /cart/preview", method: "POST", expected: PUBLIC, target: async () => ({ path: "/cart/preview", body: { lines: [{ toolId: sharedToolId, quantity: 2 }] } }) },
  { call: "GET /users", method: "GET", expected: ADMIN_ONLY(200), target: async () => ({ path: "/users" }) },
  { call: "GET /admin/users", method: "GET", expected: ADMIN_ONLY(200), target: async () => ({ path: "/admin/users?q=toolshop&role=buyer&limit=2" }) },
  {
    call: "GET /users/{the buyer's email}",
    method: "GET",
    expected: SELF_OR_ADMIN,
    target: async () => ({ path: `/users/${encoded(buyer.email)}` }),
  },
  {
    call: "PUT /users/{the buyer's email}",
    method: "PUT",
    expected: SELF_OR_ADMIN,
    target: async () => {
      const owner = await api.signUp();
      return {
        path: `/users/${encoded(owner.email)}`,
        body: { location: "Springfield" },
        owner,
        intact: async () => expect((await asAdmin(`/users/${encoded(owner.email)}`)).body.location).toBe(""),
      };
    },
  },
  {
    call: "DELETE /users/{id} of a buyer",
    method: "DELETE",
    expected: ADMIN_ONLY(200),
    target: async () => {
      const user = await api.signUp("member");
      return { path: `/users/${user.id}`, intact: async () => expect((await asAdmin(`/users/${encoded(user.email)}`)).status).toBe(200) };
    },
  },
  {
    // An admin cannot remove itself; a buyer cannot remove anyone, itself included.
    call: "DELETE /users/{id} of the caller itself",
    method: "DELETE",
    expected: statuses(401, 403, 403, 403),
    target: async (role) => {
      const self = role === "admin" ? await api.signUpAdmin() : await api.signUp();
      return {
        path: `/users/${self.id}`,
        tokenOf: () => self.token,
        intact: async () => expect((await asAdmin(`/users/${encoded(self.email)}`)).status).toBe(200),
      };
    },
  },
  {
    call: "PUT /user/admin/{a buyer's email}",
    method: "PUT",
    expected: ADMIN_ONLY(200),
    target: async () => {
      const user = await api.signUp("member");
      return {
        path: `/user/admin/${encoded(user.email)}`,
        intact: async () => expect((await asAdmin(`/admin/${encoded(user.email)}`)).body).toEqual({ admin: false }),
      };
    },
  },
  {
    call: "GET /admin/{the buyer's email}",
    method: "GET",
    expected: SELF_OR_ADMIN,
    target: async () => ({ path: `/admin/${encoded(buyer.email)}` }),
  },
  {
    // The sign-in exchange takes a Firebase ID token whose email is the one in the path. The buyer
    // here signs in for the first time, so a refused exchange must leave no user row behind.
    call: "PUT /user/{the buyer's email} with the caller's own Firebase ID token",
    method: "PUT",
    expected: statuses(401, 200, 403, 403),
    target: async () => {
      const newcomer = await createAccount("newcomer");
      const owner: SignedInUser = { account: newcomer, email: newcomer.email, name: newcomer.displayName, token: newcomer.idToken, id: "" };
      return {
        path: `/user/${encoded(newcomer.email)}`,
        body: { email: newcomer.email },
        owner,
        tokenOf: (caller) => caller.account.idToken,
        intact: async () => expect((await asAdmin(`/users/${encoded(newcomer.email)}`)).status).toBe(404),
      };
    },
  },
  {
    call: "PUT /user/{the buyer's email} with the caller's API token instead",
    method: "PUT",
    expected: statuses(401, 401, 401, 401),
    target: async () => ({ path: `/user/${encoded(buyer.email)}`, body: { email: buyer.email } }),
  },
];

beforeAll(async () => {
  api = await TestApi.start();
  [buyer, otherBuyer, admin] = await Promise.all([api.signUp(), api.signUp("other"), api.signUpAdmin()]);
  sharedToolId = await api.addTool({ stock: 1_000_000 });
  buyersOrderId = await api.placeOrder(buyer, sharedToolId);
});
afterAll(() => api?.stop());

function tokenFor(role: Role, target: Target): string | undefined {
  if (role === "visitor") return undefined;
  if (role === "garbage") return "not-a-real-token";
  const caller = role === "buyer" ? (target.owner ?? buyer) : role === "otherBuyer" ? otherBuyer : admin;
  return target.tokenOf ? target.tokenOf(caller) : caller.token;
}

const cells = rows.flatMap((row) => ROLES.map((role) => ({ row, role, status: row.expected[role] })));

describe("who may call what", () => {
  for (const { row, role, status } of cells) {
    it(`when ${WHO[role]} calls ${row.call}, then the answer is ${status}`, async () => {
      const target = await row.target(role);
      const response: ApiResponse = await api.request(row.method, target.path, { token: tokenFor(role, target), body: target.body });
      if (status >= 400) {
        expectProblem(response, status);
        await target.intact?.();
      } else {
        expect({ status: response.status, body: response.body }).toMatchObject({ status });
        expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      }
    });
  }
});
