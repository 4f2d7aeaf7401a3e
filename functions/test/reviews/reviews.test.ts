import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectProblem } from "../support/problems.js";
import { TestApi } from "../support/test-app.js";

let api: TestApi;

beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.stop());

describe("reading the reviews", () => {
  it("when a page asks for a few, then it gets the newest that many, newest first", async () => {
    for (const label of ["first", "second", "third"]) {
      const buyer = await api.signUp(label);
      const posted = await api.request("POST", "/reviews", { token: buyer.token, body: { rating: 5, review: `Review by ${label}` } });
      expect(posted.status).toBe(201);
    }
    const newest = await api.request("GET", "/reviews?limit=2");
    expect(newest.status).toBe(200);
    expect(newest.body.map((review: { review: string }) => review.review)).toEqual(["Review by third", "Review by second"]);
    const all = await api.request("GET", "/reviews");
    expect(all.body).toHaveLength(3);
  });

  it("when the limit is not a whole number from 1 to 100, then the answer is a 400 naming it", async () => {
    for (const limit of ["0", "101", "two", "1.5"]) {
      const response = await api.request("GET", `/reviews?limit=${limit}`);
      expectProblem(response, 400);
      expect(JSON.stringify(response.body.errors)).toContain("limit");
    }
  });
});
