import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectFirestore, type FirestoreHandle } from "./client.js";
import { isFirestoreBusy } from "./errors.js";
import { firestoreUnitOfWork, inFirestore } from "./unit-of-work.js";

let handle: FirestoreHandle;
beforeAll(() => {
  handle = connectFirestore({ projectId: `demo-toolshop-uow-${randomBytes(6).toString("hex")}` });
});
afterAll(async () => {
  await handle?.close();
  await fetch(`http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${handle.projectId}/databases/(default)/documents`, { method: "DELETE" });
});

const counter = () => handle.db.collection("counters").doc(randomBytes(6).toString("hex"));

describe("a change on Firestore", () => {
  it("when a change reads after it wrote, then it reads what it wrote, and the document holds it once committed", async () => {
    const change = firestoreUnitOfWork(handle.db);
    const ref = counter();
    const seen = await change(async ({ tx }) => {
      const firestore = inFirestore(tx);
      const before = await firestore.get(ref);
      firestore.set(ref, { n: 1, label: "first" });
      const afterSet = await firestore.get(ref);
      firestore.update(ref, { n: 2 });
      const afterUpdate = await firestore.get(ref);
      return { before, afterSet, afterUpdate };
    });
    expect(seen).toEqual({ before: undefined, afterSet: { n: 1, label: "first" }, afterUpdate: { n: 2, label: "first" } });
    expect((await ref.get()).data()).toEqual({ n: 2, label: "first" });
  });

  it("when the change commits, then its effects run after the commit, in order, and see what it wrote", async () => {
    const change = firestoreUnitOfWork(handle.db);
    const ref = counter();
    const seen: string[] = [];
    await change(async ({ tx, afterCommit }) => {
      inFirestore(tx).set(ref, { n: 1 });
      afterCommit(async () => void seen.push(`first saw ${(await ref.get()).get("n")}`));
      afterCommit(() => void seen.push("second"));
      seen.push("inside");
    });
    expect(seen).toEqual(["inside", "first saw 1", "second"]);
  });

  it("when the change fails, then nothing it wrote is kept and none of its effects runs", async () => {
    const change = firestoreUnitOfWork(handle.db);
    const ref = counter();
    const seen: string[] = [];
    await expect(
      change(async ({ tx, afterCommit }) => {
        inFirestore(tx).set(ref, { n: 1 });
        afterCommit(() => void seen.push("effect"));
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(seen).toEqual([]);
    expect((await ref.get()).exists).toBe(false);
  });

  it("when a change creates a document another change created first, then it fails whole", async () => {
    const change = firestoreUnitOfWork(handle.db);
    const ref = counter();
    const other = counter();
    await ref.set({ n: 1 });
    await expect(
      change(async ({ tx }) => {
        inFirestore(tx).set(other, { n: 1 });
        inFirestore(tx).create(ref, { n: 2 });
      }),
    ).rejects.toThrow();
    expect((await ref.get()).get("n")).toBe(1);
    expect((await other.get()).exists).toBe(false);
  });

  it("when eight changes add to one document at once, then every addition is kept and each attempt's effects run once", async () => {
    const change = firestoreUnitOfWork(handle.db);
    const ref = counter();
    await ref.set({ n: 0 });
    let effects = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        change(async ({ tx, afterCommit }) => {
          const firestore = inFirestore(tx);
          const { n } = (await firestore.get<{ n: number }>(ref))!;
          firestore.update(ref, { n: n + 1 });
          afterCommit(() => void effects++);
        }),
      ),
    );
    expect((await ref.get()).get("n")).toBe(8);
    expect(effects).toBe(8);
  });

  it("when a change is given another store's transaction, then it refuses it", () => {
    expect(() => inFirestore({} as never)).toThrow("a change of another store");
  });
});

describe("a change past its deadline", () => {
  it("when a change outlasts its deadline, then its caller is answered as Firestore being unreachable, and what it would have written is never committed", async () => {
    const change = firestoreUnitOfWork(handle.db, undefined, { deadlineMs: 300 });
    const ref = counter();
    let finished!: () => void;
    const slowStepDone = new Promise<void>((resolve) => (finished = resolve));
    const answered = change(async ({ tx }) => {
      const firestore = inFirestore(tx);
      await firestore.get(ref);
      // A step slower than the deadline, as a Firestore that has stopped answering is.
      await new Promise((resolve) => setTimeout(resolve, 600));
      firestore.set(ref, { n: 1 });
      finished();
    });

    await expect(answered).rejects.toMatchObject({ code: 4 });
    expect(isFirestoreBusy(await answered.catch((error: unknown) => error))).toBe(true);
    await slowStepDone;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await ref.get()).exists).toBe(false);
  });

  it("when a change finishes within its deadline, then it commits as any other", async () => {
    const change = firestoreUnitOfWork(handle.db, undefined, { deadlineMs: 5_000 });
    const ref = counter();
    await change(async ({ tx }) => inFirestore(tx).set(ref, { n: 1 }));
    expect((await ref.get()).data()).toEqual({ n: 1 });
  });
});
