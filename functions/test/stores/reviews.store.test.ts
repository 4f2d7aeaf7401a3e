import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewReview, ReviewRecord } from "../../src/modules/reviews/reviews.store.js";
import type { Stores } from "../../src/stores/postgres.js";
import { createTestStores, type TestStores } from "../support/stores.js";

// The reviews module's port, as its doc comments state it, on whichever store the project names.

let testStores: TestStores;
let stores: Stores;

beforeAll(async () => {
  testStores = await createTestStores();
  stores = testStores.stores;
});
afterAll(() => testStores.close());

/** An author's account, made through the users module's port. */
async function author(): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const account = await stores.change(({ tx }) =>
    stores.users.insertAccount(tx, { firebaseUid: `uid-${tag}`, email: `author-${tag}@example.com`, name: `Author ${tag}`, role: "buyer" }),
  );
  return account.id;
}

const review = (userId: string | null, text = `Review ${randomUUID().slice(0, 8)}`): NewReview => ({ userId, userName: "Someone", rating: 4, review: text });

/** Reviews written one after another, so each is newer than the one before. */
async function writeInTurn(reviews: NewReview[]): Promise<ReviewRecord[]> {
  const written: ReviewRecord[] = [];
  for (const one of reviews) {
    written.push(await stores.reviews.insert(one));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return written;
}

const markRemoved = (id: string) => stores.change(({ tx }) => stores.reviews.markRemoved(tx, id));
const hideAuthor = (userId: string) => stores.change(({ tx }) => stores.reviews.hideAuthor(tx, userId));
const shownIds = async () => (await stores.reviews.shown(10_000)).map((shown) => shown.id);

describe("insert", () => {
  it("writes a review, shown, with its author or none", async () => {
    const userId = await author();
    const written = await stores.reviews.insert({ userId, userName: "Ann", rating: 5, review: "Great tools" });
    expect(written).toMatchObject({ userId, userName: "Ann", rating: 5, review: "Great tools", removedAt: null, authorRemoved: false });
    expect(written.createdAt).toBeInstanceOf(Date);
    const anonymous = await stores.reviews.insert(review(null));
    expect(anonymous.userId).toBeNull();
    // The home page's list needs no author, and a store may leave it out.
    const shown = await stores.reviews.shown(10_000);
    const listed = ({ userId: _, ...review }: ReviewRecord) => expect.objectContaining(review) as unknown;
    expect(shown).toEqual(expect.arrayContaining([listed(written), listed(anonymous)]));
  });
});

describe("shown", () => {
  it("lists the newest reviews shown first, up to the limit", async () => {
    const userId = await author();
    const written = await writeInTurn([review(userId), review(null), review(userId)]);
    const [newest, second] = await stores.reviews.shown(2);
    expect([newest?.id, second?.id]).toEqual([written[2]!.id, written[1]!.id]);
    const all = await stores.reviews.shown(10_000);
    expect(all.every((one, index) => index === 0 || all[index - 1]!.createdAt.getTime() >= one.createdAt.getTime())).toBe(true);
    expect(await stores.reviews.shown(0)).toEqual([]);
  });
});

describe("markRemoved", () => {
  it("takes a review down once; it is kept and no longer shown", async () => {
    const written = await stores.reviews.insert(review(await author()));
    const removed = await markRemoved(written.id);
    expect(removed).toMatchObject({ ...written, removedAt: expect.any(Date) as Date });
    expect(await shownIds()).not.toContain(written.id);
    expect(await markRemoved(written.id)).toBeNull();
  });

  it("finds no review of an unknown id", async () => {
    expect(await markRemoved(randomUUID())).toBeNull();
  });

  it("finds no review of an id no document can have, and throws nothing", async () => {
    for (const id of ["", "a/b", "..", "__x__", "x".repeat(1600)]) expect(await markRemoved(id)).toBeNull();
  });

  it("of two removals of one review at once, gives it to exactly one; the other finds it removed", async () => {
    const written = await stores.reviews.insert(review(null));
    const outcomes = await Promise.all([markRemoved(written.id), markRemoved(written.id)]);
    expect(outcomes.filter((outcome) => outcome !== null)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(1);
  });
});

describe("hideAuthor", () => {
  it("hides every review of the author, in the change, and no one else's", async () => {
    const [removedAuthor, otherAuthor] = await Promise.all([author(), author()]);
    const theirs = await writeInTurn([review(removedAuthor), review(removedAuthor)]);
    const others = await writeInTurn([review(otherAuthor), review(null)]);
    const takenDown = await markRemoved(theirs[0]!.id);

    await expect(
      stores.change(async ({ tx }) => {
        await stores.reviews.hideAuthor(tx, removedAuthor);
        throw new Error("the removal fails");
      }),
    ).rejects.toThrow("the removal fails");
    expect(await shownIds()).toContain(theirs[1]!.id);

    await hideAuthor(removedAuthor);
    const shown = await shownIds();
    expect(shown).not.toContain(theirs[1]!.id);
    expect(shown).toEqual(expect.arrayContaining(others.map((one) => one.id)));
    // A review of a removed author is still there to take down, once.
    expect(await markRemoved(theirs[1]!.id)).toMatchObject({ id: theirs[1]!.id, authorRemoved: true, removedAt: expect.any(Date) as Date });
    expect(takenDown?.authorRemoved).toBe(false);
    await hideAuthor(removedAuthor);
    expect(await markRemoved(theirs[0]!.id)).toBeNull();
  });
});
