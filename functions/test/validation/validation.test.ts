import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../support/auth-emulator.js";
import { expectProblem, expectValidationProblem } from "../support/problems.js";
import { type ApiResponse, orderBody, type RequestOptions, type SignedInUser, TestApi } from "../support/test-app.js";

// Every call that takes a body, fed bad payloads: each is refused with a problem and leaves no trace.

type Body = Record<string, unknown>;

interface Subject {
  path: string;
  token: string;
  /** What a user could see change if the call had stored something. */
  snapshot(): Promise<unknown>;
  /** Fields of the valid body that name this subject's own resources. */
  fill?: Body;
}

interface BadPayload {
  name: string;
  body: (valid: Body) => unknown;
  /** The field the problem must name, as `body/<field>`. */
  field?: string;
}

interface BodyCall {
  call: string;
  method: string;
  /** A fresh subject per test, so no test depends on another. */
  subject(): Promise<Subject>;
  valid: Body;
  validStatus: number;
  bad: BadPayload[];
  /** False where the call may be sent without a body at all. */
  bodyRequired: boolean;
}

const LONG = "x".repeat(10_000);
const without = (key: string) => (valid: Body) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key));
const withField = (key: string, value: unknown) => (valid: Body) => ({ ...valid, [key]: value });
const bad = (name: string, field: string, value: unknown): BadPayload => ({ name, field, body: withField(field, value) });
const missing = (field: string): BadPayload => ({ name: `no ${field}`, field, body: without(field) });
const unknownField: BadPayload = { name: "an unknown field", field: "discount", body: withField("discount", 50) };

let api: TestApi;
let buyer: SignedInUser;
let admin: SignedInUser;

const get = async (path: string, token?: string) => {
  const response = await api.request("GET", path, { token });
  expect(response.status).toBe(200);
  return response.body;
};
const email = (user: { email: string }) => encodeURIComponent(user.email);

const calls: BodyCall[] = [
  {
    call: "POST /tools",
    method: "POST",
    subject: async () => ({ path: "/tools", token: admin.token, snapshot: () => get("/tools") }),
    valid: { name: "Pipe Wrench", price: 19.99, description: "Fourteen inches.", moq: 2, aq: 40, img: "/images/tools/pipe-wrench.svg" },
    validStatus: 201,
    bodyRequired: true,
    bad: [
      unknownField,
      bad("the price as a string", "price", "5"),
      bad("moq as a string", "moq", "5"),
      bad("moq 0", "moq", 0),
      bad("a fractional moq", "moq", 1.5),
      bad("a negative aq", "aq", -1),
      bad("a fractional aq", "aq", 2.5),
      bad("a negative price", "price", -1),
      bad("a price with three decimals", "price", 1.005),
      bad("an empty name", "name", ""),
      bad("a name of spaces", "name", "   "),
      bad("a 10,000-character name", "name", LONG),
      bad("a 10,000-character description", "description", LONG),
      bad("a script URL as the image", "img", "javascript:alert(1)"),
      bad("a null price", "price", null),
      missing("name"),
      missing("price"),
      missing("img"),
    ],
  },
  {
    call: "POST /orders",
    method: "POST",
    subject: async () => {
      const toolId = await api.addTool({ minOrderQuantity: 1, stock: 30 });
      return {
        path: "/orders",
        token: buyer.token,
        snapshot: async () => ({ tool: await get(`/tools/${toolId}`), orders: await get(`/orders?userEmail=${email(buyer)}`, buyer.token) }),
        fill: { toolId },
      };
    },
    valid: orderBody("", 2),
    validStatus: 201,
    bodyRequired: true,
    bad: [
      unknownField,
      bad("the quantity as a string", "quantityAmount", "5"),
      bad("a negative quantity", "quantityAmount", -3),
      bad("a zero quantity", "quantityAmount", 0),
      bad("a fractional quantity", "quantityAmount", 2.5),
      bad("a quantity of a billion", "quantityAmount", 1_000_000_000),
      bad("the tool id as a number", "toolId", 7),
      bad("an empty tool id", "toolId", ""),
      bad("a phone number of letters", "userPhone", "call me maybe"),
      bad("an empty address", "userAddress", ""),
      bad("a 10,000-character address", "userAddress", LONG),
      bad("a 10,000-character user name", "userName", LONG),
      bad("a total as an object", "toolPrice", { amount: 1 }),
      missing("toolId"),
      missing("quantityAmount"),
      missing("userPhone"),
    ],
  },
  {
    call: "POST /reviews",
    method: "POST",
    subject: async () => ({ path: "/reviews", token: buyer.token, snapshot: () => get("/reviews") }),
    valid: { rating: 4, review: "Solid tools, quick delivery.", userName: "Bob" },
    validStatus: 201,
    bodyRequired: true,
    bad: [
      unknownField,
      bad("rating 0", "rating", 0),
      bad("rating 6", "rating", 6),
      bad("rating 2.5", "rating", 2.5),
      bad("the rating as a string", "rating", "5"),
      bad("an empty review", "review", ""),
      bad("a 10,000-character review", "review", LONG),
      bad("a 10,000-character user name", "userName", LONG),
      missing("rating"),
      missing("review"),
    ],
  },
  {
    call: "POST /wish",
    method: "POST",
    subject: async () => ({ path: "/wish", token: buyer.token, snapshot: () => get("/wishes", admin.token) }),
    valid: { name: "Tile Cutter", price: 85, details: "Manual, 600 mm.", userName: "Bob" },
    validStatus: 201,
    bodyRequired: true,
    bad: [
      unknownField,
      bad("the price as a string", "price", "85"),
      bad("a negative price", "price", -1),
      bad("an empty name", "name", ""),
      bad("a 10,000-character name", "name", LONG),
      bad("10,000-character details", "details", "y".repeat(10_000)),
      missing("name"),
      missing("price"),
      missing("details"),
    ],
  },
  {
    call: "PUT /users/{email}",
    method: "PUT",
    subject: async () => {
      const owner = await api.signUp("profile");
      return {
        path: `/users/${email(owner)}`,
        token: owner.token,
        snapshot: () => get(`/users/${email(owner)}`, admin.token),
      };
    },
    valid: { education: "BSc Mechanical Engineering", location: "Springfield", number: "+1 555 0100", linkIn: "https://example.com/in/bob" },
    validStatus: 200,
    bodyRequired: true,
    bad: [
      { name: "a role of admin", field: "role", body: withField("role", "admin") },
      bad("a 10,000-character education", "education", LONG),
      bad("a 10,000-character location", "location", LONG),
      bad("a phone number of letters", "number", "call me"),
      bad("the phone number as a number", "number", 5550100),
      bad("a script URL as the profile link", "linkIn", "javascript:alert(1)"),
      bad("a null location", "location", null),
    ],
  },
  {
    call: "PUT /user/{email}",
    method: "PUT",
    subject: async () => {
      // A first sign-in: nothing stored means no user row appears.
      const newcomer = await createAccount("newcomer");
      return {
        path: `/user/${email(newcomer)}`,
        token: newcomer.idToken,
        snapshot: async () => (await api.request("GET", `/users/${email(newcomer)}`, { token: admin.token })).status,
        fill: { email: newcomer.email },
      };
    },
    valid: {},
    validStatus: 200,
    bodyRequired: false,
    bad: [
      { name: "a role of admin", field: "role", body: (valid) => ({ ...valid, role: "admin" }) },
      bad("another email than the path's", "email", "someone-else@toolshop.test"),
      bad("the email as a number", "email", 5),
      bad("a 10,000-character email", "email", `${LONG}@toolshop.test`),
    ],
  },
  {
    call: "POST /create-payment-intent",
    method: "POST",
    subject: async () => {
      const orderId = await api.placeOrder(buyer, await api.addTool());
      return { path: "/create-payment-intent", token: buyer.token, snapshot: () => get(`/orders/${orderId}`, buyer.token), fill: { orderId } };
    },
    // The default tool's order totals $50; the sandbox provider answers with a client secret.
    valid: { toolPrice: 50 },
    validStatus: 200,
    bodyRequired: true,
    bad: [
      unknownField,
      bad("the total as a string", "toolPrice", "52"),
      bad("an empty order id", "orderId", ""),
      bad("a 10,000-character order id", "orderId", LONG),
      bad("the order id as a number", "orderId", 5),
    ],
  },
];

const validFor = (call: BodyCall, subject: Subject): Body => ({ ...call.valid, ...subject.fill });

const hundredKb = JSON.stringify({ name: "x".repeat(100 * 1024) });

/** Sends `body` in pieces with no Content-Length, as a streaming client would. */
async function sendChunked(method: string, path: string, token: string, body: string): Promise<ApiResponse> {
  const bytes = new TextEncoder().encode(body);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += 8192) controller.enqueue(bytes.slice(offset, offset + 8192));
      controller.close();
    },
  });
  const init = { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: stream, duplex: "half" };
  const response = await fetch(`${api.baseUrl}/api${path}`, init as RequestInit);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) };
}

/** Sends bytes as they are, for bodies no string can carry (compressed, not UTF-8). */
async function sendBytes(method: string, path: string, token: string, body: Uint8Array, headers: Record<string, string> = {}): Promise<ApiResponse> {
  const response = await fetch(`${api.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
    body,
  });
  return { status: response.status, headers: response.headers, body: JSON.parse(await response.text()) };
}

interface TransportCase {
  name: string;
  status: number;
  /** A schema failure, which names its fields. */
  schema: boolean;
  /** The problem's code, where the transport has one of its own. */
  code?: string;
  send(call: BodyCall, subject: Subject): Promise<ApiResponse>;
}

const raw = (rawBody: string, headers?: Record<string, string>) => (call: BodyCall, subject: Subject) =>
  api.request(call.method, subject.path, { token: subject.token, rawBody, headers } satisfies RequestOptions);

const transportCases = (call: BodyCall): TransportCase[] => [
  { name: "malformed JSON", status: 400, schema: false, code: "invalid_json", send: raw("{") },
  { name: "a 100 KB body", status: 413, schema: false, code: "body_too_large", send: raw(hundredKb) },
  { name: "a 100 KB body streamed without a length", status: 413, schema: false, code: "body_too_large", send: (c, s) => sendChunked(c.method, s.path, s.token, hundredKb) },
  { name: "a plain-text body", status: 415, schema: false, code: "unsupported_media_type", send: raw("name=Saw", { "content-type": "text/plain" }) },
  { name: "a form-encoded body", status: 415, schema: false, code: "unsupported_media_type", send: raw("name=Saw", { "content-type": "application/x-www-form-urlencoded" }) },
  { name: "JSON nested 10,000 deep", status: 400, schema: false, code: "json_too_deep", send: raw(`${"[".repeat(10_000)}${"]".repeat(10_000)}`) },
  {
    name: "a valid body gzip-compressed",
    status: 415,
    schema: false,
    code: "unsupported_content_encoding",
    send: (c, s) => sendBytes(c.method, s.path, s.token, gzipSync(JSON.stringify(validFor(c, s))), { "content-encoding": "gzip" }),
  },
  {
    name: "a body with a byte that is not UTF-8",
    status: 400,
    schema: false,
    code: "invalid_utf8",
    // "é" written as the single Latin-1 byte 0xE9, as a client that does not speak UTF-8 would.
    send: (c, s) => sendBytes(c.method, s.path, s.token, Buffer.from(JSON.stringify({ ...validFor(c, s), note: "café" }), "latin1")),
  },
  { name: "a JSON array", status: 400, schema: true, send: raw("[]") },
  { name: "a JSON string", status: 400, schema: true, send: raw('"hello"') },
  ...(call.bodyRequired
    ? [
        { name: "an empty body", status: 400, schema: true, send: raw("") },
        { name: "JSON null", status: 400, schema: true, send: raw("null") },
      ]
    : []),
];

beforeAll(async () => {
  api = await TestApi.start();
  [buyer, admin] = await Promise.all([api.signUp(), api.signUpAdmin()]);
});
afterAll(() => api?.stop());

for (const call of calls) {
  describe(call.call, () => {
    it(`when ${call.call} gets a valid body, then it answers ${call.validStatus}`, async () => {
      const subject = await call.subject();
      const response = await api.request(call.method, subject.path, { token: subject.token, body: validFor(call, subject) });
      expect({ status: response.status, body: response.body }).toMatchObject({ status: call.validStatus });
    });

    for (const payload of call.bad) {
      it(`when ${call.call} gets ${payload.name}, then it answers 400 naming the field and stores nothing`, async () => {
        const subject = await call.subject();
        const before = await subject.snapshot();
        const response = await api.request(call.method, subject.path, { token: subject.token, body: payload.body(validFor(call, subject)) });
        expectValidationProblem(response);
        if (payload.field) expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(`body/${payload.field}`);
        expect(await subject.snapshot()).toEqual(before);
      });
    }

    for (const transport of transportCases(call)) {
      it(`when ${call.call} gets ${transport.name}, then it answers ${transport.status} and stores nothing`, async () => {
        const subject = await call.subject();
        const before = await subject.snapshot();
        const response = await transport.send(call, subject);
        if (transport.schema) expectValidationProblem(response);
        else expectProblem(response, transport.status);
        if (transport.code) expect(response.body.code).toBe(transport.code);
        expect(await subject.snapshot()).toEqual(before);
      });
    }
  });
}
