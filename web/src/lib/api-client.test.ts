import { afterEach, describe, expect, it, vi } from "vitest";
import { accessToken } from "./access-token";
import { ApiError, apiRequest, configureApiClient } from "./api-client";

const json = (status: number, body: unknown, type = "application/json") =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": type } });

const authorizationOf = (call: Parameters<typeof globalThis.fetch>) => new Headers(call[1]?.headers).get("authorization");

afterEach(() => {
  vi.unstubAllGlobals();
  configureApiClient({ renewAccessToken: async () => null });
});

describe("apiRequest", () => {
  it("when a token is stored, then it is sent as the bearer token and the JSON comes back", async () => {
    accessToken.set("stored-token");
    const fetch = vi.fn<typeof globalThis.fetch>(async () => json(200, [{ _id: "t1" }]));
    vi.stubGlobal("fetch", fetch);
    await expect(apiRequest<{ _id: string }[]>("/tools")).resolves.toEqual([{ _id: "t1" }]);
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/tools");
    expect(authorizationOf(fetch.mock.calls[0]!)).toBe("Bearer stored-token");
  });

  it("when the API answers 401, then it renews the token once and retries with the new one", async () => {
    accessToken.set("expired-token");
    const renew = vi.fn(async () => "fresh-token");
    configureApiClient({ renewAccessToken: renew });
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(json(401, { title: "Unauthorized", detail: "expired", status: 401, code: "unauthorized" }))
      .mockResolvedValueOnce(json(200, { admin: false }));
    vi.stubGlobal("fetch", fetch);
    await expect(apiRequest("/admin/buyer@toolshop.test")).resolves.toEqual({ admin: false });
    expect(renew).toHaveBeenCalledTimes(1);
    expect(authorizationOf(fetch.mock.calls[1]!)).toBe("Bearer fresh-token");
  });

  it("when the token cannot be renewed, then the 401 is the caller's error", async () => {
    configureApiClient({ renewAccessToken: async () => null });
    vi.stubGlobal("fetch", vi.fn(async () => json(401, { title: "Unauthorized", detail: "Sign in again.", status: 401, code: "unauthorized" })));
    await expect(apiRequest("/orders")).rejects.toMatchObject({ status: 401, detail: "Sign in again." });
  });

  it("when the API answers problem+json, then the error carries its detail, code and field errors", async () => {
    const problem = {
      type: "about:blank",
      status: 422,
      title: "Unprocessable",
      detail: "Please order more than minimum order quantity",
      code: "below_moq",
      errors: [{ path: "body/quantityAmount", message: "Too few" }],
    };
    vi.stubGlobal("fetch", vi.fn(async () => json(422, problem, "application/problem+json")));
    const error = await apiRequest("/orders", { method: "POST", body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, detail: problem.detail, code: "below_moq", errors: problem.errors });
  });

  it("when the network fails, then the error says the shop could not be reached", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(apiRequest("/tools")).rejects.toMatchObject({ status: 0, code: "network" });
  });

  it("when a body is sent, then it goes as JSON with the query string on the path", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => json(200, []));
    vi.stubGlobal("fetch", fetch);
    await apiRequest("/orders", { query: { userEmail: "a+b@toolshop.test" } });
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/orders?userEmail=a%2Bb%40toolshop.test");
    await apiRequest("/wish", { method: "POST", body: { name: "Saw" } });
    const init = fetch.mock.calls[1]?.[1];
    expect(init?.body).toBe('{"name":"Saw"}');
    expect(new Headers(init?.headers).get("content-type")).toBe("application/json");
  });
});
