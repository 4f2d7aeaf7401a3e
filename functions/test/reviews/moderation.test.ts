import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertReviewsAt, reviewById, reviewsBy } from "../support/inspect/reviews.js";
import { expectProblem } from "../support/problems.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";

// Issue 13, point 5: an admin takes a review down (kept, audit-logged), and the reviews of removed
// accounts are no longer shown.

interface ShownReview {
  _id: string;
  review: string;
  userName: string;
}

let api: TestApi;
let admin: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.signUpAdmin();
});
afterAll(() => api?.stop());

async function postReview(author: SignedInUser, review: string, rating = 4): Promise<string> {
  const response = await api.request("POST", "/reviews", { token: author.token, body: { rating, review } });
  expect(response.status).toBe(201);
  return response.body._id;
}

const shownTexts = async (query = "") => (await api.request<ShownReview[]>("GET", `/reviews${query}`)).body.map((r) => r.review);
const removeReview = (id: string) => api.request("DELETE", `/reviews/${id}`, { token: admin.token });
const auditEntriesFor = async (reviewId: string) =>
  (await api.request("GET", "/audit-log", { token: admin.token })).body.filter((entry: { targetId: string }) => entry.targetId === reviewId);

describe("removing a review", () => {
  it("when an admin removes a review, then it answers like the other deletes, the review is no longer shown but kept, and the log says what it was", async () => {
    const author = await api.signUp("author");
    const kept = await postReview(author, "Good hammers, slow delivery.");
    const removed = await postReview(author, "Rude words about the courier.", 1);

    const response = await removeReview(removed);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ acknowledged: true, deletedCount: 1 });

    const shown = await shownTexts();
    expect(shown).toContain("Good hammers, slow delivery.");
    expect(shown).not.toContain("Rude words about the courier.");

    const row = await reviewById(api, removed);
    expect(row).toMatchObject({ review: "Rude words about the courier.", rating: 1 });
    expect(row!.removedAt).toBeInstanceOf(Date);
    const untouched = await reviewById(api, kept);
    expect(untouched!.removedAt).toBeNull();

    expect(await auditEntriesFor(removed)).toEqual([
      expect.objectContaining({
        action: "review.removed",
        actorId: admin.id,
        actorEmail: admin.email,
        targetType: "review",
        targetId: removed,
        details: { author: author.name, authorId: author.id, rating: 1, review: "Rude words about the courier." },
      }),
    ]);
  });

  it("when the review is already removed, unknown, or the id is not one, then the answer is 404 and nothing more is logged", async () => {
    const author = await api.signUp("author");
    const id = await postReview(author, "Twice removed.");
    expect((await removeReview(id)).status).toBe(200);

    expectProblem(await removeReview(id), 404);
    expectProblem(await removeReview(id.toUpperCase()), 404);
    expectProblem(await removeReview(randomUUID()), 404);
    expectProblem(await removeReview("not-a-review"), 404);
    expect(await auditEntriesFor(id)).toHaveLength(1);
  });

  it("when two admins remove the same review at once, then one succeeds, the other gets 404, and the log has one entry", async () => {
    const other = await api.signUpAdmin();
    const author = await api.signUp("author");
    const id = await postReview(author, "Removed by two admins at once.");
    const answers = await Promise.all([admin, other].map((who) => api.request("DELETE", `/reviews/${id}`, { token: who.token })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    expect(await auditEntriesFor(id)).toHaveLength(1);
  });

  it("when the id is too long to be any id, then the answer is a 400 naming it", async () => {
    const response = await removeReview("x".repeat(101));
    expectProblem(response, 400);
    expect(JSON.stringify(response.body.errors)).toContain("id");
  });
});

describe("reviews of removed accounts", () => {
  it("when an author's account is removed, then none of their reviews are shown; others' are, and their reviews are kept", async () => {
    const leaver = await api.signUp("leaver");
    const stayer = await api.signUp("stayer");
    await postReview(leaver, "From an account about to be removed.");
    await postReview(stayer, "From an account that stays.");
    await postReview(leaver, "Another from the leaving account.");
    expect(await shownTexts()).toEqual(expect.arrayContaining(["From an account about to be removed.", "Another from the leaving account."]));

    expect((await api.request("DELETE", `/users/${leaver.id}`, { token: admin.token })).status).toBe(200);

    const shown = await shownTexts();
    expect(shown).toContain("From an account that stays.");
    expect(shown).not.toContain("From an account about to be removed.");
    expect(shown).not.toContain("Another from the leaving account.");
    expect(await reviewsBy(api, leaver.id)).toHaveLength(2);
  });

  it("when the newest reviews are asked for, then hidden ones do not count against the limit: the page holds the newest that are shown", async () => {
    const author = await api.signUp("author");
    const leaver = await api.signUp("leaver");
    await postReview(author, "Shown, older.");
    await postReview(author, "Shown, newer.");
    const taken = await postReview(author, "Taken down.");
    await postReview(leaver, "Of a removed account.");
    expect((await removeReview(taken)).status).toBe(200);
    expect((await api.request("DELETE", `/users/${leaver.id}`, { token: admin.token })).status).toBe(200);

    expect(await shownTexts("?limit=2")).toEqual(["Shown, newer.", "Shown, older."]);
  });

  it("when a removed account wrote many of the newest reviews, some at the same moment as those shown, then the page still holds the newest shown, in order", async () => {
    const author = await api.signUp("author");
    const leaver = await api.signUp("leaver");
    const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 0, minutes));
    const rows = [
      ...Array.from({ length: 40 }, (_, index) => ({ userId: leaver.id, userName: leaver.name, review: `Hidden ${index}.`, createdAt: at(100 - index) })),
      ...[3, 2, 1].map((n) => ({ userId: author.id, userName: author.name, review: `Shown at the same moment ${n}.`, createdAt: at(50) })),
      ...Array.from({ length: 10 }, (_, index) => ({ userId: leaver.id, userName: leaver.name, review: `Hidden alike ${index}.`, createdAt: at(50) })),
      { userId: author.id, userName: author.name, review: "Shown, oldest.", createdAt: at(10) },
    ];
    const inserted = await insertReviewsAt(
      api,
      rows.map((row) => ({ ...row, rating: 4 })),
    );
    expect((await api.request("DELETE", `/users/${leaver.id}`, { token: admin.token })).status).toBe(200);

    // Those of one moment come in the order of their ids, newest first.
    const sameMoment = inserted
      .filter((row) => row.review.startsWith("Shown at the same moment"))
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .map((row) => row.review);
    expect(await shownTexts("?limit=4")).toEqual([...sameMoment, "Shown, oldest."]);
    expect(await shownTexts("?limit=2")).toEqual(sameMoment.slice(0, 2));
    // Dated ahead of the other tests' reviews: taken down, so those are the newest shown again.
    for (const row of inserted.filter((row) => row.review.startsWith("Shown"))) expect((await removeReview(row.id)).status).toBe(200);
  });

  it("when a review has no account behind it (the demo reviews), then it is shown", async () => {
    await api.stores.reviews.insert({ userId: null, userName: "Demo Reviewer", rating: 5, review: "A review without an account." });
    expect(await shownTexts("?limit=1")).toEqual(["A review without an account."]);
  });
});
