import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_AUTHORS, REVIEWS } from "../../src/modules/reviews/firestore/reviews.documents.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";

// Anyone may read a shown review's document straight from Firestore (firestore.rules), so what it
// holds is public: never whose account wrote it, nor which admin took it down. The author's account
// is in a document of its own that only the server reads (docs/firestore.md § reviewAuthors).

let api: TestApi;
let admin: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.signUpAdmin();
});
afterAll(() => api?.stop());

const documentOf = async (collection: string, id: string) => (await api.firestore.collection(collection).doc(id).get()).data();

/** Who a person is, as a document could give them away. */
const identities = (person: SignedInUser) => [person.id, person.account.uid, person.email];

describe("a review's documents", () => {
  it("when a buyer posts a review, then its public document holds what the shop shows and no account; the author's is kept apart", async () => {
    const author = await api.signUp("author");
    const posted = await api.request("POST", "/reviews", { token: author.token, body: { rating: 4, review: "Sturdy clamps." } });
    expect(posted.status).toBe(201);
    const id = posted.body._id as string;

    const review = await documentOf(REVIEWS, id);
    expect(Object.keys(review!).sort()).toEqual(["authorRemoved", "createdAt", "rating", "removedAt", "review", "shown", "userName"]);
    for (const identity of identities(author)) expect(JSON.stringify(review)).not.toContain(identity);
    expect(await documentOf(REVIEW_AUTHORS, id)).toEqual({ authorId: author.id });
  });

  it("when an admin takes a review down, then its document does not name the admin, and the audit log still names the author", async () => {
    const author = await api.signUp("author");
    const id = (await api.request("POST", "/reviews", { token: author.token, body: { rating: 1, review: "Late again." } })).body._id as string;
    expect((await api.request("DELETE", `/reviews/${id}`, { token: admin.token })).status).toBe(200);

    const review = await documentOf(REVIEWS, id);
    expect(review).toMatchObject({ shown: false, removedAt: expect.anything() as unknown });
    const values = JSON.stringify(review);
    for (const identity of [...identities(admin), ...identities(author)]) expect(values).not.toContain(identity);
    const log = (await api.request("GET", "/audit-log", { token: admin.token })).body as { targetId: string; details: { authorId: string } }[];
    expect(log.find((entry) => entry.targetId === id)?.details.authorId).toBe(author.id);
  });
});
