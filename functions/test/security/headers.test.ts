import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { breakList } from "../support/inspect/security.js";
import { type ApiResponse, orderBody, type SignedInUser, TestApi } from "../support/test-app.js";

// Every answer of the API, whatever its status or its author (route, problem handler, not-found
// handler), carries the same headers.

const EXPECTED = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "strict-transport-security": "max-age=63072000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

let api: TestApi;
let buyer: SignedInUser;
let toolId: string;

beforeAll(async () => {
  api = await TestApi.start({ rateLimits: { reviews: 1 } });
  buyer = await api.signUp();
  toolId = await api.addTool();
});
afterAll(() => api?.stop());

function expectSecurityHeaders(response: ApiResponse) {
  const sent = Object.fromEntries(Object.keys(EXPECTED).map((name) => [name, response.headers.get(name)]));
  expect(sent).toEqual(EXPECTED);
}

const review = { rating: 5, review: "Sturdy tools, fast delivery." };

const answers: [string, number, () => Promise<ApiResponse>][] = [
  ["the catalog", 200, () => api.request("GET", "/tools")],
  ["one tool", 200, () => api.request("GET", `/tools/${toolId}`)],
  ["a placed order", 201, () => api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, 2) })],
  ["the OpenAPI document", 200, () => api.request("GET", "/openapi.json")],
  ["health", 200, () => api.request("GET", "/health")],
  ["a visitor's 401", 401, () => api.request("GET", "/orders?userEmail=a%40b.c")],
  ["a buyer's 403", 403, () => api.request("GET", "/users", { token: buyer.token })],
  ["a missing tool's 404", 404, () => api.request("GET", "/tools/00000000-0000-4000-8000-000000000000")],
  ["an unknown route's 404", 404, () => api.request("GET", "/no-such-thing")],
  ["a path outside /api", 404, async () => {
    const response = await fetch(`${api.baseUrl}/index.html`);
    return { status: response.status, headers: response.headers, body: await response.text() };
  }],
  ["a validation 400", 400, () => api.request("POST", "/orders", { token: buyer.token, body: { toolId } })],
  ["malformed JSON", 400, () => api.request("POST", "/orders", { token: buyer.token, rawBody: "{" })],
  ["a body that is not JSON", 415, () => api.request("POST", "/orders", { token: buyer.token, rawBody: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } })],
  ["a body over the limit", 413, () => api.request("POST", "/orders", { token: buyer.token, rawBody: JSON.stringify({ x: "y".repeat(70_000) }) })],
  ["a 422 business rule", 422, () => api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, 1) })],
  ["a rate limit's 429", 429, async () => {
    await api.request("POST", "/reviews", { token: buyer.token, body: review });
    return api.request("POST", "/reviews", { token: buyer.token, body: review });
  }],
  ["a preflight OPTIONS", 404, () => api.request("OPTIONS", "/orders", { headers: { origin: "https://toolshop.example", "access-control-request-method": "POST" } })],
];

describe("security headers", () => {
  for (const [what, status, send] of answers) {
    it(`when the API answers ${what} (${status}), then the answer carries every security header`, async () => {
      const response = await send();
      expect(response.status).toBe(status);
      expectSecurityHeaders(response);
    });
  }

  it("when the API fails unexpectedly (500), then the problem carries every security header too", async () => {
    const mend = await breakList(api, "wishes");
    const admin = await api.signUpAdmin();
    try {
      const response = await api.request("GET", "/wishes", { token: admin.token });
      expect(response.status).toBe(500);
      expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expectSecurityHeaders(response);
    } finally {
      await mend();
    }
  });
});
