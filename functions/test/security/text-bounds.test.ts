import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_MAX_LENGTH, ORDER_ADDRESS_MAX_LENGTH, ORDER_PHONE_MAX_LENGTH } from "../../src/modules/orders/orders.schemas.js";
import {
  PROFILE_EDUCATION_MAX_LENGTH as PROFILE_EDUCATION_MAX,
  PROFILE_LINK_MAX_LENGTH as PROFILE_LINK_MAX,
  PROFILE_LOCATION_MAX_LENGTH as PROFILE_LOCATION_MAX,
  PROFILE_NUMBER_MAX_LENGTH as PROFILE_NUMBER_MAX,
} from "../../src/modules/users/users.schemas.js";
import { REVIEW_MAX_LENGTH } from "../../src/modules/reviews/reviews.schemas.js";
import { TOOL_DESCRIPTION_MAX_LENGTH, TOOL_IMAGE_URL_MAX_LENGTH, TOOL_NAME_MAX_LENGTH } from "../../src/modules/tools/tools.schemas.js";
import { WISH_DETAILS_MAX_LENGTH, WISH_NAME_MAX_LENGTH } from "../../src/modules/wishes/wishes.schemas.js";
import { expectValidationProblem } from "../support/problems.js";
import { type ApiResponse, orderBody, type SignedInUser, TestApi } from "../support/test-app.js";

// Every text a client sends that the shop stores has a maximum (README, "Text bounds"), enforced on
// the way in: a text of exactly the maximum is stored as sent, one character more is refused with a
// 400 naming the field, and nothing is stored. Characters are Unicode code points, whatever their
// bytes in UTF-8: an emoji counts as one.


interface BoundedField {
  call: string;
  field: string;
  max: number;
  /** A value of exactly `length` characters that the field's format accepts. */
  value(length: number): string;
  send(value: string): Promise<ApiResponse>;
  /** The stored value, read back the way a client reads it. */
  readBack(sent: ApiResponse): Promise<string>;
  /** What a client could see change if a refused value had been stored. */
  snapshot(): Promise<unknown>;
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

const email = () => encodeURIComponent(buyer.email);
const read = async (path: string, token?: string) => (await api.request("GET", path, { token })).body;
const letters = (length: number) => "x".repeat(length);
const digits = (length: number) => `+${"1".repeat(length - 1)}`;
const urlPath = (prefix: string) => (length: number) => `${prefix}${"p".repeat(length - prefix.length)}`;
const validTool = { name: "Pipe Wrench", price: 19.99, description: "Fourteen inches.", moq: 2, aq: 40, img: "/images/tools/pipe-wrench.svg" };
const validWish = { name: "Laser level", price: 120, details: "Self-levelling." };

const toolField = (field: "name" | "description" | "img", max: number, value = letters): BoundedField => ({
  call: "POST /tools",
  field,
  max,
  value,
  send: (text) => api.request("POST", "/tools", { token: admin.token, body: { ...validTool, [field]: text } }),
  readBack: async (sent) => (await read(`/tools/${sent.body._id}`))[field],
  snapshot: () => read("/tools"),
});

const orderField = (field: "userAddress" | "userPhone", max: number, value = letters): BoundedField => ({
  call: "POST /orders",
  field,
  max,
  value,
  send: (text) => api.request("POST", "/orders", { token: buyer.token, body: { ...orderBody(toolId, 1), [field]: text } }),
  readBack: async (sent) => (await read(`/orders/${sent.body._id}`, buyer.token))[field],
  snapshot: async () => ({ orders: await read(`/orders?userEmail=${email()}`, buyer.token), tool: await read(`/tools/${toolId}`) }),
});

const wishField = (field: "name" | "details", max: number): BoundedField => ({
  call: "POST /wish",
  field,
  max,
  value: letters,
  send: (text) => api.request("POST", "/wish", { token: buyer.token, body: { ...validWish, [field]: text } }),
  readBack: async (sent) => (await read("/wishes", admin.token)).find((wish: { _id: string }) => wish._id === sent.body._id)[field],
  snapshot: () => read("/wishes", admin.token),
});

const profileField = (field: "education" | "location" | "number" | "linkIn", max: number, value = letters): BoundedField => ({
  call: "PUT /users/{email}",
  field,
  max,
  value,
  send: (text) => api.request("PUT", `/users/${email()}`, { token: buyer.token, body: { [field]: text } }),
  readBack: async () => (await read(`/users/${email()}`, buyer.token))[field],
  snapshot: () => read(`/users/${email()}`, buyer.token),
});

const reviewField = (value: (length: number) => string = letters): BoundedField => ({
  call: "POST /reviews",
  field: "review",
  max: REVIEW_MAX_LENGTH,
  value,
  send: (text) => api.request("POST", "/reviews", { token: buyer.token, body: { rating: 5, review: text } }),
  readBack: async (sent) => (await read("/reviews")).find((review: { _id: string }) => review._id === sent.body._id).review,
  snapshot: () => read("/reviews"),
});

const FIELDS: BoundedField[] = [
  toolField("name", TOOL_NAME_MAX_LENGTH),
  toolField("description", TOOL_DESCRIPTION_MAX_LENGTH),
  toolField("img", TOOL_IMAGE_URL_MAX_LENGTH, urlPath("/images/")),
  orderField("userPhone", ORDER_PHONE_MAX_LENGTH, digits),
  orderField("userAddress", ORDER_ADDRESS_MAX_LENGTH),
  reviewField(),
  wishField("name", WISH_NAME_MAX_LENGTH),
  wishField("details", WISH_DETAILS_MAX_LENGTH),
  profileField("education", PROFILE_EDUCATION_MAX),
  profileField("location", PROFILE_LOCATION_MAX),
  profileField("number", PROFILE_NUMBER_MAX, digits),
  profileField("linkIn", PROFILE_LINK_MAX, urlPath("https://example.com/")),
];

for (const bounded of FIELDS) {
  describe(`${bounded.call} ${bounded.field} (at most ${bounded.max})`, () => {
    it(`when ${bounded.field} is exactly ${bounded.max} characters, then it is stored as sent`, async () => {
      const text = bounded.value(bounded.max);
      const sent = await bounded.send(text);
      expect(sent.status).toBeLessThan(300);
      expect(await bounded.readBack(sent)).toBe(text);
    });

    it(`when ${bounded.field} is ${bounded.max + 1} characters, then it is refused naming the field and nothing is stored`, async () => {
      const before = await bounded.snapshot();
      const response = await bounded.send(bounded.value(bounded.max + 1));
      expectValidationProblem(response);
      expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(`body/${bounded.field}`);
      expect(await bounded.snapshot()).toEqual(before);
    });
  });
}

describe("characters, not bytes", () => {
  it(`when a review is ${REVIEW_MAX_LENGTH} three-byte characters, then it is stored as sent`, async () => {
    const field = reviewField((length) => "€".repeat(length));
    const text = field.value(REVIEW_MAX_LENGTH);
    const sent = await field.send(text);
    expect(sent.status).toBe(201);
    expect(await field.readBack(sent)).toBe(text);
  });

  it(`when a review is ${REVIEW_MAX_LENGTH} emoji (two UTF-16 units, four bytes each), then it is stored as sent`, async () => {
    const field = reviewField((length) => "🔧".repeat(length));
    const text = field.value(REVIEW_MAX_LENGTH);
    const sent = await field.send(text);
    expect(sent.status).toBe(201);
    expect(await field.readBack(sent)).toBe(text);
  });

  it(`when a review is ${REVIEW_MAX_LENGTH + 1} emoji, then it is refused and nothing is stored`, async () => {
    const before = await read("/reviews");
    const response = await api.request("POST", "/reviews", { token: buyer.token, body: { rating: 5, review: "🔧".repeat(REVIEW_MAX_LENGTH + 1) } });
    expectValidationProblem(response);
    expect(await read("/reviews")).toEqual(before);
  });
});

describe("the Idempotency-Key stored with an order", () => {
  const place = (key: string) => api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, 1), headers: { "idempotency-key": key } });

  it(`when the key is exactly ${IDEMPOTENCY_KEY_MAX_LENGTH} characters, then the order is placed`, async () => {
    expect((await place(`k${letters(IDEMPOTENCY_KEY_MAX_LENGTH - 1)}`)).status).toBe(201);
  });

  it(`when the key is ${IDEMPOTENCY_KEY_MAX_LENGTH + 1} characters, then it is refused and no order is placed`, async () => {
    const before = await read(`/orders?userEmail=${email()}`, buyer.token);
    expectValidationProblem(await place(`k${letters(IDEMPOTENCY_KEY_MAX_LENGTH)}`));
    expect(await read(`/orders?userEmail=${email()}`, buyer.token)).toEqual(before);
  });
});
