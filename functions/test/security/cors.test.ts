import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiResponse, orderBody, type SignedInUser, TestApi } from "../support/test-app.js";

// The web app and the API share one origin (Hosting rewrites /api/**), so the API grants no other
// origin anything: a page elsewhere can neither read its answers nor send it credentialed writes.

const FOREIGN = "https://evil.example";
const CORS_HEADERS = [
  "access-control-allow-origin",
  "access-control-allow-credentials",
  "access-control-allow-methods",
  "access-control-allow-headers",
  "access-control-expose-headers",
];

let api: TestApi;
let buyer: SignedInUser;
let toolId: string;

beforeAll(async () => {
  api = await TestApi.start();
  buyer = await api.signUp();
  toolId = await api.addTool();
});
afterAll(() => api?.stop());

function expectNoCorsGrant(response: ApiResponse) {
  const granted = CORS_HEADERS.filter((name) => response.headers.has(name)).map((name) => `${name}: ${response.headers.get(name)}`);
  expect(granted).toEqual([]);
}

describe("requests from another origin", () => {
  it("when a foreign origin reads the catalog, then the answer does not allow that origin to read it", async () => {
    const response = await api.request("GET", "/tools", { headers: { origin: FOREIGN } });
    expect(response.status).toBe(200);
    expectNoCorsGrant(response);
  });

  it("when a foreign origin reads a signed-in buyer's orders with their token, then nothing grants it access", async () => {
    const response = await api.request("GET", `/orders?userEmail=${encodeURIComponent(buyer.email)}`, { token: buyer.token, headers: { origin: FOREIGN } });
    expectNoCorsGrant(response);
  });

  it("when a foreign origin sends a preflight for placing an order, then it is not allowed and no order is placed", async () => {
    const preflight = await api.request("OPTIONS", "/orders", {
      headers: { origin: FOREIGN, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" },
    });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    expectNoCorsGrant(preflight);
  });

  it("when a foreign origin posts an order anyway, then the answer grants it nothing", async () => {
    const response = await api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, 2), headers: { origin: FOREIGN } });
    expectNoCorsGrant(response);
  });

  it("when the origin is the string null (a sandboxed frame or a file), then it is not reflected either", async () => {
    expectNoCorsGrant(await api.request("GET", "/tools", { headers: { origin: "null" } }));
    expectNoCorsGrant(await api.request("OPTIONS", "/tools", { headers: { origin: "null", "access-control-request-method": "GET" } }));
  });
});
