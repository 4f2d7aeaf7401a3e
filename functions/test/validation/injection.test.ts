import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../support/auth-emulator.js";
import { expectProblem, expectValidationProblem } from "../support/problems.js";
import { type ApiResponse, orderBody, type SignedInUser, TestApi } from "../support/test-app.js";

// Hostile strings in every text field. Each is either stored and returned exactly as sent, as inert
// text, or refused with a 400 naming the field: a null character or broken Unicode anywhere (the
// database cannot store either as sent), and a format the field's schema forbids (a phone number, a
// URL or path without spaces). Never a 500, never evaluated; on PostgreSQL every table is still
// there (injection.sql.test.ts).

interface Payload {
  name: string;
  value: string;
  /** Refused in every field: it cannot be stored as sent. */
  unstorable?: boolean;
}

const PAYLOADS: Payload[] = [
  { name: "a script tag", value: "<script>alert(1)</script>" },
  { name: "an attribute breakout", value: `"><img src=x onerror=alert(1)>` },
  { name: "an SQL injection", value: "'; drop table tools; --" },
  { name: "another SQL injection", value: "Robert'); DROP TABLE users;--" },
  { name: "a template expression", value: "{{7*7}}" },
  { name: "a JavaScript template", value: "${7*7}" },
  { name: "emoji", value: "🔧🪛👍🏽 ok" },
  { name: "a right-to-left override", value: "invoice\u202Efdp.exe" },
  { name: "a null character", value: "nul\u0000byte", unstorable: true },
  { name: "a lone surrogate", value: "broken\uD800text", unstorable: true },
];

interface TextField {
  call: string;
  field: string;
  /** Puts the payload where the field's format allows text: in a path or a URL. */
  wrap?: (value: string) => string;
  /** What the field's own schema refuses beyond unstorable text. */
  refuses?: (value: string) => boolean;
  send: (value: string) => Promise<ApiResponse>;
  /** The stored value, read back the way a client reads it. */
  readBack: (sent: ApiResponse) => Promise<string>;
}

let api: TestApi;
let buyer: SignedInUser;
let admin: SignedInUser;
let toolId: string;

beforeAll(async () => {
  api = await TestApi.start();
  [buyer, admin] = await Promise.all([api.signUp(), api.signUpAdmin()]);
  toolId = await api.addTool({ minOrderQuantity: 1, stock: 1_000_000 });
});
afterAll(() => api?.stop());

const hasSpace = (value: string) => /\s/.test(value);
const email = (user: { email: string }) => encodeURIComponent(user.email);
const validTool = { name: "Pipe Wrench", price: 19.99, description: "Fourteen inches.", moq: 2, aq: 40, img: "/images/tools/pipe-wrench.svg" };
const validWish = { name: "Laser level", price: 120, details: "Self-levelling." };

const toolField = (field: "name" | "description" | "img", extra: Partial<TextField> = {}): TextField => ({
  call: "POST /tools",
  field,
  send: (value) => api.request("POST", "/tools", { token: admin.token, body: { ...validTool, [field]: value } }),
  readBack: async (sent) => (await api.request("GET", `/tools/${sent.body._id}`)).body[field],
  ...extra,
});

const orderField = (field: "userAddress" | "userPhone", extra: Partial<TextField> = {}): TextField => ({
  call: "POST /orders",
  field,
  send: (value) => api.request("POST", "/orders", { token: buyer.token, body: { ...orderBody(toolId, 1), [field]: value } }),
  readBack: async (sent) => (await api.request("GET", `/orders/${sent.body._id}`, { token: buyer.token })).body[field],
  ...extra,
});

const wishField = (field: "name" | "details"): TextField => ({
  call: "POST /wish",
  field,
  send: (value) => api.request("POST", "/wish", { token: buyer.token, body: { ...validWish, [field]: value } }),
  readBack: async (sent) => (await api.request("GET", "/wishes", { token: admin.token })).body.find((w: { _id: string }) => w._id === sent.body._id)[field],
});

const profileField = (field: "education" | "location" | "number" | "linkIn", extra: Partial<TextField> = {}): TextField => ({
  call: "PUT /users/{email}",
  field,
  send: (value) => api.request("PUT", `/users/${email(buyer)}`, { token: buyer.token, body: { [field]: value } }),
  readBack: async () => (await api.request("GET", `/users/${email(buyer)}`, { token: buyer.token })).body[field],
  ...extra,
});

const FIELDS: TextField[] = [
  toolField("name"),
  toolField("description"),
  toolField("img", { wrap: (value) => `/images/${value}`, refuses: hasSpace }),
  orderField("userAddress"),
  orderField("userPhone", { refuses: () => true }),
  {
    call: "POST /reviews",
    field: "review",
    send: (value) => api.request("POST", "/reviews", { token: buyer.token, body: { rating: 5, review: value } }),
    readBack: async (sent) => (await api.request("GET", "/reviews")).body.find((r: { _id: string }) => r._id === sent.body._id).review,
  },
  wishField("name"),
  wishField("details"),
  profileField("education"),
  profileField("location"),
  profileField("number", { refuses: () => true }),
  profileField("linkIn", { wrap: (value) => `https://example.com/${value}`, refuses: hasSpace }),
];

describe("hostile text in every field", () => {
  for (const field of FIELDS) {
    for (const payload of PAYLOADS) {
      const value = field.wrap ? field.wrap(payload.value) : payload.value;
      const refused = payload.unstorable || field.refuses?.(value);
      const outcome = refused ? "refused with 400 naming the field" : "stored and returned exactly as text";
      it(`when ${field.call} carries ${payload.name} in ${field.field}, then it is ${outcome}`, async () => {
        const sent = await field.send(value);
        if (refused) {
          expectValidationProblem(sent);
          expect(sent.body.errors.map((e: { path: string }) => e.path)).toContain(`body/${field.field}`);
          return;
        }
        expect(sent.status).toBeLessThan(300);
        expect(sent.headers.get("content-type")).toMatch(/^application\/json/);
        expect(sent.body[field.field]).toBe(value);
        expect(await field.readBack(sent)).toBe(value);
      });
    }
  }
});

describe("hostile text from the identity provider", () => {
  it("when a display name carries markup and an SQL injection, then reviews and orders show it exactly as text", async () => {
    const displayName = `<script>alert(1)</script>'; drop table users; -- 🔧`;
    const account = await createAccount("mallory", displayName);
    const signIn = await api.request("PUT", `/user/${encodeURIComponent(account.email)}`, { token: account.idToken });
    expect(signIn.body.user.name).toBe(displayName);
    const token = signIn.body.token as string;

    const review = await api.request("POST", "/reviews", { token, body: { rating: 3, review: "Fine." } });
    expect((await api.request("GET", "/reviews")).body.find((r: { _id: string }) => r._id === review.body._id).userName).toBe(displayName);
    const order = await api.request("POST", "/orders", { token, body: orderBody(toolId, 1) });
    expect((await api.request("GET", `/orders/${order.body._id}`, { token })).body.userName).toBe(displayName);
  });
});

describe("hostile text in paths and queries", () => {
  it("when an admin lists the orders of an email that is an SQL injection, then the list is empty, not everyone's", async () => {
    await api.placeOrder(buyer, toolId, 1);
    for (const injected of ["' OR '1'='1", "x' OR 1=1 --", `${buyer.email}' --`]) {
      const response = await api.request("GET", `/orders?userEmail=${encodeURIComponent(injected)}`, { token: admin.token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
    }
  });

  it("when ids and emails in the path are SQL injections or carry a null character, then the answer is 404 or 400, never 500", async () => {
    const paths: [string, number][] = [
      [`/tools/${encodeURIComponent("1 OR 1=1")}`, 404],
      [`/tools/${encodeURIComponent("'; drop table tools; --")}`, 404],
      [`/users/${encodeURIComponent("' OR '1'='1")}`, 404],
      [`/tools/${encodeURIComponent("a\u0000b")}`, 400],
      [`/users/${encodeURIComponent("a\u0000b@x.test")}`, 400],
      [`/orders?userEmail=${encodeURIComponent("a\u0000b@x.test")}`, 400],
    ];
    for (const [path, status] of paths) expectProblem(await api.request("GET", path, { token: admin.token }), status);
  });
});

describe("afterwards", () => {
  it("when every payload has been sent, then the catalog still answers", async () => {
    const catalog = await api.request("GET", "/tools");
    expect(catalog.status).toBe(200);
    expect(catalog.body.length).toBeGreaterThan(1);
  });
});
