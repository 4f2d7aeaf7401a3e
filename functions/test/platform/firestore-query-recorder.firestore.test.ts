import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordStoreQueries } from "../support/firestore-query-recorder.js";
import { describeShape } from "../support/firestore-query-shape.js";
import { createTestStores, type TestStores } from "../support/stores.js";

// What the check of firestore.indexes.json after the suite rests on: the store's queries are
// recorded, with where the store made them, and the tests' own are not.

describe("the record of the store's queries on Firestore", () => {
  let data: TestStores;
  beforeAll(async () => {
    data = await createTestStores();
  });
  afterAll(() => data.close());

  const recorded = () => [...recordStoreQueries().shapes.values()].map((entry) => ({ query: describeShape(entry.shape), sites: entry.sites }));

  it("when the store reads the shown reviews, then that query is recorded with the line of the store that made it", async () => {
    await data.stores.reviews.shown(5);
    expect(recorded()).toContainEqual({
      query: "reviews where shown == order by createdAt desc",
      sites: [expect.stringMatching(/^src\/modules\/reviews\/firestore\/reviews\.repository\.ts:\d+$/)],
    });
  });

  it("when the store counts in an aggregate query, then that query is recorded too", async () => {
    await data.stores.wishes.countOpen();
    expect(recorded().map((entry) => entry.query)).toContain("wishes where status ==");
  });

  it("when the store queries in a transaction, then that query is recorded with the line of the store that made it", async () => {
    await data.stores.change(({ tx }) => data.stores.reviews.hideAuthor(tx, "an-author"));
    const inTransaction = recorded().find((entry) => entry.query.endsWith("where authorId =="));
    expect(inTransaction?.sites).toEqual([expect.stringMatching(/^src\/modules\/reviews\/firestore\/reviews\.repository\.ts:\d+$/)]);
  });

  it("when a test queries Firestore itself, then the query is not the store's and is not recorded", async () => {
    await data.firestore!.collection("reviews").where("rating", "==", 5).orderBy("userName").get();
    await data.firestore!.collection("reviews").where("rating", "==", 4).count().get();
    expect(recorded().map((entry) => entry.query)).not.toContain("reviews where rating == order by userName");
    expect(recorded().map((entry) => entry.query)).not.toContain("reviews where rating ==");
  });
});
