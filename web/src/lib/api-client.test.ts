import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import type { Order } from "@api/orders/orders.schemas";
import type { Tool } from "@api/tools/tools.schemas";
import type { adminStatus } from "@api/users/users.schemas";
import type { Wish } from "@api/wishes/wishes.schemas";
import { problemResponse } from "@/test/problem-response";
import { server } from "@/test/server";
import { accessToken } from "./access-token";
import { ApiError, apiRequest, configureApiClient } from "./api-client";
import type { Created } from "./api-types";

const tools: Tool[] = [{ _id: "t1", name: "Claw Hammer", img: "/images/claw-hammer.jpg", price: 18, description: "A 16 oz hammer.", moq: 10, aq: 500 }];

afterEach(() => {
  configureApiClient({ renewAccessToken: async () => null });
});

describe("apiRequest", () => {
  it("when a token is stored, then it is sent as the bearer token and the JSON comes back", async () => {
    accessToken.set("stored-token");
    const authorizations: (string | null)[] = [];
    server.use(
      http.get("/api/tools", ({ request }) => {
        authorizations.push(request.headers.get("authorization"));
        return HttpResponse.json(tools);
      }),
    );
    await expect(apiRequest<Tool[]>("/tools")).resolves.toEqual(tools);
    expect(authorizations).toEqual(["Bearer stored-token"]);
  });

  it("when the API answers 401, then it renews the token once and retries with the new one", async () => {
    accessToken.set("expired-token");
    const renew = vi.fn(async () => "fresh-token");
    configureApiClient({ renewAccessToken: renew });
    const authorizations: (string | null)[] = [];
    server.use(
      http.get("/api/admin/:email", ({ request }) => {
        authorizations.push(request.headers.get("authorization"));
        return authorizations.length === 1
          ? problemResponse({ status: 401, title: "Unauthorized", detail: "expired", code: "unauthorized" })
          : HttpResponse.json<z.infer<typeof adminStatus>>({ admin: false });
      }),
    );
    await expect(apiRequest("/admin/buyer@toolshop.test")).resolves.toEqual({ admin: false });
    expect(renew).toHaveBeenCalledTimes(1);
    expect(authorizations[1]).toBe("Bearer fresh-token");
  });

  it("when the token cannot be renewed, then the 401 is the caller's error", async () => {
    configureApiClient({ renewAccessToken: async () => null });
    server.use(http.get("/api/orders", () => problemResponse({ status: 401, title: "Unauthorized", detail: "Sign in again.", code: "unauthorized" })));
    await expect(apiRequest("/orders")).rejects.toMatchObject({ status: 401, detail: "Sign in again." });
  });

  it("when the API answers problem+json, then the error carries its detail, code and field errors", async () => {
    const problem = {
      status: 422,
      title: "Unprocessable Content",
      detail: "Please order more than minimum order quantity",
      code: "below_moq",
      errors: [{ path: "body/quantityAmount", message: "Too few" }],
    };
    server.use(http.post("/api/orders", () => problemResponse(problem)));
    const error = await apiRequest("/orders", { method: "POST", body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, detail: problem.detail, code: "below_moq", errors: problem.errors });
  });

  it("when the problem has members of its own, then the error keeps them for the screen that knows them", async () => {
    const lines = [{ index: 1, toolId: "t2", toolName: "Hammer", code: "above_aq", message: "Please give order below available unit" }];
    const problem = { type: "about:blank", status: 409, title: "Conflict", detail: "Hammer: Please give order below available unit", code: "checkout_refused", lines };
    server.use(http.post("/api/checkouts", () => HttpResponse.json(problem, { status: 409, headers: { "content-type": "application/problem+json" } })));
    const error = await apiRequest("/checkouts", { method: "POST", body: {} }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 409, code: "checkout_refused", members: expect.objectContaining({ lines }) });
  });

  it("when the network fails, then the error says the shop could not be reached", async () => {
    server.use(http.get("/api/tools", () => HttpResponse.error()));
    await expect(apiRequest("/tools")).rejects.toMatchObject({ status: 0, code: "network" });
  });

  it("when a body is sent, then it goes as JSON with the query string on the path", async () => {
    const wish: Wish & Created = { _id: "w1", name: "Saw", price: 0, details: "", userName: "Bob Buyer", createdAt: "2026-11-22T05:00:00.000Z", acknowledged: true, insertedId: "w1" };
    let ordersUrl: string | undefined;
    let wishRequest: Request | undefined;
    server.use(
      http.get("/api/orders", ({ request }) => {
        ordersUrl = request.url;
        return HttpResponse.json<Order[]>([]);
      }),
      http.post("/api/wish", ({ request }) => {
        wishRequest = request.clone();
        return HttpResponse.json(wish, { status: 201 });
      }),
    );
    await apiRequest("/orders", { query: { userEmail: "a+b@toolshop.test" } });
    expect(ordersUrl).toBe(new URL("/api/orders?userEmail=a%2Bb%40toolshop.test", location.origin).href);
    await apiRequest("/wish", { method: "POST", body: { name: "Saw" } });
    expect(await wishRequest?.text()).toBe('{"name":"Saw"}');
    expect(wishRequest?.headers.get("content-type")).toBe("application/json");
  });
});
