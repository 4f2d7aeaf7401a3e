import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import { firebaseIdentity } from "../../src/lib/firebase-identity.js";
import { createTokenService } from "../../src/lib/tokens.js";
import { breakList, unreachableStores } from "../support/inspect/security.js";
import { expectProblem } from "../support/problems.js";
import { storeKind } from "../support/stores.js";
import { sendHostileRequest } from "../support/hostile-input-requests.js";
import { type ApiResponse, PROJECT_ID, TestApi, TOKEN_SECRET } from "../support/test-app.js";

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api?.stop());

async function fetchJson(url: string, signal?: AbortSignal): Promise<ApiResponse> {
  const response = await fetch(url, { signal });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe("unknown routes", () => {
  it("when a path the API does not have is called, then the answer is a 404 problem naming it", async () => {
    const response = await api.request("GET", "/no-such-thing");
    expectProblem(response, 404);
    expect(response.body.detail).toContain("/api/no-such-thing");
  });

  it("when a known path is called with a method it does not take, then the answer is a 404 problem", async () => {
    expectProblem(await api.request("PATCH", "/tools"), 404);
  });

  it("when a path outside /api is called, then the answer is a 404 problem as well", async () => {
    expectProblem(await fetchJson(`${api.baseUrl}/tools`), 404);
  });
});

describe("rejections made before any route runs", () => {
  // The router and Node's HTTP parser answer without the hooks that set the API's headers on
  // every other answer; these answers set them themselves.
  const rejections = [
    { name: "a path that does not percent-decode", method: "GET", path: "/api/tools/%E0%A4%A", status: 400, code: "invalid_url" },
    { name: "a path parameter longer than any route takes", method: "GET", path: `/api/tools/${"9".repeat(600)}`, status: 400, code: "validation_failed" },
    { name: "a request line and headers over Node's limit", method: "GET", path: `/api/tools/${"9".repeat(17_000)}`, status: 431, code: "headers_too_large" },
  ];

  for (const rejection of rejections) {
    it(`when ${rejection.name} arrives, then the answer is a ${rejection.status} problem with the API's headers`, async () => {
      const response = await sendHostileRequest(api.baseUrl, { ...rejection, expect: rejection });
      expect({ status: response.status, code: JSON.parse(response.body).code }).toEqual({ status: rejection.status, code: rejection.code });
      expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
      expect(response.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
    });
  }
});

describe("health", () => {
  it("when the database is up, then GET /health answers 200 ok and names the store the shop's data is in", async () => {
    const response = await api.request("GET", "/health");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok", database: "ok", store: api.storeKind === "firestore" ? "firestore" : "postgres" });
  });

  it("when the store cannot be reached, then GET /health answers a 503 problem", async () => {
    // Nothing listens on port 9 of this machine.
    const unreachable = unreachableStores(storeKind(), 9);
    const app = await createApp({ stores: unreachable.stores, identity: firebaseIdentity(PROJECT_ID), tokens: createTokenService(TOKEN_SECRET, 60) });
    try {
      const baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
      expectProblem(await fetchJson(`${baseUrl}/api/health`, AbortSignal.timeout(10_000)), 503);
    } finally {
      await app.close();
      await unreachable.close();
    }
  });
});

describe("unexpected failures", () => {
  it("when a query fails unexpectedly, then the answer is a 500 problem with a request id and no SQL", async () => {
    const mend = await breakList(api, "reviews");
    try {
      const response = await api.request("GET", "/reviews");
      expectProblem(response, 500);
      expect(response.body.requestId).toEqual(expect.any(String));
      expect(JSON.stringify(response.body)).not.toContain("reviews");
    } finally {
      await mend();
    }
    expect((await api.request("GET", "/reviews")).status).toBe(200);
  });
});

describe("the OpenAPI document", () => {
  // The contract's calls (docs/product.md §8.2) at /api, plus PATCH shipped and the catalogue of issue 12 (§8.3).
  const calls = [
    "post /api/reviews",
    "get /api/reviews",
    "get /api/allOrders",
    "delete /api/orders/{id}",
    "get /api/orders",
    "get /api/orders/{id}",
    "post /api/orders",
    "put /api/user/admin/{email}",
    "delete /api/users/{id}",
    "get /api/users",
    "get /api/users/{email}",
    "put /api/users/{email}",
    "get /api/admin/{email}",
    "get /api/tools",
    "get /api/tools/{id}",
    "delete /api/tools/{id}",
    "post /api/tools",
    "post /api/create-payment-intent",
    "get /api/wishes",
    "post /api/wish",
    "put /api/user/{email}",
    "patch /api/orders/{id}/shipped",
    // Issue 12: the catalogue's search and pages.
    "get /api/catalogue",
    // Issue 23: the cart.
    "get /api/cart",
    "put /api/cart/lines/{toolId}",
    "delete /api/cart/lines/{toolId}",
    "post /api/cart/merge",
    "post /api/cart/preview",
    // Issue 23: a checkout, paid once.
    "post /api/checkouts",
    "get /api/checkouts/{id}",
    "delete /api/checkouts/{id}",
    "post /api/checkouts/{id}/payment-intent",
    "post /api/checkouts/{id}/payment",
  ];

  it("when GET /openapi.json is called, then it is an OpenAPI 3 document listing every call of docs/product.md §8.2", async () => {
    const response = await api.request("GET", "/openapi.json");
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    const paths = response.body.paths as Record<string, Record<string, unknown>>;
    const listed = Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    expect(listed).toEqual(expect.arrayContaining(calls));
  });

  it("when a call takes a body, then the document describes its fields", async () => {
    const { paths } = (await api.request("GET", "/openapi.json")).body;
    const schema = paths["/api/orders"].post.requestBody.content["application/json"].schema;
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(["toolId", "quantityAmount", "userPhone", "userAddress"]));
    expect(schema.required).toEqual(expect.arrayContaining(["toolId", "quantityAmount"]));
  });
});
